import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postClientEmailReply, postResendEvent, resendSignatureHeaders } from '../../scripts/client-reply';
import { readEmails, type OutboxEmail } from '../helpers/http';
import type { CheckInChanged, CheckInDto } from '@/lib/schemas/checkins';
import type { ThreadPage } from '@/lib/schemas/thread';
import { checkInsOf, createClient, eventually, listen } from './engine-helpers';
import { engineSuite } from './engine-stack';
import { signedInUser } from './helpers-auth';

/**
 * Two-way e-mail (decision 0081) over HTTP: an e-mailed check-in carries a signed reply address,
 * the client's reply comes through the Resend webhook (signed, as RESEND_WEBHOOK_SECRET is set
 * here), its body from the outbox's receiving API, and it runs the SMS reply's pipeline to a
 * follow-up e-mail in the same thread.
 */

const SECRET = `whsec_${Buffer.from('inbound-email-test-secret-0123456789').toString('base64')}`;
const DOMAIN = 'reply.test.cadence';

const e = engineSuite({ RESEND_WEBHOOK_SECRET: SECRET, INBOUND_EMAIL_DOMAIN: DOMAIN });

/** A coach and a client without a phone (check-ins go by e-mail), with a progress goal. */
async function emailClient(firstName: string) {
  const { accessToken, user } = await signedInUser(e.request, e.stack.outboxDir);
  const c = await createClient(e.request, accessToken, { firstName, goal: { title: 'Walk 100 km', target: 100, unit: 'km' } });
  const [row] = await e.db<{ email: string }[]>`update clients set phone = null where id = ${c.id} returning email`;
  return { token: accessToken, coachId: user.id, client: c, email: row!.email };
}

async function sendCheckIn(token: string, clientId: string, goalId: string | null): Promise<CheckInDto> {
  const sent = await e.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token, body: { clientId, goalId } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(sent.body.checkIn.status).toBe('sent');
  return sent.body.checkIn;
}

const mailsTo = (to: string): OutboxEmail[] => readEmails(e.stack.outboxDir).filter((m) => m.to === to);
const reply = (from: string, body: string, extra: { secret?: string; to?: string; rawText?: string } = {}) =>
  postClientEmailReply({ appUrl: e.stack.baseUrl, outboxDir: e.stack.outboxDir, secret: SECRET, from, body, ...extra });

async function checkInRow(id: string) {
  const [row] = await e.db<{ status: string; channel: string; client_response: string | null; client_reply_message_id: string | null }[]>`
    select status, channel, client_response, client_reply_message_id from check_ins where id = ${id}`;
  return row!;
}

describe('two-way e-mail', () => {
  it('goes e-mailed check-in → reply → analysis and progress → follow-up e-mail in the same thread, the coach told live', async () => {
    const { token, coachId, client: c, email } = await emailClient('Mailer');
    e.ai.script('Mailer', {
      coachSummary: 'Mailer walked 12 km.',
      insights: ['Walks by e-mail too'],
      executiveSummary: 'Mailer is at 12 of 100 km.',
      motivation: 'high',
      engagementAssessment: 'great',
      concerns: [],
      progress: [{ goalId: c.goalId, value: 12, completed: false }],
      unattributed: [],
    }, { operation: 'analyse', times: 1 });
    const live = await listen(e.stack.socketPort, token);
    const checkIn = await sendCheckIn(token, c.id, c.goalId);
    expect((await checkInRow(checkIn._id)).channel).toBe('email');

    // The check-in mail: a reply address on the receiving domain that does not show the id, a stable Message-ID.
    const [mail] = mailsTo(email);
    // The question, then the reply page's link (decision 0083).
    expect(mail!.text).toMatch(new RegExp(`^${checkIn.aiMessage!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n\nAnswer in one tap \\(no account needed\\): http\\S+/r/[a-z2-7]{39}$`));
    expect(mail!.replyTo).toMatch(new RegExp(`^[a-z2-7]{39}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(mail!.replyTo).not.toContain(checkIn._id);
    expect(mail!.headers?.['Message-ID']).toMatch(new RegExp(`^<checkin\\.[a-z2-7]{39}@${DOMAIN.replace(/\./g, '\\.')}>$`));

    // The client answers from their mail app, quoting the check-in and signing off.
    const answer = await reply(email, 'Walked 12 km this week!\n\n-- \nMailer Tester\nSent from my phone');
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true, action: 'reply' });

    const done = await eventually(() => checkInsOf(e.request, token, c.id), (l) => l.some((x) => x._id === checkIn._id && x.status === 'completed'), 15_000, 'the completed check-in');
    expect(done.find((x) => x._id === checkIn._id)).toMatchObject({
      clientResponse: 'Walked 12 km this week!',
      coachSummary: 'Mailer walked 12 km.',
      value: 12,
      aiResponse: 'Great work, Mailer! Keep going.',
    });
    expect((await checkInRow(checkIn._id)).client_reply_message_id).toBe(answer.messageId);

    // The follow-up went by e-mail, in the thread: it answers the client's reply and lists the chain.
    const followUp = await eventually(async () => mailsTo(email), (m) => m.length === 2, 10_000, 'the follow-up e-mail');
    expect(followUp[1]).toMatchObject({ text: 'Great work, Mailer! Keep going.', replyTo: mail!.replyTo, subject: `Re: ${mail!.subject}` });
    expect(followUp[1]!.headers).toMatchObject({ 'In-Reply-To': answer.messageId, References: `${mail!.headers!['Message-ID']} ${answer.messageId}` });
    expect(followUp[1]!.headers!['Message-ID']).not.toBe(mail!.headers!['Message-ID']);

    // Progress recorded by the AI, the coach notified, the screens told.
    const goals = await e.request<{ goals: { currentValue: number }[] }>('GET', `/dashboard/client-goals/${c.id}`, { token });
    expect(goals.body.goals[0]).toMatchObject({ currentValue: 12 });
    await eventually(
      () => e.db<{ message: string }[]>`select message from notifications where user_id = ${coachId} and type = 'checkin_response'`,
      (notes) => notes.some((n) => n.message.includes('Walked 12 km this week!')),
      10_000,
      'the reply notification',
    );
    await eventually(
      async () => live.events,
      (e) => e.some((x) => x.event === 'clientProfileUpdated' && (x.payload.checkIn as CheckInDto | undefined)?.status === 'completed'),
      5000,
      'the completed check-in live',
    );
    live.close();

    // A further mail to the same address: a further reply (decision 0094), analysed, its progress a
    // second entry, answered by the AI in the same thread.
    e.ai.script('Mailer', {
      coachSummary: 'Mailer walked 3 km more.',
      insights: ['Writes again'],
      executiveSummary: 'Mailer is at 15 of 100 km.',
      motivation: 'medium',
      engagementAssessment: 'great',
      concerns: ['Sore calves'],
      progress: [{ goalId: c.goalId, value: 15, completed: false }],
      unattributed: [],
    }, { operation: 'analyse', times: 1 });
    const later = await reply(email, 'Also walked 3 km more, calves a bit sore');
    expect(JSON.parse(later.body)).toEqual({ received: true, action: 'reply' });
    const answers = await eventually(async () => mailsTo(email), (m) => m.length === 3, 15_000, 'the AI answer e-mail');
    expect(answers[2]).toMatchObject({ text: 'Great work, Mailer! Keep going.', replyTo: mail!.replyTo, subject: `Re: ${mail!.subject}` });
    expect(answers[2]!.headers).toMatchObject({ 'In-Reply-To': later.messageId, References: `${mail!.headers!['Message-ID']} ${later.messageId}` });
    const after = await eventually(
      () => checkInsOf(e.request, token, c.id),
      (l) => l.some((x) => x._id === checkIn._id && x.status === 'completed' && x.progressUpdates.length === 2),
      15_000,
      'the further reply analysed',
    );
    expect(after.find((x) => x._id === checkIn._id)).toMatchObject({
      clientResponse: 'Walked 12 km this week!',
      coachSummary: 'Mailer walked 12 km.\n\nLater: Mailer walked 3 km more.',
      motivation: 'medium',
      concerns: ['Sore calves'],
      value: 15,
      progressUpdates: [{ from: 0, to: 12 }, { from: 12, to: 15 }],
    });
    const thread = await e.request<ThreadPage>('GET', `/clients/${c.id}/thread`, { token });
    expect(thread.status).toBe(200);
    expect(thread.body.items.map((i) => [i.kind, i.author, i.body])).toEqual([
      ['check_in', 'ai', checkIn.aiMessage],
      ['reply', 'client', 'Walked 12 km this week!'],
      ['follow_up', 'ai', 'Great work, Mailer! Keep going.'],
      ['message', 'client', 'Also walked 3 km more, calves a bit sore'],
      ['message', 'ai', 'Great work, Mailer! Keep going.'],
    ]);
    expect(thread.body.items[3]).toMatchObject({ direction: 'in', channel: 'email', status: 'received' });
    expect(thread.body.items[4]).toMatchObject({ direction: 'out', channel: 'email', status: 'sent' });
  });

  it('strips the quoted check-in and an Outlook header block from the reply', async () => {
    const { token, client: c, email } = await emailClient('Quoter');
    const checkIn = await sendCheckIn(token, c.id, c.goalId);
    const rawText = `Only 3 km, knee hurt.\r\n\r\n________________________________\r\nFrom: Coach <${mailsTo(email)[0]!.replyTo}>\r\nSent: Tuesday, November 24, 2026 9:00 AM\r\nSubject: Check-in\r\n\r\n${checkIn.aiMessage}\r\n`;
    const answer = await reply(email, '', { rawText });
    expect(JSON.parse(answer.body)).toEqual({ received: true, action: 'reply' });
    expect((await checkInRow(checkIn._id)).client_response).toBe('Only 3 km, knee hurt.');
  });

  it('refuses an unsigned or forged event (401) and records nothing', async () => {
    const { token, client: c, email } = await emailClient('Forger');
    const checkIn = await sendCheckIn(token, c.id, c.goalId);
    const otherSecret = `whsec_${Buffer.from('not-the-webhook-secret-0123456789').toString('base64')}`;
    const forged = await reply(email, 'Forged 99 km', { secret: otherSecret });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ error: 'INVALID_SIGNATURE' });
    const unsigned = await fetch(`${e.stack.baseUrl}/api/webhooks/resend`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: forged.payload });
    expect(unsigned.status).toBe(401);
    // Signed with the right secret, but the body changed after signing.
    const headers = resendSignatureHeaders(SECRET, forged.payload);
    const tampered = await fetch(`${e.stack.baseUrl}/api/webhooks/resend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: forged.payload.replace('"email.received"', '"email.received" '),
    });
    expect(tampered.status).toBe(401);
    const row = await checkInRow(checkIn._id);
    expect(row).toMatchObject({ status: 'sent', client_response: null });
    // The very same event, correctly signed, goes through.
    const good = await postResendEvent(forged.payload, { appUrl: e.stack.baseUrl, secret: SECRET });
    expect(JSON.parse(good.body)).toEqual({ received: true, action: 'reply' });
  });

  it('records a mail Resend delivers twice only once', async () => {
    const { token, client: c, email } = await emailClient('Twice');
    const checkIn = await sendCheckIn(token, c.id, c.goalId);
    const first = await reply(email, 'Walked 4 km');
    expect(JSON.parse(first.body)).toEqual({ received: true, action: 'reply' });
    // Resend's retry: the same event under a new delivery id and signature.
    const again = await postResendEvent(first.payload, { appUrl: e.stack.baseUrl, secret: SECRET });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ received: true, action: 'duplicate' });
    const events = await e.db<{ id: string }[]>`select id from webhook_events where id = ${`resend:${first.messageId}`}`;
    expect(events).toHaveLength(1);
    const messages = await e.db<{ id: string }[]>`select id from client_messages where client_id = ${c.id}`;
    expect(messages).toHaveLength(0);
    expect((await checkInRow(checkIn._id)).client_response).toBe('Walked 4 km');
  });

  it('acknowledges and ignores mail to an unknown or altered address, and other event types', async () => {
    const { token, client: c, email } = await emailClient('Stranger');
    const checkIn = await sendCheckIn(token, c.id, c.goalId);
    const address = mailsTo(email)[0]!.replyTo!;
    const altered = `${address[0] === 'a' ? 'b' : 'a'}${address.slice(1)}`;
    for (const to of [altered, `${randomBytes(8).toString('hex')}@${DOMAIN}`, address.replace(DOMAIN, 'elsewhere.example.com'), 'coach@example.com']) {
      const res = await reply(email, 'Walked 7 km', { to });
      expect(res.status, to).toBe(200);
      expect(JSON.parse(res.body), to).toEqual({ received: true, action: 'unmatched' });
    }
    expect(await checkInRow(checkIn._id)).toMatchObject({ status: 'sent', client_response: null });
    expect(await e.db`select id from client_messages where client_id = ${c.id}`).toHaveLength(0);

    const delivered = await postResendEvent(JSON.stringify({ type: 'email.delivered', created_at: new Date().toISOString(), data: { email_id: 'x' } }), { appUrl: e.stack.baseUrl, secret: SECRET });
    // A delivery event for no e-mail of ours (decision 0085) is acknowledged and ignored.
    expect(JSON.parse(delivered.body)).toEqual({ received: true, action: 'unknown' });
    const noId = await postResendEvent(JSON.stringify({ type: 'email.received', data: { to: [address] } }), { appUrl: e.stack.baseUrl, secret: SECRET });
    expect(noId.status).toBe(400);
    expect(JSON.parse(noId.body)).toMatchObject({ details: [{ field: 'data.email_id' }] });
  });
});
