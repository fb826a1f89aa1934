import { describe, expect, inject, it } from 'vitest';
import { SETTINGS_VALIDATION, VALIDATION } from '@/lib/constants';
import type { ProfileUpdateResponse } from '@/lib/schemas/account';
import { client } from '../helpers/http';
import { signedInUser, type ErrorBody } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');

const putProfile = (token: string, body: Record<string, unknown>) => request<ProfileUpdateResponse & ErrorBody>('PUT', '/users/profile', { token, body });
const storedUser = async (token: string) => (await request<ProfileUpdateResponse>('GET', '/users/profile', { token })).body.user;

/** PUT /users/profile judges the fields it shares with sign-up by sign-up's rules (lib/schemas/person-fields.ts). */
describe('PUT /users/profile: the fields of sign-up keep sign-up\'s rules', () => {
  it.each([
    [{ firstName: '' }, 'firstName', VALIDATION.firstNameRequired],
    [{ firstName: '   ' }, 'firstName', VALIDATION.firstNameRequired],
    [{ lastName: '' }, 'lastName', VALIDATION.lastNameRequired],
    [{ firstName: 'A'.repeat(81) }, 'firstName', 'Must be at most 80 characters'],
    [{ firstName: null }, 'firstName', VALIDATION.firstNameRequired],
    [{ phone: '+1 555 123 456 789 012' }, 'phone', SETTINGS_VALIDATION.invalidPhone],
    [{ phone: '0555 123 4567' }, 'phone', SETTINGS_VALIDATION.invalidPhone],
    [{ email: 'a@b' }, 'email', SETTINGS_VALIDATION.invalidEmail],
    [{ email: '' }, 'email', SETTINGS_VALIDATION.invalidEmail],
  ])('refuses %j with its field named and leaves the profile alone', async (body, field, message) => {
    const me = await signedInUser(request, outboxDir);
    const res = await putProfile(me.accessToken, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.details).toEqual([{ field, message }]);
    const user = await storedUser(me.accessToken);
    expect({ firstName: user.firstName, lastName: user.lastName, phone: user.phone, email: user.email }).toEqual({
      firstName: me.user.firstName,
      lastName: me.user.lastName,
      phone: me.user.phone,
      email: me.user.email,
    });
  });

  it('leaves out fields not sent, trims names, and clears the phone with an empty value', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await putProfile(me.accessToken, { firstName: '  Grace  ', phone: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: 'Grace', lastName: me.user.lastName, phone: null, email: me.user.email });
    const set = await putProfile(me.accessToken, { phone: '+1 (555) 010-0199' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.user.phone).toBe('+15550100199');
  });
});
