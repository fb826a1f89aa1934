import { api } from '@/lib/api-client';
import { getStoredUser } from '@/lib/auth-storage';
import { ADMIN_LIMITS } from '@/lib/constants';
import type {
  AdminList,
  AdminProfileAnswer,
  AuditLogAnswer,
  BreakdownAnswer,
  ErrorsAnswer,
  ManagementAnswer,
  PlatformAnswer,
  RevenueAnalyticsAnswer,
  RevenueStatsAnswer,
  SubscribersAnswer,
  TopUsersAnswer,
  TransactionsAnswer,
  UsageStatsAnswer,
  UsageTrendsAnswer,
} from '@/lib/schemas/admin';
import type { AnnouncementKind } from '@/lib/announcements';
import type { AnnouncementCreatedAnswer, AnnouncementRecipientsAnswer, AnnouncementsAnswer, NewAnnouncement } from '@/lib/schemas/announcements';

/** A date range as the screens hold it: local calendar days, both inclusive. */
export interface RangeParams {
  startDate: string;
  endDate: string;
}

/**
 * The zone the reports' days and buckets are cut in: the signed-in admin's profile timezone
 * (decision 0092), the browser's only before a profile is known.
 */
export function reportTimezone(): string {
  const profile = getStoredUser()?.timezone;
  if (profile) return profile;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const rangeQuery = (r: RangeParams) => new URLSearchParams({ startDate: r.startDate, endDate: r.endDate, timezone: reportTimezone() }).toString();

/** Every admin call of product §2.7 (and the ones Cadence adds, docs/api.md). */
export const adminApi = {
  usageStats: (r: RangeParams) => api.get<UsageStatsAnswer>(`/admin/usage/stats?${rangeQuery(r)}`),
  usageTrends: (r: RangeParams) => api.get<UsageTrendsAnswer>(`/admin/usage/trends?${rangeQuery(r)}`),
  usageBreakdown: (r: RangeParams) => api.get<BreakdownAnswer>(`/admin/usage/breakdown?${rangeQuery(r)}`),
  usageErrors: (r: RangeParams) => api.get<ErrorsAnswer>(`/admin/usage/errors?${rangeQuery(r)}`),
  topUsers: (r: RangeParams) => api.get<TopUsersAnswer>(`/admin/users/top?${rangeQuery(r)}`),
  platformStats: () => api.get<PlatformAnswer>(`/admin/platform/stats?timezone=${encodeURIComponent(reportTimezone())}`),
  admins: () => api.get<AdminList>('/users/admins'),
  management: () => api.get<ManagementAnswer>('/admin/management'),
  auditLog: () => api.get<AuditLogAnswer>(`/admin/audit-log?limit=${ADMIN_LIMITS.auditLog}`),
  revenueStats: (r: RangeParams) => api.get<RevenueStatsAnswer>(`/admin/revenue/stats?${rangeQuery(r)}`),
  revenueAnalytics: (r: RangeParams) => api.get<RevenueAnalyticsAnswer>(`/admin/revenue/analytics?${rangeQuery(r)}`),
  transactions: () => api.get<TransactionsAnswer>(`/admin/billing/transactions?limit=${ADMIN_LIMITS.transactions}`),
  subscribers: (search = '') => api.get<SubscribersAnswer>(`/admin/billing/subscribers?limit=${ADMIN_LIMITS.subscribers}${search ? `&search=${encodeURIComponent(search)}` : ''}`),
  profile: () => api.get<AdminProfileAnswer>('/admin/profile'),
  announcements: () => api.get<AnnouncementsAnswer>('/admin/announcements'),
  announcementRecipients: (kind: AnnouncementKind) => api.get<AnnouncementRecipientsAnswer>(`/admin/announcements/recipients?kind=${kind}`),
  sendAnnouncement: (body: NewAnnouncement) => api.post<AnnouncementCreatedAnswer>('/admin/announcements', body),
};

export interface SettledLoad<D> {
  data: D;
  /** How many calls ran; when all of them failed the view has nothing to show but Try Again. */
  calls: number;
  failed: string[];
  firstError: unknown;
}

export type Loaded<T extends Record<string, () => Promise<unknown>>> = { [K in keyof T]: Awaited<ReturnType<T[K]>> | null };

/**
 * Runs a tab's calls side by side. A failed call leaves its part empty (null) and is named in
 * `failed`, so the rest of the tab still shows (product §2.4); `firstError` is what the first
 * failed call threw, for a tab that says why.
 */
export async function loadSettled<T extends Record<string, () => Promise<unknown>>>(loaders: T): Promise<SettledLoad<Loaded<T>>> {
  const keys = Object.keys(loaders) as (keyof T & string)[];
  const results = await Promise.allSettled(keys.map((k) => loaders[k]!()));
  const data = {} as Loaded<T>;
  const failed: string[] = [];
  let firstError: unknown = null;
  results.forEach((result, i) => {
    const key = keys[i]!;
    if (result.status === 'fulfilled') data[key] = result.value as Loaded<T>[typeof key];
    else {
      data[key] = null;
      failed.push(key);
      firstError ??= result.reason;
    }
  });
  return { data, calls: keys.length, failed, firstError };
}
