import { afterAll, describe, expect, inject, it } from 'vitest';
import { PHONE_VERIFICATION, PHONE_VERIFICATION_MESSAGES as M } from '@/lib/constants';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { sha256 } from '@/server/auth/random';
import { client, latestPhoneCode, readSms } from '../helpers/http';
import { openDb, signedInUser, uniquePhone, type ErrorBody, type PublicUser } from './helpers-auth';
import type { PhoneCodeResponse } from '@/lib/schemas/account';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type SentBody = PhoneCodeResponse & ErrorBody;

const e164 = (phone: string) => phone.replace(/\s/g, '');
const sendCode = (token: string) => request<SentBody>('POST', '/users/phone/verification', { token });
const confirm = (token: string, body: unknown) => request<ErrorBody & { phoneVerified?: boolean }>('POST', '/users/phone/verification/confirm', { token, body });
const profile = async (token: string) => (await request<{ user: PublicUser & { phoneVerified: boolean } }>('GET', '/users/profile', { token })).body.user;

/** A signed-in coach with a number of their own on the profile. */
async function coachWithPhone() {
  const me = await signedInUser(request, outboxDir);
  const phone = e164(uniquePhone());
  expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone } })).status).toBe(200);
  return { ...me, phone };
}

function expectCodeError(res: { status: number; body: ErrorBody }, message: string) {
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(message);
  expect(res.body.details).toEqual([{ field: 'code', message }]);
}

describe('phone verification', () => {
  it("texts a code to the coach's own phone; the right code verifies that number", async () => {
    const me = await coachWithPhone();
    expect((await profile(me.accessToken)).phoneVerified).toBe(false);
    const sent = await sendCode(me.accessToken);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ success: true, message: M.codeSent, phone: me.phone });
    const code = latestPhoneCode(outboxDir, me.phone);
    expect(code).toMatch(/^\d{6}$/);

    // Stored neither in clear nor as a plain hash that a million tries would reverse.
    const [row] = await db<{ code_hash: string; attempts: number }[]>`select code_hash, attempts from phone_verifications where user_id = ${me.user.id}`;
    expect(row!.code_hash).not.toContain(code!);
    expect(row!.code_hash).not.toBe(sha256(code!));

    const ok = await confirm(me.accessToken, { code: ` ${code} ` });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: M.verified, phone: me.phone, phoneVerified: true });
    expect((await profile(me.accessToken)).phoneVerified).toBe(true);
    const [left] = await db`select count(*)::int as n from phone_verifications where user_id = ${me.user.id}`;
    expect(left!.n).toBe(0);
    const events = await db<{ type: string }[]>`select type from security_log where user_id = ${me.user.id} and type like 'phone%' order by created_at`;
    expect(events.map((e) => e.type)).toEqual(['phone_verification_sent', 'phone_verified']);

    // A verified number needs no new code.
    const again = await sendCode(me.accessToken);
    expect(again.status).toBe(400);
    expect(again.body.details).toEqual([{ field: 'phone', message: M.alreadyVerified }]);
  });

  it('answers 400 on field phone when the profile has no phone', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone: null } })).status).toBe(200);
    const res = await sendCode(me.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'phone', message: M.noPhone }]);
  });

  it.each([{}, { code: '' }, { code: '12345' }, { code: '1234567' }, { code: 'abcdef' }, { code: 123456 }])('answers 400 on field code for %j', async (body) => {
    const me = await coachWithPhone();
    expectCodeError(await confirm(me.accessToken, body), M.codeRequired);
  });

  it('refuses a code when none was sent', async () => {
    const me = await coachWithPhone();
    expectCodeError(await confirm(me.accessToken, { code: '123456' }), M.noPendingCode);
  });

  it(`counts wrong codes and voids the code at the ${PHONE_VERIFICATION.maxAttempts}th`, async () => {
    const me = await coachWithPhone();
    expect((await sendCode(me.accessToken)).status).toBe(200);
    const code = latestPhoneCode(outboxDir, me.phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < PHONE_VERIFICATION.maxAttempts; i += 1) expectCodeError(await confirm(me.accessToken, { code: wrong }), M.codeWrong);
    expectCodeError(await confirm(me.accessToken, { code: wrong }), M.tooManyAttempts);
    // The right code no longer helps: a new one must be sent.
    expectCodeError(await confirm(me.accessToken, { code }), M.noPendingCode);
    expect((await profile(me.accessToken)).phoneVerified).toBe(false);
  });

  it('refuses an expired code', async () => {
    const me = await coachWithPhone();
    expect((await sendCode(me.accessToken)).status).toBe(200);
    await db`update phone_verifications set expires_at = now() - interval '1 second' where user_id = ${me.user.id}`;
    expectCodeError(await confirm(me.accessToken, { code: latestPhoneCode(outboxDir, me.phone)! }), M.codeExpired);
    expect((await profile(me.accessToken)).phoneVerified).toBe(false);
  });

  it('a new code replaces the earlier one', async () => {
    const me = await coachWithPhone();
    expect((await sendCode(me.accessToken)).status).toBe(200);
    const first = latestPhoneCode(outboxDir, me.phone)!;
    expect((await sendCode(me.accessToken)).status).toBe(200);
    const second = latestPhoneCode(outboxDir, me.phone)!;
    if (first !== second) expectCodeError(await confirm(me.accessToken, { code: first }), M.codeWrong);
    expect((await confirm(me.accessToken, { code: second })).status).toBe(200);
  });

  it('changing the phone clears the verification and voids a pending code', async () => {
    const me = await coachWithPhone();
    expect((await sendCode(me.accessToken)).status).toBe(200);
    expect((await confirm(me.accessToken, { code: latestPhoneCode(outboxDir, me.phone)! })).status).toBe(200);
    const next = e164(uniquePhone());
    expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone: next } })).status).toBe(200);
    expect((await profile(me.accessToken)).phoneVerified).toBe(false);

    expect((await sendCode(me.accessToken)).status).toBe(200);
    const code = latestPhoneCode(outboxDir, next)!;
    expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone: e164(uniquePhone()) } })).status).toBe(200);
    expectCodeError(await confirm(me.accessToken, { code }), M.phoneChanged);
    expect((await profile(me.accessToken)).phoneVerified).toBe(false);
  });

  it('limits the codes texted for one account', async () => {
    const me = await coachWithPhone();
    for (let i = 0; i < RATE_LIMITS.phoneCodeUser.limit; i += 1) expect((await sendCode(me.accessToken)).status, `code ${i + 1}`).toBe(200);
    const refused = await sendCode(me.accessToken);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain(M.sendRefused);
    expect(readSms(outboxDir).filter((m) => m.to === me.phone)).toHaveLength(RATE_LIMITS.phoneCodeUser.limit);
  });

  it('limits the codes texted to one number from several accounts', async () => {
    const victim = e164(uniquePhone());
    for (let i = 0; i < RATE_LIMITS.phoneCodeNumber.limit; i += 1) {
      const me = await signedInUser(request, outboxDir);
      expect((await request('PUT', '/users/profile', { token: me.accessToken, body: { phone: victim } })).status).toBe(200);
      expect((await sendCode(me.accessToken)).status).toBe(200);
    }
    const last = await signedInUser(request, outboxDir);
    expect((await request('PUT', '/users/profile', { token: last.accessToken, body: { phone: victim } })).status).toBe(200);
    expect((await sendCode(last.accessToken)).status).toBe(429);
  });

  it('needs an access token', async () => {
    expect((await request('POST', '/users/phone/verification')).status).toBe(401);
    expect((await request('POST', '/users/phone/verification/confirm', { body: { code: '123456' } })).status).toBe(401);
  });
});
