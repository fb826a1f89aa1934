'use client';

import type { ReactNode } from 'react';
import { Activity, CalendarClock, MessageCircleReply } from 'lucide-react';
import { useNow } from '@/components/time/use-now';
import { HoverCard } from '@/components/ui/hover-card';
import { NEXT_CHECK_INS_ITEMS, WEEKDAY_SHORT } from '@/lib/constants';
import { excerpt, formatDateTime, formatWeekdayTime, relativeTime, relativeTimeChangesIn } from './format';
import type { ClientStats } from '@/lib/schemas/clients';
import { respondingText } from './metrics';
import { WEEK_STATUS } from './status';

function CardShell({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="h-full rounded-xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <div className="flex items-center gap-3">
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300" aria-hidden>
          {icon}
        </span>
        <h2 className="text-sm font-medium text-stone-600 dark:text-stone-300">{title}</h2>
      </div>
      <div className="mt-3">{children}</div>
    </div>
  );
}

function ScheduledCard({ scheduled, zone, loading }: { scheduled: ClientStats['scheduled'] | undefined; zone: string; loading: boolean }) {
  const upcoming = scheduled?.next ?? [];
  return (
    <HoverCard
      className="h-full"
      triggerText={`Next ${NEXT_CHECK_INS_ITEMS} check-ins`}
      panel={
        <>
          <h3 className="text-sm font-semibold">Next check-ins</h3>
          {upcoming.length === 0 ? (
            <p className="mt-2 text-stone-500 dark:text-stone-400">No check-ins scheduled.</p>
          ) : (
            <ol className="mt-2 divide-y divide-stone-100 dark:divide-stone-800">
              {upcoming.map((u) => (
                <li key={`${u.clientId}-${u.at}`} className="flex items-center justify-between gap-3 py-1.5">
                  <span className="truncate font-medium">{u.clientName}</span>
                  <time dateTime={u.at} className="shrink-0 text-stone-500 tabular-nums dark:text-stone-400">
                    {formatWeekdayTime(new Date(u.at), zone)}
                  </time>
                </li>
              ))}
            </ol>
          )}
          <p className="mt-2 text-xs text-stone-500 dark:text-stone-400">Times in your timezone.</p>
        </>
      }
    >
      {(trigger) => (
        <CardShell icon={<CalendarClock className="h-5 w-5" />} title="Scheduled Check-ins this week">
          <p className="text-3xl font-semibold tabular-nums">{loading || !scheduled ? '–' : scheduled.total}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-stone-500 dark:text-stone-400">
            <span>Across clients not on hold</span>
            {trigger}
          </p>
          {scheduled && <DayBars counts={scheduled.perDay} />}
        </CardShell>
      )}
    </HoverCard>
  );
}

/** A small Mon-Sun bar chart of check-ins per day; its text alternative lists the numbers. */
function DayBars({ counts }: { counts: number[] }) {
  const max = Math.max(1, ...counts);
  const label = `Check-ins per day: ${counts.map((n, i) => `${WEEKDAY_SHORT[i]} ${n}`).join(', ')}`;
  return (
    <div role="img" aria-label={label} className="mt-4 flex h-20 items-end gap-1.5">
      {counts.map((n, i) => (
        <div key={i} className="flex flex-1 flex-col items-center gap-1">
          <span className="text-[10px] text-stone-500 tabular-nums dark:text-stone-400">{n}</span>
          <div className="w-full rounded-sm bg-brand-300 dark:bg-brand-600" style={{ height: `${Math.max(2, (n / max) * 40)}px`, opacity: n === 0 ? 0.35 : 1 }} />
          <span className="text-[10px] font-medium text-stone-500 dark:text-stone-400">{WEEKDAY_SHORT[i]![0]}</span>
        </div>
      ))}
    </div>
  );
}

function RespondingCard({ stats, loading, onOpen }: { stats: ClientStats | undefined; loading: boolean; onOpen: OpenClient }) {
  const total = stats?.clients ?? 0;
  const responding = stats?.responding;
  const responded = responding?.responded ?? 0;
  const share = total === 0 ? 0 : Math.round((responded / total) * 100);
  return (
    <CardShell icon={<MessageCircleReply className="h-5 w-5" />} title="Responding this week">
      <p className="text-2xl font-semibold">{loading || !stats ? '–' : respondingText(responded, total)}</p>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800" aria-hidden>
        <div className="h-full rounded-full bg-green-500" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-1.5 text-xs text-stone-500 dark:text-stone-400">Clients who replied to a check-in since Monday</p>
      {responding && total > 0 && (
        <ul aria-label="This week's check-ins so far" className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1.5 text-xs text-stone-600 dark:text-stone-300">
          {WEEK_COUNTED.map((status) => [status, responding.week[status]] as const).map(([status, n]) => (
            <li key={status} className="flex items-center gap-2">
              <span aria-hidden className={`inline-block h-2.5 w-2.5 rounded-full ${WEEK_STATUS[status].className}`} />
              <span className="font-semibold tabular-nums">{n}</span> {WEEK_STATUS[status].label}
            </li>
          ))}
        </ul>
      )}
      {responding && responding.awaiting.length > 0 && (
        <div className="mt-4">
          <h3 className="text-xs font-medium text-stone-500 dark:text-stone-400">No reply yet this week</h3>
          <ul aria-label="No reply yet this week" className="mt-1.5 flex flex-wrap gap-1.5">
            {responding.awaiting.map((c) => (
              <li key={c.clientId}>
                <button
                  type="button"
                  onClick={() => onOpen(c.clientId)}
                  className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700 hover:bg-stone-200 dark:bg-stone-800 dark:text-stone-300 dark:hover:bg-stone-700"
                >
                  {c.clientName}
                </button>
              </li>
            ))}
            {responding.awaitingTotal > responding.awaiting.length && (
              <li className="px-1 py-0.5 text-xs text-stone-500 dark:text-stone-400">and {responding.awaitingTotal - responding.awaiting.length} more</li>
            )}
          </ul>
        </div>
      )}
    </CardShell>
  );
}

/** Soonest a label of the list changes; null when every one is a date. */
const soonestChange = (items: ClientStats['recent'], now: Date) =>
  items.reduce<number | null>((soonest, a) => {
    const next = relativeTimeChangesIn(a.at, now);
    return next === null ? soonest : soonest === null ? next : Math.min(soonest, next);
  }, null);

/** What clients did lately (their replies and texts, newest first), each opening its client. */
function RecentActivityCard({ items, zone, loading, onOpen }: { items: ClientStats['recent']; zone: string; loading: boolean; onOpen: OpenClient }) {
  const now = useNow((at) => soonestChange(items, at));
  return (
    <CardShell icon={<Activity className="h-5 w-5" />} title="Recent Activity">
      {loading ? (
        <p className="text-sm text-stone-500 dark:text-stone-400">Loading…</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-stone-500 dark:text-stone-400">No replies from clients yet.</p>
      ) : (
        <ul aria-label="Latest client replies" className="-my-1 divide-y divide-stone-100 dark:divide-stone-800">
          {items.map((a) => (
            <li key={a.id} className="py-0.5">
              <button type="button" onClick={() => onOpen(a.clientId)} className="-mx-1.5 block w-[calc(100%+0.75rem)] rounded-md px-1.5 py-1 text-left hover:bg-stone-50 dark:hover:bg-stone-800/60">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate text-sm font-medium">{a.clientName}</span>
                  <time dateTime={a.at} title={formatDateTime(a.at, zone)} className="shrink-0 text-xs text-stone-500 dark:text-stone-400">
                    {relativeTime(a.at, zone, now)}
                  </time>
                </span>
                {a.text && <span className="block truncate text-xs text-stone-500 dark:text-stone-400">{excerpt(a.text)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </CardShell>
  );
}

/** Opens a client's detail, as picking it in the list does. */
type OpenClient = (clientId: string) => void;

/** The bubble statuses the Responding card counts. */
const WEEK_COUNTED = ['completed', 'responded', 'no_response', 'missed'] as const;

/**
 * The three stat cards of the Client Dashboard (product §2.2), from the server's aggregate over
 * every active client (GET /coach/client-stats); the clients they name open on click.
 */
export function StatCards({ stats, zone, loading, onOpen }: { stats: ClientStats | undefined; zone: string; loading: boolean; onOpen: OpenClient }) {
  return (
    <section aria-label="This week at a glance" className="grid grid-cols-1 gap-4 md:grid-cols-3">
      <ScheduledCard scheduled={stats?.scheduled} zone={zone} loading={loading} />
      <RespondingCard stats={stats} loading={loading} onOpen={onOpen} />
      <RecentActivityCard items={stats?.recent ?? []} zone={zone} loading={loading} onOpen={onOpen} />
    </section>
  );
}
