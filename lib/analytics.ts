import { z } from 'zod';
import { DEFAULT_TIME_RANGE, TIME_RANGES } from './constants';

/**
 * Coach analytics (spec 02 §3, §7, §9): the query, the answer shapes shared by the service and the
 * screens, and the fixed parts of each figure's definition. docs/analytics.md defines every figure.
 */

export type TimeRange = (typeof TIME_RANGES)[number];

export const analyticsQuerySchema = z.object({
  timeRange: z.enum(TIME_RANGES, { error: `timeRange must be one of ${TIME_RANGES.join(', ')}` }).default(DEFAULT_TIME_RANGE),
});

/** Days each range covers: today (in the coach's time zone) and the days before it. */
export const RANGE_DAYS: Record<TimeRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

export type Granularity = 'day' | 'week' | 'month';
/** The period of one trend row for each range; weeks start on Monday (spec 02 §9). */
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

export interface AnalyticsPeriod {
  timeRange: TimeRange;
  /** The coach's time zone, in which days, weeks and months are counted. */
  timezone: string;
  start: string;
  end: string;
  previousStart: string;
  granularity: Granularity;
}

export interface TrendRow {
  /** YYYY-MM-DD of the day or the week's Monday; YYYY-MM for a month. */
  period: string;
  checkIns: number;
  responses: number;
  /** Mean reply delay of that period's answered check-ins, in minutes; null when none was answered. */
  avgTime: number | null;
}

export interface OverviewAnalytics {
  period: AnalyticsPeriod;
  totalClients: number;
  totalCheckIns: number;
  avgResponseTime: number | null;
  clientRetention: number | null;
  engagementScore: number | null;
  checkInFrequency: number | null;
  goalCompletionRate: number | null;
  responseRate: number | null;
  trends: TrendRow[];
}

export interface ClientEngagementRow {
  id: string;
  _id: string;
  name: string;
  engagementStatus: EngagementStatus;
  engagementScore: number | null;
  lastCheckIn: string | null;
  progress: number | null;
  responseTime: number | null;
  responseRate: number | null;
  checkIns: number;
  responses: number;
  goals: number;
  onHold: boolean;
}

export interface CheckInStats {
  total: number;
  delivered: number;
  responded: number;
  noResponse: number;
  awaitingReply: number;
  missed: number;
  upcoming: number;
  responseRate: number | null;
  avgResponseTime: number | null;
}

export interface ClientAnalytics {
  period: AnalyticsPeriod;
  clientEngagement: ClientEngagementRow[];
  checkInStats: CheckInStats;
  engagementDistribution: { status: EngagementStatus; count: number }[];
}

export interface GoalTypeRow {
  type: string;
  count: number;
  completed: number;
  abandoned: number;
  completion: number;
  avgTime: number | null;
}

export interface RecentCompletion {
  goalId: string;
  client: string;
  goal: string;
  type: string;
  completed: string;
  duration: number;
}

export interface GoalAnalytics {
  period: AnalyticsPeriod;
  activeGoals: number;
  trackedGoals: number;
  completedGoals: number;
  abandonedGoals: number;
  completionRate: number | null;
  abandonmentRate: number | null;
  avgTimeToComplete: number | null;
  goalTypes: GoalTypeRow[];
  recentCompletions: RecentCompletion[];
}

export interface SmsMetric {
  key: 'sent' | 'replies' | 'responseRate' | 'avgResponseTime' | 'deliveryRate';
  metric: string;
  value: number | null;
  previousValue: number | null;
  unit: string;
  description: string;
  /** value − previousValue, in the metric's unit; null when either is missing. */
  trend: number | null;
}

export interface CommunicationAnalytics {
  period: AnalyticsPeriod;
  checkInsSent: number;
  avgResponseTime: number | null;
  responseRate: number | null;
  checkInFrequency: number | null;
  clientSatisfaction: number | null;
  smsMetrics: SmsMetric[];
  goalProgressCorrelation: number | null;
  correlationClients: number;
  retentionImpact: number | null;
  engagementTrends: TrendRow[];
  responseTimeDistribution: { key: string; label: string; count: number }[];
}
