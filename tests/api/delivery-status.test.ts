import { describe, expect, it } from 'vitest';
import { postDeliveryCallback, postTwilioStatus } from '../../scripts/delivery-status';
import { postResendEvent } from '../../scripts/client-reply';
import { FAKE_TWILIO_ACCOUNT } from '../helpers/fake-providers';
import { readEmails } from '../helpers/http';
import type { CheckInChanged, CheckInDto } from '@/lib/schemas/checkins';
import type { ClientDto } from '@/lib/schemas/clients';
import type { ThreadPage } from '@/lib/schemas/thread';
import { SMS_UNREACHABLE_AFTER_FAILURES, UNREACHABLE_REASONS } from '@/lib/delivery';
import { checkInsOf, createClient, eventually, uniquePhone } from './engine-helpers';
import { engineSuite } from './engine-stack';
import { signedInUser } from './helpers-auth';

/**
 * Delivery you can see (decision 0085) over HTTP: Twilio status callbacks (signed with the fake
 * account's token, as TWILIO_AUTH_TOKEN is set here) and Resend delivery events (Svix-signed) land
 * on the message they name, in any order and any number of times; a hard bounce, a complaint or
 * repeated failed texts give up on the address, tell the coach, and stop sends until it is edited.
 */

const SECRET = `whsec_${Buffer.from('delivery-status-test-secret-0123456789').toString('base64')}`;

const e = engineSuite({ RESEND_WEBHOOK_SECRET: SECRET });

async function coachWithClient(firstName: string, channel: 'sms' | 'email') {
  const { accessToken, user } = await signedInUser(e.request, e.stack.outboxDir);
  const c = await createClient(e.request, accessToken, { firstName, goal: { title: 'Walk 100 km', target: 100, unit: 'km' } });
  if (channel === 'email') await e.db`update clients set phone = null where id = ${c.id}`;
  const [row] = await e.db<{ email: string }[]>`select email from clients where id = ${c.id}`;
  return { token: accessToken, coachId: user.id, client: c, email: row!.email };
}

async function sendCheckIn(token: string, clientId: string): Promise<{ checkIn: CheckInDto; messageId: string }> {
  const sent = await e.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token, body: { clientId } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const [row] = await e.db<{ provider_message_id: string }[]>`select provider_message_id from check_ins where id = ${sent.body.checkIn._id}`;
  return { checkIn: sent.body.checkIn, messageId: row!.provider_message_id };
}

const twilio = (messageId: string, to: string, outcome: 'delivered' | 'failed' | 'bounced') =>
  postDeliveryCallback({ channel: 'sms', messageId, outcome, to, appUrl: e.stack.baseUrl, authToken: FAKE_TWILIO_ACCOUNT.authToken });
const resend = (messageId: string, to: string, outcome: 'delivered' | 'bounced' | 'complained') =>
  postDeliveryCallback({ channel: 'email', messageId, outcome, to, appUrl: e.stack.baseUrl, secret: SECRET });
const signedStatus = (params: Record<string, string>) => postTwilioStatus(params, { appUrl: e.stack.baseUrl, authToken: FAKE_TWILIO_ACCOUNT.authToken });
const action = (res: { status: number; body: string }) => {
  expect(res.status, res.body).toBe(200);
  return (JSON.parse(res.body) as { action: string }).action;
};

async function deliveryOf(id: string) {
  const [row] = await e.db<{ delivery_status: string | null; delivery_error: string | null; status: string }[]>`select delivery_status, delivery_error, status from check_ins where id = ${id}`;
  return row!;
}

async function clientDto(token: string, id: string): Promise<ClientDto> {
  const res = await e.request<{ client: ClientDto }>('GET', `/clients/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.client;
}

const notes = (coachId: string) => e.db<{ message: string }[]>`select message from notifications where user_id = ${coachId} and type = 'client_unreachable'`;

describe('Twilio status callbacks', () => {
  it('asks for callbacks, refuses unsigned ones, and keeps the furthest status whatever the order and repeats', async () => {
    const { token, client: c } = await coachWithClient('Statia', 'sms');
    const { checkIn, messageId } = await sendCheckIn(token, c.id);
    expect(e.sms.to(c.phone!).at(-1)!.statusCallback).toBe(`${e.stack.baseUrl}/api/webhooks/twilio/status`);

    const params = { MessageSid: messageId, MessageStatus: 'delivered', To: c.phone! };
    const unsigned = await fetch(`${e.stack.baseUrl}/api/webhooks/twilio/status`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    expect(unsigned.status).toBe(403);
    const forged = await postTwilioStatus(params, { appUrl: e.stack.baseUrl, authToken: 'not-the-token' });
    expect(forged.status).toBe(403);
    expect((await deliveryOf(checkIn._id)).delivery_status).toBeNull();

    expect(action(await signedStatus({ ...params, MessageStatus: 'queued' }))).toBe('ignored');
    expect(action(await twilio(messageId, c.phone!, 'delivered'))).toBe('updated');
    // Twilio's 'sent' arriving after 'delivered', and 'delivered' again: nothing moves back.
    expect(action(await signedStatus({ ...params, MessageStatus: 'sent' }))).toBe('unchanged');
    expect(action(await twilio(messageId, c.phone!, 'delivered'))).toBe('unchanged');
    expect(await deliveryOf(checkIn._id)).toMatchObject({ delivery_status: 'delivered', delivery_error: null, status: 'sent' });

    const [listed] = (await checkInsOf(e.request, token, c.id)).filter((x) => x._id === checkIn._id);
    expect(listed!.delivery).toEqual({ status: 'delivered', reason: null });
    const thread = await e.request<ThreadPage>('GET', `/clients/${c.id}/thread`, { token });
    expect(thread.body.items.find((i) => i.kind === 'check_in')!.delivery).toEqual({ status: 'delivered', reason: null });
  });

  it('acknowledges a callback for no message of ours, and refuses one without its fields', async () => {
    expect(action(await signedStatus({ MessageSid: 'SMnot-ours', MessageStatus: 'delivered', To: '+15550000000' }))).toBe('unknown');
    const missing = await signedStatus({ MessageStatus: 'delivered' });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it(`marks the number unreachable after ${SMS_UNREACHABLE_AFTER_FAILURES} failed texts in a row, tells the coach, fails the next check-in, and an edit clears it`, async () => {
    const { token, coachId, client: c } = await coachWithClient('Faila', 'sms');
    const first = await sendCheckIn(token, c.id);
    expect(action(await twilio(first.messageId, c.phone!, 'failed'))).toBe('updated');
    expect(await deliveryOf(first.checkIn._id)).toMatchObject({ delivery_status: 'failed', delivery_error: 'the phone is switched off or out of reach (Twilio error 30003)' });
    // A delivered text in between resets the count; a failure after 'failed' is a repeat.
    expect(action(await twilio(first.messageId, c.phone!, 'bounced'))).toBe('unchanged');
    const second = await sendCheckIn(token, c.id);
    expect(action(await twilio(second.messageId, c.phone!, 'delivered'))).toBe('updated');
    const [streak] = await e.db<{ sms_failure_streak: number }[]>`select sms_failure_streak from clients where id = ${c.id}`;
    expect(streak!.sms_failure_streak).toBe(0);

    for (let i = 0; i < SMS_UNREACHABLE_AFTER_FAILURES; i++) {
      const next = await sendCheckIn(token, c.id);
      expect(action(await twilio(next.messageId, c.phone!, 'bounced'))).toBe('updated');
      expect((await clientDto(token, c.id)).phoneUnreachable).toBe(i === SMS_UNREACHABLE_AFTER_FAILURES - 1 ? UNREACHABLE_REASONS.phone : null);
    }
    await eventually(() => notes(coachId), (n) => n.length === 1, 5000, 'the unreachable notification');
    expect((await notes(coachId))[0]!.message).toContain('phone number is unreachable');

    const texted = e.sms.to(c.phone!).length;
    // The unreachable number is passed over like a missing one: the default order's e-mail carries it (decision 0084).
    const byEmail = await sendCheckIn(token, c.id);
    expect(byEmail.checkIn).toMatchObject({ status: 'sent', channel: 'email' });
    expect(byEmail.checkIn.channelNote).toContain('phone number is unreachable');
    // Without a fallback channel nothing can carry it: the check-in fails with the reason (the
    // hourly limit of check-ins sent now, reached by the sends above, is not what is tested here).
    await e.db`update clients set fallback_channels = '{}' where id = ${c.id}`;
    await e.db`delete from rate_limit_hits where key like ${`%${c.id}`}`;
    const refused = await e.request<{ error: string; message: string }>('POST', '/checkins/ai/initiate', { token, body: { clientId: c.id } });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toContain('phone number is unreachable');
    expect(e.sms.to(c.phone!)).toHaveLength(texted);
    const thread = await e.request<ThreadPage>('GET', `/clients/${c.id}/thread`, { token });
    expect(thread.body.texting).toMatchObject({ allowed: false });
    expect(thread.body.texting.reason).toContain('phone number is unreachable');

    const edited = await e.request<{ client: ClientDto }>('PUT', `/clients/${c.id}`, {
      token,
      body: { firstName: c.firstName, lastName: 'Tester', email: (await clientDto(token, c.id)).email, phone: '+15550199123' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.client.phoneUnreachable).toBeNull();
    const [after] = await e.db<{ sms_failure_streak: number }[]>`select sms_failure_streak from clients where id = ${c.id}`;
    expect(after!.sms_failure_streak).toBe(0);
  });
});

describe('Resend delivery events', () => {
  it('records delivered, refuses an unsigned event, and ignores an unknown e-mail id', async () => {
    const { token, client: c, email } = await coachWithClient('Delia', 'email');
    const { checkIn, messageId } = await sendCheckIn(token, c.id);
    const payload = JSON.stringify({ type: 'email.delivered', created_at: new Date().toISOString(), data: { email_id: messageId, to: [email] } });
    const unsigned = await fetch(`${e.stack.baseUrl}/api/webhooks/resend`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(401);
    expect(action(await postResendEvent(payload, { appUrl: e.stack.baseUrl, secret: SECRET }))).toBe('updated');
    expect(action(await postResendEvent(payload, { appUrl: e.stack.baseUrl, secret: SECRET }))).toBe('unchanged');
    expect((await deliveryOf(checkIn._id)).delivery_status).toBe('delivered');
    expect(action(await resend('00000000-0000-4000-8000-000000000000', email, 'delivered'))).toBe('unknown');
    const delayed = JSON.stringify({ type: 'email.delivery_delayed', data: { email_id: messageId, to: [email] } });
    // Delayed after delivered is late news: kept as delivered.
    expect(action(await postResendEvent(delayed, { appUrl: e.stack.baseUrl, secret: SECRET }))).toBe('unchanged');
  });

  it('a hard bounce marks the e-mail unreachable, tells the coach once, stops the next check-in, and an edit clears it', async () => {
    const { token, coachId, client: c, email } = await coachWithClient('Bouncer', 'email');
    const { checkIn, messageId } = await sendCheckIn(token, c.id);
    expect(action(await resend(messageId, email, 'bounced'))).toBe('updated');
    expect(action(await resend(messageId, email, 'bounced'))).toBe('unchanged');
    expect(await deliveryOf(checkIn._id)).toMatchObject({ delivery_status: 'bounced', delivery_error: "The recipient's mail server rejected the address" });
    expect((await clientDto(token, c.id)).emailUnreachable).toBe(UNREACHABLE_REASONS.bounced);
    await eventually(() => notes(coachId), (n) => n.length === 1, 5000, 'the unreachable notification');
    expect((await notes(coachId))[0]!.message).toContain('e-mail address is unreachable');

    const mailed = readEmails(e.stack.outboxDir).filter((m) => m.to === email).length;
    const refused = await e.request<{ message: string }>('POST', '/checkins/ai/initiate', { token, body: { clientId: c.id } });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toContain('e-mail address is unreachable');
    expect(readEmails(e.stack.outboxDir).filter((m) => m.to === email)).toHaveLength(mailed);
    const [failed] = (await checkInsOf(e.request, token, c.id)).filter((x) => x.status === 'failed');
    expect(failed!.failureReason).toContain(UNREACHABLE_REASONS.bounced);

    const newEmail = `bouncer-new-${Date.now()}@example.com`;
    const edited = await e.request<{ client: ClientDto }>('PUT', `/clients/${c.id}`, { token, body: { firstName: c.firstName, lastName: 'Tester', email: newEmail, phone: uniquePhone() } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.client.emailUnreachable).toBeNull();
    // A late bounce of the mail to the old address says nothing of the new one.
    await e.db`update check_ins set delivery_status = null where id = ${checkIn._id}`;
    expect(action(await resend(messageId, email, 'bounced'))).toBe('updated');
    expect((await clientDto(token, c.id)).emailUnreachable).toBeNull();
  });

  it('a complaint marks the address unreachable; a transient bounce does not', async () => {
    const { token, client: c, email } = await coachWithClient('Plainer', 'email');
    const { messageId } = await sendCheckIn(token, c.id);
    const transient = JSON.stringify({ type: 'email.bounced', data: { email_id: messageId, to: [email], bounce: { type: 'Transient', subType: 'MailboxFull', message: 'Mailbox full' } } });
    expect(action(await postResendEvent(transient, { appUrl: e.stack.baseUrl, secret: SECRET }))).toBe('updated');
    expect((await clientDto(token, c.id)).emailUnreachable).toBeNull();
    expect(action(await resend(messageId, email, 'complained'))).toBe('updated');
    expect((await clientDto(token, c.id)).emailUnreachable).toBe(UNREACHABLE_REASONS.complained);
  });
});
