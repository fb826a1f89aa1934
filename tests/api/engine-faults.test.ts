import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';
import { fakeProviderEnv } from '../helpers/fake-providers';
import { client } from '../helpers/http';
import { startStack, type Stack } from '../helpers/stack';
import type { CheckInDto } from '@/lib/schemas/checkins';
import { checkInsOf, createClient, eventually } from './engine-helpers';
import { openDb, signedInUser, type ApiRequest, type Db } from './helpers-auth';

/**
 * The send step against failing providers, through the real workers (pg-boss retries) and the
 * real openai and twilio SDKs: a provider that answers 500 or does not answer in time is tried
 * again with backoff, a text whose hand-over timed out but reached Twilio is not sent twice, and
 * a send that keeps failing ends `failed` with its reason on the coach's check-in history.
 */

const RETRIES = 2;

let stack: Stack;
let ai: FakeOpenAi;
let sms: FakeTwilio;
let request: ApiRequest;
let db: Db;

beforeAll(async () => {
  ai = await startFakeOpenAi();
  sms = await startFakeTwilio();
  stack = await startStack({
    LOG_LEVEL: 'error',
    ...fakeProviderEnv(ai, sms),
    OPENAI_TIMEOUT_SECONDS: '1',
    TWILIO_TIMEOUT_SECONDS: '1',
    CHECKIN_SEND_RETRIES: String(RETRIES),
    CHECKIN_RETRY_DELAY_SECONDS: '1',
    SCHEDULER_TICK_SECONDS: '1',
  });
  request = client(stack.baseUrl);
  db = openDb(stack.databaseUrl);
});

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await ai?.close();
  await sms?.close();
});

/** A coach's client with a check-in due now, left to the scheduler and the send worker. */
async function dueCheckIn(firstName: string) {
  const { accessToken, user } = await signedInUser(request, stack.outboxDir);
  const c = await createClient(request, accessToken, { firstName });
  const [row] = await db<{ id: string }[]>`
    insert into check_ins (coach_id, client_id, is_global_check_in, status, scheduled_for, source)
    values (${user.id}, ${c.id}, true, 'scheduled', now(), 'manual') returning id`;
  return { token: accessToken, coachId: user.id, client: c, checkInId: row!.id };
}

async function settled(token: string, clientId: string, checkInId: string, timeoutMs = 30_000): Promise<CheckInDto> {
  const list = await eventually(
    () => checkInsOf(request, token, clientId),
    (l) => l.some((c) => c._id === checkInId && c.status !== 'upcoming'),
    timeoutMs,
    'the check-in to leave upcoming',
  );
  return list.find((c) => c._id === checkInId)!;
}

async function usage(coachId: string) {
  return db<{ service: string; operation: string; status: string }[]>`
    select service, operation, status from api_usage where user_id = ${coachId} order by created_at`;
}

describe('a failing AI provider', () => {
  it('answering 500 is tried again after a pause, and the check-in goes out once', async () => {
    const due = await dueCheckIn('Flaky');
    // The SDK's own retry meets the second 500: the first attempt of the job fails.
    ai.fault('Flaky', { kind: 'status', status: 500 }, 2);
    const sent = await settled(due.token, due.client.id, due.checkInId);
    expect(sent).toMatchObject({ status: 'sent', failureReason: null });
    expect(ai.requestsFor('Flaky', 'compose')).toHaveLength(3);
    expect(sms.to(due.client.phone).map((m) => m.body)).toEqual([sent.aiMessage]);
    expect((await usage(due.coachId)).filter((u) => u.service === 'openai').map((u) => u.status)).toEqual(['error', 'success']);
  });

  it('not answering in time is tried again, and the check-in goes out once', async () => {
    const due = await dueCheckIn('Sleepy');
    ai.fault('Sleepy', { kind: 'hang' }, 2);
    const sent = await settled(due.token, due.client.id, due.checkInId);
    expect(sent.status).toBe('sent');
    expect(sms.to(due.client.phone)).toHaveLength(1);
  });
});

describe('a failing SMS provider', () => {
  it('timing out after it took the message: the retry finds it at Twilio and sends nothing twice', async () => {
    const due = await dueCheckIn('Ghost');
    sms.fault(due.client.phone, { kind: 'hang', accepted: true }, 1);
    const lookupsBefore = sms.lookups;
    const sent = await settled(due.token, due.client.id, due.checkInId);
    expect(sent.status).toBe('sent');
    const texts = sms.to(due.client.phone);
    expect(texts).toHaveLength(1);
    expect(sms.lookups).toBeGreaterThan(lookupsBefore);
    const [row] = await db<{ provider_message_id: string }[]>`select provider_message_id from check_ins where id = ${due.checkInId}`;
    expect(row!.provider_message_id).toBe(texts[0]!.sid);
    expect(ai.requestsFor('Ghost', 'compose')).toHaveLength(1);
  });

  it('answering 500 without taking it: the retry looks, finds nothing, and sends it once', async () => {
    const due = await dueCheckIn('Bumpy');
    sms.fault(due.client.phone, { kind: 'status', status: 500 }, 1);
    const sent = await settled(due.token, due.client.id, due.checkInId);
    expect(sent).toMatchObject({ status: 'sent', failureReason: null });
    expect(sms.to(due.client.phone).map((m) => m.body)).toEqual([sent.aiMessage]);
    const calls = (await usage(due.coachId)).filter((u) => u.service === 'twilio');
    expect(calls.map((u) => `${u.operation}:${u.status}`)).toEqual(['messages.create:error', 'messages.list:success', 'messages.create:success']);
  });

  it('failing on every attempt ends the check-in failed, with the reason on the coach screen', async () => {
    const due = await dueCheckIn('Doomed');
    sms.fault(due.client.phone, { kind: 'status', status: 503 }, 100);
    const failed = await settled(due.token, due.client.id, due.checkInId, 45_000);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/^The text message could not be delivered: /);
    expect(sms.to(due.client.phone)).toHaveLength(0);
    const attempts = (await usage(due.coachId)).filter((u) => u.operation === 'messages.create');
    expect(attempts).toHaveLength(RETRIES + 1);
    expect(attempts.every((u) => u.status === 'error')).toBe(true);
  });

  it('refusing the number (a 4xx) fails the check-in at once, without retrying, when the client has no fallback channel', async () => {
    const due = await dueCheckIn('Wrong');
    // With the default order a refusal goes on to the e-mail (tests/api/channels.test.ts, decision 0084).
    await db`update clients set fallback_channels = '{}' where id = ${due.client.id}`;
    sms.failFor(due.client.phone);
    const failed = await settled(due.token, due.client.id, due.checkInId);
    expect(failed.status).toBe('failed');
    expect((await usage(due.coachId)).filter((u) => u.operation === 'messages.create')).toHaveLength(1);
  });
});

describe('check-ins due at the same instant', () => {
  it('go in one send job; the next attempt is a job of the one whose text failed, and the other is sent once', async () => {
    const { accessToken, user } = await signedInUser(request, stack.outboxDir);
    const steady = await createClient(request, accessToken, { firstName: 'Steady' });
    const shaky = await createClient(request, accessToken, { firstName: 'Shaky' });
    sms.fault(shaky.phone, { kind: 'status', status: 500 }, 1);
    const rows = await db<{ id: string; client_id: string }[]>`
      insert into check_ins (coach_id, client_id, is_global_check_in, status, scheduled_for, source)
      select ${user.id}, c, true, 'scheduled', date_trunc('second', now()), 'manual'
      from unnest(${[steady.id, shaky.id]}::uuid[]) as c
      returning id, client_id`;
    const idOf = (clientId: string) => rows.find((r) => r.client_id === clientId)!.id;

    const shakySent = await settled(accessToken, shaky.id, idOf(shaky.id));
    const steadySent = await settled(accessToken, steady.id, idOf(steady.id));
    expect(shakySent).toMatchObject({ status: 'sent', failureReason: null });
    expect(steadySent).toMatchObject({ status: 'sent', failureReason: null });
    expect(sms.to(steady.phone)).toHaveLength(1);
    expect(sms.to(shaky.phone).map((m) => m.body)).toEqual([shakySent.aiMessage]);
    expect(ai.requestsFor('Steady', 'compose')).toHaveLength(1);

    const jobs = await db<{ ids: string[]; attempt: number | null }[]>`
      select data->'checkInIds' as ids, (data->>'attempt')::int as attempt from pgboss.job
      where name = 'checkin-send-batch' and (data->'checkInIds' ? ${idOf(steady.id)} or data->'checkInIds' ? ${idOf(shaky.id)})
      order by created_on`;
    expect(jobs).toHaveLength(2);
    expect([...jobs[0]!.ids].sort()).toEqual(rows.map((r) => r.id).sort());
    expect(jobs[0]!.attempt).toBeNull();
    expect(jobs[1]).toEqual({ ids: [idOf(shaky.id)], attempt: 2 });
  });
});
