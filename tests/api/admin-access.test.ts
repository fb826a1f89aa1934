import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminProfileAnswer } from '@/lib/schemas/admin';
import { ADMIN_LEVEL_PERMISSIONS, ADMIN_PERMISSIONS } from '@/lib/admin-permissions';
import { client, uniqueEmail } from '../helpers/http';
import { openDb, type Db, type ErrorBody } from './helpers-auth';
import { signedInAdmin, signedInCoach } from './admin-helpers';

/**
 * Product §2.6-§2.7: every admin endpoint needs role admin or super_admin (anonymous 401, coach 403)
 * and the permission of the admin's level (decision 0029).
 */
const request = client(inject('baseUrl'));
let db: Db;

interface Endpoint {
  method: string;
  path: string;
  body?: unknown;
  permission: string | null;
}

const someId = randomUUID();
const RANGE = '?startDate=2021-01-01&endDate=2021-01-31';
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: `/admin/usage/stats${RANGE}`, permission: 'admin:view_analytics' },
  { method: 'GET', path: `/admin/usage/trends${RANGE}`, permission: 'admin:view_analytics' },
  { method: 'GET', path: `/admin/usage/breakdown${RANGE}`, permission: 'admin:view_analytics' },
  { method: 'GET', path: `/admin/usage/errors${RANGE}`, permission: 'admin:view_analytics' },
  { method: 'GET', path: '/admin/platform/stats', permission: 'admin:view_analytics' },
  { method: 'GET', path: `/admin/users/top${RANGE}`, permission: 'admin:view_analytics' },
  { method: 'GET', path: '/users/admins', permission: 'admin:manage_users' },
  { method: 'GET', path: '/admin/management', permission: 'admin:manage_users' },
  { method: 'GET', path: '/admin/audit-log', permission: 'admin:manage_users' },
  {
    method: 'POST',
    path: '/admin/users',
    body: { username: 'nobody', email: 'nobody@example.com', firstName: 'No', lastName: 'Body', password: 'Long-enough-1', role: 'admin' },
    permission: 'admin:full_access',
  },
  { method: 'PUT', path: `/admin/users/${someId}`, body: { firstName: 'X' }, permission: 'admin:full_access' },
  { method: 'DELETE', path: `/admin/users/${someId}`, permission: 'admin:full_access' },
  { method: 'GET', path: `/admin/revenue/stats${RANGE}`, permission: 'admin:view_billing' },
  { method: 'GET', path: `/admin/revenue/analytics${RANGE}`, permission: 'admin:view_billing' },
  { method: 'GET', path: '/admin/billing/transactions?limit=50', permission: 'admin:view_billing' },
  { method: 'GET', path: '/admin/billing/subscribers', permission: 'admin:view_billing' },
  { method: 'POST', path: `/admin/billing/refund/${someId}`, body: { reason: 'test' }, permission: 'admin:manage_billing' },
  { method: 'PUT', path: `/admin/users/${someId}/plan`, body: { plan: 'basic' }, permission: 'admin:manage_billing' },
  { method: 'GET', path: '/admin/profile', permission: null },
  { method: 'PUT', path: '/admin/profile', body: { username: 'x', email: 'x@example.com', firstName: 'x', lastName: 'x' }, permission: null },
  { method: 'PUT', path: '/admin/password', body: { currentPassword: 'x', newPassword: 'y' }, permission: null },
];

const call = (e: Endpoint, token?: string) => request<ErrorBody>(e.method, e.path, { token, body: e.body });

beforeAll(() => {
  db = openDb(inject('databaseUrl'));
});
afterAll(async () => {
  await db.end();
});

describe('admin endpoints without an admin', () => {
  it('answer 401 to an anonymous caller', async () => {
    for (const e of ENDPOINTS) {
      const res = await call(e);
      expect(res.status, `${e.method} ${e.path}`).toBe(401);
    }
  });

  it('answer 403 with the spec text to a signed-in coach', async () => {
    const coach = await signedInCoach(request, inject('outboxDir'));
    for (const e of ENDPOINTS) {
      const res = await call(e, coach.token);
      expect(res.status, `${e.method} ${e.path}`).toBe(403);
      expect(res.body.message).toBe('Access denied. Admin privileges required.');
    }
  });
});

describe('admin login', () => {
  it('gives an admin a session and refuses a coach with the spec text', async () => {
    const admin = await signedInAdmin(request, db);
    expect(admin.user).toMatchObject({ role: 'super_admin', email: admin.email, adminLevel: 'full' });
    const coach = await signedInCoach(request, inject('outboxDir'));
    const refused = await request<ErrorBody & { token?: string }>('POST', '/admin/login', { body: { email: coach.email, password: 'Cadence!Tr41l-Maple' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Access denied. Admin privileges required.');
    expect(refused.body.token).toBeUndefined();
    expect(refused.headers.getSetCookie()).toEqual([]);
    const wrong = await request<ErrorBody>('POST', '/admin/login', { body: { email: admin.email, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    const missing = await request<ErrorBody>('POST', '/admin/login', { body: { email: '', password: '' } });
    expect(missing.status).toBe(400);
    const events = await db<{ type: string; success: boolean }[]>`select type, success from security_log where user_id = ${admin.id} order by created_at`;
    expect(events).toContainEqual({ type: 'admin_login', success: true });
  });
});

describe('permission levels', () => {
  const levelCases: [string, { role: 'admin' | 'super_admin'; level: 'basic' | 'intermediate' | 'full' | null }, readonly string[]][] = [
    ['basic', { role: 'admin', level: 'basic' }, ADMIN_LEVEL_PERMISSIONS.basic],
    ['intermediate', { role: 'admin', level: 'intermediate' }, ADMIN_LEVEL_PERMISSIONS.intermediate],
    ['role admin without a level (treated as full)', { role: 'admin', level: null }, ADMIN_PERMISSIONS],
  ];

  for (const [name, account, granted] of levelCases) {
    it(`${name}: reaches exactly the endpoints its permissions allow`, async () => {
      const admin = await signedInAdmin(request, db, account);
      for (const e of ENDPOINTS) {
        // Mutations with an allowed permission would change data: those are covered by the other files.
        if (e.method !== 'GET' && (e.permission === null || granted.includes(e.permission))) continue;
        const res = await call(e, admin.token);
        const allowed = e.permission === null || granted.includes(e.permission);
        if (allowed) expect(res.status, `${e.method} ${e.path}`).toBe(200);
        else {
          expect(res.status, `${e.method} ${e.path}`).toBe(403);
          expect(res.body.error).toBe('INSUFFICIENT_PERMISSION');
        }
      }
      const profile = await request<AdminProfileAnswer>('GET', '/admin/profile', { token: admin.token });
      expect(profile.body.adminLevel).toBe(account.level ?? 'full');
      expect(profile.body.permissions.filter((p) => p.granted).map((p) => p.permission)).toEqual(ADMIN_PERMISSIONS.filter((p) => granted.includes(p)));
    });
  }

  it('a super admin is full whatever its stored level', async () => {
    const admin = await signedInAdmin(request, db, { role: 'super_admin', level: 'basic' });
    const res = await request('GET', '/admin/management', { token: admin.token });
    expect(res.status).toBe(200);
  });

  it('only a super admin creates a super admin', async () => {
    const admin = await signedInAdmin(request, db, { role: 'admin', level: 'full' });
    const payload = { username: 'second', email: uniqueEmail('super'), firstName: 'Sec', lastName: 'Ond', password: 'Long-enough-9', role: 'super_admin' };
    const refused = await request<ErrorBody>('POST', '/admin/users', { token: admin.token, body: payload });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('SUPER_ADMIN_ONLY');
    const plain = await request('POST', '/admin/users', { token: admin.token, body: { ...payload, role: 'admin' } });
    expect(plain.status).toBe(201);
  });
});
