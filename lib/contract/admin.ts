import { ADMIN_ENDPOINT_PERMISSIONS as P } from '../admin-permissions';
import { idParamSchema } from '../schemas/account';
import { loginResponseSchema } from '../schemas/auth';
import {
  adminChangedResponseSchema,
  adminListResponseSchema,
  adminPasswordResponseSchema,
  adminPasswordSchema,
  adminProfileResponseSchema,
  adminProfileSchema,
  adminProfileUpdateResponseSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  createAdminSchema,
  dateRangeQuerySchema,
  managementResponseSchema,
  planChangeResponseSchema,
  planChangeSchema,
  platformStatsResponseSchema,
  refundResponseSchema,
  refundSchema,
  revenueAnalyticsResponseSchema,
  revenueStatsResponseSchema,
  subscribersQuerySchema,
  subscribersResponseSchema,
  timezoneQuerySchema,
  topUsersResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  updateAdminSchema,
  usageBreakdownResponseSchema,
  usageErrorsResponseSchema,
  usageStatsResponseSchema,
  usageTrendsResponseSchema,
} from '../schemas/admin';
import { loginSchema } from '../schemas/auth';
import {
  announcementCreatedResponseSchema,
  announcementRecipientsQuerySchema,
  announcementRecipientsResponseSchema,
  announcementsResponseSchema,
  newAnnouncementSchema,
} from '../schemas/announcements';
import { okWithMessageSchema } from './common';
import { endpoint } from './endpoint';

/**
 * The administrator's API (product §2.7, docs/api.md). The date-range reports take
 * `?startDate&endDate&timezone` (the last 30 days by default) and answer the range they covered.
 */

const USAGE = 'Admin: usage';
const REVENUE = 'Admin: revenue';
const ACCOUNTS = 'Admin: accounts';

// ---- usage and platform -------------------------------------------------------------------------

export const usageStats = endpoint({
  method: 'GET',
  path: '/api/admin/usage/stats',
  tag: USAGE,
  summary: 'Outside-service calls per service in a date range: counts, success rate, response time, cost, sample errors',
  auth: 'admin',
  permission: P.viewUsage,
  query: dateRangeQuerySchema,
  response: usageStatsResponseSchema,
});

export const usageTrends = endpoint({
  method: 'GET',
  path: '/api/admin/usage/trends',
  tag: USAGE,
  summary: 'Outside-service calls per time bucket and service, newest bucket first',
  auth: 'admin',
  permission: P.viewUsage,
  query: dateRangeQuerySchema,
  response: usageTrendsResponseSchema,
});

export const usageBreakdown = endpoint({
  method: 'GET',
  path: '/api/admin/usage/breakdown',
  tag: USAGE,
  summary: 'Each service’s share of the calls in a date range, with its operations',
  auth: 'admin',
  permission: P.viewUsage,
  query: dateRangeQuerySchema,
  response: usageBreakdownResponseSchema,
});

export const usageErrors = endpoint({
  method: 'GET',
  path: '/api/admin/usage/errors',
  tag: USAGE,
  summary: 'Failed outside-service calls per service and error type in a date range',
  auth: 'admin',
  permission: P.viewUsage,
  query: dateRangeQuerySchema,
  response: usageErrorsResponseSchema,
});

export const topUsers = endpoint({
  method: 'GET',
  path: '/api/admin/users/top',
  tag: USAGE,
  summary: 'The accounts that caused the most outside-service calls in a date range',
  auth: 'admin',
  permission: P.viewUsage,
  query: dateRangeQuerySchema,
  response: topUsersResponseSchema,
});

export const platformStats = endpoint({
  method: 'GET',
  path: '/api/admin/platform/stats',
  tag: USAGE,
  summary: 'Coaches, clients, goals and check-ins on the whole platform, with the check-ins of the last 30 days',
  auth: 'admin',
  permission: P.viewPlatform,
  query: timezoneQuerySchema,
  response: platformStatsResponseSchema,
});

// ---- revenue and billing ------------------------------------------------------------------------

export const revenueStats = endpoint({
  method: 'GET',
  path: '/api/admin/revenue/stats',
  tag: REVENUE,
  summary: 'Revenue, subscriptions, churn and revenue per user in a date range, against the period just before',
  auth: 'admin',
  permission: P.viewBilling,
  query: dateRangeQuerySchema,
  response: revenueStatsResponseSchema,
});

export const revenueAnalytics = endpoint({
  method: 'GET',
  path: '/api/admin/revenue/analytics',
  tag: REVENUE,
  summary: 'Revenue over time, plan distribution, monthly churn and the top paying accounts in a date range',
  auth: 'admin',
  permission: P.viewBilling,
  query: dateRangeQuerySchema,
  response: revenueAnalyticsResponseSchema,
});

export const listTransactions = endpoint({
  method: 'GET',
  path: '/api/admin/billing/transactions',
  tag: REVENUE,
  summary: 'Every account’s transactions, newest first, optionally searched or filtered by status',
  auth: 'admin',
  permission: P.viewBilling,
  query: transactionsQuerySchema,
  response: transactionsResponseSchema,
});

export const listSubscribers = endpoint({
  method: 'GET',
  path: '/api/admin/billing/subscribers',
  tag: REVENUE,
  summary: 'Coaches with their plan and subscription status, newest first, optionally searched',
  auth: 'admin',
  permission: P.viewBilling,
  query: subscribersQuerySchema,
  response: subscribersResponseSchema,
});

export const refundTransaction = endpoint({
  method: 'POST',
  path: '/api/admin/billing/refund/{id}',
  tag: REVENUE,
  summary: 'Refund a succeeded transaction in full, once, recording who and why',
  auth: 'admin',
  permission: P.manageBilling,
  params: idParamSchema,
  body: refundSchema,
  response: refundResponseSchema,
  errors: {
    400: 'The transaction did not succeed (nothing to refund), or the payment provider refused the refund',
    404: 'No such transaction (here, or at the payment provider)',
    409: 'Already refunded, or another billing change of the same account is under way',
  },
});

export const changeUserPlan = endpoint({
  method: 'PUT',
  path: '/api/admin/users/{id}/plan',
  tag: REVENUE,
  summary: 'Set the plan of an account; a running paid subscription follows it, the free plan cancels it',
  auth: 'admin',
  permission: P.manageBilling,
  params: idParamSchema,
  body: planChangeSchema,
  response: planChangeResponseSchema,
  errors: { 404: 'No such account' },
});

// ---- admin accounts -----------------------------------------------------------------------------

export const adminLogin = endpoint({
  method: 'POST',
  path: '/api/admin/login',
  tag: ACCOUNTS,
  summary: 'Sign in as an administrator: tokens in the body and as cookies, a CSRF token in a header',
  auth: 'public',
  body: loginSchema,
  response: loginResponseSchema,
  errors: {
    401: 'Wrong e-mail or password, or the address is not verified',
    403: 'The account is not an administrator, or its second factor is needed (`requiredAction`)',
    429: 'Too many sign-in attempts from this address or for this account',
  },
});

export const listAdmins = endpoint({
  method: 'GET',
  path: '/api/users/admins',
  tag: ACCOUNTS,
  summary: 'Every administrator account, oldest first',
  auth: 'admin',
  permission: P.viewAdmins,
  response: adminListResponseSchema,
});

export const adminManagement = endpoint({
  method: 'GET',
  path: '/api/admin/management',
  tag: ACCOUNTS,
  summary: 'Admin Management: the administrators, platform totals and the latest coaches and clients',
  auth: 'admin',
  permission: P.viewAdmins,
  response: managementResponseSchema,
});

export const auditLog = endpoint({
  method: 'GET',
  path: '/api/admin/audit-log',
  tag: ACCOUNTS,
  summary: 'What administrators did and when they signed in, newest first, a page at a time',
  auth: 'admin',
  permission: P.viewAuditLog,
  query: auditLogQuerySchema,
  response: auditLogResponseSchema,
});

export const createAdmin = endpoint({
  method: 'POST',
  path: '/api/admin/users',
  tag: ACCOUNTS,
  summary: 'Create an administrator account (only a super admin may create a super admin)',
  auth: 'admin',
  permission: P.manageAdmins,
  body: createAdminSchema,
  status: 201,
  response: adminChangedResponseSchema,
  errors: { 409: 'An account with this e-mail address exists' },
});

export const updateAdmin = endpoint({
  method: 'PUT',
  path: '/api/admin/users/{id}',
  tag: ACCOUNTS,
  summary: 'Change another administrator’s names, e-mail, phone, role or level',
  auth: 'admin',
  permission: P.manageAdmins,
  params: idParamSchema,
  body: updateAdminSchema,
  response: adminChangedResponseSchema,
  errors: { 404: 'No such administrator', 409: 'An account with the new e-mail address exists' },
});

export const deleteAdmin = endpoint({
  method: 'DELETE',
  path: '/api/admin/users/{id}',
  tag: ACCOUNTS,
  summary: 'Delete another administrator’s account; its audit trail is kept, signed with its address',
  auth: 'admin',
  permission: P.manageAdmins,
  params: idParamSchema,
  response: okWithMessageSchema,
  errors: { 404: 'No such administrator' },
});

export const adminProfile = endpoint({
  method: 'GET',
  path: '/api/admin/profile',
  tag: ACCOUNTS,
  summary: 'The signed-in administrator with their level and which permissions it grants',
  auth: 'admin',
  response: adminProfileResponseSchema,
});

export const updateAdminProfile = endpoint({
  method: 'PUT',
  path: '/api/admin/profile',
  tag: ACCOUNTS,
  summary: 'Change the signed-in administrator’s names, username, phone or e-mail (a new address is confirmed from its inbox)',
  auth: 'admin',
  body: adminProfileSchema,
  response: adminProfileUpdateResponseSchema,
  errors: {
    404: 'The account was deleted meanwhile',
    409: 'An account with the new e-mail address exists',
    429: 'Too many wrong current passwords',
  },
});

export const changeAdminPassword = endpoint({
  method: 'PUT',
  path: '/api/admin/password',
  tag: ACCOUNTS,
  summary: 'Change the signed-in administrator’s password, given the current one',
  auth: 'admin',
  body: adminPasswordSchema,
  response: adminPasswordResponseSchema,
  errors: { 404: 'The account was deleted meanwhile', 429: 'Too many wrong current passwords' },
});

// ---- announcements (issue 18 item 7, decision 0092) --------------------------------------------

const ANNOUNCEMENTS = 'Admin: announcements';

export const announcementRecipients = endpoint({
  method: 'GET',
  path: '/api/admin/announcements/recipients',
  tag: ANNOUNCEMENTS,
  summary: 'How many coaches an announcement of this kind would reach now (the confirmation shows it)',
  auth: 'admin',
  permission: P.sendAnnouncements,
  query: announcementRecipientsQuerySchema,
  response: announcementRecipientsResponseSchema,
});

export const listAnnouncements = endpoint({
  method: 'GET',
  path: '/api/admin/announcements',
  tag: ANNOUNCEMENTS,
  summary: 'The latest announcements, newest first, with how many recipients each has reached so far',
  auth: 'admin',
  permission: P.sendAnnouncements,
  response: announcementsResponseSchema,
});

export const createAnnouncement = endpoint({
  method: 'POST',
  path: '/api/admin/announcements',
  tag: ANNOUNCEMENTS,
  summary:
    'Send an announcement: marketing is e-mailed to coaches with Marketing e-mails on, breaking news pushed to coaches with Breaking news on. A job sends it in batches, once per coach; recorded in the audit log',
  auth: 'admin',
  permission: P.sendAnnouncements,
  body: newAnnouncementSchema,
  status: 202,
  response: announcementCreatedResponseSchema,
  errors: {
    409: 'The number of recipients is no longer the one confirmed (review again), or nobody would receive it',
    429: 'Too many announcements in the last day',
  },
});
