import { afterAll, describe, expect, inject, it } from 'vitest';
import { VALIDATION } from '@/lib/constants';
import { client, latestLinkToken, readEmails, uniqueEmail } from '../helpers/http';
import { GOOD_PASSWORD, openDb, registerPayload, registerUser, securityEvents, type ErrorBody, type PublicUser } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

async function registerExpecting400(overrides: Record<string, unknown>) {
  const res = await request<ErrorBody>('POST', '/users/register', { body: registerPayload(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toBe('VALIDATION_ERROR');
  return res.body;
}

describe('POST /users/register', () => {
  it('creates an unverified coach (201) and mails a verification link', async () => {
    const payload = registerPayload();
    const res = await request<{ success: boolean; message: string; user: PublicUser }>('POST', '/users/register', { body: payload });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toMatch(/verify/i);
    expect(res.body.user).toMatchObject({ email: payload.email, firstName: 'Ada', lastName: 'Lovelace', role: 'coach', isVerified: false });
    expect(res.body.user.id).toBe(res.body.user._id);
    expect(res.body).not.toHaveProperty('user.passwordHash');
    expect(JSON.stringify(res.body)).not.toContain(GOOD_PASSWORD);

    const mails = readEmails(outboxDir).filter((m) => m.to === payload.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\/verify-email\/[A-Za-z0-9_-]{20,}/);
    expect(latestLinkToken(outboxDir, String(payload.email), 'verify-email')).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const events = await securityEvents(db, res.body.user.id);
    expect(events.map((e) => e.type)).toEqual(['register']);
  });

  it('stores the address lower-cased and trimmed', async () => {
    const email = uniqueEmail();
    const res = await request<{ user: PublicUser }>('POST', '/users/register', { body: registerPayload({ email: `  ${email.toUpperCase()} ` }) });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(email);
  });

  it.each([
    ['firstName', VALIDATION.firstNameRequired],
    ['lastName', VALIDATION.lastNameRequired],
    ['email', VALIDATION.emailRequired],
    ['phone', VALIDATION.phoneRequired],
    ['password', VALIDATION.passwordRequired],
  ])('requires %s', async (field, message) => {
    const body = await registerExpecting400({ [field]: undefined });
    expect(body.details).toContainEqual({ field, message });
    expect(body.message).toBe(message);
  });

  it.each([
    ['firstName', VALIDATION.firstNameRequired],
    ['lastName', VALIDATION.lastNameRequired],
    ['email', VALIDATION.emailRequired],
    ['phone', VALIDATION.phoneRequired],
    ['password', VALIDATION.passwordRequired],
  ])('treats an empty %s as missing', async (field, message) => {
    const body = await registerExpecting400({ [field]: '' });
    // A missing value is one error, not every rule after it failing too.
    expect(body.details).toEqual([{ field, message }]);
  });

  it('refuses a blank first name made of spaces', async () => {
    const body = await registerExpecting400({ firstName: '   ' });
    expect(body.details).toContainEqual({ field: 'firstName', message: VALIDATION.firstNameRequired });
  });

  it('names every missing field at once', async () => {
    const res = await request<ErrorBody>('POST', '/users/register', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field).sort()).toEqual(['email', 'firstName', 'lastName', 'password', 'phone']);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const body = await registerExpecting400({ password: 'Ab1!xyz' });
    expect(body.details).toContainEqual({ field: 'password', message: VALIDATION.passwordTooShort });
  });

  it('names every rule a password breaks, the length first', async () => {
    const body = await registerExpecting400({ password: 'short' });
    expect(body.details?.filter((d) => d.field === 'password').map((d) => d.message)).toEqual([VALIDATION.passwordTooShort, VALIDATION.passwordNeedsSpecial]);
  });

  it('accepts a password of exactly 8 characters with a special character', async () => {
    await registerUser(request, { password: 'Qz7!kLmw' });
  });

  it('refuses a password without a special character', async () => {
    const body = await registerExpecting400({ password: 'Abcdefgh12345' });
    expect(body.details).toEqual([{ field: 'password', message: VALIDATION.passwordNeedsSpecial }]);
  });

  it('refuses a phone number with fewer than 7 digits', async () => {
    const body = await registerExpecting400({ phone: '+1 23456' });
    expect(body.details).toEqual([{ field: 'phone', message: VALIDATION.invalidPhone }]);
  });

  it('accepts a phone number of exactly 7 digits', async () => {
    await registerUser(request, { phone: '5550123' });
  });

  it('refuses a phone number with letters', async () => {
    const body = await registerExpecting400({ phone: '555-CALL-NOW' });
    expect(body.details).toEqual([{ field: 'phone', message: VALIDATION.invalidPhone }]);
  });

  it('refuses a malformed email address', async () => {
    const body = await registerExpecting400({ email: 'not-an-address' });
    expect(body.details).toEqual([{ field: 'email', message: VALIDATION.invalidEmailDot }]);
  });

  it.each(['Password1!', 'password!', 'P@ssw0rd!', 'Summer2024!', 'sasha_007'])('refuses %j, which meets the character rules but is easy to guess, with the estimator\'s advice', async (password) => {
    const email = uniqueEmail();
    const res = await request<ErrorBody>('POST', '/users/register', { body: registerPayload({ email, password }) });
    expect(res.status, password).toBe(400);
    expect(res.body.message.startsWith(`${VALIDATION.passwordTooWeak} `)).toBe(true);
    expect(res.body.details).toEqual([{ field: 'password', message: res.body.message }]);
    const [row] = await db`select count(*)::int as n from users where email = ${email}`;
    expect(row!.n).toBe(0);
  });

  it('names the commonly used password in its advice', async () => {
    const res = await request<ErrorBody>('POST', '/users/register', { body: registerPayload({ password: 'Password1!' }) });
    expect(res.body.message).toBe(`${VALIDATION.passwordTooWeak} This is similar to a commonly used password. Add more words that are less common.`);
  });

  it("refuses a password built from the user's own name, which is fine for someone else", async () => {
    const mine = await request<ErrorBody>('POST', '/users/register', { body: registerPayload({ lastName: 'Zaberski', password: 'Zaberski!2026' }) });
    expect(mine.status).toBe(400);
    expect(mine.body.details?.[0]?.field).toBe('password');
    expect(mine.body.message).toContain('personal');
    expect((await request('POST', '/users/register', { body: registerPayload({ lastName: 'Lovelace', password: 'Zaberski!2026' }) })).status).toBe(201);
  });


  it('refuses a second account for the same address, case-insensitively (409)', async () => {
    const { email } = await registerUser(request);
    const before = readEmails(outboxDir).filter((m) => m.to === email).length;
    const res = await request<ErrorBody>('POST', '/users/register', { body: registerPayload({ email: email.toUpperCase(), firstName: 'Other' }) });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('CONFLICT');
    expect(res.body.details?.[0]?.field).toBe('email');
    expect(readEmails(outboxDir).filter((m) => m.to === email)).toHaveLength(before);
    const [row] = await db`select count(*)::int as n from users where lower(email) = ${email}`;
    expect(row!.n).toBe(1);
  });

  it('answers 400 INVALID_JSON for a malformed body', async () => {
    const res = await request<ErrorBody>('POST', '/users/register', { rawBody: '{"email": "a@b.co",' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_JSON');
    expect(res.body.message).toEqual(expect.any(String));
  });

  it.each([['[]'], ['"text"'], ['42'], ['null'], ['true']])('answers 400 for the non-object body %s', async (rawBody) => {
    const res = await request<ErrorBody>('POST', '/users/register', { rawBody });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('refuses wrongly typed fields with 400, not 500', async () => {
    const body = await registerExpecting400({ firstName: 42, phone: ['555'] });
    expect(body.details?.map((d) => d.field).sort()).toEqual(['firstName', 'phone']);
  });

  it('ignores a role sent by the client', async () => {
    const { user } = await registerUser(request, { role: 'admin' });
    expect(user.role).toBe('coach');
  });
});
