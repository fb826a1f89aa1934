import { describe, expect, it } from 'vitest';
import { readEmails, uniqueIp, type OutboxEmail } from '../helpers/http';
import type { CheckInChanged, CheckInDto } from '@/lib/schemas/checkins';
import type { PostReplyResponse, ReplyPage } from '@/lib/schemas/reply-page';
import type { ThreadPage } from '@/lib/schemas/thread';
import { AI_FURTHER_ANSWERS_PER_CHECK_IN } from '@/lib/constants';
import { REPLY_PAGE_RATE_LIMITS } from '@/lib/reply-page';
import { checkInsOf, createClient, eventually, listen } from './engine-helpers';
import { engineSuite } from './engine-stack';
import { signedInUser, type ErrorBody } from './helpers-auth';

/**
 * The one-tap reply page (issue 17 §2, decision 0083) over HTTP: the link in the check-in e-mail,
 * what GET shows, an answer through the pipeline of every reply, a second answer as a further
 * reply the AI answers (within its bound), and every way a link is refused. Time is moved by moving the check-in's send back.
 */

const e = engineSuite();

async function emailClient(firstName: string) {
  const { accessToken, user } = await signedInUser(e.request, e.stack.outboxDir);
  const c = await createClient(e.request, accessToken, { firstName, goal: { title: 'Walk 100 km', target: 100, unit: 'km' } });
  const [row] = await e.db<{ email: string }[]>`update clients set phone = null where id = ${c.id} returning email`;
  return { token: accessToken, coachId: user.id, client: c, email: row!.email };
}

async function sendCheckIn(token: string, clientId: string, goalId: string | null): Promise<CheckInDto> {
  const sent = await e.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token, body: { clientId, goalId } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.checkIn;
}

const mailsTo = (to: string): OutboxEmail[] => readEmails(e.stack.outboxDir).filter((m) => m.to === to);

/** The reply page token of the check-in e-mail to this address (its link's last part). */
function linkTokenOf(email: string): string {
  const match = /\/r\/([a-z2-7]{39})$/.exec(mailsTo(email)[0]!.text);
  expect(match, 'the reply page link in the e-mail').not.toBeNull();
  return match![1]!;
}

const getPage = (token: string) => e.request<ReplyPage & ErrorBody>('GET', `/reply/${token}`);
const post = (token: string, body: unknown, ip = uniqueIp()) => e.request<PostReplyResponse & ErrorBody>('POST', `/reply/${token}`, { body, ip });

describe('reply page', () => {
  it('shows the question and goals, takes quick answers and text through the reply pipeline, and takes a second answer as a further reply', async () => {
    const { token, coachId, client: c, email } = await emailClient('Paige');
    e.ai.script('Paige', {
      coachSummary: 'Paige walked 12 km.',
      insights: ['Answers on the page'],
      executiveSummary: 'Paige is at 12 of 100 km.',
      motivation: 'high',
      engagementAssessment: 'great',
      concerns: [],
      // The AI misreads the text; the client's quick answer (12) is what counts.
      progress: [{ goalId: c.goalId, value: 30, completed: false }],
      unattributed: [],
    }, { operation: 'analyse' });
    const checkIn = await sendCheckIn(token, c.id, c.goalId);
    const link = linkTokenOf(email);
    expect(mailsTo(email)[0]!.text).not.toContain(checkIn._id);

    const page = await getPage(link);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body).toMatchObject({
      question: checkIn.aiMessage,
      firstName: 'Paige',
      goals: [{ id: c.goalId, title: 'Walk 100 km', type: 'numeric', unit: 'km', currentValue: 0, target: 100 }],
      answers: [],
    });
    // Nothing else of the client or the coach.
    expect(Object.keys(page.body).sort()).toEqual(['answers', 'expiresAt', 'firstName', 'goals', 'question']);
    expect(JSON.stringify(page.body)).not.toContain(email);

    const live = await listen(e.stack.socketPort, token);
    const answered = await post(link, { answers: [{ goalId: c.goalId, value: 12 }], text: 'Legs tired but happy' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.sent).toBe('Walk 100 km: now at 12 km\nLegs tired but happy');
    expect(answered.body.page.answers.map((a) => a.text)).toEqual(['Walk 100 km: now at 12 km\nLegs tired but happy']);

    // Analysis, progress and the follow-up (by e-mail, the check-in's channel), like any reply.
    const done = await eventually(() => checkInsOf(e.request, token, c.id), (l) => l.some((x) => x._id === checkIn._id && x.status === 'completed'), 15_000, 'the completed check-in');
    expect(done.find((x) => x._id === checkIn._id)).toMatchObject({ clientResponse: 'Walk 100 km: now at 12 km\nLegs tired but happy', coachSummary: 'Paige walked 12 km.', value: 12 });
    const [row] = await e.db<{ client_response_channel: string }[]>`select client_response_channel from check_ins where id = ${checkIn._id}`;
    expect(row!.client_response_channel).toBe('web');
    expect(done.find((x) => x._id === checkIn._id)!.progressUpdates).toMatchObject([{ goalId: c.goalId, from: 0, to: 12 }]);
    await eventually(async () => mailsTo(email), (m) => m.length === 2, 10_000, 'the follow-up e-mail');
    await eventually(
      () => e.db<{ message: string }[]>`select message from notifications where user_id = ${coachId} and type = 'checkin_response'`,
      (notes) => notes.some((n) => n.message.includes('Legs tired')),
      10_000,
      'the reply notification',
    );
    await eventually(async () => live.events, (e) => e.some((x) => x.event === 'clientProfileUpdated'), 5000, 'the reply live');

    // The same link again: a further reply in the same conversation, never a new check-in, which
    // the AI answers like any reply (decision 0094): its progress a second entry, its answer by e-mail.
    const again = await post(link, { answers: [{ goalId: c.goalId, value: 15 }], text: 'Also swam 1 km' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.page.answers.map((a) => a.text)).toEqual(['Walk 100 km: now at 12 km\nLegs tired but happy', 'Walk 100 km: now at 15 km\nAlso swam 1 km']);
    const further = await eventually(
      () => checkInsOf(e.request, token, c.id),
      (l) => l.some((x) => x._id === checkIn._id && x.status === 'completed' && x.progressUpdates.length === 2),
      15_000,
      'the further reply analysed',
    );
    expect(further.filter((x) => x.status !== 'upcoming')).toHaveLength(1);
    const row2 = further.find((x) => x._id === checkIn._id)!;
    // The quick answer (15) counts over the AI's reading (30), as for the first answer.
    expect(row2.progressUpdates).toMatchObject([{ goalId: c.goalId, from: 0, to: 12 }, { goalId: c.goalId, from: 12, to: 15 }]);
    expect(row2).toMatchObject({ value: 15, clientResponse: 'Walk 100 km: now at 12 km\nLegs tired but happy' });
    expect(row2.coachSummary).toBe('Paige walked 12 km.\n\nLater: Paige walked 12 km.');
    const mails = await eventually(async () => mailsTo(email), (m) => m.length === 3, 10_000, 'the AI answer by e-mail');
    expect(mails[2]).toMatchObject({ text: 'Great work, Paige! Keep going.', subject: `Re: ${mails[0]!.subject}`, replyTo: mails[0]!.replyTo });
    expect(mails[2]!.headers!['Message-ID']).not.toBe(mails[1]!.headers!['Message-ID']);
    await eventually(async () => live.events, (e) => e.some((x) => x.event === 'clientMessage'), 5000, 'the further reply live');
    live.close();
    const thread = await e.request<ThreadPage>('GET', `/clients/${c.id}/thread`, { token });
    expect(thread.body.items.slice(-2)).toMatchObject([
      { kind: 'message', body: 'Walk 100 km: now at 15 km\nAlso swam 1 km', direction: 'in', author: 'client', channel: 'web' },
      { kind: 'message', body: 'Great work, Paige! Keep going.', direction: 'out', author: 'ai', channel: 'email', status: 'sent' },
    ]);
    const messages = await e.db<{ check_in_id: string; ai_reply: string | null }[]>`select check_in_id, ai_reply from client_messages where client_id = ${c.id} and author = 'client'`;
    expect(messages).toEqual([{ check_in_id: checkIn._id, ai_reply: 'answered' }]);
    expect((await getPage(link)).body.answers).toHaveLength(2);
  });

  it(`answers at most ${AI_FURTHER_ANSWERS_PER_CHECK_IN} further messages of a check-in; later ones go to the coach alone`, async () => {
    const { token, coachId, client: c, email } = await emailClient('Chatty');
    const checkIn = await sendCheckIn(token, c.id, c.goalId);
    const link = linkTokenOf(email);
    expect((await post(link, { text: 'Walked 3 km' })).status).toBe(200);
    // One more than the AI answers, at once: whatever the reply job is doing, the bound holds.
    for (let i = 1; i <= AI_FURTHER_ANSWERS_PER_CHECK_IN + 1; i += 1) expect((await post(link, { text: `And one more thing, number ${i}` })).status).toBe(200);
    const settled = () => e.db<{ body: string; ai_reply: string | null }[]>`select body, ai_reply from client_messages where check_in_id = ${checkIn._id} and author = 'client' order by created_at`;
    const states = await eventually(settled, (rows) => rows.every((r) => r.ai_reply !== 'pending'), 15_000, 'every further message handled');
    expect(states.map((r) => r.ai_reply)).toEqual([...Array<string>(AI_FURTHER_ANSWERS_PER_CHECK_IN).fill('answered'), 'skipped']);
    await eventually(() => checkInsOf(e.request, token, c.id), (l) => l.some((x) => x._id === checkIn._id && x.status === 'completed'), 15_000, 'the check-in completed again');
    // The check-in, its follow-up and one answer per answered message; nothing for the last.
    expect(mailsTo(email)).toHaveLength(2 + AI_FURTHER_ANSWERS_PER_CHECK_IN);
    const last = `number ${AI_FURTHER_ANSWERS_PER_CHECK_IN + 1}`;
    const notes = await eventually(
      () => e.db<{ message: string }[]>`select message from notifications where user_id = ${coachId} and message like ${`%${last}%`}`,
      (rows) => rows.length === 1,
      10_000,
      'the coach told of the unanswered message',
    );
    expect(notes[0]!.message).toContain(`the AI answers at most ${AI_FURTHER_ANSWERS_PER_CHECK_IN} further messages per check-in`);
  });

  it('expires 7 days after the check-in was sent (410), and answers until then', async () => {
    const { token, client: c, email } = await emailClient('Late');
    const checkIn = await sendCheckIn(token, c.id, c.goalId);
    const link = linkTokenOf(email);
    await e.db`update check_ins set sent_at = now() - interval '7 days' + interval '5 minutes' where id = ${checkIn._id}`;
    expect((await getPage(link)).status).toBe(200);
    await e.db`update check_ins set sent_at = now() - interval '7 days' - interval '1 minute' where id = ${checkIn._id}`;
    const expired = await getPage(link);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ error: 'LINK_EXPIRED', message: 'This link has expired — reply to the message instead.' });
    const late = await post(link, { text: 'Walked 3 km' });
    expect(late.status).toBe(410);
    const [row] = await e.db<{ status: string; client_response: string | null }[]>`select status, client_response from check_ins where id = ${checkIn._id}`;
    expect(row!.client_response).toBeNull();
  });

  it('refuses an altered, made-up or reply-address token, and the check-in of an archived client, with a 404 that says nothing', async () => {
    const { token, client: c, email } = await emailClient('Probe');
    const checkIn = await sendCheckIn(token, c.id, c.goalId);
    const link = linkTokenOf(email);
    const address = mailsTo(email)[0]!.replyTo!.split('@')[0]!;
    const altered = `${link.slice(0, 5)}${link[5] === 'a' ? 'b' : 'a'}${link.slice(6)}`;
    for (const bad of [altered, address, 'a'.repeat(39), checkIn._id]) {
      const got = await getPage(bad);
      expect(got.status, bad).toBe(404);
      expect(got.body.message).toBe('This link does not work. Reply to the message instead.');
      expect((await post(bad, { text: 'Walked 5 km' })).status, bad).toBe(404);
    }
    expect((await e.db<{ client_response: string | null }[]>`select client_response from check_ins where id = ${checkIn._id}`)[0]!.client_response).toBeNull();

    expect((await e.request('POST', `/coach/clients/${c.id}/archive`, { token })).status).toBe(200);
    expect((await getPage(link)).status).toBe(404);
    expect((await post(link, { text: 'Walked 5 km' })).status).toBe(404);
  });

  it('refuses empty, too long and foreign answers with the field (400)', async () => {
    const { token, client: c, email } = await emailClient('Wordy');
    await sendCheckIn(token, c.id, c.goalId);
    const link = linkTokenOf(email);
    const empty = await post(link, { answers: [], text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.details?.[0]?.field).toBe('text');
    const long = await post(link, { text: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.details?.[0]?.field).toBe('text');
    const foreign = await post(link, { answers: [{ goalId: '00000000-0000-4000-8000-000000000000', value: 3 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details?.[0]?.field).toBe('answers.0.goalId');
    const wrongKind = await post(link, { answers: [{ goalId: c.goalId, done: true }] });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.details?.[0]?.field).toBe('answers.0.done');
  });

  it('limits answers per link and per address (429 with a message)', async () => {
    const { token, client: c, email } = await emailClient('Flood');
    await sendCheckIn(token, c.id, c.goalId);
    const link = linkTokenOf(email);
    for (let i = 0; i < REPLY_PAGE_RATE_LIMITS.token.limit; i += 1) expect((await post(link, { text: `Answer ${i}` })).status, `answer ${i + 1}`).toBe(200);
    const refused = await post(link, { text: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'RATE_LIMITED' });
    expect(refused.body.message).toMatch(/^Too many answers through this link\. Please try again in/);

    // One address guessing links is stopped too, before any link is looked at.
    const ip = uniqueIp();
    for (let i = 0; i < REPLY_PAGE_RATE_LIMITS.ip.limit; i += 1) expect((await post(`${'b'.repeat(38)}${i % 10}`, { text: 'x' }, ip)).status).toBe(404);
    const blocked = await post(link, { text: 'x' }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many answers from this connection\./);
  });
});
