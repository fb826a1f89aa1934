import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES, SETTINGS_TOASTS, SETTINGS_VALIDATION } from '@/lib/constants';
import { DEFAULT_APPEARANCE_PREFERENCES, DEFAULT_NOTIFICATION_PREFERENCES, EMPTY_COACHING_SURVEY } from '@/lib/preferences';
import { client, latestLinkToken, readEmails, uniqueEmail } from '../helpers/http';
import { openDb, registerUser, securityEvents, signedInUser, type ErrorBody, type PublicUser } from './helpers-auth';
import type { ProfileUpdateResponse } from '@/lib/schemas/account';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type Profile = PublicUser;

type ProfileBody = ProfileUpdateResponse;

const getProfile = async (token: string) => {
  const res = await request<{ user: Profile }>('GET', '/users/profile', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.user;
};

const putProfile = (token: string, body: Record<string, unknown>) => request<ProfileBody & ErrorBody>('PUT', '/users/profile', { token, body });

const SURVEY = {
  coachingStyle: 'Socratic questions, then a plan',
  clientExpectations: 'Weekly check-ins and honest answers',
  motivationApproach: 'Small wins, celebrated',
  feedbackStyle: 'Direct but kind',
  challengeApproach: 'Reframe, then break into steps',
  // Not the default ('assistant'), so the answer shows it was stored.
  signature: 'coach',
};

describe('GET /users/profile', () => {
  it('answers the user with survey, preference defaults and twoFactorEnabled false', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<{ success: boolean; user: Profile }>('GET', '/users/profile', { token: me.accessToken });
    expect(res.status).toBe(200);
    const { user } = res.body;
    expect(user).toMatchObject({
      id: me.user.id,
      _id: me.user.id,
      email: me.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'coach',
      isVerified: true,
      twoFactorEnabled: false,
      title: null,
      company: null,
      location: null,
      timezone: expect.any(String),
      username: expect.any(String),
    });
    expect(user.coachingSurvey).toEqual(EMPTY_COACHING_SURVEY);
    expect(user.notificationPreferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(user.appearancePreferences).toEqual(DEFAULT_APPEARANCE_PREFERENCES);
  });

  it('never exposes the password hash or any two-factor secret', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request('GET', '/users/profile', { token: me.accessToken });
    const json = JSON.stringify(res.body);
    const [row] = await db<{ password_hash: string }[]>`select password_hash from users where id = ${me.user.id}`;
    expect(row!.password_hash).toMatch(/^\$argon2/);
    expect(json).not.toContain(row!.password_hash);
    expect(json).not.toContain('$argon2');
    expect(json).not.toMatch(/passwordHash|password_hash|twoFactorSecret|two_factor_secret|recoveryCodes|twoFactorLastStep/i);
  });

  it('answers 401 without a token', async () => {
    const res = await request<ErrorBody>('GET', '/users/profile');
    expect(res.status).toBe(401);
  });
});

describe('PUT /users/profile', () => {
  it('saves every profile field and the coaching survey, and GET returns them', async () => {
    const me = await signedInUser(request, outboxDir);
    const changes = {
      username: 'ada.coach',
      firstName: 'Augusta',
      lastName: 'King',
      phone: '+1 415 555 0134',
      title: 'Executive coach',
      company: 'Analytical Engines Ltd',
      location: 'London, UK',
      timezone: 'Europe/London',
      coachingSurvey: SURVEY,
    };
    const res = await putProfile(me.accessToken, changes);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(SETTINGS_TOASTS.profileUpdated);
    expect(res.body.pendingEmail).toBeNull();
    const expected = { ...changes, phone: '+14155550134', email: me.email };
    expect(res.body.user).toMatchObject(expected);

    const profile = await getProfile(me.accessToken);
    expect(profile).toMatchObject(expected);
    expect(profile.coachingSurvey).toEqual(SURVEY);
    expect((await securityEvents(db, me.user.id)).map((e) => e.type)).toContain('profile_updated');
  });

  it('leaves the fields a partial update does not mention as they were', async () => {
    const me = await signedInUser(request, outboxDir);
    const full = { phone: '+14155550199', title: 'Coach', company: 'Acme', location: 'Leeds', timezone: 'Asia/Tokyo' };
    expect((await putProfile(me.accessToken, full)).status).toBe(200);

    // The survey's Save & Close sends only the survey.
    const res = await putProfile(me.accessToken, { coachingSurvey: SURVEY });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profile = await getProfile(me.accessToken);
    expect(profile).toMatchObject({ ...full, firstName: 'Ada', lastName: 'Lovelace' });
    expect(profile.coachingSurvey).toEqual(SURVEY);
  });

  it('clears optional fields sent empty or null', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await putProfile(me.accessToken, { phone: '+14155550199', title: 'Coach', company: 'Acme' })).status).toBe(200);
    const res = await putProfile(me.accessToken, { phone: '', title: null, company: '  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await getProfile(me.accessToken)).toMatchObject({ phone: null, title: null, company: null });
  });

  it.each(['not-an-email', 'ada@example', 'ada lovelace@example.com', '@example.com'])('refuses the e-mail %j with "Please enter a valid email address"', async (email) => {
    const me = await signedInUser(request, outboxDir);
    const res = await putProfile(me.accessToken, { email, currentPassword: me.password });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.invalidEmail);
    expect(res.body.details).toContainEqual({ field: 'email', message: SETTINGS_VALIDATION.invalidEmail });
    expect((await getProfile(me.accessToken)).email).toBe(me.email);
  });

  it.each(['0123', '+1234567890123456', 'abc', '+0 20 7946 0958', '12-34x'])('refuses the phone %j with "Please enter a valid phone number"', async (phone) => {
    const me = await signedInUser(request, outboxDir);
    const res = await putProfile(me.accessToken, { phone });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.invalidPhone);
    expect(res.body.details).toContainEqual({ field: 'phone', message: SETTINGS_VALIDATION.invalidPhone });
  });

  it('accepts "+44 20 7946 0958" and stores it normalised', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await putProfile(me.accessToken, { phone: '+44 20 7946 0958' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.phone).toBe('+442079460958');
    expect((await getProfile(me.accessToken)).phone).toBe('+442079460958');
    const [row] = await db<{ phone: string }[]>`select phone from users where id = ${me.user.id}`;
    expect(row!.phone).toBe('+442079460958');
  });

  it('refuses an unknown timezone with 400 on field timezone', async () => {
    const me = await signedInUser(request, outboxDir);
    const before = (await getProfile(me.accessToken)).timezone;
    for (const timezone of ['Mars/Olympus_Mons', 'EST5EDT-ish', '']) {
      const res = await putProfile(me.accessToken, { timezone });
      expect(res.status, timezone).toBe(400);
      expect(res.body.details?.map((d) => d.field), timezone).toContain('timezone');
    }
    expect((await getProfile(me.accessToken)).timezone).toBe(before);
  });

  it('answers 400 without saving anything when the body is not JSON', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<ErrorBody>('PUT', '/users/profile', { token: me.accessToken, rawBody: '{"firstName": ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_JSON');
  });

  it('needs an access token', async () => {
    const res = await request('PUT', '/users/profile', { body: { firstName: 'Mallory' } });
    expect(res.status).toBe(401);
  });
});

describe('changing the e-mail address', () => {
  it('asks for the current password (400 on field currentPassword) when none is sent', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await putProfile(me.accessToken, { email: uniqueEmail('new') });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual(['currentPassword']);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.passwordForEmailChange);
    expect((await getProfile(me.accessToken)).email).toBe(me.email);
  });

  it('refuses a wrong current password with "Current password is incorrect"', async () => {
    const me = await signedInUser(request, outboxDir);
    const newEmail = uniqueEmail('new');
    const res = await putProfile(me.accessToken, { email: newEmail, currentPassword: 'Wrong!Passw0rd' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.currentPasswordIncorrect);
    expect(res.body.details).toEqual([{ field: 'currentPassword', message: SETTINGS_VALIDATION.currentPasswordIncorrect }]);
    expect((await getProfile(me.accessToken)).email).toBe(me.email);
    expect(readEmails(outboxDir).filter((m) => m.to === newEmail)).toEqual([]);
  });

  it('changes the address only once the link sent to the new address is opened', async () => {
    const me = await signedInUser(request, outboxDir);
    const newEmail = uniqueEmail('moved');
    const res = await putProfile(me.accessToken, { email: newEmail, currentPassword: me.password, firstName: 'Augusta' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pendingEmail).toBe(newEmail);
    // The other fields of the same request are saved at once; the address is not.
    expect(res.body.user).toMatchObject({ email: me.email, firstName: 'Augusta' });
    expect((await getProfile(me.accessToken)).email).toBe(me.email);
    expect((await request('POST', '/users/login', { body: { email: newEmail, password: me.password } })).status).toBe(401);

    const token = latestLinkToken(outboxDir, newEmail, 'verify-email');
    expect(token, 'link sent to the new address').toBeTruthy();
    expect(readEmails(outboxDir).filter((m) => m.to === me.email && m.text.includes(token!))).toEqual([]);

    const verified = await request<{ success: boolean; user: PublicUser }>('GET', `/users/verify/${token}`);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.user.email).toBe(newEmail);
    expect((await getProfile(me.accessToken)).email).toBe(newEmail);

    const newLogin = await request<{ user: PublicUser }>('POST', '/users/login', { body: { email: newEmail, password: me.password } });
    expect(newLogin.status).toBe(200);
    expect(newLogin.body.user.id).toBe(me.user.id);
    const oldLogin = await request<ErrorBody>('POST', '/users/login', { body: { email: me.email, password: me.password } });
    expect(oldLogin.status).toBe(401);
    expect(oldLogin.body.message).toBe(MESSAGES.loginFailed);

    // The link is single-use.
    expect((await request('GET', `/users/verify/${token}`)).status).toBe(400);
    const types = (await securityEvents(db, me.user.id)).map((e) => e.type);
    expect(types).toContain('email_change_requested');
  });

  it('voids the first link when a second change is asked for', async () => {
    const me = await signedInUser(request, outboxDir);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await putProfile(me.accessToken, { email: first, currentPassword: me.password })).status).toBe(200);
    const firstToken = latestLinkToken(outboxDir, first, 'verify-email');
    expect((await putProfile(me.accessToken, { email: second, currentPassword: me.password })).status).toBe(200);
    expect((await request('GET', `/users/verify/${firstToken}`)).status).toBe(400);
    expect((await getProfile(me.accessToken)).email).toBe(me.email);
    expect((await request('GET', `/users/verify/${latestLinkToken(outboxDir, second, 'verify-email')}`)).status).toBe(200);
    expect((await getProfile(me.accessToken)).email).toBe(second);
  });

  it('does not treat the same address in other letter case as a change', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await putProfile(me.accessToken, { email: me.email.toUpperCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pendingEmail).toBeNull();
    expect((await getProfile(me.accessToken)).email).toBe(me.email);
  });

  it('answers 409 for an address another account has', async () => {
    const me = await signedInUser(request, outboxDir);
    const other = await registerUser(request);
    const res = await putProfile(me.accessToken, { email: other.email.toUpperCase(), currentPassword: me.password });
    expect(res.status).toBe(409);
    expect(res.body.details?.map((d) => d.field)).toEqual(['email']);
    expect((await getProfile(me.accessToken)).email).toBe(me.email);
    expect(readEmails(outboxDir).filter((m) => m.to === other.email && m.subject.includes('new Cadence e-mail'))).toEqual([]);
  });

  it('answers 409 when the new address was taken between the request and the link', async () => {
    const me = await signedInUser(request, outboxDir);
    const newEmail = uniqueEmail('raced');
    expect((await putProfile(me.accessToken, { email: newEmail, currentPassword: me.password })).status).toBe(200);
    const token = latestLinkToken(outboxDir, newEmail, 'verify-email');
    await registerUser(request, { email: newEmail });
    const res = await request('GET', `/users/verify/${token}`);
    expect(res.status).toBe(409);
    expect((await getProfile(me.accessToken)).email).toBe(me.email);
  });
});
