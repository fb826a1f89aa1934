import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES, SETTINGS_TOASTS, SETTINGS_VALIDATION, VALIDATION } from '@/lib/constants';
import { client } from '../helpers/http';
import { loginAs, openDb, registerAndVerify, securityEvents, signedInUser, type ErrorBody } from './helpers-auth';
import type { PasswordChangeResponse } from '@/lib/schemas/account';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

/** Meets the change-password rule: only letters, digits and @$!%*?&, each class present. */
const NEW_PASSWORD = 'Fresh!Maple42x';

type ChangeBody = PasswordChangeResponse & ErrorBody;

const changePassword = (token: string, body: Record<string, unknown>) => request<ChangeBody>('PUT', '/users/password', { token, body });
const loginStatus = async (email: string, password: string) => (await request('POST', '/users/login', { body: { email, password } })).status;

describe('PUT /users/password validation (product §1.5)', () => {
  it.each([{}, { currentPassword: '' }, { currentPassword: null }])('answers "Current password is required" for %j', async (current) => {
    const me = await signedInUser(request, outboxDir);
    const res = await changePassword(me.accessToken, { ...current, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.currentPasswordRequired);
    expect(res.body.details).toEqual([{ field: 'currentPassword', message: SETTINGS_VALIDATION.currentPasswordRequired }]);
  });

  it.each([{}, { newPassword: '' }])('answers "New password is required" for %j', async (next) => {
    const me = await signedInUser(request, outboxDir);
    const res = await changePassword(me.accessToken, { currentPassword: me.password, ...next });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.newPasswordRequired);
    expect(res.body.details).toEqual([{ field: 'newPassword', message: SETTINGS_VALIDATION.newPasswordRequired }]);
  });

  it.each([
    ['Abcdefg1', 'no special character'],
    ['Abcdef1!#', 'a character outside the allowed classes'],
    ['abc', 'too short'],
    ['Ab1!', 'too short though every class is there'],
    ['abcdefg1!', 'no uppercase'],
    ['ABCDEFG1!', 'no lowercase'],
    ['Abcdefgh!', 'no digit'],
    ['Abcd efg1!', 'a space'],
  ])('refuses %j (%s) with the password-rules message', async (newPassword) => {
    const me = await signedInUser(request, outboxDir);
    const res = await changePassword(me.accessToken, { currentPassword: me.password, newPassword });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.passwordRules);
    expect(res.body.details).toEqual([{ field: 'newPassword', message: SETTINGS_VALIDATION.passwordRules }]);
    expect(await loginStatus(me.email, me.password)).toBe(200);
  });

  it.each(['Password1!', 'Welcome2024!', 'Qwerty123!'])('refuses %j, which meets the change rules but is easy to guess', async (newPassword) => {
    const me = await signedInUser(request, outboxDir);
    const res = await changePassword(me.accessToken, { currentPassword: me.password, newPassword });
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith(`${VALIDATION.passwordTooWeak} `)).toBe(true);
    expect(res.body.details).toEqual([{ field: 'newPassword', message: res.body.message }]);
    expect(await loginStatus(me.email, me.password)).toBe(200);
  });

  it('answers 400 on field currentPassword "Current password is incorrect" for a wrong current password', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await changePassword(me.accessToken, { currentPassword: 'Not!MyPassw0rd', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.currentPasswordIncorrect);
    expect(res.body.details).toEqual([{ field: 'currentPassword', message: SETTINGS_VALIDATION.currentPasswordIncorrect }]);
    expect(await loginStatus(me.email, me.password)).toBe(200);
    expect(await loginStatus(me.email, NEW_PASSWORD)).toBe(401);
    expect((await securityEvents(db, me.user.id)).map((e) => e.type)).not.toContain('password_changed');
  });

  it('refuses the current password as the new one', async () => {
    const me = await registerAndVerify(request, outboxDir, { password: NEW_PASSWORD });
    const { accessToken } = await loginAs(request, me.email, me.password);
    const res = await changePassword(accessToken, { currentPassword: NEW_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual(['newPassword']);
  });

  it('needs an access token', async () => {
    const res = await request('PUT', '/users/password', { body: { currentPassword: 'x', newPassword: NEW_PASSWORD } });
    expect(res.status).toBe(401);
  });
});

describe('PUT /users/password success', () => {
  it('answers the count of other sessions, and the new password signs in while the old fails', async () => {
    const me = await signedInUser(request, outboxDir);
    await loginAs(request, me.email, me.password);
    await loginAs(request, me.email, me.password);
    const listed = await request<{ sessions: { id: string }[] }>('GET', '/sessions', { token: me.accessToken });
    expect(listed.body.sessions.length).toBeGreaterThanOrEqual(3);

    const res = await changePassword(me.accessToken, { currentPassword: me.password, newPassword: NEW_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: SETTINGS_TOASTS.passwordUpdated });
    expect(res.body.otherSessions).toBe(listed.body.sessions.length - 1);

    expect(await loginStatus(me.email, NEW_PASSWORD)).toBe(200);
    const old = await request<ErrorBody>('POST', '/users/login', { body: { email: me.email, password: me.password } });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(MESSAGES.loginFailed);
    // The session that made the change goes on.
    expect((await request('GET', '/users/profile', { token: me.accessToken })).status).toBe(200);
  });

  it('writes a password_changed row to the security log', async () => {
    const me = await signedInUser(request, outboxDir);
    const ip = '10.201.7.9';
    const res = await request('PUT', '/users/password', { token: me.accessToken, ip, body: { currentPassword: me.password, newPassword: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    const rows = (await securityEvents(db, me.user.id)).filter((e) => e.type === 'password_changed');
    expect(rows).toEqual([{ type: 'password_changed', success: true, ip }]);
  });

  it('stores a fresh argon2id hash, never the password', async () => {
    const me = await signedInUser(request, outboxDir);
    const [before] = await db<{ password_hash: string }[]>`select password_hash from users where id = ${me.user.id}`;
    expect((await changePassword(me.accessToken, { currentPassword: me.password, newPassword: NEW_PASSWORD })).status).toBe(200);
    const [after] = await db<{ password_hash: string }[]>`select password_hash from users where id = ${me.user.id}`;
    expect(after!.password_hash).toMatch(/^\$argon2id\$/);
    expect(after!.password_hash).not.toBe(before!.password_hash);
    expect(after!.password_hash).not.toContain(NEW_PASSWORD);
  });
});
