import { expect } from 'vitest';
import { uniqueEmail, uniquePhone } from '../helpers/http';
import { routesOnDisk } from '../helpers/routes-on-disk';
import { signedInAdmin, type TestAdmin } from './admin-helpers';
import { addLocalCard, ADDRESS, cardFields, changePlan } from './helpers-billing';
import { GOOD_PASSWORD, loginAs, registerAndVerify, registerPayload, sessionIdOf, type ApiRequest, type Db } from './helpers-auth';
import { createClient, createGoal, insertCheckIns, newCoach, png, type Coach } from './helpers-workspace';
import { DEFAULT_APPEARANCE_PREFERENCES, DEFAULT_NOTIFICATION_PREFERENCES } from '@/lib/preferences';

/**
 * Every endpoint under app/api with a request that reaches its handler, and the status each kind
 * of caller must get. The authorization matrix checks the statuses; the fuzz test starts from the
 * same requests. endpointsOnDisk() lists the route files, so a new endpoint needs a row here.
 */

export const WHO = ['anonymous', 'otherCoach', 'lowAdmin', 'admin', 'owner'] as const;
export type Who = (typeof WHO)[number];
export type Expected = Record<Who, number>;

/** What beforeAll creates: the owner coach's resources and the accounts acting on them. */
export interface World {
  owner: Coach;
  other: Coach;
  admin: TestAdmin;
  lowAdmin: TestAdmin;
  clientId: string;
  archiveClientId: string;
  goalId: string;
  goalToComplete: string;
  goalToDelete: string;
  checkInId: string;
  checkInToDelete: string;
  scheduleToDelete: string;
  sessionToRevoke: string;
  paymentMethodId: string;
  defaultPaymentMethodId: string;
  invoiceId: string;
  exportId: string;
  adminToEdit: string;
  adminToDelete: string;
  /** Signed-in coaches used up by one row each (password change, account deletion…). */
  throwaway: Record<string, Coach>;
}

export interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route file's folder under app/api, e.g. `clients/[id]`. */
  route: string;
  url: (w: World) => string;
  body?: (w: World) => unknown;
  /** A multipart body instead of JSON. */
  form?: () => FormData;
  expect: Expected;
  /** The owner column acts as this throwaway account (for changes to the caller's own account). */
  ownerAs?: string;
}

const same = (status: number): Expected => ({ anonymous: status, otherCoach: status, lowAdmin: status, admin: status, owner: status });
/** A signed-in route on the caller's own data: everyone signed in gets `status`. */
const self = (status: number, overrides: Partial<Expected> = {}): Expected => ({ ...same(status), anonymous: 401, ...overrides });
/** A route on the owner coach's resource: anybody else's id is not found. */
const owned = (status: number): Expected => ({ anonymous: 401, otherCoach: 404, lowAdmin: 404, admin: 404, owner: status });
/** An admin route; `lowAdmin` is an admin at level basic (view analytics and billing only). */
const admin = (status: number, lowAdmin = status): Expected => ({ anonymous: 401, otherCoach: 403, owner: 403, lowAdmin, admin: status });

/** The password of the account the deletion row deletes; every other account has GOOD_PASSWORD. */
const THROWAWAY_PASSWORD = 'Matrix!Throwaway-Oak7';

export const ROWS: Row[] = [
  // Public auth endpoints: the bearer token changes nothing.
  { method: 'GET', route: 'health', url: () => '/health', expect: same(200) },
  { method: 'GET', route: 'openapi.json', url: () => '/openapi.json', expect: same(200) },
  { method: 'GET', route: 'reference/script.js', url: () => '/reference/script.js', expect: same(200) },
  { method: 'GET', route: 'auth/csrf-token', url: () => '/auth/csrf-token', expect: same(200) },
  { method: 'POST', route: 'users/register', url: () => '/users/register', body: () => registerPayload({ email: uniqueEmail('matrix') }), expect: same(201) },
  { method: 'POST', route: 'users/login', url: () => '/users/login', body: () => ({ email: uniqueEmail('nobody'), password: GOOD_PASSWORD }), expect: same(401) },
  { method: 'POST', route: 'users/login/2fa', url: () => '/users/login/2fa', body: () => ({ twoFactorToken: 'not-a-ticket', code: '123456' }), expect: same(401) },
  { method: 'POST', route: 'admin/login', url: () => '/admin/login', body: (w) => ({ email: w.owner.email, password: w.owner.password }), expect: same(403) },
  { method: 'POST', route: 'users/forgot-password', url: () => '/users/forgot-password', body: () => ({ email: uniqueEmail('nobody') }), expect: same(200) },
  { method: 'POST', route: 'users/resend-verification', url: () => '/users/resend-verification', body: () => ({ email: uniqueEmail('nobody') }), expect: same(200) },
  { method: 'POST', route: 'users/reset-password/[token]', url: () => '/users/reset-password/not-a-token', body: () => ({ password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }), expect: same(400) },
  { method: 'GET', route: 'users/verify/[token]', url: () => '/users/verify/not-a-token', expect: same(400) },
  { method: 'POST', route: 'users/refresh-token', url: () => '/users/refresh-token', body: () => ({ refreshToken: 'not-a-refresh-token' }), expect: same(401) },
  // Without STRIPE_WEBHOOK_SECRET the endpoint refuses; the signed stack below checks signatures.
  { method: 'POST', route: 'webhooks/stripe', url: () => '/webhooks/stripe', body: () => ({ id: 'evt_forged', type: 'invoice.paid' }), expect: same(400) },
  // Without TWILIO_AUTH_TOKEN (local development) an inbound SMS from an unknown number is accepted and ignored.
  { method: 'POST', route: 'webhooks/twilio', url: () => '/webhooks/twilio', expect: same(200) },
  // Without TWILIO_AUTH_TOKEN a status callback for no message of ours is accepted and ignored.
  { method: 'POST', route: 'webhooks/twilio/status', url: () => '/webhooks/twilio/status', expect: same(200) },
  // Without RESEND_WEBHOOK_SECRET an event for no reply address of ours is accepted and ignored.
  { method: 'POST', route: 'webhooks/resend', url: () => '/webhooks/resend', body: () => ({ type: 'email.received', data: { email_id: 'matrix-unknown', to: ['nobody@example.com'] } }), expect: same(200) },
  // The reply page: the signed token is the only key, the same for everyone; a made-up one is 404.
  { method: 'GET', route: 'reply/[token]', url: () => '/reply/matrixnotatoken', expect: same(404) },
  { method: 'POST', route: 'reply/[token]', url: () => '/reply/matrixnotatoken', body: () => ({ text: 'hello' }), expect: same(404) },
  // One-click unsubscribe: the signed token is the only key; the GET changes nothing and leads to the page.
  { method: 'GET', route: 'unsubscribe/[token]', url: () => '/unsubscribe/matrixnotatoken', expect: same(303) },
  { method: 'POST', route: 'unsubscribe/[token]', url: () => '/unsubscribe/matrixnotatoken', expect: same(404) },
  { method: 'GET', route: 'unsubscribe/[token]/subscription', url: () => '/unsubscribe/matrixnotatoken/subscription', expect: same(404) },
  { method: 'PUT', route: 'unsubscribe/[token]/subscription', url: () => '/unsubscribe/matrixnotatoken/subscription', body: () => ({ subscribed: false }), expect: same(404) },

  // The signed-in account itself.
  { method: 'GET', route: 'users/profile', url: () => '/users/profile', expect: self(200) },
  { method: 'PUT', route: 'users/profile', url: () => '/users/profile', body: () => ({ firstName: 'Matrix' }), expect: self(200) },
  { method: 'GET', route: 'users/validate-token', url: () => '/users/validate-token', expect: self(200) },
  { method: 'PUT', route: 'users/appearance', url: () => '/users/appearance', body: () => ({ appearancePreferences: { ...DEFAULT_APPEARANCE_PREFERENCES, theme: 'dark' } }), expect: self(200) },
  { method: 'PUT', route: 'users/notifications', url: () => '/users/notifications', body: () => ({ notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES }), expect: self(200) },
  { method: 'PUT', route: 'users/timezone', url: () => '/users/timezone', body: () => ({ timezone: 'Europe/London' }), expect: self(200) },
  { method: 'GET', route: 'users/security-log', url: () => '/users/security-log', expect: self(200) },
  { method: 'POST', route: 'users/test-notification', url: () => '/users/test-notification', body: () => ({ channel: 'email' }), expect: self(200) },
  // The bell and Web Push devices (issue 18): an id that is not the caller's is not found.
  { method: 'GET', route: 'notifications', url: () => '/notifications', expect: self(200) },
  { method: 'POST', route: 'notifications/[id]/read', url: () => `/notifications/${crypto.randomUUID()}/read`, expect: self(404) },
  { method: 'POST', route: 'notifications/read-all', url: () => '/notifications/read-all', expect: self(200) },
  { method: 'GET', route: 'push/subscriptions', url: () => '/push/subscriptions', expect: self(200) },
  {
    method: 'POST',
    route: 'push/subscriptions',
    url: () => '/push/subscriptions',
    body: () => ({ endpoint: `https://push.example.com/matrix/${crypto.randomUUID()}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
    expect: self(201),
  },
  { method: 'DELETE', route: 'push/subscriptions/[id]', url: () => `/push/subscriptions/${crypto.randomUUID()}`, expect: self(404) },
  // Coaches registered with a phone get a code texted; the admins (no phone) a 400 naming the field.
  { method: 'POST', route: 'users/phone/verification', url: () => '/users/phone/verification', expect: { anonymous: 401, otherCoach: 200, lowAdmin: 400, admin: 400, owner: 200 } },
  { method: 'POST', route: 'users/phone/verification/confirm', url: () => '/users/phone/verification/confirm', body: () => ({ code: '000000' }), expect: self(400) },
  { method: 'PUT', route: 'users/password', url: () => '/users/password', body: () => ({ currentPassword: GOOD_PASSWORD, newPassword: 'Matrix!Changed9Pass' }), expect: self(200), ownerAs: 'password' },
  { method: 'POST', route: 'users/2fa/setup', url: () => '/users/2fa/setup', expect: self(200) },
  { method: 'POST', route: 'users/2fa/enable', url: () => '/users/2fa/enable', body: () => ({ code: '000000' }), expect: self(400) },
  { method: 'POST', route: 'users/2fa/disable', url: () => '/users/2fa/disable', body: () => ({ password: 'not-the-password' }), expect: self(400) },
  { method: 'POST', route: 'users/data/export', url: () => '/users/data/export', expect: self(200), ownerAs: 'export' },
  { method: 'GET', route: 'users/data/exports', url: () => '/users/data/exports', expect: self(200) },
  { method: 'GET', route: 'users/data/exports/[id]/download', url: (w) => `/users/data/exports/${w.exportId}/download`, expect: owned(200) },
  { method: 'GET', route: 'sessions', url: () => '/sessions', expect: self(200) },
  { method: 'DELETE', route: 'sessions/[id]', url: (w) => `/sessions/${w.sessionToRevoke}`, expect: owned(200) },
  { method: 'POST', route: 'sessions/revoke-others', url: () => '/sessions/revoke-others', expect: self(200), ownerAs: 'revokeOthers' },
  { method: 'GET', route: 'realtime/config', url: () => '/realtime/config', expect: self(200) },
  { method: 'GET', route: 'users/admins', url: () => '/users/admins', expect: admin(200, 403) },

  // Billing of the signed-in account.
  { method: 'GET', route: 'billing', url: () => '/billing', expect: self(200) },
  { method: 'GET', route: 'billing/history', url: () => '/billing/history', expect: self(200) },
  { method: 'GET', route: 'billing/payment-methods', url: () => '/billing/payment-methods', expect: self(200) },
  { method: 'POST', route: 'billing/setup-intent', url: () => '/billing/setup-intent', expect: self(200) },
  { method: 'POST', route: 'billing/local/confirm-setup', url: () => '/billing/local/confirm-setup', body: () => ({ clientSecret: 'seti_local_forged_secret', card: cardFields(), billingAddress: ADDRESS }), expect: self(400) },
  { method: 'POST', route: 'billing/payment-methods', url: () => '/billing/payment-methods', body: () => ({ paymentMethodId: 'pm_local_forged' }), expect: self(400) },
  { method: 'POST', route: 'billing/payment-methods/[id]/default', url: (w) => `/billing/payment-methods/${w.defaultPaymentMethodId}/default`, expect: owned(200) },
  { method: 'DELETE', route: 'billing/payment-methods/[id]', url: (w) => `/billing/payment-methods/${w.paymentMethodId}`, expect: owned(200) },
  { method: 'POST', route: 'billing/discount/validate', url: () => '/billing/discount/validate', body: () => ({ code: 'NOPE-MATRIX', planId: 'basic' }), expect: self(404) },
  { method: 'POST', route: 'billing/portal', url: () => '/billing/portal', body: () => ({}), expect: self(200) },
  { method: 'GET', route: 'billing/invoices/[id]/download', url: (w) => `/billing/invoices/${w.invoiceId}/download`, expect: owned(200) },
  // The owner is on the paid Beta plan; the others have no subscription to change.
  { method: 'POST', route: 'billing/subscription/cancel', url: () => '/billing/subscription/cancel', expect: self(400, { owner: 200 }) },
  { method: 'POST', route: 'billing/subscription/resume', url: () => '/billing/subscription/resume', expect: self(400, { owner: 200 }) },
  { method: 'PUT', route: 'billing/subscription', url: () => '/billing/subscription', body: () => ({ planId: 'free' }), expect: self(400, { owner: 200 }) },

  // The owner coach's workspace: another account's view of it is always "not found".
  { method: 'GET', route: 'coach/clients', url: () => '/coach/clients', expect: self(200) },
  { method: 'GET', route: 'coach/client-stats', url: () => '/coach/client-stats', expect: self(200) },
  { method: 'POST', route: 'coach/clients', url: () => '/coach/clients', body: () => ({ firstName: 'Mat', lastName: 'Rix', email: uniqueEmail('client'), phone: uniquePhone() }), expect: self(201) },
  { method: 'GET', route: 'coach/archived-clients', url: () => '/coach/archived-clients', expect: self(200) },
  { method: 'GET', route: 'clients/[id]', url: (w) => `/clients/${w.clientId}`, expect: owned(200) },
  { method: 'PUT', route: 'clients/[id]', url: (w) => `/clients/${w.clientId}`, body: () => ({ firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('client'), phone: uniquePhone() }), expect: owned(200) },
  { method: 'POST', route: 'clients/[id]/profile-pic', url: (w) => `/clients/${w.clientId}/profile-pic`, form: () => pictureForm(), expect: owned(200) },
  { method: 'GET', route: 'clients/[id]/profile-pic', url: (w) => `/clients/${w.clientId}/profile-pic`, expect: owned(200) },
  { method: 'POST', route: 'clients/[id]/schedule-checkin', url: (w) => `/clients/${w.clientId}/schedule-checkin`, body: () => ({ dayIndex: 3, time: '10:30' }), expect: owned(200) },
  { method: 'POST', route: 'clients/[id]/toggle-checkin', url: (w) => `/clients/${w.clientId}/toggle-checkin`, body: () => ({ dayIndex: 3 }), expect: owned(200) },
  { method: 'GET', route: 'clients/[id]/thread', url: (w) => `/clients/${w.clientId}/thread?limit=20`, expect: owned(200) },
  // The owner's client has had no check-in yet, so no consent notice: the coach may not text them (409).
  { method: 'POST', route: 'clients/[id]/messages', url: (w) => `/clients/${w.clientId}/messages`, body: () => ({ text: 'Hello from your coach' }), expect: owned(409) },
  { method: 'POST', route: 'clients/[id]/remove-checkin', url: (w) => `/clients/${w.clientId}/remove-checkin`, body: () => ({ dayIndex: 3, checkInId: 'slot', time: '10:30' }), expect: owned(200) },
  { method: 'POST', route: 'coach/clients/[id]/hold-checkins', url: (w) => `/coach/clients/${w.clientId}/hold-checkins`, expect: owned(200) },
  { method: 'POST', route: 'coach/clients/[id]/resume-checkins', url: (w) => `/coach/clients/${w.clientId}/resume-checkins`, expect: owned(200) },
  { method: 'POST', route: 'coach/clients/[id]/language-suggestion', url: (w) => `/coach/clients/${w.clientId}/language-suggestion`, body: () => ({ switch: false }), expect: owned(409) },
  { method: 'POST', route: 'coach/clients/[id]/archive', url: (w) => `/coach/clients/${w.archiveClientId}/archive`, expect: owned(200) },
  { method: 'POST', route: 'coach/clients/[id]/unarchive', url: (w) => `/coach/clients/${w.archiveClientId}/unarchive`, expect: owned(200) },
  { method: 'GET', route: 'dashboard/client-goals/[clientId]', url: (w) => `/dashboard/client-goals/${w.clientId}`, expect: owned(200) },
  { method: 'GET', route: 'dashboard/client-archived-goals/[clientId]', url: (w) => `/dashboard/client-archived-goals/${w.clientId}`, expect: owned(200) },
  { method: 'GET', route: 'dashboard/client-checkins/[clientId]', url: (w) => `/dashboard/client-checkins/${w.clientId}`, expect: owned(200) },
  { method: 'POST', route: 'goals/create', url: () => '/goals/create', body: (w) => ({ clientId: w.clientId, title: 'Matrix goal', type: 'progress', target: 10, unit: 'km' }), expect: owned(201) },
  { method: 'PATCH', route: 'goals/[id]', url: (w) => `/goals/${w.goalId}`, body: () => ({ title: 'Run 120 km', changeNote: 'Matrix' }), expect: owned(200) },
  { method: 'PATCH', route: 'goals/[id]/progress', url: (w) => `/goals/${w.goalId}/progress`, body: () => ({ currentValue: 5 }), expect: owned(200) },
  { method: 'GET', route: 'goals/[id]/version-history', url: (w) => `/goals/${w.goalId}/version-history`, expect: owned(200) },
  { method: 'POST', route: 'goals/[id]/generate-milestones', url: (w) => `/goals/${w.goalId}/generate-milestones`, expect: owned(200) },
  { method: 'PUT', route: 'goals/[id]/complete', url: (w) => `/goals/${w.goalToComplete}/complete`, expect: owned(200) },
  { method: 'PUT', route: 'goals/[id]/unarchive', url: (w) => `/goals/${w.goalToComplete}/unarchive`, expect: owned(200) },
  { method: 'DELETE', route: 'goals/[id]', url: (w) => `/goals/${w.goalToDelete}`, expect: owned(200) },
  { method: 'PATCH', route: 'checkins/[id]/cancel-for-goal', url: (w) => `/checkins/${w.checkInId}/cancel-for-goal`, body: (w) => ({ goalId: w.goalId, clientId: w.clientId }), expect: owned(200) },
  { method: 'DELETE', route: 'checkins/[id]', url: (w) => `/checkins/${w.checkInToDelete}`, expect: owned(200) },
  { method: 'POST', route: 'checkins/ai/initiate', url: () => '/checkins/ai/initiate', body: (w) => ({ clientId: w.clientId }), expect: owned(200) },
  { method: 'POST', route: 'checkins/ai/preview', url: () => '/checkins/ai/preview', body: (w) => ({ clientId: w.clientId, goalIds: [w.goalId] }), expect: owned(200) },
  // No schedule has a 03:17 slot: the owner hears there is no such upcoming check-in, anyone else no such client.
  { method: 'POST', route: 'checkins/hold', url: () => '/checkins/hold', body: (w) => ({ key: `${w.clientId}:2030-01-07:03:17` }), expect: owned(404) },
  { method: 'GET', route: 'checkins/follow-ups', url: () => '/checkins/follow-ups', expect: self(200) },
  // The matrix's check-in has no follow-up waiting: its owner is told so (409), anyone else 404.
  { method: 'POST', route: 'checkins/[id]/follow-up/approve', url: (w) => `/checkins/${w.checkInId}/follow-up/approve`, body: () => ({}), expect: owned(409) },
  { method: 'POST', route: 'checkins/[id]/follow-up/discard', url: (w) => `/checkins/${w.checkInId}/follow-up/discard`, expect: owned(409) },
  // The world's check-in moved no goal: the owner reaches the service and gets its 404 for a goal not in the update.
  { method: 'POST', route: 'checkins/[id]/progress/[goalId]/undo', url: (w) => `/checkins/${w.checkInId}/progress/${w.goalId}/undo`, expect: owned(404) },
  { method: 'POST', route: 'ai/immediate-contact', url: () => '/ai/immediate-contact', body: (w) => ({ _id: w.clientId }), expect: owned(200) },
  { method: 'POST', route: 'ai/schedule-check-in', url: () => '/ai/schedule-check-in', body: (w) => ({ clientId: w.clientId, timeSlots: [{ time: '08:00' }] }), expect: owned(200) },
  { method: 'POST', route: 'ai-schedule/create', url: () => '/ai-schedule/create', body: (w) => ({ clientId: w.clientId, goalId: w.goalId }), expect: owned(200) },
  { method: 'GET', route: 'ai-schedule/client/[clientId]', url: (w) => `/ai-schedule/client/${w.clientId}`, expect: owned(200) },
  { method: 'GET', route: 'ai-schedule/goal/[goalId]', url: (w) => `/ai-schedule/goal/${w.goalId}`, expect: owned(200) },
  // Before the DELETE row: a deleted schedule is a 404 even to its owner.
  { method: 'POST', route: 'ai-schedule/[id]/pause', url: (w) => `/ai-schedule/${w.scheduleToDelete}/pause`, expect: owned(200) },
  { method: 'POST', route: 'ai-schedule/[id]/resume', url: (w) => `/ai-schedule/${w.scheduleToDelete}/resume`, expect: owned(200) },
  { method: 'DELETE', route: 'ai-schedule/[id]', url: (w) => `/ai-schedule/${w.scheduleToDelete}`, expect: owned(200) },
  { method: 'GET', route: 'ai-schedule/timezones', url: () => '/ai-schedule/timezones', expect: self(200) },
  { method: 'GET', route: 'dashboard/analytics/overview', url: () => '/dashboard/analytics/overview', expect: self(200) },
  { method: 'GET', route: 'dashboard/analytics/clients', url: () => '/dashboard/analytics/clients', expect: self(200) },
  { method: 'GET', route: 'dashboard/analytics/goals', url: () => '/dashboard/analytics/goals', expect: self(200) },
  { method: 'GET', route: 'dashboard/analytics/communication', url: () => '/dashboard/analytics/communication', expect: self(200) },

  // Administration (product §2.6): coaches are refused, a basic admin only views analytics and billing.
  { method: 'GET', route: 'admin/profile', url: () => '/admin/profile', expect: admin(200) },
  { method: 'PUT', route: 'admin/profile', url: () => '/admin/profile', body: () => ({ username: 'not valid!', email: 'x', firstName: '', lastName: '' }), expect: admin(400) },
  { method: 'PUT', route: 'admin/password', url: () => '/admin/password', body: () => ({ currentPassword: 'not-the-password', newPassword: 'Matrix!Admin-Pass-2024' }), expect: admin(400) },
  { method: 'GET', route: 'admin/usage/stats', url: () => '/admin/usage/stats', expect: admin(200) },
  { method: 'GET', route: 'admin/usage/breakdown', url: () => '/admin/usage/breakdown', expect: admin(200) },
  { method: 'GET', route: 'admin/usage/errors', url: () => '/admin/usage/errors', expect: admin(200) },
  { method: 'GET', route: 'admin/usage/trends', url: () => '/admin/usage/trends', expect: admin(200) },
  { method: 'GET', route: 'admin/users/top', url: () => '/admin/users/top', expect: admin(200) },
  { method: 'GET', route: 'admin/platform/stats', url: () => '/admin/platform/stats', expect: admin(200) },
  { method: 'GET', route: 'admin/revenue/stats', url: () => '/admin/revenue/stats', expect: admin(200) },
  { method: 'GET', route: 'admin/revenue/analytics', url: () => '/admin/revenue/analytics', expect: admin(200) },
  { method: 'GET', route: 'admin/billing/subscribers', url: () => '/admin/billing/subscribers', expect: admin(200) },
  { method: 'GET', route: 'admin/billing/transactions', url: () => '/admin/billing/transactions', expect: admin(200) },
  { method: 'GET', route: 'admin/management', url: () => '/admin/management', expect: admin(200, 403) },
  { method: 'GET', route: 'admin/audit-log', url: () => '/admin/audit-log', expect: admin(200, 403) },
  { method: 'POST', route: 'admin/users', url: () => '/admin/users', body: () => newAdminBody(), expect: admin(201, 403) },
  { method: 'PUT', route: 'admin/users/[id]', url: (w) => `/admin/users/${w.adminToEdit}`, body: () => ({ firstName: 'Edited' }), expect: admin(200, 403) },
  { method: 'DELETE', route: 'admin/users/[id]', url: (w) => `/admin/users/${w.adminToDelete}`, expect: admin(200, 403) },
  { method: 'PUT', route: 'admin/users/[id]/plan', url: (w) => `/admin/users/${w.other.id}/plan`, body: () => ({ plan: 'basic' }), expect: admin(200, 403) },
  { method: 'GET', route: 'admin/announcements/recipients', url: () => '/admin/announcements/recipients?kind=marketing', expect: admin(200, 403) },
  { method: 'GET', route: 'admin/announcements', url: () => '/admin/announcements', expect: admin(200, 403) },
  // A count nobody confirmed: refused before anything is recorded or sent.
  { method: 'POST', route: 'admin/announcements', url: () => '/admin/announcements', body: () => ({ kind: 'marketing', subject: 'Matrix', body: 'x', confirmedRecipients: 999_999 }), expect: admin(409, 403) },
  { method: 'POST', route: 'admin/billing/refund/[id]', url: (w) => `/admin/billing/refund/${w.invoiceId}`, body: () => ({ reason: 'Matrix refund' }), expect: admin(200, 403) },

  // Last, as they end sessions: deleting the account (the owner column is a throwaway with its own
  // password, which is nobody else's), then signing out (a bearer token names the session to end).
  { method: 'POST', route: 'users/account/delete', url: () => '/users/account/delete', body: () => ({ password: THROWAWAY_PASSWORD }), expect: self(400, { owner: 200 }), ownerAs: 'delete' },
  { method: 'POST', route: 'users/logout', url: () => '/users/logout', body: () => ({}), expect: same(200) },
];

function pictureForm(): FormData {
  const data = new FormData();
  data.append('profilePic', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'matrix.png');
  return data;
}

function newAdminBody() {
  const email = uniqueEmail('matrix-admin');
  return { username: email.split('@')[0]!.replace(/-/g, '_'), email, firstName: 'Matrix', lastName: 'Admin', password: 'Matrix!Admin-Pass-2024', role: 'admin', adminLevel: 'basic' };
}

/** `METHOD route` of every handler exported by app/api/**\/route.ts. */
export function endpointsOnDisk(): string[] {
  return routesOnDisk().map((r) => `${r.method} ${r.route}`);
}

/** The owner's resources and every caller, created the way the product would. */
export async function buildWorld(request: ApiRequest, outboxDir: string, db: Db): Promise<World> {
  const [owner, other, adminUser, lowAdmin] = await Promise.all([
    newCoach(request, outboxDir, db),
    newCoach(request, outboxDir, db),
    signedInAdmin(request, db),
    signedInAdmin(request, db, { role: 'admin', level: 'basic' }),
  ]);
  const throwawayNames = ['password', 'export', 'revokeOthers', 'delete'];
  const throwaways = await Promise.all(throwawayNames.map((name) => (name === 'delete' ? coachWithPassword(request, outboxDir, THROWAWAY_PASSWORD) : newCoach(request, outboxDir, db))));
  const [adminToEdit, adminToDelete] = await Promise.all([signedInAdmin(request, db, { role: 'admin', level: 'basic' }), signedInAdmin(request, db, { role: 'admin', level: 'basic' })]);

  const c = await createClient(request, owner);
  const archiveClient = await createClient(request, owner);
  const [goal, goalToComplete, goalToDelete] = [await createGoal(request, owner, c.id), await createGoal(request, owner, c.id), await createGoal(request, owner, c.id)];
  const [checkInId, checkInToDelete] = await insertCheckIns(db, [
    { coachId: owner.id, clientId: c.id, goalId: goal.id, status: 'scheduled', scheduledFor: new Date(Date.now() + 86_400_000) },
    { coachId: owner.id, clientId: c.id, goalId: goal.id, status: 'scheduled', scheduledFor: new Date(Date.now() + 2 * 86_400_000) },
  ]);
  const schedule = await request<{ _id: string }>('POST', '/ai-schedule/create', { token: owner.token, body: { clientId: archiveClient.id } });
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
  const secondLogin = await loginAs(request, owner.email, owner.password);

  const paymentMethod = await addLocalCard(request, owner.token);
  const defaultPaymentMethod = await addLocalCard(request, owner.token);
  const upgraded = await changePlan(request, owner.token, 'beta');
  expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
  expect(upgraded.body.transaction?.id).toBeTruthy();
  const exported = await request<{ export: { id: string } }>('POST', '/users/data/export', { token: owner.token });
  expect(exported.status, JSON.stringify(exported.body)).toBe(200);
  await waitForExport(request, owner.token, exported.body.export.id);

  return {
    owner,
    other,
    admin: adminUser,
    lowAdmin,
    clientId: c.id,
    archiveClientId: archiveClient.id,
    goalId: goal.id,
    goalToComplete: goalToComplete.id,
    goalToDelete: goalToDelete.id,
    checkInId: checkInId!,
    checkInToDelete: checkInToDelete!,
    scheduleToDelete: schedule.body._id,
    sessionToRevoke: sessionIdOf(secondLogin.accessToken),
    paymentMethodId: paymentMethod.id,
    defaultPaymentMethodId: defaultPaymentMethod.id,
    invoiceId: upgraded.body.transaction!.id,
    exportId: exported.body.export.id,
    adminToEdit: adminToEdit.id,
    adminToDelete: adminToDelete.id,
    throwaway: Object.fromEntries(throwawayNames.map((name, i) => [name, throwaways[i]!])),
  };
}

async function coachWithPassword(request: ApiRequest, outboxDir: string, password: string): Promise<Coach> {
  const account = await registerAndVerify(request, outboxDir, { password });
  const session = await loginAs(request, account.email, password);
  return { id: account.user.id, email: account.email, password, token: session.accessToken };
}

async function waitForExport(request: ApiRequest, token: string, id: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await request<{ exports: { id: string; status: string }[] }>('GET', '/users/data/exports', { token });
    if (res.body.exports.find((e) => e.id === id)?.status === 'ready') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`data export ${id} never became ready`);
}

export function tokenOf(world: World, who: Who, row: Row): string | undefined {
  switch (who) {
    case 'anonymous':
      return undefined;
    case 'owner':
      return row.ownerAs ? world.throwaway[row.ownerAs]!.token : world.owner.token;
    case 'otherCoach':
      return world.other.token;
    case 'admin':
      return world.admin.token;
    case 'lowAdmin':
      return world.lowAdmin.token;
  }
}

/** The Twilio webhook is form-encoded; everything else is JSON. */
export function send(request: ApiRequest, world: World, row: Row, token: string | undefined) {
  const url = row.url(world);
  if (row.route === 'webhooks/twilio') {
    return request('POST', url, { token, rawBody: 'From=%2B15550000000&To=%2B15005550006&Body=hello', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }
  if (row.route === 'webhooks/twilio/status') {
    return request('POST', url, { token, rawBody: 'MessageSid=SMmatrixunknown&MessageStatus=delivered&To=%2B15550000000', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }
  return request(row.method, url, { token, body: row.body?.(world), form: row.form?.() });
}
