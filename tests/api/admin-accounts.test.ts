import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminChangedAnswer, AdminList, AdminPasswordAnswer, AdminProfileAnswer, AdminProfileUpdateAnswer, AuditLogAnswer, ManagementAnswer } from '@/lib/schemas/admin';
import { VALIDATION } from '@/lib/constants';
import { client, uniqueEmail } from '../helpers/http';
import { GOOD_PASSWORD, openDb, type Db, type ErrorBody, type LoginBody } from './helpers-auth';
import { insertCoach, signedInAdmin, whenStable, type TestAdmin } from './admin-helpers';

/** Product §2.3 Admin user, New admin payload, Admin management response; §2.5 admin forms; §2.7. */
const request = client(inject('baseUrl'));
let db: Db;
let admin: TestAdmin;

const newAdmin = (overrides: Record<string, unknown> = {}) => ({
  username: 'opsadmin',
  email: uniqueEmail('newadmin'),
  firstName: 'Olive',
  lastName: 'Ops',
  password: 'Long-enough-42',
  role: 'admin',
  ...overrides,
});

beforeAll(async () => {
  db = openDb(inject('databaseUrl'));
  admin = await signedInAdmin(request, db);
});
afterAll(async () => {
  await db.end();
});

describe('POST /admin/users', () => {
  it('creates a verified admin (level full by default) who can sign in at the admin login', async () => {
    const payload = newAdmin();
    const res = await request<AdminChangedAnswer>('POST', '/admin/users', { token: admin.token, body: payload });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.admin).toMatchObject({ email: payload.email, username: 'opsadmin', firstName: 'Olive', lastName: 'Ops', name: 'Olive Ops', role: 'admin', adminLevel: 'full', lastLogin: null });
    expect(res.body.admin.adminPermissions).toContain('admin:full_access');
    const login = await request<LoginBody>('POST', '/admin/login', { body: { email: payload.email, password: payload.password } });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
    const [row] = await db<{ is_verified: boolean }[]>`select is_verified from users where id = ${res.body.admin.id}`;
    expect(row!.is_verified).toBe(true);
  });

  it('takes an admin level and a super_admin role', async () => {
    const res = await request<AdminChangedAnswer>('POST', '/admin/users', { token: admin.token, body: newAdmin({ role: 'super_admin' }) });
    expect(res.status).toBe(201);
    expect(res.body.admin.role).toBe('super_admin');
    const basic = await request<AdminChangedAnswer>('POST', '/admin/users', { token: admin.token, body: newAdmin({ adminLevel: 'basic' }) });
    expect(basic.body.admin).toMatchObject({ adminLevel: 'basic', adminPermissions: ['admin:view_analytics', 'admin:view_billing'] });
  });

  it('validates the payload with the form messages', async () => {
    const missing = await request<ErrorBody>('POST', '/admin/users', { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.details!.map((d) => d.field).sort()).toEqual(['email', 'firstName', 'lastName', 'password', 'role', 'username']);
    const short = await request<ErrorBody>('POST', '/admin/users', { token: admin.token, body: newAdmin({ password: 'short1!' }) });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters long');
    const role = await request<ErrorBody>('POST', '/admin/users', { token: admin.token, body: newAdmin({ role: 'coach' }) });
    expect(role.status).toBe(400);
    expect(role.body.message).toBe('Role must be admin or super_admin');
    const common = await request<ErrorBody>('POST', '/admin/users', { token: admin.token, body: newAdmin({ password: 'password123' }) });
    expect(common.status).toBe(400);
    // Meets every character rule, yet is among the first guesses of any cracker.
    const guessable = await request<ErrorBody>('POST', '/admin/users', { token: admin.token, body: newAdmin({ password: 'Password1!' }) });
    expect(guessable.status).toBe(400);
    expect(guessable.body.details).toEqual([{ field: 'password', message: guessable.body.message }]);
    expect(guessable.body.message.startsWith(VALIDATION.passwordTooWeak)).toBe(true);
    const taken = await request<ErrorBody>('POST', '/admin/users', { token: admin.token, body: newAdmin({ email: admin.email.toUpperCase() }) });
    expect(taken.status).toBe(409);
  });
});

describe('GET /users/admins', () => {
  it('answers an array of every admin with name, username, e-mail and last login', async () => {
    const created = await request<AdminChangedAnswer>('POST', '/admin/users', { token: admin.token, body: newAdmin() });
    const res = await request<AdminList>('GET', '/users/admins', { token: admin.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const me = res.body.find((a) => a.id === admin.id)!;
    expect(me).toMatchObject({ _id: admin.id, email: admin.email, role: 'super_admin' });
    expect(me.lastLogin).not.toBeNull();
    expect(res.body.find((a) => a.id === created.body.admin.id)!.lastLogin).toBeNull();
    const [count] = await db<{ n: number }[]>`select count(*)::int as n from users where role in ('admin', 'super_admin') and deleted_at is null`;
    expect(res.body.length).toBeLessThanOrEqual(count!.n);
    expect(res.body.every((a) => a.role === 'admin' || a.role === 'super_admin')).toBe(true);
  });
});

describe('PUT /admin/users/{id}', () => {
  it('edits another admin: names, e-mail, role and level', async () => {
    const created = await request<AdminChangedAnswer>('POST', '/admin/users', { token: admin.token, body: newAdmin() });
    const email = uniqueEmail('renamed');
    const res = await request<AdminChangedAnswer>('PUT', `/admin/users/${created.body.admin.id}`, {
      token: admin.token,
      body: { firstName: 'Renamed', email, adminLevel: 'intermediate', role: 'super_admin' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.admin).toMatchObject({ firstName: 'Renamed', email, adminLevel: 'intermediate', role: 'super_admin' });
  });

  it('refuses to change one’s own role or level, but takes one’s own names', async () => {
    const own = await request<ErrorBody>('PUT', `/admin/users/${admin.id}`, { token: admin.token, body: { adminLevel: 'basic' } });
    expect(own.status).toBe(400);
    expect(own.body.error).toBe('CANNOT_CHANGE_OWN_ACCESS');
    const names = await request<AdminChangedAnswer>('PUT', `/admin/users/${admin.id}`, { token: admin.token, body: { firstName: 'Self', adminLevel: 'full' } });
    expect(names.status).toBe(200);
    expect(names.body.admin.firstName).toBe('Self');
  });

  it('answers 404 for a coach or an unknown id, 400 for nothing to change', async () => {
    const coach = await insertCoach(db);
    expect((await request('PUT', `/admin/users/${coach.id}`, { token: admin.token, body: { firstName: 'X' } })).status).toBe(404);
    expect((await request('PUT', '/admin/users/not-a-uuid', { token: admin.token, body: { firstName: 'X' } })).status).toBe(400);
    expect((await request('PUT', `/admin/users/${admin.id}`, { token: admin.token, body: {} })).status).toBe(400);
  });
});

describe('DELETE /admin/users/{id}', () => {
  it('refuses to delete oneself', async () => {
    const res = await request<ErrorBody>('DELETE', `/admin/users/${admin.id}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'CANNOT_DELETE_SELF', message: 'You cannot delete your own admin account' });
    const [row] = await db<{ id: string }[]>`select id from users where id = ${admin.id}`;
    expect(row).toBeDefined();
  });

  it('deletes another admin, ends its sessions and keeps the audit trail of what it did', async () => {
    const payload = newAdmin();
    const created = await request<AdminChangedAnswer>('POST', '/admin/users', { token: admin.token, body: payload });
    const other = await request<LoginBody>('POST', '/admin/login', { body: { email: payload.email, password: payload.password } });
    // The doomed admin acts once, so it has an audit row of its own.
    const acted = await request('POST', '/admin/users', { token: other.body.accessToken, body: newAdmin() });
    expect(acted.status).toBe(201);

    const res = await request<{ success: boolean; message: string }>('DELETE', `/admin/users/${created.body.admin.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Admin deleted successfully');
    expect(await db`select id from users where id = ${created.body.admin.id}`).toHaveLength(0);
    expect((await request('GET', '/admin/profile', { token: other.body.accessToken })).status).toBe(401);
    const kept = await db<{ details: string; user_id: string | null }[]>`
      select details, user_id from security_log where type = 'admin_action' and details like ${`%(by ${payload.email}, account since deleted)`}`;
    expect(kept).toHaveLength(1);
    expect(kept[0]!.user_id).toBeNull();
    expect((await request('DELETE', `/admin/users/${created.body.admin.id}`, { token: admin.token })).status).toBe(404);
  });

  it('does not delete coaches', async () => {
    const coach = await insertCoach(db);
    expect((await request('DELETE', `/admin/users/${coach.id}`, { token: admin.token })).status).toBe(404);
    expect(await db`select id from users where id = ${coach.id}`).toHaveLength(1);
  });
});

describe('GET /admin/management', () => {
  it('answers admins, system statistics and recent activity equal to the database', async () => {
    const coach = await insertCoach(db, { firstName: 'Newest', lastName: 'Coach', createdAt: new Date(Date.now() + 60_000) });
    await db`insert into clients (coach_id, first_name, last_name, created_at) values (${coach.id}, 'Newest', 'Client', now() + interval '1 minute')`;
    const fromSql = async () => {
      const [stats] = await db<Record<string, number>[]>`
        select (select count(*)::int from users where role = 'coach' and deleted_at is null) as "totalUsers",
               (select count(*)::int from users where role in ('admin', 'super_admin') and deleted_at is null) as "totalAdmins",
               (select count(*)::int from clients) as "totalClients",
               (select count(*)::int from goals) as "totalGoals",
               (select count(*)::int from check_ins where sent_at is not null) as "totalCheckIns"`;
      const users = await db<{ id: string }[]>`select id from users where role = 'coach' and deleted_at is null order by created_at desc, id limit 5`;
      const clients = await db<{ id: string }[]>`select id from clients order by created_at desc, id limit 5`;
      return { stats: stats!, users: users.map((u) => u.id), clients: clients.map((c) => c.id) };
    };
    await whenStable(
      fromSql,
      () => request<ManagementAnswer>('GET', '/admin/management', { token: admin.token }),
      (res, e) => {
        expect(res.status).toBe(200);
        expect(res.body.systemStats).toEqual(e.stats);
        expect(res.body.recentActivity.latestUsers.map((u) => u._id)).toEqual(e.users);
        expect(res.body.recentActivity.latestClients.map((c) => c._id)).toEqual(e.clients);
        expect(res.body.admins.some((a) => a.id === admin.id)).toBe(true);
      },
    );
    const res = await request<ManagementAnswer>('GET', '/admin/management', { token: admin.token });
    expect(res.body.recentActivity.latestUsers[0]).toMatchObject({ _id: coach.id, name: 'Newest Coach', email: coach.email });
    expect(res.body.recentActivity.latestClients[0]).toMatchObject({ name: 'Newest Client', coach: { username: coach.username } });
  });
});

describe('GET /admin/audit-log', () => {
  it('lists admin actions newest first with the acting admin', async () => {
    const payload = newAdmin();
    await request('POST', '/admin/users', { token: admin.token, body: payload });
    const res = await request<AuditLogAnswer>('GET', '/admin/audit-log?limit=200', {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const entry = res.body.entries.find((e) => e.details.includes(payload.email));
    expect(entry).toMatchObject({ type: 'admin_action', details: `Created admin account ${payload.email} (level full)`, admin: { email: admin.email } });
    expect(res.body.pagination.total).toBeGreaterThanOrEqual(res.body.entries.length);
  });
});

describe('admin profile and password', () => {
  it('answers the profile with level and permission table', async () => {
    const res = await request<AdminProfileAnswer>(
      'GET',
      '/admin/profile',
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.adminLevel).toBe('full');
    expect(res.body.adminLevelDescription).toBe('Complete administrative access with all system permissions and full control over the platform');
    expect(res.body.permissions).toHaveLength(10);
    expect(res.body.permissions.every((p) => p.granted && p.description)).toBe(true);
  });

  it('updates username, names and phone; requires the four fields', async () => {
    const own = await signedInAdmin(request, db);
    const res = await request<AdminProfileUpdateAnswer>('PUT', '/admin/profile', {
      token: own.token,
      body: { username: 'ops-lead', email: own.email, firstName: 'Ola', lastName: 'Lead', phone: '+1 (555) 010-2030' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully!');
    expect(res.body.user).toMatchObject({ username: 'ops-lead', firstName: 'Ola', phone: '+15550102030' });
    const missing = await request<ErrorBody>('PUT', '/admin/profile', { token: own.token, body: { username: '', email: own.email, firstName: '', lastName: 'Lead' } });
    expect(missing.status).toBe(400);
    expect(missing.body.details!.map((d) => d.field).sort()).toEqual(['firstName', 'username']);
    const noPassword = await request<ErrorBody>('PUT', '/admin/profile', { token: own.token, body: { username: 'ops', email: uniqueEmail('moved'), firstName: 'Ola', lastName: 'Lead' } });
    expect(noPassword.status).toBe(400);
  });

  it('changes the password: current needed, at least 8 characters', async () => {
    const own = await signedInAdmin(request, db);
    const wrong = await request<ErrorBody>('PUT', '/admin/password', { token: own.token, body: { currentPassword: 'nope', newPassword: 'Another-pass-77' } });
    expect(wrong.status).toBe(400);
    const guessable = await request<ErrorBody>('PUT', '/admin/password', { token: own.token, body: { currentPassword: GOOD_PASSWORD, newPassword: 'Password1!' } });
    expect(guessable.status).toBe(400);
    expect(guessable.body.details).toEqual([{ field: 'newPassword', message: guessable.body.message }]);
    const short = await request<ErrorBody>('PUT', '/admin/password', { token: own.token, body: { currentPassword: GOOD_PASSWORD, newPassword: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters long');
    const ok = await request<AdminPasswordAnswer>('PUT', '/admin/password', { token: own.token, body: { currentPassword: GOOD_PASSWORD, newPassword: 'Another-pass-77' } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password changed successfully!');
    expect((await request('POST', '/admin/login', { body: { email: own.email, password: 'Another-pass-77' } })).status).toBe(200);
  });
});
