import { cn } from '@/components/ui/cn';
import { WEEKDAY_SHORT } from '@/lib/constants';
import { formatTime } from './format';
import { WEEK_LEGEND, WEEK_STATUS } from './status';
import type { WeekEntry, WeekStatus } from './types';

const DAY_LETTER = ['M', 'T', 'W', 'T', 'F', 'S', 'S'] as const;

interface DayBubbleProps {
  dayIndex: number;
  status: WeekStatus;
  size?: 'sm' | 'md';
  /** The upcoming check-ins of the day, e.g. "Upcoming 9:00 AM", added to the name. */
  detail?: string;
  /** Hidden from assistive technology where the surrounding control already names the day. */
  decorative?: boolean;
}

/** One day's bubble; the day and status are its accessible name, the colour only repeats them. */
export function DayBubble({ dayIndex, status, size = 'sm', detail, decorative }: DayBubbleProps) {
  const style = WEEK_STATUS[status] ?? WEEK_STATUS.none;
  const label = `${WEEKDAY_SHORT[dayIndex]}: ${style.label}${detail ? `, ${detail}` : ''}`;
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label, title: label })}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold',
        size === 'sm' ? 'h-6 w-6 text-[10px]' : 'h-7 w-7 text-xs',
        style.className,
      )}
    >
      <span aria-hidden>{DAY_LETTER[dayIndex]}</span>
    </span>
  );
}

/**
 * The Mon-Sun row of this week's check-ins (product §2.2); a day's name also says when its
 * upcoming check-ins go out, projected from the schedules, in the coach's zone.
 */
export function WeekBubbles({ week, zone, className }: { week: WeekEntry[]; zone: string; className?: string }) {
  return (
    <ul aria-label="This week's check-ins" className={cn('flex items-center gap-1', className)}>
      {week.map((d) => (
        <li key={d.dayIndex} className="flex">
          <DayBubble dayIndex={d.dayIndex} status={d.status} detail={d.upcoming.length > 0 ? `Upcoming ${d.upcoming.map((at) => formatTime(at, zone)).join(', ')}` : undefined} />
        </li>
      ))}
    </ul>
  );
}

export function WeekLegend() {
  return (
    <ul aria-label="Bubble colours" className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-stone-500 dark:text-stone-400">
      {WEEK_LEGEND.map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span aria-hidden className={cn('inline-block h-3 w-3 rounded-full', WEEK_STATUS[s].className)} />
          {WEEK_STATUS[s].label[0]!.toUpperCase() + WEEK_STATUS[s].label.slice(1)}
        </li>
      ))}
    </ul>
  );
}
