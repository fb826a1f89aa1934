import { SignJWT } from 'jose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { codeFor } from '@/server/auth/totp';
import { client } from '../helpers/http';
import { TEST_JWT_SECRET } from '../helpers/stack';
import { loginAs, openDb, securityEvents, setCookies, signAccessToken, signedInUser, type ErrorBody, type LoginBody } from './helpers-auth';
import type { TwoFactorSetupResponse } from '@/lib/schemas/account';
import type { LoginResponse, TwoFactorRequiredBody } from '@/lib/schemas/auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type SetupBody = TwoFactorSetupResponse;

/** A login answer: the 2FA challenge, or (when a test expects it) the tokens. */
type ChallengeBody = TwoFactorRequiredBody & Partial<LoginResponse>;

const STEP_MS = 30_000;

/** A signed-in user with two-factor on; the enrolment spent the TOTP code of the current step. */
async function userWithTwoFactor() {
  const me = await signedInUser(request, outboxDir);
  const setup = await request<SetupBody>('POST', '/users/2fa/setup', { token: me.accessToken });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const enabled = await request<{ recoveryCodes: string[] }>('POST', '/users/2fa/enable', { token: me.accessToken, body: { code: codeFor(setup.body.secret) } });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { ...me, secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

async function challenge(email: string, password: string): Promise<ChallengeBody> {
  const res = await request<ChallengeBody>('POST', '/users/login', { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  return res.body;
}

const secondStep = (twoFactorToken: string, code: string) => request<LoginBody & ErrorBody>('POST', '/users/login/2fa', { body: { twoFactorToken, code } });

/** A code of the next 30-second step: valid now (±1 step drift), and not yet spent by the enrolment. */
const nextStepCode = (secret: string) => codeFor(secret, Date.now() + STEP_MS);

describe('two-factor set-up', () => {
  it('answers secret, otpauthUrl and a PNG QR code data URL', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<SetupBody>('POST', '/users/2fa/setup', { token: me.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(res.body.otpauthUrl).searchParams.get('secret')).toBe(res.body.secret);
    expect(res.body.otpauthUrl).toContain(encodeURIComponent(me.email));
    expect(res.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    // Not on until a code confirms it.
    const profile = await request<{ user: { twoFactorEnabled: boolean } }>('GET', '/users/profile', { token: me.accessToken });
    expect(profile.body.user.twoFactorEnabled).toBe(false);
    expect((await request('POST', '/users/login', { body: { email: me.email, password: me.password } })).status).toBe(200);
  });

  it('refuses a wrong code on enable with 400 on field code', async () => {
    const me = await signedInUser(request, outboxDir);
    const setup = await request<SetupBody>('POST', '/users/2fa/setup', { token: me.accessToken });
    const right = codeFor(setup.body.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, 'abcdef', '']) {
      const res = await request<ErrorBody>('POST', '/users/2fa/enable', { token: me.accessToken, body: { code } });
      expect(res.status, code).toBe(400);
      expect(res.body.details?.map((d) => d.field), code).toEqual(['code']);
    }
    const profile = await request<{ user: { twoFactorEnabled: boolean } }>('GET', '/users/profile', { token: me.accessToken });
    expect(profile.body.user.twoFactorEnabled).toBe(false);
  });

  it('turns on with the current code and answers 10 recovery codes', async () => {
    const me = await signedInUser(request, outboxDir);
    const setup = await request<SetupBody>('POST', '/users/2fa/setup', { token: me.accessToken });
    const res = await request<{ success: boolean; recoveryCodes: string[] }>('POST', '/users/2fa/enable', { token: me.accessToken, body: { code: codeFor(setup.body.secret) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(new Set(res.body.recoveryCodes).size).toBe(10);
    for (const code of res.body.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
    const profile = await request<{ user: { twoFactorEnabled: boolean } }>('GET', '/users/profile', { token: me.accessToken });
    expect(profile.body.user.twoFactorEnabled).toBe(true);
    expect((await securityEvents(db, me.user.id)).map((e) => e.type)).toContain('two_factor_enabled');
    // Enrolling twice is refused.
    expect((await request('POST', '/users/2fa/setup', { token: me.accessToken })).status).toBe(409);
  });

  it('never exposes the secret or the recovery codes in the profile', async () => {
    const me = await userWithTwoFactor();
    const res = await request('GET', '/users/profile', { token: me.accessToken });
    const json = JSON.stringify(res.body);
    expect(json).not.toContain(me.secret);
    for (const code of me.recoveryCodes) expect(json).not.toContain(code);
    expect(json).not.toMatch(/twoFactorSecret|recoveryCodes|twoFactorLastStep/);
    // Stored sealed, not in the clear.
    const [row] = await db<{ two_factor_secret: string; codes: string[] }[]>`
      select two_factor_secret, two_factor_recovery_codes as codes from users where id = ${me.user.id}`;
    expect(row!.two_factor_secret).not.toContain(me.secret);
    expect(row!.codes).toHaveLength(10);
    for (const code of me.recoveryCodes) expect(row!.codes.join()).not.toContain(code);
  });
});

describe('two-factor sign-in', () => {
  it('answers 403 TWO_FACTOR_REQUIRED with a twoFactorToken and no tokens or cookies', async () => {
    const me = await userWithTwoFactor();
    const res = await request<ChallengeBody>('POST', '/users/login', { body: { email: me.email, password: me.password } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'TWO_FACTOR_REQUIRED', actionRequired: 'two_factor', twoFactorToken: expect.any(String) });
    expect(res.body.token).toBeUndefined();
    expect(res.body.accessToken).toBeUndefined();
    expect(res.body.refreshToken).toBeUndefined();
    expect(setCookies(res.headers)).toEqual({});
  });

  it('still answers 401 for a wrong password, without a challenge', async () => {
    const me = await userWithTwoFactor();
    const res = await request<ChallengeBody>('POST', '/users/login', { body: { email: me.email, password: 'Wrong!Passw0rd' } });
    expect(res.status).toBe(401);
    expect(res.body.twoFactorToken).toBeUndefined();
  });

  it('refuses a wrong code with 400', async () => {
    const me = await userWithTwoFactor();
    const { twoFactorToken } = await challenge(me.email, me.password);
    const right = nextStepCode(me.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const res = await secondStep(twoFactorToken, wrong);
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual(['code']);
    expect(res.body.accessToken).toBeUndefined();
    const failures = (await securityEvents(db, me.user.id)).filter((e) => e.type === 'login_failed');
    expect(failures).toEqual([expect.objectContaining({ success: false })]);
  });

  it('refuses every code, even a right one, after 5 attempts in the window (429)', async () => {
    const me = await userWithTwoFactor();
    const { twoFactorToken } = await challenge(me.email, me.password);
    for (let i = 0; i < 5; i += 1) expect((await secondStep(twoFactorToken, '000000')).status).toBe(400);
    const limited = await secondStep(twoFactorToken, me.recoveryCodes[0]!);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('signs in with a right code, and refuses the same code replayed', async () => {
    const me = await userWithTwoFactor();
    const { twoFactorToken } = await challenge(me.email, me.password);
    const code = nextStepCode(me.secret);
    const res = await secondStep(twoFactorToken, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.id).toBe(me.user.id);
    expect(res.body.token).toBe(res.body.accessToken);
    expect(res.body.refreshToken).toEqual(expect.any(String));
    expect(setCookies(res.headers).cadence_at?.value).toBe(res.body.accessToken);
    expect((await request('GET', '/users/profile', { token: res.body.accessToken })).status).toBe(200);

    const again = await challenge(me.email, me.password);
    const replay = await secondStep(again.twoFactorToken, code);
    expect(replay.status).toBe(400);
    expect(replay.body.accessToken).toBeUndefined();
    // The enrolment's code (an earlier step) is no good either.
    expect((await secondStep(again.twoFactorToken, codeFor(me.secret))).status).toBe(400);
  });

  it('accepts a recovery code once and not twice', async () => {
    const me = await userWithTwoFactor();
    const recovery = me.recoveryCodes[3]!;
    const first = await secondStep((await challenge(me.email, me.password)).twoFactorToken, recovery.toUpperCase());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await request('GET', '/users/profile', { token: first.body.accessToken })).status).toBe(200);

    const second = await secondStep((await challenge(me.email, me.password)).twoFactorToken, recovery);
    expect(second.status).toBe(400);
    const [row] = await db<{ codes: string[] }[]>`select two_factor_recovery_codes as codes from users where id = ${me.user.id}`;
    expect(row!.codes).toHaveLength(9);
    // Another recovery code still works.
    expect((await secondStep((await challenge(me.email, me.password)).twoFactorToken, me.recoveryCodes[4]!)).status).toBe(200);
  });

  it('spends the ticket: once a code was accepted, the same twoFactorToken answers 401 even with another valid code', async () => {
    const me = await userWithTwoFactor();
    const { twoFactorToken } = await challenge(me.email, me.password);
    const unused = await challenge(me.email, me.password);
    expect((await secondStep(twoFactorToken, nextStepCode(me.secret))).status).toBe(200);
    for (const ticket of [twoFactorToken, unused.twoFactorToken]) {
      const reused = await secondStep(ticket, me.recoveryCodes[0]!);
      expect(reused.status, JSON.stringify(reused.body)).toBe(401);
      expect(reused.body.error).toBe('INVALID_TOKEN');
      expect(reused.body.accessToken).toBeUndefined();
    }
    // The recovery code was not spent by the refused attempts.
    const [row] = await db<{ codes: string[] }[]>`select two_factor_recovery_codes as codes from users where id = ${me.user.id}`;
    expect(row!.codes).toHaveLength(10);
  });

  it('answers 401 for a garbage, forged or expired twoFactorToken', async () => {
    const me = await userWithTwoFactor();
    const code = nextStepCode(me.secret);
    const garbage = await secondStep('not-a-token', code);
    expect(garbage.status).toBe(401);
    expect(garbage.body.error).toBe('INVALID_TOKEN');

    // An access token is not a sign-in ticket.
    const accessToken = await signAccessToken({ sub: me.user.id, sid: '00000000-0000-4000-8000-000000000000' });
    expect((await secondStep(accessToken, code)).status).toBe(401);

    const { twoFactorToken } = await challenge(me.email, me.password);
    const [header, payload] = twoFactorToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.${twoFactorToken.split('.')[2]}`;
    expect((await secondStep(tampered, code)).status).toBe(401);

    const expired = await new SignJWT({ purpose: 'two_factor_login' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me.user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await secondStep(expired, code);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_TOKEN');
    // The code was not spent by the refused attempts.
    expect((await secondStep(twoFactorToken, code)).status).toBe(200);
  });
});

describe('two-factor disable', () => {
  it('refuses a wrong password with 400 and stays on', async () => {
    const me = await userWithTwoFactor();
    const res = await request<ErrorBody>('POST', '/users/2fa/disable', { token: me.accessToken, body: { password: 'Wrong!Passw0rd' } });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual(['password']);
    expect((await request('POST', '/users/login', { body: { email: me.email, password: me.password } })).status).toBe(403);
  });

  it('turns off with the right password, after which a plain login works again', async () => {
    const me = await userWithTwoFactor();
    const { twoFactorToken: ticket } = await challenge(me.email, me.password);
    const res = await request<{ success: boolean }>('POST', '/users/2fa/disable', { token: me.accessToken, body: { password: me.password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = await loginAs(request, me.email, me.password);
    expect(session.user.id).toBe(me.user.id);
    const profile = await request<{ user: { twoFactorEnabled: boolean } }>('GET', '/users/profile', { token: session.accessToken });
    expect(profile.body.user.twoFactorEnabled).toBe(false);
    const [row] = await db<{ two_factor_secret: string | null; codes: string[] }[]>`
      select two_factor_secret, two_factor_recovery_codes as codes from users where id = ${me.user.id}`;
    expect(row).toEqual({ two_factor_secret: null, codes: [] });
    // A sign-in ticket issued while it was on is no good any more.
    expect((await secondStep(ticket, me.recoveryCodes[0]!)).status).toBe(401);
    expect((await securityEvents(db, me.user.id)).map((e) => e.type)).toContain('two_factor_disabled');
  });
});
