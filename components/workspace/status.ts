import { RESPONDED_WEEK_STATUSES } from '@/lib/client-list';
import type { BadgeTone } from '@/components/ui/badge';
import type { CheckInDto, ClientDto, WeekStatus } from './types';

/** The Mon-Sun bubbles (product §2.4): filled colours for what happened, outlines for what is due. */
export const WEEK_STATUS: Record<WeekStatus, { label: string; className: string }> = {
  completed: { label: 'completed', className: 'bg-green-500 text-white dark:bg-green-500' },
  responded: { label: 'responded', className: 'bg-amber-400 text-amber-950 dark:bg-amber-400' },
  sent: { label: 'sent', className: 'bg-purple-500 text-white dark:bg-purple-500' },
  no_response: { label: 'no response', className: 'bg-red-500 text-white dark:bg-red-500' },
  missed: { label: 'missed', className: 'border-2 border-red-500 text-red-600 dark:border-red-400 dark:text-red-300' },
  pending: { label: 'scheduled', className: 'border-2 border-stone-300 text-stone-500 dark:border-stone-600 dark:text-stone-400' },
  scheduled: { label: 'scheduled', className: 'border-2 border-stone-300 text-stone-500 dark:border-stone-600 dark:text-stone-400' },
  none: { label: 'nothing scheduled', className: 'bg-stone-100 text-stone-400 dark:bg-stone-800 dark:text-stone-500' },
};

export const WEEK_LEGEND: WeekStatus[] = ['completed', 'responded', 'sent', 'no_response', 'missed', 'pending'];

/** Check-in history badges (product §2.4); any other status reads Unknown. */
const CHECK_IN_BADGES: Record<string, { label: string; tone: BadgeTone }> = {
  completed: { label: 'Completed', tone: 'green' },
  responded: { label: 'Responded', tone: 'amber' },
  sent: { label: 'Sent', tone: 'purple' },
  no_response: { label: 'No response', tone: 'red' },
  upcoming: { label: 'Upcoming', tone: 'grey' },
};

export function checkInBadge(status: string): { label: string; tone: BadgeTone } {
  return CHECK_IN_BADGES[status] ?? { label: 'Unknown', tone: 'grey' };
}

/** Statuses of a check-in that never reached the client (the history's badge reads Unknown for them). */
const NOT_SENT = new Set(['failed', 'cancelled', 'missed']);

/**
 * Why a check-in failed, was not sent, or is being retried, as the history shows it under the
 * row; null when nothing went wrong.
 */
export function checkInNote(checkIn: Pick<CheckInDto, 'status' | 'failureReason'>): { text: string; tone: 'red' | 'amber' } | null {
  if (!checkIn.failureReason) return null;
  if (NOT_SENT.has(checkIn.status)) return { text: `Not sent: ${checkIn.failureReason}`, tone: 'red' };
  return { text: checkIn.failureReason, tone: 'amber' };
}

const CLIENT_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  on_hold: { label: 'On hold', tone: 'amber' },
  archived: { label: 'Archived', tone: 'grey' },
};

export function clientStatus(client: Pick<ClientDto, 'status'>): { label: string; tone: BadgeTone } {
  return CLIENT_STATUS[client.status] ?? CLIENT_STATUS.active!;
}

export type Mood = 'happy' | 'neutral' | 'sad';

/** The list's mood face: high motivation or great engagement is happy, low or bad is sad. */
export function moodOf(checkIn: Pick<CheckInDto, 'motivation' | 'engagementAssessment'> | null): Mood | null {
  if (!checkIn) return null;
  if (checkIn.motivation === 'high' || checkIn.engagementAssessment === 'great') return 'happy';
  if (checkIn.motivation === 'low' || checkIn.engagementAssessment === 'bad') return 'sad';
  return 'neutral';
}

/** A week entry counts as a response when the client answered. */
export const RESPONDED_STATUSES: readonly WeekStatus[] = RESPONDED_WEEK_STATUSES;

export const MOTIVATION_LABEL: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const ENGAGEMENT_LABEL: Record<string, string> = { great: 'Great', okay: 'Okay', bad: 'Poor' };
