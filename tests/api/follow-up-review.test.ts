import { describe, expect, it } from 'vitest';
import { postClientReply } from '../../scripts/client-reply';
import { FAKE_TWILIO_ACCOUNT } from '../helpers/fake-providers';
import type { CheckInChanged, CheckInDto, FollowUpQueue } from '@/lib/schemas/checkins';
import type { ClientChanged, ClientDto } from '@/lib/schemas/clients';
import { checkInsOf, createClient, eventually, listen, type CreatedClient } from './engine-helpers';
import { engineSuite } from './engine-stack';
import { signedInUser, type ErrorBody } from './helpers-auth';

/**
 * "Review AI follow-ups before they are sent" (decision 0075): the reply job keeps the follow-up
 * as a draft, the coach approves (as written or edited), exactly once, or discards it.
 */

const e = engineSuite({ OPENAI_MODEL: 'gpt-4o-mini' });

const coach = () => signedInUser(e.request, e.stack.outboxDir);
const reply = (from: string, body: string) => postClientReply({ appUrl: e.stack.baseUrl, authToken: FAKE_TWILIO_ACCOUNT.authToken, from, body, to: FAKE_TWILIO_ACCOUNT.from });

/** Turns the client's review on through the Edit client call. */
async function reviewOn(token: string, c: CreatedClient): Promise<ClientDto> {
  const current = await e.request<{ client: ClientDto }>('GET', `/clients/${c.id}`, { token });
  const { firstName, lastName, email, phone } = current.body.client;
  const res = await e.request<ClientChanged>('PUT', `/clients/${c.id}`, { token, body: { firstName, lastName, email, phone, reviewFollowUps: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.client;
}

/** A check-in sent and replied to; answers it once its follow-up waits for review. */
async function pendingFollowUp(token: string, c: CreatedClient, answer: string): Promise<CheckInDto> {
  const sent = await e.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token, body: { clientId: c.id } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect((await reply(c.phone, answer)).status).toBe(200);
  const list = await eventually(
    () => checkInsOf(e.request, token, c.id),
    (l) => l.some((x) => x.id === sent.body.checkIn.id && x.status === 'completed'),
    15_000,
    'the analysed reply',
  );
  return list.find((x) => x.id === sent.body.checkIn.id)!;
}

describe('review AI follow-ups', () => {
  it('is off by default: the follow-up is texted at once and recorded as sent', async () => {
    const { accessToken } = await coach();
    const c = await createClient(e.request, accessToken, { firstName: 'Direct', goal: { title: 'Run 50 km', target: 50, unit: 'km' } });
    const current = await e.request<{ client: ClientDto }>('GET', `/clients/${c.id}`, { token: accessToken });
    expect(current.body.client.reviewFollowUps).toBe(false);
    const done = await pendingFollowUp(accessToken, c, 'Ran 5 km');
    expect(done).toMatchObject({ followUpStatus: 'sent', aiResponse: 'Great work, Direct! Keep going.' });
    expect(done.followUpSentAt).not.toBeNull();
    expect(e.sms.to(c.phone).map((m) => m.body).at(-1)).toBe('Great work, Direct! Keep going.');
  });

  it('keeps the draft for the coach, lists it, and sends the edited text exactly once under concurrent approvals', async () => {
    const { accessToken, user } = await coach();
    const c = await createClient(e.request, accessToken, { firstName: 'Quinnie', goal: { title: 'Walk 100 km', target: 100, unit: 'km' } });
    expect((await reviewOn(accessToken, c)).reviewFollowUps).toBe(true);
    const live = await listen(e.stack.socketPort, accessToken);
    const done = await pendingFollowUp(accessToken, c, 'Walked 6 km, knee a bit sore');
    expect(done).toMatchObject({ followUpStatus: 'pending_review', followUpSentAt: null, aiResponse: 'Great work, Quinnie! Keep going.' });
    // Only the check-in went out.
    expect(e.sms.to(c.phone)).toHaveLength(1);
    await eventually(
      () => e.db<{ type: string; message: string }[]>`select type, message from notifications where user_id = ${user.id}`,
      (notes) => notes.some((n) => n.type === 'checkin_response' && n.message === 'A follow-up to Quinnie Tester is waiting for your review.'),
      10_000,
      'the review notification',
    );

    const queue = await e.request<FollowUpQueue>('GET', '/checkins/follow-ups', { token: accessToken });
    expect(queue.status).toBe(200);
    expect(queue.body.followUps).toHaveLength(1);
    expect(queue.body.followUps[0]).toMatchObject({
      client: { id: c.id, firstName: 'Quinnie', lastName: 'Tester' },
      draft: 'Great work, Quinnie! Keep going.',
      checkIn: { id: done.id, clientResponse: 'Walked 6 km, knee a bit sore', coachSummary: 'Quinnie reported steady progress and sounds positive.' },
    });

    // Another coach sees none of it and cannot act on it.
    const other = await coach();
    expect((await e.request<FollowUpQueue>('GET', '/checkins/follow-ups', { token: other.accessToken })).body.followUps).toEqual([]);
    expect((await e.request('POST', `/checkins/${done.id}/follow-up/approve`, { token: other.accessToken, body: {} })).status).toBe(404);
    expect((await e.request('POST', `/checkins/${done.id}/follow-up/discard`, { token: other.accessToken })).status).toBe(404);

    // Bad edits are refused with the field.
    const empty = await e.request<ErrorBody>('POST', `/checkins/${done.id}/follow-up/approve`, { token: accessToken, body: { message: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toContainEqual({ field: 'message', message: 'The message is empty' });
    const long = await e.request<ErrorBody>('POST', `/checkins/${done.id}/follow-up/approve`, { token: accessToken, body: { message: 'x'.repeat(1201) } });
    expect(long.status).toBe(400);
    expect(long.body.details?.[0]?.field).toBe('message');

    // The hourly limit of check-ins does not hold a follow-up back: use it up first.
    for (let i = 0; i < 5; i++) expect((await e.request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id, message: `Note ${i}` } })).status).toBe(200);
    expect((await e.request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id, message: 'One too many' } })).status).toBe(429);
    const textsBefore = e.sms.to(c.phone).length;

    const edited = 'Nice one, Quinnie. Go easy on that knee: a short walk tomorrow, and tell me how it feels.';
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => e.request<CheckInChanged & ErrorBody>('POST', `/checkins/${done.id}/follow-up/approve`, { token: accessToken, body: { message: edited } })),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const won = attempts.find((a) => a.status === 200)!;
    expect(won.body.checkIn).toMatchObject({ followUpStatus: 'sent', aiResponse: edited });
    expect(e.sms.to(c.phone)).toHaveLength(textsBefore + 1);
    const last = e.sms.to(c.phone).at(-1)!;
    expect(last.body).toBe(edited);
    expect(last.from).toBe(FAKE_TWILIO_ACCOUNT.from);
    const [row] = await e.db<{ follow_up_status: string; follow_up_sent_at: Date | null }[]>`select follow_up_status, follow_up_sent_at from check_ins where id = ${done.id}`;
    expect(row!.follow_up_status).toBe('sent');
    expect(row!.follow_up_sent_at).not.toBeNull();
    expect((await e.request<FollowUpQueue>('GET', '/checkins/follow-ups', { token: accessToken })).body.followUps).toEqual([]);
    // Screens refresh from the usual event.
    await eventually(
      async () => live.events,
      (events) => events.some((e) => e.event === 'clientProfileUpdated' && (e.payload.checkIn as CheckInDto | undefined)?.followUpStatus === 'sent'),
      5_000,
      'the realtime update',
    );
    live.close();
  });

  it('gives a follow-up whose text could not be delivered back to the queue; discard ends it with nothing sent', async () => {
    const { accessToken } = await coach();
    const c = await createClient(e.request, accessToken, { firstName: 'Discardo', goal: { title: 'Swim 20 km', target: 20, unit: 'km' } });
    await reviewOn(accessToken, c);
    const done = await pendingFollowUp(accessToken, c, 'Swam 1 km');
    e.sms.failFor(c.phone);
    const failed = await e.request<ErrorBody>('POST', `/checkins/${done.id}/follow-up/approve`, { token: accessToken, body: {} });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/still waiting for your review/);
    const queue = await e.request<FollowUpQueue>('GET', '/checkins/follow-ups', { token: accessToken });
    expect(queue.body.followUps.map((f) => f.checkIn.id)).toEqual([done.id]);

    const discarded = await e.request<CheckInChanged>('POST', `/checkins/${done.id}/follow-up/discard`, { token: accessToken });
    expect(discarded.status, JSON.stringify(discarded.body)).toBe(200);
    expect(discarded.body.checkIn.followUpStatus).toBe('discarded');
    expect((await e.request('POST', `/checkins/${done.id}/follow-up/discard`, { token: accessToken })).status).toBe(409);
    expect((await e.request('POST', `/checkins/${done.id}/follow-up/approve`, { token: accessToken, body: {} })).status).toBe(409);
    expect((await e.request<FollowUpQueue>('GET', '/checkins/follow-ups', { token: accessToken })).body.followUps).toEqual([]);
  });

  it('never texts a client who opted out since', async () => {
    const { accessToken } = await coach();
    const c = await createClient(e.request, accessToken, { firstName: 'Optout', goal: { title: 'Cycle 200 km', target: 200, unit: 'km' } });
    await reviewOn(accessToken, c);
    const done = await pendingFollowUp(accessToken, c, 'Cycled 30 km');
    expect((await reply(c.phone, 'STOP')).status).toBe(200);
    const refused = await e.request<ErrorBody>('POST', `/checkins/${done.id}/follow-up/approve`, { token: accessToken, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/opted out/);
    expect(e.sms.to(c.phone)).toHaveLength(1);
    // Still there for the coach to discard.
    expect((await e.request<FollowUpQueue>('GET', '/checkins/follow-ups', { token: accessToken })).body.followUps).toHaveLength(1);
  });

  it('validates the switch in the Edit client call', async () => {
    const { accessToken } = await coach();
    const c = await createClient(e.request, accessToken, { firstName: 'Switchy' });
    const current = await e.request<{ client: ClientDto }>('GET', `/clients/${c.id}`, { token: accessToken });
    const { firstName, lastName, email, phone } = current.body.client;
    const res = await e.request<ErrorBody>('PUT', `/clients/${c.id}`, { token: accessToken, body: { firstName, lastName, email, phone, reviewFollowUps: 'yes' } });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'reviewFollowUps', message: 'Review AI follow-ups must be true or false' });
  });
});
