'use client';

import { useId, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Bell, BellRing, CalendarClock, Mail, MessageSquare, Monitor, Send, SlidersHorizontal } from 'lucide-react';
import Link from 'next/link';
import { toast } from 'sonner';
import { api, ApiError } from '@/lib/api-client';
import { NOTIFICATION_DAILY_CAP_RANGE, PHONE_VERIFICATION_MESSAGES, SETTINGS_TOASTS, SETTINGS_VALIDATION, TEST_NOTIFICATION_TEXT } from '@/lib/constants';
import { SCHEDULED_EMAIL_TIME } from '@/lib/digest';
import { formatTimeOfDay } from '@/lib/format-time';
import { QUIET_AFTER_RANGE } from '@/lib/nudges';
import { BUNDLE_SEND_TIME } from '@/lib/notification-content';
import { DEFAULT_NOTIFICATION_PREFERENCES, quietAfter, type NotificationPreferences } from '@/lib/preferences';
import { notificationPreferencesSchema, type NotificationPreferencesResponse, type TestNotificationInput, type TestNotificationResponse } from '@/lib/schemas/account';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, Input } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { ProfileGate } from './profile-save';
import { PushDevicesPanel } from './push-devices';
import { useProfile, type Profile } from './use-profile';
import { timezoneOptionLabel, useTimezoneOptions } from './use-timezones';

type Prefs = NotificationPreferences;
type ChannelGroup = 'email' | 'sms' | 'push' | 'inApp';
type Item<G extends ChannelGroup> = { key: Exclude<keyof Prefs[G], 'enabled'>; label: string; description: string };

const EMAIL_ITEMS: Item<'email'>[] = [
  { key: 'clientUpdates', label: 'Client updates', description: 'Replies and changes from your clients' },
  { key: 'goalCompletions', label: 'Goal completions', description: 'When a client reaches a goal' },
  { key: 'missedCheckIns', label: 'Missed check-ins', description: 'When a client does not answer a check-in' },
  { key: 'systemUpdates', label: 'System updates', description: 'Maintenance and product changes' },
  { key: 'marketingEmails', label: 'Marketing emails', description: 'Tips, offers and news from Cadence' },
  { key: 'weeklyDigest', label: 'Weekly digest', description: `Your clients' week and who needs attention, Mondays at ${formatTimeOfDay(SCHEDULED_EMAIL_TIME)}` },
  { key: 'dailyReminders', label: 'Daily reminders', description: `Today's check-ins and yesterday's unanswered ones, at ${formatTimeOfDay(SCHEDULED_EMAIL_TIME)}` },
];

const SMS_ITEMS: Item<'sms'>[] = [
  { key: 'urgentOnly', label: 'Urgent only', description: 'Text only when something needs you now' },
  { key: 'checkInReminders', label: 'Check-in reminders', description: 'When a client misses a check-in' },
  { key: 'goalDeadlines', label: 'Goal deadlines', description: 'When a goal deadline is near' },
  { key: 'emergencyContacts', label: 'Emergency contacts', description: 'Critical account and security alerts' },
];

const PUSH_ITEMS: Item<'push'>[] = [
  { key: 'clientMessages', label: 'Client messages', description: 'New replies from clients' },
  { key: 'goalProgress', label: 'Goal progress', description: 'Progress updates and milestones' },
  { key: 'aiInsights', label: 'AI insights', description: 'Motivation and engagement assessments' },
  { key: 'systemAlerts', label: 'System alerts', description: 'Important notices about your account' },
  { key: 'sessionReminders', label: 'Session reminders', description: 'Before a scheduled session' },
  { key: 'breakingNews', label: 'Breaking news', description: 'Announcements from Cadence' },
];

const IN_APP_ITEMS: Item<'inApp'>[] = [
  { key: 'clientMessages', label: 'Client messages', description: 'New replies from clients' },
  { key: 'goalProgress', label: 'Goal progress', description: 'Progress updates and milestones' },
  { key: 'aiInsights', label: 'AI insights', description: 'Motivation and engagement assessments' },
  { key: 'systemAlerts', label: 'System alerts', description: 'Important notices about your account' },
];

const FREQUENCIES: { value: Prefs['content']['frequency']; label: string }[] = [
  { value: 'immediate', label: 'Immediate — as things happen' },
  { value: 'hourly', label: 'Hourly — top of each hour' },
  { value: 'daily', label: `Daily — at ${formatTimeOfDay(BUNDLE_SEND_TIME)}` },
  { value: 'weekly', label: `Weekly — Mondays at ${formatTimeOfDay(BUNDLE_SEND_TIME)}` },
];

const DETAIL_LEVELS: { value: Prefs['content']['detailLevel']; label: string }[] = [
  { value: 'minimal', label: 'Minimal — “Ana replied”' },
  { value: 'standard', label: 'Standard — the full message' },
  { value: 'detailed', label: 'Detailed — with the AI summary' },
];

const CHANNEL_NAMES: Record<ChannelGroup, string> = { email: 'Email', sms: 'SMS', push: 'Push', inApp: 'In-app' };

/** Stored preferences over the defaults, group by group, so an older partial record still fills every control. */
function withDefaults(stored: Partial<Prefs> | null | undefined): Prefs {
  const d = DEFAULT_NOTIFICATION_PREFERENCES;
  const s = stored ?? {};
  return {
    globalEnabled: s.globalEnabled ?? d.globalEnabled,
    email: { ...d.email, ...s.email },
    sms: { ...d.sms, ...s.sms },
    push: { ...d.push, ...s.push },
    inApp: { ...d.inApp, ...s.inApp },
    schedule: { ...d.schedule, ...s.schedule, quietHours: { ...d.schedule.quietHours, ...s.schedule?.quietHours } },
    content: { ...d.content, ...s.content },
    nudges: { clientQuietAfter: quietAfter(s) },
  };
}

const QUIET_AFTER_OPTIONS = Array.from({ length: QUIET_AFTER_RANGE.max - QUIET_AFTER_RANGE.min + 1 }, (_, i) => QUIET_AFTER_RANGE.min + i);

const same = (a: Prefs, b: Prefs) => JSON.stringify(a) === JSON.stringify(b);

/** Where texts go, and why none go to a number the coach has not verified yet. */
function smsDescription(profile: Profile): ReactNode {
  if (!profile.phone) return 'Add a phone number to your profile to receive texts.';
  if (!profile.phoneVerified) {
    return (
      <>
        {PHONE_VERIFICATION_MESSAGES.smsNeedsVerifiedPhone}{' '}
        <Link href="/settings?tab=profile" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400">
          Verify {profile.phone}
        </Link>
      </>
    );
  }
  return `Texts go to ${profile.phone} (verified).`;
}

/** "Delivered via: Email, In-app" from the test answer (product §1.8). */
export function deliveredVia(results: Partial<Record<ChannelGroup, boolean>>): string {
  const channels = (Object.keys(CHANNEL_NAMES) as ChannelGroup[]).filter((c) => results[c]).map((c) => CHANNEL_NAMES[c]);
  return channels.length ? `Delivered via: ${channels.join(', ')}` : 'Delivered via: no channel. Turn on email, SMS or push notifications and save to receive them.';
}

/** Settings → Notifications (product §1.2, §1.3 NotificationPreferences, §1.4, §1.9 defaults). */
export function NotificationsTab() {
  return <ProfileGate label="Loading your notification preferences…">{(profile) => <NotificationPreferencesForm profile={profile} />}</ProfileGate>;
}

function NotificationPreferencesForm({ profile }: { profile: Profile }) {
  const { patchProfile } = useProfile();
  const [saved, setSaved] = useState(() => withDefaults(profile.notificationPreferences));
  const [prefs, setPrefs] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const timezones = useTimezoneOptions(prefs.schedule.timezone);
  const dirty = !same(prefs, saved);

  const on = prefs.globalEnabled;
  const setGroup = <G extends ChannelGroup>(group: G, key: keyof Prefs[G], value: boolean) =>
    setPrefs((p) => ({ ...p, [group]: { ...p[group], [key]: value } }));
  const setSchedule = (fields: Partial<Prefs['schedule']>) => setPrefs((p) => ({ ...p, schedule: { ...p.schedule, ...fields } }));
  const setQuiet = (fields: Partial<Prefs['schedule']['quietHours']>) =>
    setPrefs((p) => ({ ...p, schedule: { ...p.schedule, quietHours: { ...p.schedule.quietHours, ...fields } } }));
  const setContent = (fields: Partial<Prefs['content']>) => setPrefs((p) => ({ ...p, content: { ...p.content, ...fields } }));

  const save = async () => {
    const parsed = notificationPreferencesSchema.safeParse(prefs);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      toast.error(SETTINGS_VALIDATION.correctErrors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await api.put<NotificationPreferencesResponse>('/users/notifications', { notificationPreferences: parsed.data });
      const stored = withDefaults(answer.notificationPreferences ?? parsed.data);
      setSaved(stored);
      setPrefs(stored);
      patchProfile({ notificationPreferences: stored });
      toast.success(SETTINGS_TOASTS.notificationsSaved);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = Object.fromEntries((error.body.details ?? []).map((d) => [d.field.replace(/^notificationPreferences\./, ''), d.message]));
        setErrors(fields);
      }
      toast.error(SETTINGS_TOASTS.saveNotificationsFailed);
    } finally {
      setSaving(false);
    }
  };

  const resetToDefaults = () => {
    setPrefs(withDefaults(DEFAULT_NOTIFICATION_PREFERENCES));
    setErrors({});
    setConfirmReset(false);
  };

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="notif-master-title"
        className={cn(
          'rounded-xl border p-6 shadow-sm transition-colors',
          on ? 'border-brand-200 bg-brand-50/60 dark:border-brand-800 dark:bg-brand-900/20' : 'border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900',
        )}
      >
        <h2 id="notif-master-title" className="sr-only">
          All notifications
        </h2>
        <div className="flex items-start gap-4">
          <IconBadge icon={on ? BellRing : Bell} active={on} />
          <div className="flex-1">
            <Switch
              id="notif-globalEnabled"
              label="Enable notifications"
              description={on ? 'Cadence notifies you through the channels below.' : 'All notifications are paused. Turn this on to choose channels again.'}
              checked={on}
              onChange={(v) => setPrefs((p) => ({ ...p, globalEnabled: v }))}
            />
          </div>
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Group id="notif-email" icon={Mail} title="Email" description={`Sent to ${profile.email}.`} disabled={!on}>
          <Switch id="notif-email-enabled" label="Email notifications" checked={prefs.email.enabled} disabled={!on} onChange={(v) => setGroup('email', 'enabled', v)} />
          <SubItems>
            {EMAIL_ITEMS.map((item) => (
              <Switch
                key={item.key}
                id={`notif-email-${item.key}`}
                label={item.label}
                description={item.description}
                checked={prefs.email[item.key]}
                disabled={!on || !prefs.email.enabled}
                onChange={(v) => setGroup('email', item.key, v)}
              />
            ))}
          </SubItems>
        </Group>
        <Group
          id="notif-sms"
          icon={MessageSquare}
          title="SMS"
          description={smsDescription(profile)}
          disabled={!on}
        >
          <Switch
            id="notif-sms-enabled"
            label="SMS notifications"
            description={profile.phoneVerified ? undefined : PHONE_VERIFICATION_MESSAGES.smsSwitchHint}
            checked={prefs.sms.enabled}
            disabled={!on}
            onChange={(v) => setGroup('sms', 'enabled', v)}
          />
          <SubItems>
            {SMS_ITEMS.map((item) => (
              <Switch
                key={item.key}
                id={`notif-sms-${item.key}`}
                label={item.label}
                description={item.description}
                checked={prefs.sms[item.key]}
                disabled={!on || !prefs.sms.enabled}
                onChange={(v) => setGroup('sms', item.key, v)}
              />
            ))}
          </SubItems>
        </Group>
        <Group id="notif-push" icon={Bell} title="Push" description="Browser notifications on this device." disabled={!on}>
          <Switch id="notif-push-enabled" label="Push notifications" checked={prefs.push.enabled} disabled={!on} onChange={(v) => setGroup('push', 'enabled', v)} />
          <SubItems>
            {PUSH_ITEMS.map((item) => (
              <Switch
                key={item.key}
                id={`notif-push-${item.key}`}
                label={item.label}
                description={item.description}
                checked={prefs.push[item.key]}
                disabled={!on || !prefs.push.enabled}
                onChange={(v) => setGroup('push', item.key, v)}
              />
            ))}
          </SubItems>
          <PushDevicesPanel timezone={profile.timezone} />
        </Group>
        <Group id="notif-inApp" icon={Monitor} title="In-app" description="Shown in Cadence while you are signed in." disabled={!on}>
          {IN_APP_ITEMS.map((item) => (
            <Switch
              key={item.key}
              id={`notif-inApp-${item.key}`}
              label={item.label}
              description={item.description}
              checked={prefs.inApp[item.key]}
              disabled={!on}
              onChange={(v) => setGroup('inApp', item.key, v)}
            />
          ))}
        </Group>
        <Group id="notif-schedule" icon={CalendarClock} title="Schedule & timing" description="When non-urgent notifications may reach you." disabled={!on}>
          <Switch
            id="notif-quietHours"
            label="Quiet hours"
            description="Non-urgent notifications wait until these hours end, then arrive as one message."
            checked={prefs.schedule.quietHours.enabled}
            disabled={!on}
            onChange={(v) => setQuiet({ enabled: v })}
          />
          {prefs.schedule.quietHours.enabled && (
            <div className="grid grid-cols-2 gap-4 pb-3 pl-4">
              <Field id="notif-quiet-start" label="Start time" error={errors['schedule.quietHours.startTime']}>
                <Input
                  id="notif-quiet-start"
                  type="time"
                  required
                  disabled={!on}
                  value={prefs.schedule.quietHours.startTime}
                  onChange={(e) => setQuiet({ startTime: e.target.value })}
                  aria-invalid={!!errors['schedule.quietHours.startTime']}
                  className="dark:text-stone-100 dark:[color-scheme:dark]"
                />
              </Field>
              <Field id="notif-quiet-end" label="End time" error={errors['schedule.quietHours.endTime']}>
                <Input
                  id="notif-quiet-end"
                  type="time"
                  required
                  disabled={!on}
                  value={prefs.schedule.quietHours.endTime}
                  onChange={(e) => setQuiet({ endTime: e.target.value })}
                  aria-invalid={!!errors['schedule.quietHours.endTime']}
                  className="dark:text-stone-100 dark:[color-scheme:dark]"
                />
              </Field>
            </div>
          )}
          <Switch
            id="notif-workdaysOnly"
            label="Workdays only"
            description="Non-urgent notifications on Saturdays and Sundays wait until Monday."
            checked={prefs.schedule.workdaysOnly}
            disabled={!on}
            onChange={(v) => setSchedule({ workdaysOnly: v })}
          />
          <div className="space-y-4 pt-3">
            <Field id="notif-timezone" label="Timezone" error={errors['schedule.timezone']}>
              <Select id="notif-timezone" value={prefs.schedule.timezone} disabled={!on} onChange={(e) => setSchedule({ timezone: e.target.value })}>
                {timezones.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {timezoneOptionLabel(o)}
                  </option>
                ))}
              </Select>
            </Field>
            <DailyLimit value={prefs.schedule.maxDailyNotifications} disabled={!on} error={errors['schedule.maxDailyNotifications']} onChange={(n) => setSchedule({ maxDailyNotifications: n })} />
            <Field
              id="notif-quietAfter"
              label="Tell me a client has gone quiet after"
              error={errors['nudges.clientQuietAfter']}
              hint={<p className="text-xs text-stone-500 dark:text-stone-400">Once per silence; again only after the client has answered.</p>}
            >
              <Select
                id="notif-quietAfter"
                value={quietAfter(prefs)}
                disabled={!on}
                onChange={(e) => setPrefs((p) => ({ ...p, nudges: { clientQuietAfter: Number(e.target.value) } }))}
              >
                {QUIET_AFTER_OPTIONS.map((n) => (
                  <option key={n} value={n}>
                    {n === 1 ? '1 unanswered check-in' : `${n} unanswered check-ins in a row`}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        </Group>
        <Group id="notif-content" icon={SlidersHorizontal} title="Content preferences" description="How often notifications arrive and how much they say." disabled={!on}>
          <div className="space-y-4 pb-2">
            <Field id="notif-frequency" label="Frequency" hint={<Hint id="notif-frequency-hint">Gathers notifications into one message per channel, in your timezone above. Urgent ones still come at once; the bell shows each when its message goes.</Hint>}>
              <Select id="notif-frequency" aria-describedby="notif-frequency-hint" value={prefs.content.frequency} disabled={!on} onChange={(e) => setContent({ frequency: e.target.value as Prefs['content']['frequency'] })}>
                {FREQUENCIES.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="notif-detailLevel" label="Detail level" hint={<Hint id="notif-detailLevel-hint">Detailed adds the AI summary of a reply, goal changes and the question of a missed check-in.</Hint>}>
              <Select id="notif-detailLevel" aria-describedby="notif-detailLevel-hint" value={prefs.content.detailLevel} disabled={!on} onChange={(e) => setContent({ detailLevel: e.target.value as Prefs['content']['detailLevel'] })}>
                {DETAIL_LEVELS.map((d) => (
                  <option key={d.value} value={d.value}>
                    {d.label}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Switch
            id="notif-summary"
            label="Include a summary"
            description="Start each gathered message with a one-line count, e.g. “3 replies, 1 goal reached”."
            checked={prefs.content.summary}
            disabled={!on}
            onChange={(v) => setContent({ summary: v })}
          />
        </Group>
      </div>

      <TestNotification unsaved={dirty} />

      {/* On a phone the sticky bar holds one line (status and Save); Reset sits above it, in the page. */}
      <div className="flex justify-end sm:hidden">
        <Button type="button" variant="secondary" onClick={() => setConfirmReset(true)} disabled={saving}>
          Reset to Defaults
        </Button>
      </div>

      <div
        className={cn(
          'sticky bottom-2 z-10 flex items-center justify-between gap-3 rounded-xl border bg-white/95 px-3 py-2 backdrop-blur sm:bottom-4 sm:flex-wrap sm:px-6 sm:py-4 dark:bg-stone-900/95',
          dirty ? 'border-brand-300 shadow-lg dark:border-brand-700' : 'border-stone-200 shadow-sm dark:border-stone-800',
        )}
      >
        <p className={cn('min-w-0 text-sm', dirty ? 'font-medium text-brand-800 dark:text-brand-200' : 'text-stone-500 dark:text-stone-400')} aria-live="polite">
          <span className="sm:hidden">{dirty ? 'Unsaved changes' : 'All saved'}</span>
          <span className="hidden sm:inline">{dirty ? 'You have unsaved changes.' : 'All changes saved.'}</span>
        </p>
        <div className="flex shrink-0 gap-3 sm:flex-wrap">
          <div className="hidden sm:block">
            <Button type="button" variant="secondary" onClick={() => setConfirmReset(true)} disabled={saving}>
              Reset to Defaults
            </Button>
          </div>
          <Button type="button" onClick={() => void save()} loading={saving}>
            Save Preferences
          </Button>
        </div>
      </div>

      <Modal open={confirmReset} title="Reset notification preferences?" onClose={() => setConfirmReset(false)}>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          Every notification setting goes back to Cadence&apos;s defaults. Nothing is stored until you choose Save Preferences.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => setConfirmReset(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={resetToDefaults}>
            Reset
          </Button>
        </div>
      </Modal>
    </div>
  );
}

function IconBadge({ icon: Icon, active = true }: { icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; active?: boolean }) {
  return (
    <span
      className={cn(
        'flex h-10 w-10 shrink-0 items-center justify-center rounded-lg',
        active ? 'bg-brand-100 text-brand-700 dark:bg-brand-900/50 dark:text-brand-300' : 'bg-stone-100 text-stone-500 dark:bg-stone-800 dark:text-stone-400',
      )}
    >
      <Icon aria-hidden className="h-5 w-5" />
    </span>
  );
}

function Group({
  id,
  icon,
  title,
  description,
  disabled,
  children,
}: {
  id: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  description: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <div className="mb-3 flex items-start gap-3">
        <IconBadge icon={icon} active={!disabled} />
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-stone-900 dark:text-stone-100">
            {title}
          </h2>
          <p className="text-sm text-stone-500 dark:text-stone-400">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-stone-500 dark:text-stone-400">
      {children}
    </p>
  );
}

/** The per-channel switches, set in under the channel's own switch. */
function SubItems({ children }: { children: ReactNode }) {
  return <div className="mt-1 ml-1 border-l-2 border-stone-100 pl-4 dark:border-stone-800">{children}</div>;
}

function DailyLimit({ value, disabled, error, onChange }: { value: number; disabled: boolean; error?: string; onChange(n: number): void }) {
  const { min, max } = NOTIFICATION_DAILY_CAP_RANGE;
  return (
    <div className={cn('space-y-2', disabled && 'opacity-50')} aria-disabled={disabled || undefined}>
      <div className="flex items-center justify-between">
        <label htmlFor="notif-maxDaily" className="text-sm font-medium text-stone-700 dark:text-stone-300">
          Maximum notifications per day
        </label>
        <output htmlFor="notif-maxDaily" className="rounded-md bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800 tabular-nums dark:bg-brand-900/40 dark:text-brand-200">
          {value}
        </output>
      </div>
      <input
        id="notif-maxDaily"
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        aria-valuetext={`${value} notifications a day`}
        aria-describedby="notif-maxDaily-hint"
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
      />
      <div className="flex justify-between text-xs text-stone-500 dark:text-stone-400" aria-hidden>
        <span>{min}</span>
        <span>{max}</span>
      </div>
      <Hint id="notif-maxDaily-hint">More wait for the next day, not dropped; a gathered message counts as one.</Hint>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

const TEST_CHANNEL_OPTIONS: { value: TestNotificationInput['channel'] | ''; label: string }[] = [
  { value: '', label: 'Every channel switched on' },
  { value: 'email', label: 'Email only' },
  { value: 'sms', label: 'SMS only' },
  { value: 'push', label: 'Push only' },
  { value: 'inApp', label: 'In-app only' },
];

function TestNotification({ unsaved }: { unsaved: boolean }) {
  const selectId = useId();
  const [channel, setChannel] = useState<TestNotificationInput['channel'] | ''>('');
  const [result, setResult] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    try {
      const body: TestNotificationInput = channel ? { channel } : {};
      const answer = await api.post<TestNotificationResponse>('/users/test-notification', body);
      const via = deliveredVia(answer.deliveryResults);
      toast.success(SETTINGS_TOASTS.testNotificationSent, { description: via });
      setResult(via);
    } catch {
      toast.error(SETTINGS_TOASTS.testNotificationFailed);
      setResult(null);
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="notif-test-title" className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <div className="mb-4 flex items-start gap-3">
        <IconBadge icon={Send} />
        <div>
          <h2 id="notif-test-title" className="text-base font-semibold text-stone-900 dark:text-stone-100">
            Test notification
          </h2>
          <p className="text-sm text-stone-500 dark:text-stone-400">
            Sends a fixed message through the channels switched on in your saved preferences: “{TEST_NOTIFICATION_TEXT}”
            {unsaved && ' Save your changes first to test them.'}
          </p>
        </div>
      </div>
      <form onSubmit={send} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field id={selectId} label="Send through">
            <Select id={selectId} value={channel} onChange={(e) => setChannel(TEST_CHANNEL_OPTIONS.find((o) => o.value === e.target.value)?.value ?? '')}>
              {TEST_CHANNEL_OPTIONS.map((o) => (
                <option key={o.label} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Button type="submit" loading={sending}>
          {!sending && <Send aria-hidden className="h-4 w-4" />}
          Send
        </Button>
      </form>
      {result && (
        <p role="status" className="mt-3 text-sm text-stone-600 dark:text-stone-300">
          Last test: {result}
        </p>
      )}
    </section>
  );
}
