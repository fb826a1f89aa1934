import type { TIME_RANGES } from './constants';

/**
 * Coach analytics (product §2.3, §2.7, §2.9): the fixed parts of each figure's definition (the answers'
 * schemas are in lib/schemas/analytics.ts). docs/analytics.md defines every figure.
 */

export type TimeRange = (typeof TIME_RANGES)[number];

/** Days each range covers: today (in the coach's time zone) and the days before it. */
export const RANGE_DAYS: Record<TimeRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

export type Granularity = 'day' | 'week' | 'month';
/** The period of one trend row for each range; weeks start on Monday (product §2.9). */
export const RANGE_GRANULARITY: Record<TimeRange, Granularity> = { '7d': 'day', '30d': 'day', '90d': 'week', '1y': 'month' };

export const RANGE_LABELS: Record<TimeRange, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', '1y': 'Last year' };

/** Points a delivered check-in earns toward the engagement score (out of ENGAGEMENT_POINTS_MAX). */
export const ENGAGEMENT_POINTS = { great: 3, okay: 2, unassessed: 2, bad: 1, unanswered: 0 } as const;
export const ENGAGEMENT_POINTS_MAX = 3;
/** A client's engagement status from their engagement score in the period. */
export const ENGAGEMENT_STATUS_THRESHOLDS = { high: 70, medium: 40 } as const;
export const ENGAGEMENT_STATUSES = ['high', 'medium', 'low', 'inactive'] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

/** Motivation reported in answered check-ins, as a satisfaction score out of 100. */
export const MOTIVATION_SCORES = { high: 100, medium: 50, low: 0 } as const;
/** A client answering at least this share of their check-ins counts as responsive (retention impact). */
export const RESPONSIVE_SHARE = 0.5;
/** The goal-progress correlation needs at least this many clients. */
export const CORRELATION_MIN_CLIENTS = 3;
export const RECENT_COMPLETIONS_LIMIT = 10;

/** Reply-delay buckets of the response-time distribution, in minutes: [from, to). */
export const RESPONSE_TIME_BUCKETS = [
  { key: 'under15m', label: 'Under 15 min', from: 0, to: 15 },
  { key: '15to60m', label: '15–60 min', from: 15, to: 60 },
  { key: '1to4h', label: '1–4 hours', from: 60, to: 240 },
  { key: '4to12h', label: '4–12 hours', from: 240, to: 720 },
  { key: '12to24h', label: '12–24 hours', from: 720, to: 1440 },
  { key: 'over24h', label: 'Over 24 hours', from: 1440, to: null },
] as const;
