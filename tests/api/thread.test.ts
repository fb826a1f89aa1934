import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postClientReply } from '../../scripts/client-reply';
import type { FakeOpenAi } from '../helpers/fake-openai';
import type { FakeTwilio } from '../helpers/fake-twilio';
import { FAKE_TWILIO_ACCOUNT } from '../helpers/fake-providers';
import type { Stack } from '../helpers/stack';
import { readEmails } from '../helpers/http';
import { COACH_MESSAGE_MAX_CHARS, COACH_MESSAGE_REFUSALS } from '@/lib/sms';
import type { CoachMessageSent, ThreadItem, ThreadPage } from '@/lib/schemas/thread';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { checkInsOf, createClient, eventually, listen } from './engine-helpers';
import { startEngineStack, stopEngineStack } from './engine-stack';
import { signedInUser, type ApiRequest, type Db, type ErrorBody } from './helpers-auth';

/**
 * One conversation per client (decision 0076): GET /clients/{id}/thread merges check-in messages,
 * replies, AI follow-ups and texts outside a check-in, newest page first; POST /clients/{id}/messages
 * texts the client only after the consent notice, never after STOP or archiving, within the hourly
 * limit shared with check-ins sent now. A stack of its own with the real twilio SDK against the fake.
 */

const { authToken: AUTH_TOKEN, from: OUR_NUMBER } = FAKE_TWILIO_ACCOUNT;

let stack: Stack;
let ai: FakeOpenAi;
let sms: FakeTwilio;
let request: ApiRequest;
let db: Db;

beforeAll(async () => {
  ({ stack, ai, sms, request, db } = await startEngineStack({ SCHEDULER_TICK_SECONDS: '1' }));
});

afterAll(() => stopEngineStack({ stack, ai, sms, db }));

async function coach() {
  const signed = await signedInUser(request, stack.outboxDir);
  return { token: signed.accessToken, id: signed.user.id };
}

const text = (from: string, body: string) => postClientReply({ appUrl: stack.baseUrl, authToken: AUTH_TOKEN, from, body, to: OUR_NUMBER });

async function thread(token: string, clientId: string, query = ''): Promise<ThreadPage> {
  const res = await request<ThreadPage>('GET', `/clients/${clientId}/thread${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A check-in sent now (the first one carries the consent notice, which opens the composer). */
async function sendCheckIn(token: string, clientId: string): Promise<string> {
  const res = await request<{ checkIn: { _id: string } }>('POST', '/checkins/ai/initiate', { token, body: { clientId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkIn._id;
}

const say = (token: string, clientId: string, body: unknown) => request<CoachMessageSent & ErrorBody>('POST', `/clients/${clientId}/messages`, { token, body });

describe('the conversation of a client', () => {
  it('shows check-in, reply, follow-up and texts outside a check-in both ways in time order, and the inbound ones live', async () => {
    const { token } = await coach();
    const c = await createClient(request, token, { firstName: 'Threadly', goal: { title: 'Run 50 km', target: 50, unit: 'km' } });
    const live = await listen(stack.socketPort, token);
    const checkInId = await sendCheckIn(token, c.id);
    expect((await text(c.phone, 'Ran 12 km this week')).status).toBe(200);
    await eventually(() => checkInsOf(request, token, c.id), (l) => l.some((x) => x.status === 'completed' && x.aiResponse !== null), 20_000, 'the follow-up');

    const sent = await say(token, c.id, { text: '  Great week, Threadly! Shall we add a hill run?  ' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.item).toMatchObject({ direction: 'out', author: 'coach', kind: 'message', body: 'Great week, Threadly! Shall we add a hill run?', status: 'sent' });
    expect(sms.to(c.phone).at(-1)).toMatchObject({ from: OUR_NUMBER, body: 'Great week, Threadly! Shall we add a hill run?' });

    // No check-in awaits a reply now: the text is kept in the conversation and pushed live.
    expect((await text(c.phone, 'Yes, Thursday works')).status).toBe(200);
    const event = await eventually(
      async () => live.events.find((e) => e.event === 'clientMessage' && (e.payload.item as ThreadItem | undefined)?.body === 'Yes, Thursday works'),
      (e) => e !== undefined,
      10_000,
      'the clientMessage event',
    );
    expect(event!.payload).toMatchObject({ clientId: c.id, item: { direction: 'in', author: 'client', kind: 'message', status: 'received' } });
    // STOP and START are keywords, not messages.
    expect((await text(c.phone, 'STOP')).status).toBe(200);
    expect((await text(c.phone, 'START')).status).toBe(200);
    live.close();

    const page = await thread(token, c.id);
    expect(page.items.map((i) => [i.kind, i.author, i.direction])).toEqual([
      ['check_in', 'ai', 'out'],
      ['reply', 'client', 'in'],
      ['follow_up', 'ai', 'out'],
      ['message', 'coach', 'out'],
      ['message', 'client', 'in'],
    ]);
    expect(page.items.slice(0, 3).every((i) => i.checkInId === checkInId)).toBe(true);
    expect(page.items[1]!.body).toBe('Ran 12 km this week');
    expect(page.items.map((i) => i.at)).toEqual([...page.items.map((i) => i.at)].sort());
    expect(page.nextBefore).toBeNull();
    expect(page.texting).toEqual({ allowed: true, reason: null, channel: 'sms', to: c.phone, fallback: 'email' });
    const [stored] = await db<{ from_number: string; to_number: string; provider_message_id: string | null }[]>`
      select from_number, to_number, provider_message_id from client_messages where client_id = ${c.id} and direction = 'in'`;
    expect(stored).toMatchObject({ from_number: c.phone, to_number: OUR_NUMBER });
    expect(stored!.provider_message_id).toMatch(/^SM/);
  });

  it('takes a text after the answered check-in as a further reply: analysed, its progress a second entry, answered by text (decision 0094)', async () => {
    const { token } = await coach();
    const c = await createClient(request, token, { firstName: 'Textagain', goal: { title: 'Run 50 km', target: 50, unit: 'km' } });
    const analysed = (km: number, summary: string) => ({
      coachSummary: summary,
      insights: [],
      executiveSummary: `Textagain is at ${km} of 50 km.`,
      motivation: 'high',
      engagementAssessment: 'great',
      concerns: [],
      progress: [{ goalId: c.goalId, value: km, completed: false }],
      unattributed: [],
    });
    ai.script('Textagain', analysed(10, 'Ran 10 km.'), { operation: 'analyse', times: 1 });
    const checkInId = await sendCheckIn(token, c.id);
    expect((await text(c.phone, 'Ran 10 km')).status).toBe(200);
    await eventually(() => checkInsOf(request, token, c.id), (l) => l.some((x) => x.status === 'completed' && x.aiResponse !== null), 20_000, 'the follow-up');

    ai.script('Textagain', analysed(14, 'Ran 4 km more on Sunday.'), { operation: 'analyse', times: 1 });
    expect((await text(c.phone, 'Oh and 4 more on Sunday')).status).toBe(200);
    const texts = await eventually(async () => sms.to(c.phone), (m) => m.length === 3, 15_000, 'the AI answer by text');
    expect(texts[2]).toMatchObject({ from: OUR_NUMBER, body: 'Great work, Textagain! Keep going.' });
    const done = await eventually(
      () => checkInsOf(request, token, c.id),
      (l) => l.some((x) => x._id === checkInId && x.status === 'completed' && x.progressUpdates.length === 2),
      15_000,
      'the further reply analysed',
    );
    expect(done.find((x) => x._id === checkInId)).toMatchObject({ value: 14, progressUpdates: [{ from: 0, to: 10 }, { from: 10, to: 14 }], coachSummary: 'Ran 10 km.\n\nLater: Ran 4 km more on Sunday.' });
    expect((await thread(token, c.id)).items.slice(-2)).toMatchObject([
      { kind: 'message', author: 'client', direction: 'in', body: 'Oh and 4 more on Sunday', channel: 'sms' },
      { kind: 'message', author: 'ai', direction: 'out', body: 'Great work, Textagain! Keep going.', channel: 'sms', status: 'sent' },
    ]);
  });

  it('records a held text outside a check-in in the chosen coach’s conversation only, with its own MessageSid', async () => {
    const first = await coach();
    const second = await coach();
    const a = await createClient(request, first.token, { firstName: 'Shared' });
    const b = await createClient(request, second.token, { firstName: 'Shared', phone: a.phone });
    const checkInA = await sendCheckIn(first.token, a.id);
    const checkInB = await sendCheckIn(second.token, b.id);
    expect((await text(a.phone, 'Did 3 sessions')).status).toBe(200);
    const held = await text(a.phone, 'Also, can we move Friday?');
    // Offered newest conversation first: "1" is the second coach.
    expect((await text(a.phone, '1')).status).toBe(200);

    const page = await eventually(() => thread(second.token, b.id), (p) => p.items.some((i) => i.kind === 'message'), 10_000, 'the held text');
    // Each held text at the time it arrived (the follow-up, written later, may come after them).
    // The AI's answers (to the reply, and to the second text as a further reply) come later, if at all yet.
    expect(page.items.filter((i) => i.kind !== 'follow_up' && !(i.kind === 'message' && i.author === 'ai')).map((i) => [i.kind, i.kind === 'check_in' ? '' : i.body])).toEqual([
      ['check_in', ''],
      ['reply', 'Did 3 sessions'],
      ['message', 'Also, can we move Friday?'],
    ]);
    expect(page.items.find((i) => i.kind === 'reply')!.checkInId).toBe(checkInB);
    const [row] = await db<{ provider_message_id: string | null }[]>`select provider_message_id from client_messages where client_id = ${b.id} and direction = 'in'`;
    expect(row!.provider_message_id).toBe(held.messageSid);
    const other = await thread(first.token, a.id);
    expect(other.items.map((i) => [i.kind, i.checkInId])).toEqual([['check_in', checkInA]]);
  });

  it('shows a follow-up once it was texted, never a draft waiting for review or a discarded one', async () => {
    const { token, id: coachId } = await coach();
    const c = await createClient(request, token, { firstName: 'Drafted' });
    const base = Date.parse('2026-03-02T09:00:00.000Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    for (const [i, status] of (['pending_review', 'discarded', 'sent'] as const).entries()) {
      await db`insert into check_ins (coach_id, client_id, is_global_check_in, status, channel, sent_at, responded_at, completed_at, follow_up_status, follow_up_sent_at, ai_message, client_response, ai_response)
        values (${coachId}, ${c.id}, true, 'completed', 'sms', ${at(i * 60)}, ${at(i * 60 + 5)}, ${at(i * 60 + 6)}, ${status}, ${status === 'sent' ? at(i * 60 + 40) : null}, ${`check-in ${i}`}, ${`reply ${i}`}, ${`follow-up ${status}`})`;
    }
    const items = (await thread(token, c.id, '')).items;
    expect(items.map((i) => i.body)).toEqual(['check-in 0', 'reply 0', 'check-in 1', 'reply 1', 'check-in 2', 'reply 2', 'follow-up sent']);
    // At the instant it was texted (an approved draft goes out long after the check-in completed).
    expect(items.at(-1)!.at).toBe(at(2 * 60 + 40).toISOString());
  });

  it('pages backwards from the newest page with the before cursor, never splitting one instant across pages', async () => {
    const { token, id: coachId } = await coach();
    const c = await createClient(request, token, { firstName: 'Paged' });
    const base = Date.parse('2026-03-02T09:00:00.000Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    for (let i = 0; i < 4; i += 1) {
      await db`insert into check_ins (coach_id, client_id, is_global_check_in, status, channel, sent_at, responded_at, completed_at, follow_up_sent_at, follow_up_status, ai_message, client_response, ai_response)
        values (${coachId}, ${c.id}, true, 'completed', 'sms', ${at(i * 60)}, ${at(i * 60 + 5)}, ${at(i * 60 + 6)}, ${at(i * 60 + 6)}, 'sent', ${`check-in ${i}`}, ${`reply ${i}`}, ${`follow-up ${i}`})`;
      await db`insert into client_messages (client_id, coach_id, direction, author, body, from_number, to_number, status, created_at)
        values (${c.id}, ${coachId}, 'out', 'coach', ${`note ${i}`}, ${OUR_NUMBER}, ${c.phone}, 'sent', ${at(i * 60 + 30)})`;
    }
    // A client text at the very instant of the last follow-up: both belong on the same page.
    await db`insert into client_messages (client_id, coach_id, direction, author, body, from_number, to_number, status, created_at)
      values (${c.id}, ${coachId}, 'in', 'client', 'same instant', ${c.phone}, ${OUR_NUMBER}, 'received', ${at(2 * 60 + 6)})`;
    // An unsent check-in says nothing yet.
    await db`insert into check_ins (coach_id, client_id, is_global_check_in, status, scheduled_for) values (${coachId}, ${c.id}, true, 'scheduled', ${at(999)})`;

    const all = (await thread(token, c.id, '?limit=100')).items.map((i) => i.body);
    expect(all).toEqual([
      ...[0, 1].flatMap((i) => [`check-in ${i}`, `reply ${i}`, `follow-up ${i}`, `note ${i}`]),
      'check-in 2', 'reply 2', 'follow-up 2', 'same instant', 'note 2',
      'check-in 3', 'reply 3', 'follow-up 3', 'note 3',
    ]);

    const first = await thread(token, c.id, '?limit=6');
    // The sixth newest is "follow-up 2", which shares its instant with "same instant": both are here.
    expect(first.items.map((i) => i.body)).toEqual(['follow-up 2', 'same instant', 'note 2', 'check-in 3', 'reply 3', 'follow-up 3', 'note 3']);
    expect(first.nextBefore).toBe(at(2 * 60 + 6).toISOString());
    const pages = [first.items.map((i) => i.body)];
    let before = first.nextBefore;
    while (before) {
      const page = await thread(token, c.id, `?limit=6&before=${encodeURIComponent(before)}`);
      pages.unshift(page.items.map((i) => i.body));
      before = page.nextBefore;
    }
    expect(pages.flat()).toEqual(all);
    expect(pages).toHaveLength(3);
  });

  it('answers 404 for another coach’s client and 400 with the field for bad input', async () => {
    const owner = await coach();
    const other = await coach();
    const c = await createClient(request, owner.token, { firstName: 'Private' });
    expect((await request('GET', `/clients/${c.id}/thread`, { token: other.token })).status).toBe(404);
    expect((await say(other.token, c.id, { text: 'Hi' })).status).toBe(404);

    for (const [body, why] of [
      [{ text: '   ' }, /Write a message/],
      [{}, /Write a message/],
      [{ text: 'x'.repeat(COACH_MESSAGE_MAX_CHARS + 1) }, new RegExp(`at most ${COACH_MESSAGE_MAX_CHARS}`)],
    ] as const) {
      const res = await say(owner.token, c.id, body);
      expect(res.status).toBe(400);
      expect(res.body.details?.[0]?.field).toBe('text');
      expect(res.body.details?.[0]?.message).toMatch(why);
    }
    const badLimit = await request<ErrorBody>('GET', `/clients/${c.id}/thread?limit=0`, { token: owner.token });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.details?.[0]?.field).toBe('limit');
    const badBefore = await request<ErrorBody>('GET', `/clients/${c.id}/thread?before=yesterday`, { token: owner.token });
    expect(badBefore.status).toBe(400);
    expect(badBefore.body.details?.[0]?.field).toBe('before');
  });

  it('refuses with 409 before the consent notice, after STOP and once archived, texting nothing', async () => {
    const { token } = await coach();
    const c = await createClient(request, token, { firstName: 'Unannounced', goal: { title: 'Swim 5 km', target: 5, unit: 'km' } });
    const refused = await say(token, c.id, { text: 'Hello there' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(COACH_MESSAGE_REFUSALS.noConsent);
    expect((await thread(token, c.id)).texting).toEqual({ allowed: false, reason: COACH_MESSAGE_REFUSALS.noConsent, channel: null, to: null, fallback: null });
    expect(sms.to(c.phone)).toHaveLength(0);

    await sendCheckIn(token, c.id);
    expect((await text(c.phone, 'STOP')).status).toBe(200);
    await eventually(() => thread(token, c.id), (p) => p.texting.reason === COACH_MESSAGE_REFUSALS.optedOut, 10_000, 'the opt-out');
    const stopped = await say(token, c.id, { text: 'Still there?' });
    expect(stopped.status).toBe(409);
    expect(stopped.body.message).toBe(COACH_MESSAGE_REFUSALS.optedOut);

    expect((await text(c.phone, 'START')).status).toBe(200);
    await eventually(() => thread(token, c.id), (p) => p.texting.allowed, 10_000, 'the opt-in');
    expect((await request('POST', `/coach/clients/${c.id}/archive`, { token })).status).toBe(200);
    const archived = await say(token, c.id, { text: 'Bye' });
    expect(archived.status).toBe(409);
    expect(archived.body.message).toBe(COACH_MESSAGE_REFUSALS.archived);
    expect(sms.to(c.phone)).toHaveLength(1);
    const [row] = await db<{ count: number }[]>`select count(*)::int as count from client_messages where client_id = ${c.id} and direction = 'out'`;
    expect(row!.count).toBe(0);
  });

  it('shares the hourly limit with check-ins sent now: 429 with Retry-After past it', async () => {
    const rule = RATE_LIMITS.textsToClient;
    expect(rule.name).toBe(RATE_LIMITS.immediateCheckInClient.name);
    const { token } = await coach();
    const c = await createClient(request, token, { firstName: 'Chatty', goal: { title: 'Read 10 books', target: 10, unit: 'books' } });
    await sendCheckIn(token, c.id);
    for (let i = 1; i < rule.limit; i += 1) expect((await say(token, c.id, { text: `Message ${i}` })).status).toBe(201);
    const refused = await say(token, c.id, { text: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect(refused.body.message).toMatch(/^Too many texts to this client this hour/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(rule.windowSeconds);
    expect((await request('POST', '/checkins/ai/initiate', { token, body: { clientId: c.id } })).status).toBe(429);
    expect(sms.to(c.phone)).toHaveLength(rule.limit);
  });

  it('records a text the provider refused as failed, with the reason, and answers 502 SEND_FAILED', async () => {
    const { token } = await coach();
    const c = await createClient(request, token, { firstName: 'Unreachable', goal: { title: 'Sleep 8 hours', target: 8, unit: 'hours' } });
    await sendCheckIn(token, c.id);
    // Without a fallback channel (with the default order the e-mail carries it, tested below).
    await db`update clients set fallback_channels = '{}' where id = ${c.id}`;
    sms.failFor(c.phone);
    const res = await say(token, c.id, { text: 'Can you hear me?' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('SEND_FAILED');
    expect(res.body.message).toMatch(/text message could not be delivered/);
    const [row] = await db<{ status: string; failure_reason: string | null }[]>`select status, failure_reason from client_messages where client_id = ${c.id}`;
    expect(row!.status).toBe('failed');
    expect(row!.failure_reason).toMatch(/not a valid phone number/);
    const last = (await thread(token, c.id)).items.at(-1)!;
    expect(last).toMatchObject({ kind: 'message', author: 'coach', body: 'Can you hear me?', status: 'failed' });
    expect(last.failureReason).toMatch(/could not be delivered/);
  });

  it('sends the coach’s message by the fallback e-mail when the text is refused, with the check-in’s reply address (decision 0084)', async () => {
    const { token } = await coach();
    const c = await createClient(request, token, { firstName: 'Fallbackmsg', goal: { title: 'Sleep 7 hours', target: 7, unit: 'hours' } });
    await sendCheckIn(token, c.id);
    sms.failFor(c.phone);
    const res = await say(token, c.id, { text: 'Did my texts reach you?' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await db<{ channel: string; status: string; to_number: string; email: string }[]>`
      select m.channel, m.status, m.to_number, c.email from client_messages m join clients c on c.id = m.client_id where m.client_id = ${c.id}`;
    expect(row).toMatchObject({ channel: 'email', status: 'sent' });
    expect(row!.to_number).toBe(row!.email);
    const mail = readEmails(stack.outboxDir).find((m) => m.to === row!.email && m.text === 'Did my texts reach you?');
    expect(mail?.subject).toMatch(/^A message from /);
    expect(mail?.replyTo).toBeTruthy();
    expect(sms.to(c.phone)).toHaveLength(1);
    expect((await thread(token, c.id)).items.at(-1)).toMatchObject({ kind: 'message', channel: 'email', status: 'sent' });
    // A client reached by e-mail: the composer is told the message goes by e-mail, to that address.
    await db`update clients set channel = 'email' where id = ${c.id}`;
    expect((await thread(token, c.id)).texting).toMatchObject({ allowed: true, channel: 'email', to: row!.email });
  });
});
