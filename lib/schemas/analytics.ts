import { z } from 'zod';
import { ENGAGEMENT_STATUSES, RESPONSE_TIME_BUCKETS } from '../analytics';
import { DEFAULT_TIME_RANGE, TIME_RANGES } from '../constants';
import { timestampSchema } from '../contract/common';

/**
 * The coach analytics answers (product §2.3, §2.7); docs/analytics.md defines every figure. A figure
 * is null where there is nothing to divide by (no check-in delivered, no goal tracked…).
 */

export const analyticsQuerySchema = z.object({
  timeRange: z.enum(TIME_RANGES, { error: `timeRange must be one of ${TIME_RANGES.join(', ')}` }).default(DEFAULT_TIME_RANGE),
});

const GRANULARITIES = ['day', 'week', 'month'] as const;

export const analyticsPeriodSchema = z.object({
  timeRange: z.enum(TIME_RANGES),
  /** The coach's time zone, in which days, weeks and months are counted. */
  timezone: z.string(),
  start: timestampSchema,
  end: timestampSchema,
  previousStart: timestampSchema,
  granularity: z.enum(GRANULARITIES),
});
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

export const trendRowSchema = z.object({
  /** YYYY-MM-DD of the day or the week's Monday; YYYY-MM for a month. */
  period: z.string(),
  checkIns: z.number(),
  responses: z.number(),
  /** Mean reply delay of that period's answered check-ins, in minutes; null when none was answered. */
  avgTime: z.number().nullable(),
});
export type TrendRow = z.infer<typeof trendRowSchema>;

const figure = z.number().nullable();

export const overviewAnalyticsSchema = z.object({
  period: analyticsPeriodSchema,
  totalClients: z.number(),
  totalCheckIns: z.number(),
  avgResponseTime: figure,
  clientRetention: figure,
  engagementScore: figure,
  checkInFrequency: figure,
  goalCompletionRate: figure,
  responseRate: figure,
  trends: z.array(trendRowSchema),
});
export type OverviewAnalytics = z.infer<typeof overviewAnalyticsSchema>;

export const clientEngagementRowSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  engagementStatus: z.enum(ENGAGEMENT_STATUSES),
  engagementScore: figure,
  lastCheckIn: timestampSchema.nullable(),
  progress: figure,
  responseTime: figure,
  responseRate: figure,
  checkIns: z.number(),
  responses: z.number(),
  goals: z.number(),
  onHold: z.boolean(),
});
export type ClientEngagementRow = z.infer<typeof clientEngagementRowSchema>;

export const checkInStatsSchema = z.object({
  total: z.number(),
  delivered: z.number(),
  responded: z.number(),
  noResponse: z.number(),
  awaitingReply: z.number(),
  missed: z.number(),
  upcoming: z.number(),
  responseRate: figure,
  avgResponseTime: figure,
});
export type CheckInStats = z.infer<typeof checkInStatsSchema>;

export const clientAnalyticsSchema = z.object({
  period: analyticsPeriodSchema,
  clientEngagement: z.array(clientEngagementRowSchema),
  checkInStats: checkInStatsSchema,
  engagementDistribution: z.array(z.object({ status: z.enum(ENGAGEMENT_STATUSES), count: z.number() })),
});
export type ClientAnalytics = z.infer<typeof clientAnalyticsSchema>;

export const goalTypeRowSchema = z.object({
  type: z.string(),
  count: z.number(),
  completed: z.number(),
  abandoned: z.number(),
  completion: z.number(),
  avgTime: figure,
});
export type GoalTypeRow = z.infer<typeof goalTypeRowSchema>;

export const recentCompletionSchema = z.object({
  goalId: z.string(),
  client: z.string(),
  goal: z.string(),
  type: z.string(),
  completed: timestampSchema,
  /** Days from creation to completion. */
  duration: z.number(),
});
export type RecentCompletion = z.infer<typeof recentCompletionSchema>;

export const goalAnalyticsSchema = z.object({
  period: analyticsPeriodSchema,
  activeGoals: z.number(),
  trackedGoals: z.number(),
  completedGoals: z.number(),
  abandonedGoals: z.number(),
  completionRate: figure,
  abandonmentRate: figure,
  avgTimeToComplete: figure,
  goalTypes: z.array(goalTypeRowSchema),
  recentCompletions: z.array(recentCompletionSchema),
});
export type GoalAnalytics = z.infer<typeof goalAnalyticsSchema>;

export const SMS_METRIC_KEYS = ['sent', 'replies', 'responseRate', 'avgResponseTime', 'deliveryRate'] as const;

export const smsMetricSchema = z.object({
  key: z.enum(SMS_METRIC_KEYS),
  metric: z.string(),
  value: figure,
  previousValue: figure,
  unit: z.string(),
  description: z.string(),
  /** value − previousValue, in the metric's unit; null when either is missing. */
  trend: figure,
});
export type SmsMetric = z.infer<typeof smsMetricSchema>;

const RESPONSE_TIME_KEYS = RESPONSE_TIME_BUCKETS.map((b) => b.key) as [(typeof RESPONSE_TIME_BUCKETS)[number]['key'], ...(typeof RESPONSE_TIME_BUCKETS)[number]['key'][]];

export const communicationAnalyticsSchema = z.object({
  period: analyticsPeriodSchema,
  checkInsSent: z.number(),
  avgResponseTime: figure,
  responseRate: figure,
  checkInFrequency: figure,
  clientSatisfaction: figure,
  smsMetrics: z.array(smsMetricSchema),
  goalProgressCorrelation: figure,
  correlationClients: z.number(),
  retentionImpact: figure,
  engagementTrends: z.array(trendRowSchema),
  responseTimeDistribution: z.array(z.object({ key: z.enum(RESPONSE_TIME_KEYS), label: z.string(), count: z.number() })),
});
export type CommunicationAnalytics = z.infer<typeof communicationAnalyticsSchema>;
