import { describe, expect, inject, it } from 'vitest';
import { SETTINGS_VALIDATION, VALIDATION } from '@/lib/constants';
import { client, latestLinkToken } from '../helpers/http';
import { registerAndVerify, registerPayload, signedInUser, type ErrorBody } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');

/**
 * Sign-up, reset and change judge a new password by one rule (lib/password-rules.ts): 8-128
 * characters with an uppercase, a lowercase, a digit and any character that is neither.
 */
const MEETS_THE_RULE = ['N3w!Secret#bb2', 'Tall Maple-42x', 'Kettle~Drum9^z'];
const BREAKS_THE_RULE = ['lowercase-only-words!', 'NoDigitsInThisOne!', 'NoSpecial12345abc'];

const registers = (password: string) => request<ErrorBody>('POST', '/users/register', { body: registerPayload({ password }) });

async function resets(password: string) {
  const { email } = await registerAndVerify(request, outboxDir);
  expect((await request('POST', '/users/forgot-password', { body: { email } })).status).toBe(200);
  const token = latestLinkToken(outboxDir, email, 'reset-password');
  return request<ErrorBody>('POST', `/users/reset-password/${token}`, { body: { password } });
}

async function changes(password: string) {
  const me = await signedInUser(request, outboxDir);
  return request<ErrorBody>('PUT', '/users/password', { token: me.accessToken, body: { currentPassword: me.password, newPassword: password } });
}

describe('one password rule for sign-up, reset and change', () => {
  it.each(MEETS_THE_RULE)('sign-up, reset and change all take %j', async (password) => {
    const [signUp, reset, change] = await Promise.all([registers(password), resets(password), changes(password)]);
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(change.status, JSON.stringify(change.body)).toBe(200);
  });

  it.each(BREAKS_THE_RULE)('sign-up, reset and change all refuse %j, each with its own text', async (password) => {
    const [signUp, reset, change] = await Promise.all([registers(password), resets(password), changes(password)]);
    expect(signUp.status).toBe(400);
    expect(signUp.body.details?.filter((d) => d.field === 'password').map((d) => d.message)).toEqual([
      password.includes('Special') ? VALIDATION.passwordNeedsSpecial : SETTINGS_VALIDATION.passwordRules,
    ]);
    expect(reset.status).toBe(400);
    expect(reset.body.details).toEqual([{ field: 'password', message: VALIDATION.passwordNotSecure }]);
    expect(change.status).toBe(400);
    expect(change.body.details).toEqual([{ field: 'newPassword', message: SETTINGS_VALIDATION.passwordRules }]);
  });
});
