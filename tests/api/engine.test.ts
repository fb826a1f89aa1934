import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postClientReply } from '../../scripts/client-reply';
import type { FakeOpenAi } from '../helpers/fake-openai';
import type { FakeTwilio } from '../helpers/fake-twilio';
import { FAKE_TWILIO_ACCOUNT } from '../helpers/fake-providers';
import type { AiSchedule } from '@/lib/schemas/ai-schedule';
import type { ClientGoal, Milestone, ProposedMilestone } from '@/lib/schemas/goals';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import type { HttpResult } from '../helpers/http';
import type { Stack } from '../helpers/stack';
import type { CheckInChanged, CheckInDto } from '@/lib/schemas/checkins';
import { checkInsOf, createClient, createGoal, eventually, listen, slotAhead } from './engine-helpers';
import { startEngineStack, stopEngineStack } from './engine-stack';
import { signedInUser, type ApiRequest, type Db, type ErrorBody } from './helpers-auth';

/**
 * The AI check-in engine over HTTP, with the real openai and twilio SDKs pointed at local fakes:
 * a stack of its own (the shared one runs with the local providers).
 */

const { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM } = FAKE_TWILIO_ACCOUNT;

let stack: Stack;
let ai: FakeOpenAi;
let sms: FakeTwilio;
let request: ApiRequest;
let db: Db;

beforeAll(async () => {
  ({ stack, ai, sms, request, db } = await startEngineStack({ OPENAI_MODEL: 'gpt-4o-mini', SCHEDULER_TICK_SECONDS: '1' }));
});

afterAll(() => stopEngineStack({ stack, ai, sms, db }));

const coach = () => signedInUser(request, stack.outboxDir);

function reply(from: string, body: string) {
  return postClientReply({ appUrl: stack.baseUrl, authToken: AUTH_TOKEN, from, body, to: FROM });
}

async function waitForStatus(token: string, clientId: string, status: string, timeoutMs = 15_000): Promise<CheckInDto> {
  const list = await eventually(() => checkInsOf(request, token, clientId), (l) => l.some((c) => c.status === status), timeoutMs, `a check-in in status ${status}`);
  return list.find((c) => c.status === status)!;
}

async function checkInRow(id: string) {
  const [row] = await db<{ status: string; failure_reason: string | null; channel: string | null; provider_message_id: string | null; sent_at: Date | null }[]>`
    select status, failure_reason, channel, provider_message_id, sent_at from check_ins where id = ${id}`;
  return row!;
}

describe('the conversation', () => {
  it('goes sent → responded → completed, with the analysis stored, progress updated and the coach told live', async () => {
    const { accessToken, user } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Loopy', goal: { title: 'Walk 100 km', target: 100, unit: 'km' } });
    ai.script('Loopy', {
      coachSummary: 'Loopy walked 5 km and feels great.',
      insights: ['Walks daily', 'Mood is high'],
      executiveSummary: 'Loopy is at 45 of 100 km and motivated.',
      motivation: 'high',
      engagementAssessment: 'great',
      concerns: ['Knee felt sore once'],
      progress: [{ goalId: c.goalId, value: 45, completed: false }],
      unattributed: [],
    }, { operation: 'analyse' });
    const live = await listen(stack.socketPort, accessToken);

    const sent = await request<CheckInChanged>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id, goalId: c.goalId } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.checkIn).toMatchObject({ status: 'sent', isGlobalCheckIn: false, goal: { _id: c.goalId, title: 'Walk 100 km' } });
    expect(sent.body.checkIn.aiMessage).toContain('Loopy');
    // The AI was asked through the SDK in JSON mode, with the goal and its progress.
    const compose = ai.requestsFor('Loopy', 'compose');
    expect(compose).toHaveLength(1);
    expect(compose[0]!.authorization).toBe('Bearer test-key');
    expect(compose[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(compose[0]!.text).toContain('Walk 100 km');
    // The text went to the client's phone through Twilio.
    expect(sms.to(c.phone)).toHaveLength(1);
    expect(sms.to(c.phone)[0]).toMatchObject({ from: FROM, body: sent.body.checkIn.aiMessage, accountSid: ACCOUNT_SID });
    const row = await checkInRow(sent.body.checkIn._id);
    expect(row).toMatchObject({ status: 'sent', channel: 'sms', provider_message_id: sms.to(c.phone)[0]!.sid });

    const answer = await reply(c.phone, 'Walked 5 km today, feeling great');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/<Response\/>/);

    const done = await waitForStatus(accessToken, c.id, 'completed');
    expect(done).toMatchObject({
      clientResponse: 'Walked 5 km today, feeling great',
      coachSummary: 'Loopy walked 5 km and feels great.',
      insights: ['Walks daily', 'Mood is high'],
      executiveSummary: 'Loopy is at 45 of 100 km and motivated.',
      motivation: 'high',
      engagementAssessment: 'great',
      concerns: ['Knee felt sore once'],
      value: 45,
      progressUpdates: [{ goalId: c.goalId, title: 'Walk 100 km', from: 0, to: 45, unit: 'km', completed: false }],
      aiResponse: 'Great work, Loopy! Keep going.',
    });
    // The analysis was asked for with the goal's id, to name the goals it moves.
    expect(ai.requestsFor('Loopy', 'analyse')[0]!.text).toContain(c.goalId);
    // The follow-up went out by SMS.
    expect(sms.to(c.phone).map((m) => m.body)).toEqual([sent.body.checkIn.aiMessage, 'Great work, Loopy! Keep going.']);

    // Progress updated through the goals service with source ai.
    const goals = await request<{ goals: { _id: string; currentValue: number; progress: number }[] }>('GET', `/dashboard/client-goals/${c.id}`, { token: accessToken });
    expect(goals.body.goals[0]).toMatchObject({ currentValue: 45, progress: 45 });
    const history = await db<{ source: string; value: number }[]>`select source, value::float as value from goal_progress_history where goal_id = ${c.goalId} order by created_at desc limit 1`;
    expect(history[0]).toEqual({ source: 'ai', value: 45 });

    // The client and the coach's notifications.
    const [clientRow] = await db<{ executive_summary: string; last_response_at: Date | null; last_check_in_at: Date | null }[]>`
      select executive_summary, last_response_at, last_check_in_at from clients where id = ${c.id}`;
    expect(clientRow).toMatchObject({ executive_summary: 'Loopy is at 45 of 100 km and motivated.' });
    expect(clientRow!.last_response_at).not.toBeNull();
    expect(clientRow!.last_check_in_at).not.toBeNull();
    // The coach is notified by a job after the webhook answered.
    await eventually(
      () => db<{ type: string; message: string }[]>`select type, message from notifications where user_id = ${user.id}`,
      (notes) => notes.some((n) => n.type === 'checkin_response' && n.message.includes('Walked 5 km today')),
      10_000,
      'the reply notification',
    );

    // Every outside call metered for the coach: 3 AI calls with a token cost, 2 SMS at the segment price.
    const usage = await db<{ service: string; operation: string; status: string; cost: number }[]>`
      select service, operation, status, cost_usd::float as cost from api_usage where user_id = ${user.id} order by created_at`;
    expect(usage.filter((u) => u.service === 'openai').map((u) => u.operation)).toEqual(['checkin.compose', 'checkin.analyse', 'checkin.followup']);
    expect(usage.filter((u) => u.service === 'openai').every((u) => u.cost > 0 && u.status === 'success')).toBe(true);
    // The first text carries the consent notice, so it takes more segments (GSM-7: 160, 153 when split).
    const segments = (body: string) => (body.length <= 160 ? 1 : Math.ceil(body.length / 153));
    expect(usage.filter((u) => u.service === 'twilio').map((u) => u.cost)).toEqual(sms.to(c.phone).map((m) => Number((segments(m.body) * 0.0079).toFixed(4))));
    expect(segments(sms.to(c.phone)[0]!.body)).toBe(2);

    // The screens heard about it as it happened.
    await eventually(async () => live.events, (e) => e.some((x) => x.event === 'goalProgressUpdated'), 5000, 'goalProgressUpdated');
    const events = live.events.map((e) => e.event);
    expect(events).toContain('checkInCreated');
    const completedEvent = live.events.find((e) => e.event === 'clientProfileUpdated' && (e.payload.checkIn as CheckInDto | undefined)?.status === 'completed');
    expect(completedEvent?.payload.checkIn).toMatchObject({ motivation: 'high', engagementAssessment: 'great', coachSummary: 'Loopy walked 5 km and feels great.' });
    expect(live.events.find((e) => e.event === 'goalProgressUpdated')?.payload).toMatchObject({ goalId: c.goalId, progress: 45 });
    live.close();
  });

  it('asks once more after a malformed AI answer, then fails the check-in cleanly', async () => {
    const { accessToken, user } = await coach();
    const twice = await createClient(request, accessToken, { firstName: 'Garbled', goal: { title: 'Read 12 books', target: 12, unit: 'books' } });
    ai.script('Garbled', 'this is { not json', { operation: 'analyse', times: 2 });
    const sent = await request<CheckInChanged>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: twice.id } });
    expect(sent.status).toBe(200);
    await reply(twice.phone, 'Read two more books');
    const failed = await waitForStatus(accessToken, twice.id, 'failed');
    expect(failed.clientResponse).toBe('Read two more books');
    expect(failed.motivation).toBeNull();
    expect(failed.failureReason).toMatch(/^The AI could not analyse the reply/);
    expect((await checkInRow(failed._id)).failure_reason).toMatch(/^The AI could not analyse the reply: The AI answer to analyseReply was malformed/);
    expect(ai.requestsFor('Garbled', 'analyse')).toHaveLength(2);
    expect(ai.requestsFor('Garbled', 'followup')).toHaveLength(0);
    // Only the check-in itself was texted; both malformed answers are recorded as errors.
    expect(sms.to(twice.phone)).toHaveLength(1);
    const errors = await db<{ n: number }[]>`
      select count(*)::int as n from api_usage where user_id = ${user.id} and operation = 'checkin.analyse' and status = 'error' and error_message like '%malformed%'`;
    expect(errors[0]!.n).toBe(2);

    // One malformed answer followed by a good one: the retry saves the conversation.
    const once = await createClient(request, accessToken, { firstName: 'Hiccup', goal: { title: 'Swim 20 laps', target: 20, unit: 'laps' } });
    ai.script('Hiccup', '{"coachSummary": 42}', { operation: 'analyse', times: 1 });
    await request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: once.id } });
    await reply(once.phone, 'Swam 10 laps');
    const completed = await waitForStatus(accessToken, once.id, 'completed');
    expect(completed.motivation).toBe('high');
    expect(ai.requestsFor('Hiccup', 'analyse')).toHaveLength(2);
  });

  it('refuses an inbound text with a bad or missing Twilio signature (403)', async () => {
    const url = `${stack.baseUrl}/api/webhooks/twilio`;
    const params = { From: '+15550000000', To: FROM, Body: 'hello', MessageSid: 'SMbadsig' };
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(params).toString() });
    const forged = await post({ 'x-twilio-signature': twilio.getExpectedTwilioSignature('another-token', url, params) });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as ErrorBody).error).toBe('INVALID_SIGNATURE');
    expect((await post({})).status).toBe(403);
    // Signed over other fields than those sent.
    const tampered = await post({ 'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, { ...params, Body: 'other' }) });
    expect(tampered.status).toBe(403);
    const good = await post({ 'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params) });
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toContain('text/xml');
    expect(await good.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  it('handles a message Twilio delivers twice only once', async () => {
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Twice', goal: { title: 'Sleep 8 hours', target: 8, unit: 'hours' } });
    await request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } });
    const url = `${stack.baseUrl}/api/webhooks/twilio`;
    const params = { From: c.phone, To: FROM, Body: 'Slept 7 hours', MessageSid: `SM${randomUUID().replaceAll('-', '')}` };
    const post = () =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params) },
        body: new URLSearchParams(params).toString(),
      });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    await waitForStatus(accessToken, c.id, 'completed');
    expect(ai.requestsFor('Twice', 'analyse')).toHaveLength(1);
  });

  it('honours STOP (nothing more is texted) until START', async () => {
    const { accessToken, user } = await coach();
    // Tokyo keeps no summer time: the slot below is one instant, whenever the file runs.
    const c = await createClient(request, accessToken, { firstName: 'Stopper', timezone: 'Asia/Tokyo', goal: { title: 'Drink water', target: 8, unit: 'glasses' } });
    expect((await request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } })).status).toBe(200);
    expect(sms.to(c.phone)).toHaveLength(1);

    expect((await reply(c.phone, 'STOP')).status).toBe(200);
    const [optedOut] = await db<{ sms_opted_out: boolean }[]>`select sms_opted_out from clients where id = ${c.id}`;
    expect(optedOut!.sms_opted_out).toBe(true);
    // STOP is not a reply to analyse.
    expect(ai.requestsFor('Stopper', 'analyse')).toHaveLength(0);
    await eventually(
      () => db<{ type: string; message: string }[]>`select type, message from notifications where user_id = ${user.id} and type = 'system'`,
      (notes) => notes.some((n) => n.message.includes('replied STOP')),
      10_000,
      'the STOP notification',
    );

    const refused = await request<ErrorBody>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/STOP/);
    // A scheduled slot is skipped too: no row is planned for an opted-out client, while the same slot
    // is planned for a client who did not opt out (so the slot is one the scheduler would plan now).
    const control = await createClient(request, accessToken, { firstName: 'Stayer', timezone: 'Asia/Tokyo', goal: { title: 'Drink tea', target: 8, unit: 'cups' } });
    const soon = slotAhead('Asia/Tokyo', 3);
    const schedule = db.json({ [String(soon.dayIndex)]: [{ id: 'soon', time: soon.time, enabled: true }] });
    await db`update clients set check_in_schedule = ${schedule} where id in ${db([c.id, control.id])}`;
    await eventually(() => db`select id from check_ins where client_id = ${control.id} and source = 'schedule'`, (rows) => rows.length === 1, 10_000, "the other client's slot planned");
    await db`update clients set check_in_schedule = '{}'::jsonb where id = ${control.id}`;
    const planned = await db`select id from check_ins where client_id = ${c.id} and source = 'schedule'`;
    expect(planned).toHaveLength(0);
    expect(sms.to(c.phone)).toHaveLength(1);

    expect((await reply(c.phone, 'start')).status).toBe(200);
    const [optedIn] = await db<{ sms_opted_out: boolean }[]>`select sms_opted_out from clients where id = ${c.id}`;
    expect(optedIn!.sms_opted_out).toBe(false);
    await db`update clients set check_in_schedule = '{}'::jsonb where id = ${c.id}`;
    const again = await request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(sms.to(c.phone)).toHaveLength(2);
  });

  it('marks a check-in with no reply within the window as no_response and tells the coach', async () => {
    const { accessToken, user } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Silent', goal: { title: 'Stretch daily', target: 30, unit: 'days' } });
    const sent = await request<CheckInChanged>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } });
    // 24 h pass (the window is NO_RESPONSE_WINDOW_HOURS, default 24).
    await db`update check_ins set sent_at = now() - interval '24 hours 1 minute' where id = ${sent.body.checkIn._id}`;
    await waitForStatus(accessToken, c.id, 'no_response', 10_000);
    // The coach is told right after the status changes, not in the same transaction.
    const notes = await eventually(
      () => db<{ type: string; message: string }[]>`select type, message from notifications where user_id = ${user.id} and type = 'missed_checkin'`,
      (rows) => rows.length > 0,
      5_000,
      'the missed check-in notification',
    );
    expect(notes[0]?.message).toMatch(/Silent Tester did not reply to the check-in within 24 h/);
    // A late reply is still taken.
    await reply(c.phone, 'Sorry, stretched 10 days so far');
    await waitForStatus(accessToken, c.id, 'completed');
  });

  it('stops AI messages past the monthly quota: the check-in fails with the reason and the coach is told once', async () => {
    const { accessToken, user } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Quota', goal: { title: 'Save $500', target: 500, unit: 'USD' } });
    // The free plan allows 20 AI interactions a month.
    await db`insert into api_usage (user_id, service, operation, status, response_ms) select ${user.id}, 'openai', 'checkin.compose', 'success', 100 from generate_series(1, 20)`;
    const first = await request<ErrorBody & { requiredAction?: string }>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } });
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ error: 'PLAN_LIMIT_REACHED', requiredAction: 'upgrade_plan' });
    expect(first.body.message).toMatch(/used all 20 AI interactions of your Free plan/);
    const second = await request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } });
    expect(second.status).toBe(403);
    const rows = await db<{ status: string; failure_reason: string }[]>`select status, failure_reason from check_ins where client_id = ${c.id}`;
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'failed' && r.failure_reason === "The plan's monthly AI interactions are used up")).toBe(true);
    expect(ai.requestsFor('Quota')).toHaveLength(0);
    expect(sms.to(c.phone)).toHaveLength(0);
    const notes = await db<{ type: string; message: string }[]>`select type, message from notifications where user_id = ${user.id} and type = 'system'`;
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toMatch(/AI check-ins are paused/);
    // Milestone generation is refused the same way.
    const goalRes = await request<ErrorBody>('POST', `/goals/${c.goalId}/generate-milestones?save=true`, { token: accessToken });
    expect(goalRes.status).toBe(403);
  });

  it('records a refused SMS as a failed check-in when the client has no fallback channel', async () => {
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Unreachable', goal: { title: 'Plank 5 minutes', target: 5, unit: 'minutes' } });
    // With the default order the e-mail would carry it (tests/api/channels.test.ts, decision 0084).
    await db`update clients set fallback_channels = '{}' where id = ${c.id}`;
    sms.failFor(c.phone);
    const res = await request<ErrorBody>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/text message could not be delivered/);
    const [row] = await db<{ status: string }[]>`select status from check_ins where client_id = ${c.id}`;
    expect(row!.status).toBe('failed');
  });
});

describe('immediate contact and global check-ins', () => {
  it('refuses check-ins sent now to one client past the hourly limit, with 429 and Retry-After, sending nothing more', async () => {
    // The limit counts the hits of the last hour (a sliding window, server/services/rate-limit.ts):
    // no clock hour can turn over between them, whatever the time.
    const rule = RATE_LIMITS.immediateCheckInClient;
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Flooded', goal: { title: 'Swim 20 km', target: 20, unit: 'km' } });
    const other = await createClient(request, accessToken, { firstName: 'Spared', goal: { title: 'Swim 10 km', target: 10, unit: 'km' } });
    for (let i = 0; i < rule.limit; i += 1) {
      expect((await request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } })).status).toBe(200);
    }
    const refused = await request<ErrorBody>('POST', '/ai/immediate-contact', { token: accessToken, body: { _id: c.id } });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect(refused.body.message).toMatch(/^Too many immediate check-ins to this client this hour\. Please try again in \d+ (seconds|minutes)\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(rule.windowSeconds);
    expect(sms.to(c.phone)).toHaveLength(rule.limit);
    const [row] = await db<{ count: number }[]>`select count(*)::int as count from check_ins where client_id = ${c.id}`;
    expect(row!.count).toBe(rule.limit);
    expect((await request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: other.id } })).status).toBe(200);
  });

  it('POST /ai/immediate-contact without a goal asks about every active goal', async () => {
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Globetrotter', goal: { title: 'Run 50 km', target: 50, unit: 'km' } });
    await createGoal(request, accessToken, c.id, { title: 'Learn 300 words', target: 300, unit: 'words' });
    const res = await request<CheckInChanged>('POST', '/ai/immediate-contact', { token: accessToken, body: { _id: c.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.checkIn).toMatchObject({ status: 'sent', isGlobalCheckIn: true, goal: null });
    const compose = ai.requestsFor('Globetrotter', 'compose').at(-1)!;
    expect(compose.text).toContain('Run 50 km');
    expect(compose.text).toContain('Learn 300 words');
    // One reply moves both goals; an entry for a goal the check-in does not cover is ignored.
    const words = (await db<{ id: string }[]>`select id from goals where client_id = ${c.id} and title = 'Learn 300 words'`)[0]!.id;
    const elsewhere = '00000000-0000-4000-8000-000000000001';
    ai.script(
      'Globetrotter',
      {
        coachSummary: 'Run 50 km: 0 → 12 km. Learn 300 words: 0 → 40 words.',
        insights: [],
        executiveSummary: 'e',
        motivation: 'medium',
        engagementAssessment: 'okay',
        concerns: [],
        progress: [
          { goalId: c.goalId, value: 12, completed: false },
          { goalId: words, value: 40, completed: false },
          { goalId: elsewhere, value: 99, completed: false },
        ],
        unattributed: [],
      },
      { operation: 'analyse' },
    );
    await reply(c.phone, 'Ran 12 km and learnt 40 words');
    const done = await waitForStatus(accessToken, c.id, 'completed');
    // Two numeric goals moved: the check-in's own value stays empty, each goal's change is on the check-in.
    expect(done.value).toBeNull();
    expect(done.failureReason).toBeNull();
    expect(done.progressUpdates).toEqual([
      { goalId: c.goalId, title: 'Run 50 km', from: 0, to: 12, unit: 'km', completed: false },
      { goalId: words, title: 'Learn 300 words', from: 0, to: 40, unit: 'words', completed: false },
    ]);
    const values = await db<{ id: string; current_value: number }[]>`select id, current_value::float as current_value from goals where client_id = ${c.id} order by title`;
    expect(values.map((g) => g.current_value)).toEqual([40, 12]);

    const one = await request<CheckInChanged>('POST', '/ai/immediate-contact', { token: accessToken, body: { _id: c.id, goalId: c.goalId } });
    expect(one.body.checkIn).toMatchObject({ isGlobalCheckIn: false, goal: { _id: c.goalId } });
    expect((await request('POST', '/ai/immediate-contact', { token: accessToken, body: {} })).status).toBe(400);
    expect((await request('POST', '/ai/immediate-contact', { token: accessToken, body: { _id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
  });

  it('leaves a goal cancelled from an upcoming global check-in out of it, and cancels it when no goal is left', async () => {
    const { accessToken, user } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Partial', goal: { title: 'Cycle 200 km', target: 200, unit: 'km' } });
    const other = await createGoal(request, accessToken, c.id, { title: 'Bake 10 loaves', target: 10, unit: 'loaves' });
    const upcoming = async () => {
      const [row] = await db<{ id: string }[]>`
        insert into check_ins (coach_id, client_id, is_global_check_in, status, scheduled_for, source)
        values (${user.id}, ${c.id}, true, 'scheduled', now() + interval '6 seconds', 'manual') returning id`;
      return row!.id;
    };
    const first = await upcoming();
    const cancel = await request<CheckInChanged>('PATCH', `/checkins/${first}/cancel-for-goal`, { token: accessToken, body: { goalId: other, clientId: c.id } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.checkIn.cancelledGoals).toEqual([other]);
    await eventually(() => checkInRow(first), (r) => r.status === 'sent', 15_000, 'the global check-in sent');
    const compose = ai.requestsFor('Partial', 'compose').at(-1)!;
    expect(compose.text).toContain('Cycle 200 km');
    expect(compose.text).not.toContain('Bake 10 loaves');

    const second = await upcoming();
    for (const goalId of [c.goalId!, other]) {
      expect((await request('PATCH', `/checkins/${second}/cancel-for-goal`, { token: accessToken, body: { goalId, clientId: c.id } })).status).toBe(200);
    }
    const cancelled = await eventually(() => checkInRow(second), (r) => r.status !== 'scheduled', 15_000, 'the emptied check-in settled');
    expect(cancelled).toMatchObject({ status: 'cancelled', failure_reason: 'Cancelled for every goal' });
    expect(sms.to(c.phone)).toHaveLength(1);
  });
});

describe('milestones', () => {
  it('POST /goals/{id}/generate-milestones proposes, saves, replaces and appends', async () => {
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Milo', goal: { title: 'Read 30 books', target: 30, unit: 'books' } });
    const preview = await request<{ milestones: ProposedMilestone[]; saved: boolean }>('POST', `/goals/${c.goalId}/generate-milestones`, { token: accessToken });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.saved).toBe(false);
    expect(preview.body.milestones.map((m) => m.targetValue)).toEqual([10, 20, 30]);
    const goalsOf = async () => (await request<{ goals: ClientGoal[] }>('GET', `/dashboard/client-goals/${c.id}`, { token: accessToken })).body.goals[0]!.milestones;
    expect(await goalsOf()).toHaveLength(0);

    const saved = await request<{ milestones: Milestone[] }>('POST', `/goals/${c.goalId}/generate-milestones?save=true&replace=true`, { token: accessToken });
    expect(saved.status).toBe(200);
    expect(saved.body.milestones).toHaveLength(3);
    expect(saved.body.milestones[0]).toMatchObject({ title: 'Reach 10 books', targetValue: 10, targetPercentage: 33 });
    expect(saved.body.milestones[0]!._id).toBeTruthy();
    expect(await goalsOf()).toHaveLength(3);
    await request('POST', `/goals/${c.goalId}/generate-milestones?save=true&replace=true`, { token: accessToken });
    expect(await goalsOf()).toHaveLength(3);
    await request('POST', `/goals/${c.goalId}/generate-milestones?save=true`, { token: accessToken });
    expect(await goalsOf()).toHaveLength(6);
    const asked = ai.requestsFor('Read 30 books', 'milestones');
    expect(asked.length).toBe(4);
    expect((await request('POST', `/goals/00000000-0000-4000-8000-000000000000/generate-milestones`, { token: accessToken })).status).toBe(404);
  });

  it('tells the AI which milestones are done, keeps its answer after them, and replacing keeps the done ones', async () => {
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Dana', goal: { title: 'Swim 30 lengths', target: 30, unit: 'lengths' } });
    const saved = await request<{ milestones: Milestone[] }>('POST', `/goals/${c.goalId}/generate-milestones?save=true`, { token: accessToken });
    expect(saved.body.milestones.map((m) => m.title)).toEqual(['Reach 10 lengths', 'Reach 20 lengths', 'Reach 30 lengths']);
    const ticked = saved.body.milestones.map((m, i) => ({ title: m.title, description: m.description, targetValue: m.targetValue, targetPercentage: m.targetPercentage, completed: i === 0 }));
    expect((await request('PATCH', `/goals/${c.goalId}`, { token: accessToken, body: { milestones: ticked } })).status).toBe(200);

    const replaced = await request<{ milestones: Milestone[] }>('POST', `/goals/${c.goalId}/generate-milestones?save=true&replace=true`, { token: accessToken });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const asked = ai.requestsFor('Swim 30 lengths', 'milestones').at(-1)!;
    expect(asked.text).toContain('"milestones":[{"title":"Reach 10 lengths","completed":true,"targetValue":10},{"title":"Reach 20 lengths","completed":false,"targetValue":20}');
    // The fake AI answers thirds of the target whatever it is told; its "Reach 10 lengths" repeats the done one and is dropped.
    expect(replaced.body.milestones.map((m) => [m.title, m.completed])).toEqual([
      ['Reach 10 lengths', true],
      ['Reach 20 lengths', false],
      ['Reach 30 lengths', false],
    ]);
  });

  it('saves nothing when nothing is left to propose, and spends no AI call once the done milestones reach the target', async () => {
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Ezra', goal: { title: 'Row 30 sessions', target: 30, unit: 'sessions' } });
    const milestonesOf = async () => (await request<{ goals: ClientGoal[] }>('GET', `/dashboard/client-goals/${c.id}`, { token: accessToken })).body.goals[0]!.milestones;
    const doneByTitle = ['Reach 10 sessions', 'Reach 20 sessions', 'Reach 30 sessions'].map((title) => ({ title, completed: true }));
    const own = [...doneByTitle, { title: 'Book a race', completed: false }];
    expect((await request('PATCH', `/goals/${c.goalId}`, { token: accessToken, body: { milestones: own } })).status).toBe(200);
    // Every step the AI answers is done already: replacing would only remove "Book a race".
    const replaced = await request<{ saved: boolean; milestones: unknown[] }>('POST', `/goals/${c.goalId}/generate-milestones?save=true&replace=true`, { token: accessToken });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ saved: false, milestones: [] });
    expect((await milestonesOf()).map((m) => m.title)).toEqual(own.map((m) => m.title));

    const reached = [{ title: 'All 30 sessions', targetValue: 30, completed: true }];
    expect((await request('PATCH', `/goals/${c.goalId}`, { token: accessToken, body: { milestones: reached } })).status).toBe(200);
    const calls = ai.requestsFor('Row 30 sessions', 'milestones').length;
    const none = await request<{ saved: boolean; milestones: unknown[] }>('POST', `/goals/${c.goalId}/generate-milestones`, { token: accessToken });
    expect(none.body).toMatchObject({ saved: false, milestones: [] });
    expect(ai.requestsFor('Row 30 sessions', 'milestones')).toHaveLength(calls);
  });
});

describe('AI schedules', () => {
  const expectMessage = (res: HttpResult, message: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect((res.body as unknown as ErrorBody).message).toBe(message);
  };

  it('create defaults to 09:00 Monday to Friday in the client zone, and lists by client and goal', async () => {
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Sched', timezone: 'America/Chicago', goal: { title: 'Yoga 20 sessions', target: 20, unit: 'sessions' } });
    const created = await request<AiSchedule>('POST', '/ai-schedule/create', { token: accessToken, body: { clientId: c.id } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      clientId: c.id,
      goalId: null,
      timeSlots: [{ time: '09:00' }],
      clientTimezone: 'America/Chicago',
      frequency: 'custom',
      customDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      promptTemplate: '',
    });
    expect([-300, -360]).toContain(created.body.clientTimezoneOffset);
    expect(created.body.nextCheckIns).toHaveLength(5);
    const forGoal = await request<AiSchedule>('POST', '/ai-schedule/create', {
      token: accessToken,
      body: { clientId: c.id, goalId: c.goalId, timeSlots: [{ time: '18:30' }, { time: '07:15' }], customDays: ['Saturday', 'sunday'], clientTimezone: 'Europe/London' },
    });
    expect(forGoal.body).toMatchObject({ timeSlots: [{ time: '07:15' }, { time: '18:30' }], customDays: ['saturday', 'sunday'], clientTimezone: 'Europe/London' });
    const byClient = await request<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/client/${c.id}`, { token: accessToken });
    expect(byClient.body.schedules.map((s) => s._id).sort()).toEqual([created.body._id, forGoal.body._id].sort());
    const byGoal = await request<{ schedules: AiSchedule[]; schedule: AiSchedule }>('GET', `/ai-schedule/goal/${c.goalId}`, { token: accessToken });
    expect(byGoal.body.schedules.map((s) => s._id)).toEqual([forGoal.body._id]);
    expect(byGoal.body.schedule._id).toBe(forGoal.body._id);

    // schedule-check-in keeps one schedule per client (or goal) and replaces its data.
    const saved = await request<{ schedule: AiSchedule }>('POST', '/ai/schedule-check-in', { token: accessToken, body: { clientId: c.id, goalId: c.goalId, timeSlots: [{ time: '12:00' }] } });
    expect(saved.status).toBe(200);
    expect(saved.body.schedule._id).toBe(forGoal.body._id);
    expect(saved.body.schedule.timeSlots).toEqual([{ time: '12:00' }]);
    expect((await request('DELETE', `/ai-schedule/${forGoal.body._id}`, { token: accessToken })).status).toBe(200);
    expect((await request<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/goal/${c.goalId}`, { token: accessToken })).body.schedules).toEqual([]);

    // Another coach's client and goal are not found.
    const stranger = await coach();
    expect((await request('GET', `/ai-schedule/client/${c.id}`, { token: stranger.accessToken })).status).toBe(404);
    expect((await request('GET', `/ai-schedule/goal/${c.goalId}`, { token: stranger.accessToken })).status).toBe(404);
    expect((await request('POST', '/ai-schedule/create', { token: stranger.accessToken, body: { clientId: c.id } })).status).toBe(404);
  });

  it('answers every product §2.5 message', async () => {
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Rules' });
    for (const path of ['/ai-schedule/create', '/ai/schedule-check-in']) {
      const send = (body: object) => request('POST', path, { token: accessToken, body: { clientId: c.id, ...body } });
      expectMessage(await send({ timeSlots: [{ time: '9am' }] }), 'Invalid time format: 9am. Use HH:MM format (e.g., 09:00, 14:30)');
      expectMessage(await send({ timeSlots: [{ time: '09:00' }, { time: '24:00' }] }), 'Invalid time format: 24:00. Use HH:MM format (e.g., 09:00, 14:30)');
      expectMessage(await send({ customDays: [] }), 'Please select at least one day of the week');
      expectMessage(await send({ customDays: ['monday', 'funday', 'Caturday'] }), 'Invalid day values: funday, Caturday');
      expectMessage(await send({ timeSlots: [] }), 'Please add at least one time slot');
      expectMessage(await send({ clientId: undefined }), 'Client ID is missing. Please refresh the page.');
    }
  });

  it('plans the slot ahead, cancels it when the schedule changes, and cancels the new one when the client is held', async () => {
    const { accessToken } = await coach();
    const c = await createClient(request, accessToken, { firstName: 'Timely', timezone: 'Asia/Tokyo', goal: { title: 'Practice piano 40 hours', target: 40, unit: 'hours' } });
    const soon = slotAhead('Asia/Tokyo', 5);
    const created = await request<{ schedule: AiSchedule }>('POST', '/ai/schedule-check-in', { token: accessToken, body: { clientId: c.id, timeSlots: [{ time: soon.time }], customDays: [soon.day] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // The scheduler (every second here) makes the row up to 10 minutes ahead.
    const planned = await waitForStatus(accessToken, c.id, 'upcoming', 10_000);
    const later = slotAhead('Asia/Tokyo', 8);
    await request('POST', '/ai/schedule-check-in', { token: accessToken, body: { clientId: c.id, timeSlots: [{ time: later.time }], customDays: [later.day] } });
    const rows = await eventually(
      () => db<{ id: string; status: string; failure_reason: string | null; key: string }[]>`select id, status, failure_reason, dedupe_key as key from check_ins where client_id = ${c.id} order by scheduled_for`,
      (r) => r.length === 2,
      10_000,
      'the new slot planned',
    );
    expect(rows[0]).toMatchObject({ id: planned._id, status: 'cancelled', failure_reason: 'The schedule no longer has this slot' });
    expect(rows[1]!.status).toBe('scheduled');
    expect(rows[1]!.key).toContain(later.time);
    // Holding the client cancels the remaining one before it goes out.
    await request('POST', `/coach/clients/${c.id}/hold-checkins`, { token: accessToken });
    await eventually(() => checkInRow(rows[1]!.id), (r) => r.status === 'cancelled', 10_000, 'held client check-in cancelled');
    expect((await checkInRow(rows[1]!.id)).failure_reason).toBe('Check-ins are on hold for this client');
    expect(sms.to(c.phone)).toHaveLength(0);
  });
});
