import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@/lib/preferences';
import { TWILIO_WEBHOOK_MAX_BYTES } from '@/lib/sms';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';
import { FAKE_TWILIO_ACCOUNT, fakeProviderEnv } from '../helpers/fake-providers';
import { client } from '../helpers/http';
import { startStack, type Stack } from '../helpers/stack';
import { createClient, eventually, uniquePhone } from './engine-helpers';
import { openDb, signedInUser, type ApiRequest, type Db, type ErrorBody } from './helpers-auth';

/**
 * Inbound texts reach only the coach whose client sent them: a reply is routed by (client number,
 * our number it was sent to); when several coaches have open check-ins with one number, the sender
 * is asked which coach, and the text waits for the answer. Also: the consent notice of a first
 * text, STOP for every coach texting from our number, and the webhook's size cap, atomic
 * MessageSid handling and notifications sent off the request. A stack of its own with the real
 * twilio SDK against the fake (signatures checked).
 */

const { authToken: AUTH_TOKEN, from: OUR_NUMBER } = FAKE_TWILIO_ACCOUNT;

let stack: Stack;
let ai: FakeOpenAi;
let sms: FakeTwilio;
let request: ApiRequest;
let db: Db;
let webhookUrl: string;

beforeAll(async () => {
  ai = await startFakeOpenAi();
  sms = await startFakeTwilio();
  stack = await startStack({ LOG_LEVEL: 'error', ...fakeProviderEnv(ai, sms), SCHEDULER_TICK_SECONDS: '1' });
  request = client(stack.baseUrl);
  db = openDb(stack.databaseUrl);
  webhookUrl = `${stack.baseUrl}/api/webhooks/twilio`;
});

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await ai?.close();
  await sms?.close();
});

/** A signed-in coach with a name of their own (the which-coach question shows it). */
async function coach(firstName: string) {
  const signed = await signedInUser(request, stack.outboxDir);
  await db`update users set first_name = ${firstName}, last_name = 'Coach' where id = ${signed.user.id}`;
  return { token: signed.accessToken, id: signed.user.id, name: `${firstName} Coach` };
}

/** Posts an inbound text as Twilio does (signed); `sid` fixes the MessageSid (a retry). */
async function text(from: string, body: string, options: { sid?: string; signal?: AbortSignal } = {}) {
  const params = { From: from, To: OUR_NUMBER, Body: body, MessageSid: options.sid ?? `SM${randomBytes(16).toString('hex')}` };
  const res = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, webhookUrl, params) },
    body: new URLSearchParams(params).toString(),
    signal: options.signal,
  });
  return { status: res.status, text: await res.text() };
}

async function sendCheckIn(token: string, clientId: string): Promise<string> {
  const res = await request<{ checkIn: { _id: string } }>('POST', '/checkins/ai/initiate', { token, body: { clientId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkIn._id;
}

async function checkIn(id: string) {
  const [row] = await db<{ status: string; client_response: string | null }[]>`select status, client_response from check_ins where id = ${id}`;
  return row!;
}

const replied = (id: string) => eventually(() => checkIn(id), (r) => r.client_response !== null, 15_000, `a reply on check-in ${id}`);

describe('inbound texts reach only the coach whose client sent them', () => {
  it('asks which coach when two coaches have open check-ins with one number, holds the text and delivers it to the chosen coach only', async () => {
    const phone = uniquePhone();
    const a = await coach('Alma');
    const b = await coach('Bruno');
    const real = await createClient(request, a.token, { firstName: 'Real', phone });
    const aCheckIn = await sendCheckIn(a.token, real.id);
    // Coach B gives a client of their own the same number and texts it.
    const copy = await createClient(request, b.token, { firstName: 'Copy', phone });
    const bCheckIn = await sendCheckIn(b.token, copy.id);
    const textsBefore = sms.to(phone).length;

    expect((await text(phone, 'Walked 3 km today')).status).toBe(200);
    // Neither check-in took the text; the sender is asked, newest conversation first.
    const question = await eventually(async () => sms.to(phone).slice(textsBefore), (m) => m.length === 1, 10_000, 'the which-coach question');
    expect(question[0]!.body).toBe('Cadence: which coach is your message for? Reply 1 for Bruno Coach, Reply 2 for Alma Coach.');
    expect(question[0]!.from).toBe(OUR_NUMBER);
    expect(await checkIn(aCheckIn)).toMatchObject({ status: 'sent', client_response: null });
    expect(await checkIn(bCheckIn)).toMatchObject({ status: 'sent', client_response: null });
    const [held] = await db<{ body: string; delivered_at: Date | null }[]>`select body, delivered_at from sms_pending_inbound where client_phone = ${phone}`;
    expect(held).toMatchObject({ body: 'Walked 3 km today', delivered_at: null });

    // The answer delivers the held text to coach A's check-in; B's stays untouched.
    expect((await text(phone, '2')).status).toBe(200);
    expect((await replied(aCheckIn)).client_response).toBe('Walked 3 km today');
    expect(await checkIn(bCheckIn)).toMatchObject({ status: 'sent', client_response: null });
    const [route] = await db<{ chosen_coach_id: string }[]>`select chosen_coach_id from sms_routes where client_phone = ${phone} and our_number = ${OUR_NUMBER}`;
    expect(route!.chosen_coach_id).toBe(a.id);

    // The choice holds for the next text: coach A hears it, B's check-in still waits.
    expect((await text(phone, 'Also slept 8 hours')).status).toBe(200);
    await eventually(
      () => db<{ message: string }[]>`select message from notifications where user_id = ${a.id}`,
      (n) => n.some((x) => x.message.includes('Also slept 8 hours')),
      10_000,
      "coach A's notification",
    );
    expect(await checkIn(bCheckIn)).toMatchObject({ status: 'sent', client_response: null });
    const bNotes = await db<{ message: string }[]>`select message from notifications where user_id = ${b.id}`;
    expect(bNotes.some((n) => n.message.includes('Walked 3 km') || n.message.includes('slept 8 hours'))).toBe(false);
    const sentFrom = await db<{ from_number: string }[]>`select distinct from_number from check_ins where id in (${aCheckIn}, ${bCheckIn})`;
    expect(sentFrom).toEqual([{ from_number: OUR_NUMBER }]);

    // A new check-in from B ends the choice: B's conversation is the only open one now.
    const bNext = await sendCheckIn(b.token, copy.id);
    expect((await text(phone, 'Hi Bruno')).status).toBe(200);
    expect((await replied(bNext)).client_response).toBe('Hi Bruno');
  });

  it('reads a number as the answer only until a newer check-in: later "1" is that check-in\'s reply', async () => {
    const phone = uniquePhone();
    const a = await coach('Ines');
    const b = await coach('Jonas');
    const mine = await createClient(request, a.token, { firstName: 'Mine', phone });
    await sendCheckIn(a.token, mine.id);
    const theirs = await createClient(request, b.token, { firstName: 'Theirs', phone });
    await sendCheckIn(b.token, theirs.id);
    const textsBefore = sms.to(phone).length;
    expect((await text(phone, 'Feeling good')).status).toBe(200);
    await eventually(async () => sms.to(phone).slice(textsBefore), (m) => m.length === 1, 10_000, 'the which-coach question');
    // Nobody answers; the next day both coaches have closed their check-ins and A sends a new one.
    await db`update check_ins set status = 'completed' where client_id in (${mine.id}, ${theirs.id})`;
    await db`update sms_routes set asked_at = asked_at - interval '1 minute' where client_phone = ${phone}`;
    const next = await sendCheckIn(a.token, mine.id);
    expect((await text(phone, '1')).status).toBe(200);
    expect((await replied(next)).client_response).toBe('1');
  });

  it('gives an unanswered (no_response) check-in no claim on a text while another coach also texts the number', async () => {
    const phone = uniquePhone();
    const a = await coach('Lena');
    const b = await coach('Milo');
    const real = await createClient(request, a.token, { firstName: 'Real', phone });
    const aCheckIn = await sendCheckIn(a.token, real.id);
    await text(phone, 'Done for today');
    await replied(aCheckIn);
    // B types the same number in; B's check-in is never answered and passes its reply window.
    const copy = await createClient(request, b.token, { firstName: 'Copy', phone });
    const bCheckIn = await sendCheckIn(b.token, copy.id);
    await db`update check_ins set status = 'no_response' where id = ${bCheckIn}`;
    const textsBefore = sms.to(phone).length;
    expect((await text(phone, 'Quick question for my coach')).status).toBe(200);
    await eventually(async () => sms.to(phone).slice(textsBefore), (m) => m.some((x) => x.body.startsWith('Cadence: which coach')), 10_000, 'the which-coach question');
    expect(await checkIn(bCheckIn)).toMatchObject({ status: 'no_response', client_response: null });
  });

  it('never matches a check-in on the client number alone: one without our number (seeded, legacy) is not a conversation', async () => {
    const phone = uniquePhone();
    const a = await coach('Cleo');
    const other = await coach('Dana');
    const mine = await createClient(request, a.token, { firstName: 'Mine', phone });
    const aCheckIn = await sendCheckIn(a.token, mine.id);
    // Another coach's client with the number and a newer open check-in that no number of ours sent.
    const theirs = await createClient(request, other.token, { firstName: 'Theirs', phone });
    const [seeded] = await db<{ id: string }[]>`
      insert into check_ins (coach_id, client_id, is_global_check_in, status, channel, sent_at, source)
      values (${other.id}, ${theirs.id}, true, 'sent', 'sms', now() + interval '1 minute', 'manual') returning id`;
    expect((await text(phone, 'Did 20 push-ups')).status).toBe(200);
    expect((await replied(aCheckIn)).client_response).toBe('Did 20 push-ups');
    expect(await checkIn(seeded!.id)).toMatchObject({ status: 'sent', client_response: null });
  });
});

describe('consent and STOP', () => {
  it('starts the first text to a number from each coach with the consent notice, and only the first', async () => {
    const phone = uniquePhone();
    const a = await coach('Emma');
    const b = await coach('Felix');
    const ca = await createClient(request, a.token, { firstName: 'Shared', phone });
    await sendCheckIn(a.token, ca.id);
    await sendCheckIn(a.token, ca.id);
    const cb = await createClient(request, b.token, { firstName: 'Shared', phone });
    await sendCheckIn(b.token, cb.id);
    const bodies = sms.to(phone).map((m) => m.body);
    expect(bodies).toHaveLength(3);
    const notice = (name: string) =>
      `Cadence here, texting you check-ins for your coach ${name}. Reply STOP to stop all texts from this number (for every coach who texts you through it), START to resume. Msg & data rates may apply.\n\n`;
    expect(bodies[0]!.startsWith(notice('Emma Coach'))).toBe(true);
    expect(bodies[1]!.startsWith('Cadence here')).toBe(false);
    expect(bodies[2]!.startsWith(notice('Felix Coach'))).toBe(true);
    const consents = await db<{ coach_id: string; our_number: string }[]>`select coach_id, our_number from sms_consents where client_phone = ${phone} order by sent_at`;
    expect(consents).toEqual([
      { coach_id: a.id, our_number: OUR_NUMBER },
      { coach_id: b.id, our_number: OUR_NUMBER },
    ]);
  });

  it('STOP opts the number out for every coach texting it from our number, including a coach who adds it later, until START', async () => {
    const phone = uniquePhone();
    const a = await coach('Gina');
    const b = await coach('Hugo');
    const ca = await createClient(request, a.token, { firstName: 'Quitter', phone });
    const cb = await createClient(request, b.token, { firstName: 'Quitter', phone });
    await sendCheckIn(a.token, ca.id);
    expect((await text(phone, 'Stop')).status).toBe(200);
    const flags = await db<{ sms_opted_out: boolean }[]>`select sms_opted_out from clients where phone = ${phone}`;
    expect(flags.map((f) => f.sms_opted_out)).toEqual([true, true]);
    expect((await request<ErrorBody>('POST', '/checkins/ai/initiate', { token: b.token, body: { clientId: cb.id } })).status).toBe(409);

    // A coach who adds the number afterwards cannot text it either.
    const c = await coach('Iris');
    const late = await createClient(request, c.token, { firstName: 'Quitter', phone });
    const refused = await request<ErrorBody>('POST', '/checkins/ai/initiate', { token: c.token, body: { clientId: late.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/STOP/);
    expect(sms.to(phone)).toHaveLength(1);
    const [optOut] = await db`select keyword from sms_opt_outs where phone = ${phone} and our_number = ${OUR_NUMBER}`;
    expect(optOut).toMatchObject({ keyword: 'STOP' });

    expect((await text(phone, 'START')).status).toBe(200);
    const after = await db<{ sms_opted_out: boolean }[]>`select sms_opted_out from clients where phone = ${phone}`;
    expect(after.map((f) => f.sms_opted_out)).toEqual([false, false, false]);
    expect(await db`select 1 from sms_opt_outs where phone = ${phone}`).toHaveLength(0);
    await sendCheckIn(c.token, late.id);
  });
});

describe('the Twilio webhook: bounded, durable, fast', () => {
  it('answers 413 to a body over the cap, declared or sent in chunks, before reading it whole', async () => {
    const body = `From=%2B15550000001&To=${encodeURIComponent(OUR_NUMBER)}&Body=${'x'.repeat(TWILIO_WEBHOOK_MAX_BYTES)}`;
    for (const stream of [false, true]) {
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'Zm9yZ2Vk' },
        body: stream ? new Blob([body]).stream() : body,
        duplex: 'half',
      };
      const res = await fetch(webhookUrl, init as RequestInit);
      expect(res.status, `stream: ${stream}`).toBe(413);
      const answer = (await res.json()) as ErrorBody;
      expect(answer.error).toBe('PAYLOAD_TOO_LARGE');
      expect(answer.message).toBe('Request body is larger than 64 KB');
    }
  });

  it('answers 400 naming the field when To is missing', async () => {
    const params = { From: uniquePhone(), Body: 'hello', MessageSid: `SM${randomBytes(16).toString('hex')}` };
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, webhookUrl, params) },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody & { details: { field: string }[] }).details[0]!.field).toBe('To');
  });

  it('processes a MessageSid again when storing its reply failed the first time', async () => {
    // The store fails once, after the MessageSid was seen: a sequence is not rolled back, so the
    // trigger fails exactly the first attempt.
    await db.unsafe(`
      create sequence if not exists test_fail_once;
      create or replace function test_fail_once() returns trigger language plpgsql as $$
      begin
        if new.client_response like 'fail once:%' then
          if nextval('test_fail_once') = 1 then
            raise exception 'injected failure while storing the reply';
          end if;
        end if;
        return new;
      end $$;
      drop trigger if exists test_fail_once on check_ins;
      create trigger test_fail_once before update on check_ins for each row execute function test_fail_once();`);
    try {
      const a = await coach('Jules');
      const c = await createClient(request, a.token, { firstName: 'Retry' });
      const id = await sendCheckIn(a.token, c.id);
      const sid = `SM${randomBytes(16).toString('hex')}`;
      expect((await text(c.phone, 'fail once: ran 5 km', { sid })).status).toBe(500);
      expect(await checkIn(id)).toMatchObject({ status: 'sent', client_response: null });
      // Twilio retries the same message: it is processed, not taken for a duplicate.
      expect((await text(c.phone, 'fail once: ran 5 km', { sid })).status).toBe(200);
      expect((await replied(id)).client_response).toBe('fail once: ran 5 km');
      // A third delivery of it is the duplicate.
      expect((await text(c.phone, 'fail once: ran 5 km', { sid })).status).toBe(200);
      expect(await db`select 1 from webhook_events where id = ${`twilio:${sid}`}`).toHaveLength(1);
    } finally {
      await db.unsafe('drop trigger if exists test_fail_once on check_ins');
    }
  });

  it('answers at once while the coach notification waits on a slow SMS provider, and the notification still arrives', async () => {
    const a = await coach('Kira');
    const coachPhone = uniquePhone();
    const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES, sms: { ...DEFAULT_NOTIFICATION_PREFERENCES.sms, enabled: true, urgentOnly: false, emergencyContacts: true } };
    await db`update users set phone = ${coachPhone}, verified_phone = ${coachPhone}, notification_preferences = ${db.json(prefs)} where id = ${a.id}`;
    const c = await createClient(request, a.token, { firstName: 'Slowpoke' });
    await sendCheckIn(a.token, c.id);
    // Every message request now takes 8 s to answer (within the SDK's 15 s timeout).
    sms.latency(8000);
    try {
      // STOP notifies the coach by SMS; the webhook must not wait for it.
      const answered = await text(c.phone, 'STOP', { signal: AbortSignal.timeout(6000) });
      expect(answered.status).toBe(200);
      const delivered = await eventually(
        () => db<{ message: string; delivered: { sms: boolean } | null }[]>`select message, delivered from notifications where user_id = ${a.id} and type = 'system'`,
        (rows) => rows.some((r) => r.delivered?.sms === true),
        25_000,
        'the SMS notification delivered',
      );
      expect(delivered[0]!.message).toMatch(/Slowpoke Tester replied STOP/);
      expect(sms.to(coachPhone).map((m) => m.body)).toEqual([`Cadence: ${delivered[0]!.message}`]);
    } finally {
      sms.latency(0);
    }
  }, 40_000);
});
