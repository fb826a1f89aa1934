import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ClientStats } from '@/lib/schemas/clients';
import { client, uniquePhone } from '../helpers/http';
import { openDb } from './helpers-auth';
import { createClient, newCoach } from './helpers-workspace';

/**
 * The dashboard's Recent Activity (GET /coach/client-stats `recent`) lists what clients did: their
 * replies to check-ins and the texts they sent of their own. A check-in that went out unanswered
 * (its consent notice included) and the coach's own texts are ours, not the client's: they were
 * listed under the client's name as if the client had written them.
 */

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

/**
 * Every row is placed at a fixed offset before this instant rather than the wall clock: Recent
 * Activity orders what clients wrote and has no window on the server's "now", so the answers cannot
 * depend on the day, week, month or clock change the file runs in.
 */
const BASE = Date.parse('2026-06-15T12:00:00Z');

const CONSENT = 'Cadence here for your coach: check-ins by text. Reply STOP to opt out, HELP for help.';

describe('GET /coach/client-stats recent', () => {
  it("lists clients' replies and inbound texts, newest first, never a message sent to them", async () => {
    const coach = await newCoach(request, outboxDir, db, { timezone: 'UTC' });
    const quiet = await createClient(request, coach, { firstName: 'Quiet', lastName: 'Client', email: 'quiet-recent@clients.test', phone: '+15557100001' });
    const replier = await createClient(request, coach, { firstName: 'Rae', lastName: 'Replies', email: 'rae-recent@clients.test', phone: '+15557100002' });
    const texter = await createClient(request, coach, { firstName: 'Tex', lastName: 'Texts', email: 'tex-recent@clients.test', phone: '+15557100003' });
    const ago = (hours: number) => new Date(BASE - hours * 3_600_000);
    const sms = { channel: 'sms', from_number: '+15550000000' };

    // Quiet got the consent notice and a coach's text, and never answered.
    await db`insert into check_ins ${db([{ coach_id: coach.id, client_id: quiet.id, status: 'sent', sent_at: ago(0.1), created_at: ago(0.1), ai_message: CONSENT, ...sms }])}`;
    await db`insert into client_messages ${db([{ coach_id: coach.id, client_id: quiet.id, direction: 'out', author: 'coach', body: 'Are you there?', channel: 'sms', from_number: '+15550000000', to_number: '+15557100001', status: 'sent', created_at: ago(0.05) }])}`;
    // Rae answered yesterday's check-in; today's went out after it, unanswered: her reply is what she did.
    const [answered] = await db<{ id: string }[]>`insert into check_ins ${db([{ coach_id: coach.id, client_id: replier.id, status: 'responded', sent_at: ago(26), responded_at: ago(25), created_at: ago(26), ai_message: 'How did the walk go?', client_response: 'Walked 5 km!', ...sms }])} returning id`;
    await db`insert into check_ins ${db([{ coach_id: coach.id, client_id: replier.id, status: 'sent', sent_at: ago(1), created_at: ago(1), ai_message: CONSENT, ...sms }])}`;
    // Tex texted the coach outside a check-in; the coach's answer after it is ours.
    const [inbound] = await db<{ id: string }[]>`insert into client_messages ${db([{ coach_id: coach.id, client_id: texter.id, direction: 'in', author: 'client', body: 'Can we move Friday?', channel: 'sms', from_number: '+15557100003', to_number: '+15550000000', status: 'received', created_at: ago(2) }])} returning id`;
    await db`insert into client_messages ${db([{ coach_id: coach.id, client_id: texter.id, direction: 'out', author: 'coach', body: 'Sure, 4pm works.', channel: 'sms', from_number: '+15550000000', to_number: '+15557100003', status: 'sent', created_at: ago(1.5) }])}`;

    const res = await request<ClientStats>('GET', '/coach/client-stats', { token: coach.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recent).toEqual([
      { clientId: texter.id, clientName: 'Tex Texts', id: inbound!.id, checkInId: null, at: ago(2).toISOString(), text: 'Can we move Friday?' },
      { clientId: replier.id, clientName: 'Rae Replies', id: answered!.id, checkInId: answered!.id, at: ago(25).toISOString(), text: 'Walked 5 km!' },
    ]);
    const texts = res.body.recent.map((r) => r.text);
    for (const ours of [CONSENT, 'Are you there?', 'Sure, 4pm works.']) expect(texts).not.toContain(ours);
    expect(res.body.recent.some((r) => r.clientId === quiet.id)).toBe(false);
  });

  // The feed reads the coach's newest 100 replies and newest 100 texts; these two pass the edge of that.
  const inboundText = (coachId: string, clientId: string, body: string, at: Date) => ({
    coach_id: coachId, client_id: clientId, direction: 'in', author: 'client', body, channel: 'sms',
    from_number: '+15557100999', to_number: '+15550000000', status: 'received', created_at: at,
  });

  it('one client writing more than a hundred times does not hide the others, and archived clients are left out', async () => {
    const coach = await newCoach(request, outboxDir, db, { plan: 'full', timezone: 'UTC' });
    const [chatty, first, second, third, archived] = await Promise.all(
      ['Chatty', 'First', 'Second', 'Third', 'Gone'].map((name) => createClient(request, coach, { firstName: name, lastName: 'Writer', email: `${name.toLowerCase()}-recent-edge@clients.test`, phone: uniquePhone() })),
    );
    const ago = (minutes: number) => new Date(BASE - minutes * 60_000);
    await db`insert into client_messages ${db(Array.from({ length: 120 }, (_, i) => inboundText(coach.id, chatty!.id, `Text ${i + 1}`, ago(i + 1))))}`;
    await db`insert into client_messages ${db([inboundText(coach.id, archived!.id, 'Archived, still texting', ago(0.5)), inboundText(coach.id, second!.id, 'Second wrote', ago(600))])}`;
    const [firstReply, thirdReply] = await db<{ id: string }[]>`insert into check_ins ${db([
      { coach_id: coach.id, client_id: first!.id, status: 'responded', sent_at: ago(541), responded_at: ago(540), created_at: ago(541), ai_message: 'How was it?', client_response: 'First replied', channel: 'sms', from_number: '+15550000000' },
      { coach_id: coach.id, client_id: third!.id, status: 'responded', sent_at: ago(701), responded_at: ago(700), created_at: ago(701), ai_message: 'How was it?', client_response: 'Third replied', channel: 'sms', from_number: '+15550000000' },
    ])} returning id`;
    await db`update clients set archived = true where id = ${archived!.id}`;

    const res = await request<ClientStats>('GET', '/coach/client-stats', { token: coach.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recent.map((r) => [r.clientName, r.text, r.at])).toEqual([
      ['Chatty Writer', 'Text 1', ago(1).toISOString()],
      ['First Writer', 'First replied', ago(540).toISOString()],
      ['Second Writer', 'Second wrote', ago(600).toISOString()],
      ['Third Writer', 'Third replied', ago(700).toISOString()],
    ]);
    expect(res.body.recent[1]!.checkInId).toBe(firstReply!.id);
    expect(res.body.recent[3]!.checkInId).toBe(thirdReply!.id);
  });

  it('of many clients writing, names the five whose latest word is newest', async () => {
    const coach = await newCoach(request, outboxDir, db, { plan: 'full', timezone: 'UTC' });
    const writers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => createClient(request, coach, { firstName: `Writer${i}`, lastName: 'Many', email: `writer${i}-recent-many@clients.test`, phone: uniquePhone() })),
    );
    const ago = (minutes: number) => new Date(BASE - minutes * 60_000);
    // Twenty texts each, interleaved: writer i's newest is i minutes old; the last writer is archived.
    await db`insert into client_messages ${db(writers.flatMap((w, i) => Array.from({ length: 20 }, (_, k) => inboundText(coach.id, w.id, `Writer ${i} text ${k}`, ago(i + 10 * k)))))}`;
    await db`update clients set archived = true where id = ${writers[0]!.id}`;

    const res = await request<ClientStats>('GET', '/coach/client-stats', { token: coach.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recent.map((r) => [r.clientName, r.text, r.at])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [`Writer${i} Many`, `Writer ${i} text 0`, ago(i).toISOString()]),
    );
  });

  it('a client past the newest hundred replies still ranks above older texts', async () => {
    const coach = await newCoach(request, outboxDir, db, { plan: 'full', timezone: 'UTC' });
    const [chatty, later, ...others] = await Promise.all(
      ['Chatty', 'Later', 'Ann', 'Bob', 'Cy', 'Di'].map((name) => createClient(request, coach, { firstName: name, lastName: 'Cutoff', email: `${name.toLowerCase()}-recent-cutoff@clients.test`, phone: uniquePhone() })),
    );
    const ago = (minutes: number) => new Date(BASE - minutes * 60_000);
    const reply = (clientId: string, text: string, at: Date) => ({
      coach_id: coach.id, client_id: clientId, status: 'responded', sent_at: at, responded_at: at, created_at: at,
      ai_message: 'How did it go?', client_response: text, channel: 'sms', from_number: '+15550000000',
    });
    // A hundred replies fill the replies read; Later's reply is older than all of them, the texts older still.
    const replies = Array.from({ length: 100 }, (_, i) => reply(chatty!.id, `Reply ${i + 1}`, ago(i + 1)));
    replies.push(reply(later!.id, 'Later replied', ago(150)));
    await db`insert into check_ins ${db(replies)}`;
    await db`insert into client_messages ${db(others.map((o, i) => inboundText(coach.id, o.id, `Text ${i}`, ago(200 + i))))}`;

    const res = await request<ClientStats>('GET', '/coach/client-stats', { token: coach.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recent.map((r) => [r.clientName, r.text])).toEqual([
      ['Chatty Cutoff', 'Reply 1'],
      ['Later Cutoff', 'Later replied'],
      ['Ann Cutoff', 'Text 0'],
      ['Bob Cutoff', 'Text 1'],
      ['Cy Cutoff', 'Text 2'],
    ]);
  });
});
