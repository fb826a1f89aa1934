/** Answer shapes of the admin API, taken from the services that produce them (type-only imports). */
import type { adminProfile, listAdmins, management } from '@/server/services/admin-accounts';
import type { listAuditLog } from '@/server/services/admin-audit';
import type { listSubscribers, listTransactions, revenueAnalytics, revenueMetrics } from '@/server/services/admin-billing';
import type { platformStats, topUsers, usageBreakdown, usageErrors, usageStats, usageTrends } from '@/server/services/admin-usage';

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export type UsageStatsAnswer = Answer<typeof usageStats>;
export type UsageStat = UsageStatsAnswer['stats'][number];
export type UsageTrendsAnswer = Answer<typeof usageTrends>;
export type TrendRow = UsageTrendsAnswer['trends'][number];
export type BreakdownAnswer = Answer<typeof usageBreakdown>;
export type BreakdownRow = BreakdownAnswer['breakdown'][number];
export type ErrorsAnswer = Answer<typeof usageErrors>;
export type ErrorStat = ErrorsAnswer['errorStats'][number];
export type TopUsersAnswer = Answer<typeof topUsers>;
export type PlatformAnswer = Answer<typeof platformStats>;
export type AdminsAnswer = Answer<typeof listAdmins>;
export type AdminRow = AdminsAnswer[number];
export type ManagementAnswer = Answer<typeof management>;
export type AuditLogAnswer = Answer<typeof listAuditLog>;
export type RevenueStatsAnswer = Answer<typeof revenueMetrics>;
export type RevenueMetrics = RevenueStatsAnswer['metrics'];
export type RevenueAnalyticsAnswer = Answer<typeof revenueAnalytics>;
export type TransactionsAnswer = Answer<typeof listTransactions>;
export type AdminTransaction = TransactionsAnswer['transactions'][number];
export type SubscribersAnswer = Answer<typeof listSubscribers>;
export type Subscriber = SubscribersAnswer['users'][number];
export type AdminProfileAnswer = ReturnType<typeof adminProfile>;
