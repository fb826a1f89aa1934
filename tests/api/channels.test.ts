import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postClientReply } from '../../scripts/client-reply';
import type { FakeOpenAi } from '../helpers/fake-openai';
import type { FakeTwilio } from '../helpers/fake-twilio';
import { FAKE_TWILIO_ACCOUNT } from '../helpers/fake-providers';
import { readEmails } from '../helpers/http';
import type { Stack } from '../helpers/stack';
import type { CheckInChanged, CheckInDto } from '@/lib/schemas/checkins';
import type { ClientChanged, ClientDto } from '@/lib/schemas/clients';
import type { ThreadPage } from '@/lib/schemas/thread';
import { checkInsOf, createClient, eventually, type CreatedClient } from './engine-helpers';
import { startEngineStack, stopEngineStack } from './engine-stack';
import { signedInUser, type ApiRequest, type Db } from './helpers-auth';

/**
 * A channel per client with a fallback order (decision 0084), over HTTP with the real twilio SDK
 * pointed at the fake: WhatsApp outside the 24-hour window (a template, or without one the
 * fallback), the client's WhatsApp reply on the signed webhook and free-form messages inside the
 * window, a follow-up approved after the window (the template, or refused with the reason;
 * decision 0094), an SMS refusal falling back to e-mail, and the channel recorded on the check-in.
 */

const WHATSAPP_FROM = 'whatsapp:+14155238886';
const TEMPLATE_SID = `HX${'a'.repeat(32)}`;

interface Env {
  stack: Stack;
  ai: FakeOpenAi;
  sms: FakeTwilio;
  request: ApiRequest;
  db: Db;
}

async function setChannel(env: Env, token: string, c: CreatedClient, channel: string, fallbackChannels?: string[]): Promise<ClientDto> {
  const current = await env.request<{ client: ClientDto }>('GET', `/clients/${c.id}`, { token });
  const { firstName, lastName, email, phone } = current.body.client;
  const res = await env.request<ClientChanged>('PUT', `/clients/${c.id}`, { token, body: { firstName, lastName, email, phone, channel, ...(fallbackChannels ? { fallbackChannels } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.client;
}

async function initiate(env: Env, token: string, c: CreatedClient): Promise<CheckInDto> {
  const sent = await env.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token, body: { clientId: c.id } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(sent.body.checkIn.status, sent.body.checkIn.failureReason ?? '').toBe('sent');
  return sent.body.checkIn;
}

const whatsappReply = (env: Env, phone: string, body: string) =>
  postClientReply({ appUrl: env.stack.baseUrl, authToken: FAKE_TWILIO_ACCOUNT.authToken, from: `whatsapp:${phone}`, body, to: WHATSAPP_FROM });

/**
 * A WhatsApp client whose coach reviews follow-ups: the check-in goes, the client answers on
 * WhatsApp, and the draft waits until the 24-hour window has closed (moved back in the database).
 */
async function followUpAfterWindow(env: Env, firstName: string) {
  const { accessToken: token } = await signedInUser(env.request, env.stack.outboxDir);
  const c = await createClient(env.request, token, { firstName });
  await setChannel(env, token, c, 'whatsapp', ['sms']);
  await env.db`update clients set review_follow_ups = true where id = ${c.id}`;
  // The client wrote first, so the check-in goes free-form on WhatsApp with or without a template.
  expect((await whatsappReply(env, c.phone, 'hello')).status).toBe(200);
  const checkIn = await initiate(env, token, c);
  expect(checkIn.channel).toBe('whatsapp');
  expect((await whatsappReply(env, c.phone, 'Walked 5 km')).status).toBe(200);
  await eventually(() => checkInsOf(env.request, token, c.id), (l) => l.some((x) => x.id === checkIn.id && x.followUpStatus === 'pending_review'), 15_000, 'the draft follow-up');
  await env.db`update whatsapp_sessions set last_inbound_at = last_inbound_at - interval '25 hours' where client_phone = ${c.phone}`;
  const before = env.sms.to(`whatsapp:${c.phone}`).length;
  const approve = () => env.request<CheckInChanged & { message?: string }>('POST', `/checkins/${checkIn.id}/follow-up/approve`, { token, body: {} });
  return { token, c, checkIn, before, approve };
}

describe('with a WhatsApp template configured', () => {
  const env = {} as Env;
  beforeAll(async () => {
    Object.assign(env, await startEngineStack({ TWILIO_WHATSAPP_FROM: WHATSAPP_FROM, TWILIO_WHATSAPP_TEMPLATE_SID: TEMPLATE_SID }));
  });
  afterAll(() => stopEngineStack(env));

  it('sends a check-in outside the window as the template, takes the WhatsApp reply, and answers free-form inside the window', async () => {
    const { accessToken: token } = await signedInUser(env.request, env.stack.outboxDir);
    const c = await createClient(env.request, token, { firstName: 'Whats', goal: { title: 'Walk 100 km', target: 100, unit: 'km' } });
    const saved = await setChannel(env, token, c, 'whatsapp');
    expect(saved).toMatchObject({ channel: 'whatsapp', fallbackChannels: ['sms', 'email'] });

    // No message from the client yet: the window is closed, so the approved template carries the check-in.
    const first = await initiate(env, token, c);
    expect(first).toMatchObject({ channel: 'whatsapp', channelNote: null });
    const [template] = env.sms.to(`whatsapp:${c.phone}`);
    expect(template).toMatchObject({ from: WHATSAPP_FROM, contentSid: TEMPLATE_SID, body: '' });
    const variables = JSON.parse(template!.contentVariables!) as Record<string, string>;
    expect(variables['1']).toBe('Whats');
    // The first WhatsApp message carries the consent notice, as the first text does.
    expect(first.aiMessage).toContain(variables['3']!);
    expect(first.aiMessage).toMatch(/STOP/);
    expect(env.sms.to(c.phone)).toHaveLength(0);
    expect(readEmails(env.stack.outboxDir).filter((m) => m.subject.includes('Check-in') && m.text === first.aiMessage)).toHaveLength(0);

    // The client answers on WhatsApp: the same signed webhook, matched to the WhatsApp check-in.
    const answered = await whatsappReply(env, c.phone, 'Walked 7 km');
    expect(answered.status, answered.body).toBe(200);
    await eventually(() => checkInsOf(env.request, token, c.id), (l) => l.some((x) => x.id === first.id && x.status === 'completed'), 15_000, 'the analysed WhatsApp reply');
    // The follow-up answers inside the window: free-form, on WhatsApp.
    const followUp = await eventually(async () => env.sms.to(`whatsapp:${c.phone}`), (m) => m.length === 2, 10_000, 'the WhatsApp follow-up');
    expect(followUp[1]).toMatchObject({ from: WHATSAPP_FROM, contentSid: undefined });
    expect(followUp[1]!.body.length).toBeGreaterThan(0);

    // The next check-in, still inside the window: free-form, no notice again.
    const second = await initiate(env, token, c);
    expect(second.channel).toBe('whatsapp');
    const third = env.sms.to(`whatsapp:${c.phone}`)[2]!;
    expect(third.contentSid).toBeUndefined();
    expect(third.body).toBe(second.aiMessage);
    expect(second.aiMessage).not.toMatch(/STOP/);

    // The conversation shows each message's channel.
    const thread = await env.request<ThreadPage>('GET', `/clients/${c.id}/thread`, { token });
    expect(thread.status).toBe(200);
    const items = thread.body.items.filter((i) => i.checkInId === first.id);
    expect(items.map((i) => i.channel)).toEqual(['whatsapp', 'whatsapp', 'whatsapp']);
  });

  it('sends a follow-up approved after the 24-hour window as the template', async () => {
    const { c, checkIn, before, approve } = await followUpAfterWindow(env, 'Lateapproval');
    const approved = await approve();
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.checkIn).toMatchObject({ followUpStatus: 'sent' });
    const sent = env.sms.to(`whatsapp:${c.phone}`);
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)).toMatchObject({ from: WHATSAPP_FROM, contentSid: TEMPLATE_SID, body: '' });
    const variables = JSON.parse(sent.at(-1)!.contentVariables!) as Record<string, string>;
    expect(variables['3']).toBe(approved.body.checkIn.aiResponse);
    expect(checkIn.id).toBe(approved.body.checkIn.id);
  });

  it('falls back from a refused text to e-mail, once, and records the channel and why', async () => {
    const { accessToken: token } = await signedInUser(env.request, env.stack.outboxDir);
    const c = await createClient(env.request, token, { firstName: 'Fallback' });
    env.sms.failFor(c.phone);
    const checkIn = await initiate(env, token, c);
    expect(checkIn.channel).toBe('email');
    expect(checkIn.channelNote).toMatch(/^The SMS send failed \(.*not a valid phone number.*\), so it went by the fallback channel\.$/);
    // The e-mail carries the message without the SMS consent notice; no text went out.
    expect(checkIn.aiMessage).not.toMatch(/STOP/);
    const [row] = await env.db<{ channel: string; from_number: string | null; channel_note: string }[]>`select channel, from_number, channel_note from check_ins where id = ${checkIn.id}`;
    expect(row).toMatchObject({ channel: 'email', from_number: null });
    const email = await env.request<{ client: ClientDto }>('GET', `/clients/${c.id}`, { token });
    const mails = readEmails(env.stack.outboxDir).filter((m) => m.to === email.body.client.email);
    expect(mails).toHaveLength(1);
    // The message as stored, then the reply page's link every check-in e-mail carries (decision 0083).
    expect(mails[0]!.text.startsWith(checkIn.aiMessage!)).toBe(true);
    expect(mails[0]!.text).toContain('/r/');
    expect(env.sms.to(c.phone)).toHaveLength(0);
  });

  it('falls back from a refused WhatsApp message to a first text, which carries the consent notice and records its consent', async () => {
    const { accessToken: token, user } = await signedInUser(env.request, env.stack.outboxDir);
    const c = await createClient(env.request, token, { firstName: 'Consent' });
    await setChannel(env, token, c, 'whatsapp', ['sms']);
    // The coach has messaged this client on WhatsApp before, but never texted them from our SMS number.
    await env.db`insert into sms_consents (client_phone, coach_id, our_number) values (${c.phone}, ${user.id}, ${WHATSAPP_FROM})`;
    expect((await whatsappReply(env, c.phone, 'hello')).status).toBe(200);
    env.sms.failFor(`whatsapp:${c.phone}`);
    const checkIn = await initiate(env, token, c);
    expect(checkIn.channel).toBe('sms');
    expect(checkIn.aiMessage).toMatch(/STOP/);
    const consents = await env.db<{ our_number: string }[]>`select our_number from sms_consents where client_phone = ${c.phone} and coach_id = ${user.id} order by our_number`;
    expect(consents.map((r) => r.our_number)).toEqual([env.sms.to(c.phone)[0]!.from, WHATSAPP_FROM].sort());
  });

  it('refuses a fallback order that repeats a channel or names the client’s own', async () => {
    const { accessToken: token } = await signedInUser(env.request, env.stack.outboxDir);
    const c = await createClient(env.request, token, { firstName: 'Order' });
    const current = await env.request<{ client: ClientDto }>('GET', `/clients/${c.id}`, { token });
    const { firstName, lastName, email, phone } = current.body.client;
    const own = await env.request<{ details: { field: string }[] }>('PUT', `/clients/${c.id}`, { token, body: { firstName, lastName, email, phone, channel: 'email', fallbackChannels: ['email'] } });
    expect(own.status).toBe(400);
    expect(own.body.details[0]!.field).toBe('fallbackChannels');
    const bad = await env.request<{ details: { field: string }[] }>('PUT', `/clients/${c.id}`, { token, body: { firstName, lastName, email, phone, channel: 'fax' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]!.field).toBe('channel');
  });
});

describe('without a WhatsApp template', () => {
  const env = {} as Env;
  beforeAll(async () => {
    Object.assign(env, await startEngineStack({ TWILIO_WHATSAPP_FROM: WHATSAPP_FROM }));
  });
  afterAll(() => stopEngineStack(env));

  it('sends a check-in outside the window by the fallback channel, saying why', async () => {
    const { accessToken: token } = await signedInUser(env.request, env.stack.outboxDir);
    const c = await createClient(env.request, token, { firstName: 'Notemplate' });
    await setChannel(env, token, c, 'whatsapp', ['sms']);
    const checkIn = await initiate(env, token, c);
    expect(checkIn.channel).toBe('sms');
    expect(checkIn.channelNote).toContain('no approved template is configured');
    expect(env.sms.to(`whatsapp:${c.phone}`)).toHaveLength(0);
    expect(env.sms.to(c.phone)).toHaveLength(1);

    // Once the client writes on WhatsApp the window is open, and the next check-in goes by WhatsApp.
    expect((await whatsappReply(env, c.phone, 'hi there')).status).toBe(200);
    const next = await initiate(env, token, c);
    expect(next).toMatchObject({ channel: 'whatsapp', channelNote: null });
    expect(env.sms.to(`whatsapp:${c.phone}`)[0]!.contentSid).toBeUndefined();
  });

  it('refuses a follow-up approved after the 24-hour window, saying why, and keeps the draft', async () => {
    const { token, c, checkIn, before, approve } = await followUpAfterWindow(env, 'Closedwindow');
    const refused = await approve();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The answer was not sent on WhatsApp: the WhatsApp 24-hour window is closed and no approved template is configured (TWILIO_WHATSAPP_TEMPLATE_SID)');
    expect(env.sms.to(`whatsapp:${c.phone}`)).toHaveLength(before);
    expect(env.sms.to(c.phone)).toHaveLength(0);
    expect((await checkInsOf(env.request, token, c.id)).find((x) => x.id === checkIn.id)).toMatchObject({ followUpStatus: 'pending_review' });
  });
});
