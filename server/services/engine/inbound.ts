import { and, asc, desc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { CARRIER_CONFIRMED_WORDS, DEFAULT_CLIENT_LANGUAGE, PLATFORM_TEXTS, keywordLanguage, keywordOf, type ClientLanguage } from '@/lib/languages';
import { INBOUND_SMS_MAX_CHARS, SMS_START_WORDS, SMS_STOP_WORDS, SMS_TEXTS, WHICH_COACH_ANSWER_WINDOW_MS, WHICH_COACH_REPEAT_AFTER_MS } from '@/lib/sms';
import type { Transaction } from '../../db/client';
import { checkIns, clients, smsOptOuts, smsPendingInbound, smsRoutes, users, webhookEvents, whatsappSessions, type CheckIn, type Client } from '../../db/schema';
import { getQueue } from '../../jobs/queue';
import { log } from '../../log';
import { senderNumberFor, sendSms, sendWhatsapp } from '../../providers/sms';
import { isWhatsappAddress, stripWhatsapp, whatsappAddress } from '@/lib/channels';
import { emitToUser } from '../../realtime';
import { notifyCoach } from '../notifications';
import { publishMessage, recordInboundMessages } from './coach-message';
import { coachName } from './context';
import { clientName, excerpt, publishCheckIn } from './check-in-events';
import { languageAfterReply } from './language';
import { receiveFurther } from './further-reply';
import { Effects, type ClientTextJob, type CoachNoticeJob, type InboundResult } from './inbound-effects';
import { noResponseWindowMs, resolve, type EngineOptions } from './runtime';
import { coachesTextingFrom } from './sms-numbers';

/**
 * Inbound texts (the Twilio webhook); the shared pipeline of every inbound message (receiveInbound). A text belongs to the conversation of the pair (client
 * number, our number it was sent to), never to a client number alone: two coaches whose clients
 * share a number each see only the replies meant for them. When one pair has open conversations
 * with several coaches, the sender is asked which coach the text is for, and the text waits.
 *
 * Everything a text changes (the MessageSid recorded as handled, the reply stored, the question and
 * the jobs that notify the coaches) commits in one transaction: a failure leaves nothing behind,
 * and Twilio's retry of the same MessageSid is processed afresh. Provider calls (coach e-mail and
 * SMS, the question to the client) run in pg-boss jobs after the webhook answered.
 */

export interface InboundSms {
  from: string;
  /** Our number the text was sent to. */
  to: string;
  body: string;
  messageSid?: string;
}

/** A check-in and its client, the check-in row locked: answers to one conversation are taken in turn. */
export async function lockedCheckIn(tx: Transaction, checkInId: string): Promise<{ checkIn: CheckIn; client: Client } | undefined> {
  const [found] = await tx
    .select({ checkIn: checkIns, client: clients })
    .from(checkIns)
    .innerJoin(clients, eq(clients.id, checkIns.clientId))
    .where(eq(checkIns.id, checkInId))
    .for('update', { of: checkIns });
  return found;
}

/** A check-in still awaiting its reply (one past the reply window is still answered). */
export const OPEN = ['sent', 'no_response'] as const;

/** "2", "2.", "#2" or "2)" : an answer to the which-coach question. */
function choiceOf(body: string): number | null {
  const match = /^#?(\d{1,2})[.)]?$/.exec(body);
  return match ? Number(match[1]) : null;
}

/**
 * A text or a WhatsApp message (the same Twilio webhook; `From: whatsapp:+1…`). A WhatsApp message
 * is matched like a text, on the pair (client number, our WhatsApp sender `whatsapp:+1…`), so its
 * conversations, consent and STOP are WhatsApp's own (decision 0084); it also opens WhatsApp's
 * 24-hour window for free-form messages.
 */
export async function receiveSms(message: InboundSms, options: EngineOptions = {}): Promise<InboundResult> {
  const { now } = resolve(options);
  const from = message.from.trim();
  const channel = isWhatsappAddress(from) ? 'whatsapp' : 'sms';
  const ours = channel === 'whatsapp' ? whatsappAddress(message.to.trim()) : message.to.trim();
  const text: Text = { from: stripWhatsapp(from), ours, channel, body: message.body.trim().slice(0, INBOUND_SMS_MAX_CHARS), messageSid: message.messageSid, at: now };
  // Twilio retries a webhook it got no answer to: each message is handled once.
  const dedupe = text.messageSid ? { id: `twilio:${text.messageSid}`, provider: 'twilio', type: channel === 'whatsapp' ? 'inbound_whatsapp' : 'inbound_sms' } : null;
  // One conversation at a time per pair: the question, its answer and held texts stay in order.
  return receiveInbound(
    { dedupe, lockKey: `sms:${text.from}:${text.ours}` },
    async (tx, effects) => {
      if (channel === 'whatsapp') await openWhatsappSession(tx, text);
      return handle(tx, text, effects);
    },
    options,
  );
}

/** The client wrote on WhatsApp: free-form messages to them are allowed for the next 24 hours. */
async function openWhatsappSession(tx: Transaction, text: Text): Promise<void> {
  await tx
    .insert(whatsappSessions)
    .values({ clientPhone: text.from, ourNumber: text.ours, lastInboundAt: text.at })
    .onConflictDoUpdate({ target: [whatsappSessions.clientPhone, whatsappSessions.ourNumber], set: { lastInboundAt: sql`greatest(${whatsappSessions.lastInboundAt}, excluded.last_inbound_at)` } });
}

/**
 * The pipeline every inbound message goes through, whatever its channel (SMS here, e-mail in
 * inbound-email.ts): in one transaction the message is recorded as handled (`dedupe`, so a
 * provider's retry of it is a no-op), conversations sharing `lockKey` are taken in turn, `handler`
 * decides what the message is, and the coach's notices are queued; after the commit the coach's
 * screens hear of it and the reply job (analysis, progress, follow-up) is queued.
 */
export async function receiveInbound(
  keys: { dedupe: { id: string; provider: string; type: string } | null; lockKey: string },
  handler: (tx: Transaction, effects: Effects) => Promise<InboundResult>,
  options: EngineOptions = {},
): Promise<InboundResult> {
  const { now, edb, queue } = resolve(options);
  const effects = new Effects(now);
  const boss = getQueue();
  const result = await edb.db.transaction(async (tx) => {
    if (keys.dedupe) {
      // Recorded in the transaction of its effect, so a failure below un-records it and the retry is processed.
      const fresh = await tx.insert(webhookEvents).values(keys.dedupe).onConflictDoNothing().returning({ id: webhookEvents.id });
      if (fresh.length === 0) return { action: 'duplicate' } as const;
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keys.lockKey}))`);
    const outcome = await handler(tx, effects);
    if (boss) await effects.queueOn(boss, tx);
    return outcome;
  });

  for (const row of effects.responded) {
    await publishCheckIn(row);
    await queue.replyJob(row.id).catch((error: unknown) => log.warn({ err: error }, 'reply job not queued; the sweep will catch it'));
  }
  for (const p of effects.profiles) emitToUser(p.coachId, 'clientProfileUpdated', { clientId: p.clientId });
  for (const m of effects.messages) publishMessage(m);
  if (!boss) {
    // No queue in this process (JOBS_DISABLED, scripts): the same work, in the background.
    for (const job of effects.notices) void deliverCoachNotice(job).catch((error: unknown) => log.error({ err: error, coachId: job.coachId }, 'coach notification failed'));
    for (const job of effects.texts) void deliverClientText(job).catch((error: unknown) => log.error({ err: error }, 'client text failed'));
  }
  return result;
}

interface Text {
  /** The client's number (without `whatsapp:`). */
  from: string;
  /** Our number, or our WhatsApp sender `whatsapp:+1…`. */
  ours: string;
  channel: 'sms' | 'whatsapp';
  body: string;
  messageSid?: string;
  at: Date;
}

async function handle(tx: Transaction, text: Text, effects: Effects): Promise<InboundResult> {
  const keyword = keywordOf(text.body);
  if (SMS_STOP_WORDS.has(keyword) || SMS_START_WORDS.has(keyword)) return optInOrOut(tx, text, keyword, effects);

  const [route] = await tx
    .select()
    .from(smsRoutes)
    .where(and(eq(smsRoutes.clientPhone, text.from), eq(smsRoutes.ourNumber, text.ours)));
  const latest = await latestCheckInSent(tx, text);
  const choice = choiceOf(text.body);
  const questionOpen =
    route?.askedAt && text.at.getTime() - route.askedAt.getTime() < WHICH_COACH_ANSWER_WINDOW_MS && (!latest || route.askedAt >= latest);
  const picked = questionOpen && choice !== null && choice >= 1 ? route.offeredCoachIds[choice - 1] : undefined;
  // A coach who deleted their account since the question was asked is no answer: asked afresh below.
  if (picked && (await tx.select({ id: users.id }).from(users).where(eq(users.id, picked))).length > 0) return answer(tx, text, picked, effects);

  // The sender's choice holds until a newer check-in goes to this number from this number of ours.
  const chosen = route?.chosenCoachId && route.chosenAt && (!latest || route.chosenAt >= latest) ? route.chosenCoachId : null;
  const partners = await textingCoaches(tx, text);
  if (chosen && partners.includes(chosen)) return deliverTo(tx, chosen, text, effects);
  const open = await openCheckIns(tx, text);
  // A check-in past its reply window is no claim on a text when another coach also texts this
  // number: whoever typed a number in and was never answered would get the other coach's texts.
  if (open.length === 1 && (open[0]!.status === 'sent' || partners.length <= 1)) return respond(tx, open[0]!, text.body, text.at, effects);
  if (open.length > 1) return ask(tx, text, open.map((o) => o.coachId), route, effects);
  // No check-in awaits a reply: a text for the coach(es) who text this number from this number of ours.
  if (partners.length === 0) {
    log.info('inbound text matched no conversation');
    return { action: 'unmatched' };
  }
  return partners.length === 1 ? passOn(tx, partners[0]!, text, effects) : ask(tx, text, partners, route, effects);
}

/** The newest check-in awaiting a reply of each coach texting this number from this number of ours, newest first. */
async function openCheckIns(tx: Transaction, text: Pick<Text, 'from' | 'ours' | 'channel'>, coachId?: string): Promise<CheckIn[]> {
  const rows = await tx
    .select({ checkIn: checkIns })
    .from(checkIns)
    .innerJoin(clients, eq(clients.id, checkIns.clientId))
    .where(
      and(
        eq(clients.phone, text.from),
        eq(checkIns.fromNumber, text.ours),
        inArray(checkIns.status, [...OPEN]),
        eq(checkIns.channel, text.channel),
        coachId ? eq(checkIns.coachId, coachId) : undefined,
      ),
    )
    .orderBy(desc(checkIns.sentAt));
  const newestPerCoach = new Map<string, CheckIn>();
  for (const { checkIn } of rows) if (!newestPerCoach.has(checkIn.coachId)) newestPerCoach.set(checkIn.coachId, checkIn);
  return [...newestPerCoach.values()];
}

/** When the last check-in went to this number from this number of ours: a choice older than it no longer holds. */
async function latestCheckInSent(tx: Transaction, text: Text): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(checkIns.sentAt) })
    .from(checkIns)
    .innerJoin(clients, eq(clients.id, checkIns.clientId))
    .where(and(eq(clients.phone, text.from), eq(checkIns.fromNumber, text.ours)));
  return row?.at ?? null;
}

/** Coaches who have texted this number from this number of ours and still have a client with it. */
async function textingCoaches(tx: Transaction, text: Text): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ coachId: clients.coachId })
    .from(clients)
    .where(and(eq(clients.phone, text.from), eq(clients.archived, false), inArray(clients.coachId, coachesTextingFrom(text.from, text.ours))))
    .orderBy(asc(clients.coachId));
  return rows.map((r) => r.coachId);
}

/**
 * The message is the reply to this check-in (by text, or by e-mail with the Message-ID its follow-up
 * answers); the reply job analyses it and answers on the check-in's channel.
 */
export async function respond(tx: Transaction, open: CheckIn, body: string, at: Date, effects: Effects, replyMessageId?: string): Promise<InboundResult> {
  const [responded] = await tx
    .update(checkIns)
    .set({ status: 'responded', clientResponse: body, respondedAt: at, enqueuedAt: at, claimedAt: null, updatedAt: at, ...(replyMessageId ? { clientReplyMessageId: replyMessageId } : {}) })
    .where(and(eq(checkIns.id, open.id), inArray(checkIns.status, [...OPEN])))
    .returning();
  if (!responded) return { action: 'unmatched' };
  const [before] = await tx.select().from(clients).where(eq(clients.id, responded.clientId));
  const language = before ? languageAfterReply(before, body) : {};
  const [client] = await tx.update(clients).set({ lastResponseAt: at, ...language }).where(eq(clients.id, responded.clientId)).returning();
  // A newly proposed language shows on the client's page at once.
  if (client && language.suggestedLanguage) effects.profiles.push({ coachId: client.coachId, clientId: client.id });
  effects.notify(responded.coachId, {
    type: 'checkin_response',
    message: `${client ? clientName(client) : 'A client'} replied to the check-in: "${excerpt(body)}"`,
    details: { checkInId: responded.id, ...(client ? { clientName: clientName(client) } : {}) },
  });
  effects.responded.push(responded);
  return { action: 'reply', checkInId: responded.id };
}

/**
 * A text outside a check-in, passed to one coach about their client(s) with this number and kept
 * in each one's conversation (a number two clients of the coach share reaches both threads); for
 * one client who answered a check-in lately, a further reply in its conversation (decision 0094).
 */
async function passOn(tx: Transaction, coachId: string, text: Text, effects: Effects): Promise<InboundResult> {
  const known = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.coachId, coachId), eq(clients.phone, text.from)));
  const answered = known.length === 1 ? await answeredCheckIn(tx, known[0]!, text) : undefined;
  if (answered) return receiveFurther(tx, answered, known[0]!, { channel: text.channel, from: text.from, to: text.ours, body: text.body, providerMessageId: text.messageSid, at: text.at }, effects, 'wrote again after the check-in');
  for (const c of known) effects.notify(coachId, { type: 'checkin_response', message: `${clientName(c)} sent a text outside a check-in: "${excerpt(text.body)}"`, details: { clientName: clientName(c) } });
  const recorded = await recordInboundMessages(
    tx,
    known.map((c) => ({ clientId: c.id, coachId, channel: text.channel, from: text.from, to: text.ours, body: text.body, providerMessageId: text.messageSid, at: text.at })),
  );
  effects.messages.push(...recorded);
  return { action: 'unmatched' };
}

/**
 * The client's newest check-in on this pair, when it was answered within the reply window before
 * this text: the text goes on that conversation (decision 0094). Its row is locked like the reply
 * page's and the e-mail's, so the reply job's end sees the text.
 */
async function answeredCheckIn(tx: Transaction, client: Client, text: Text): Promise<CheckIn | undefined> {
  const [newest] = await tx
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.clientId, client.id), eq(checkIns.fromNumber, text.ours), eq(checkIns.channel, text.channel), isNotNull(checkIns.sentAt)))
    .orderBy(desc(checkIns.sentAt))
    .limit(1)
    .for('update');
  if (!newest?.respondedAt || text.at.getTime() - newest.respondedAt.getTime() > noResponseWindowMs()) return undefined;
  return newest.status === 'responded' || newest.status === 'completed' ? newest : undefined;
}

/** To this coach: the reply to their newest open check-in, or a text outside a check-in. */
async function deliverTo(tx: Transaction, coachId: string, text: Text, effects: Effects): Promise<InboundResult> {
  const [open] = await openCheckIns(tx, text, coachId);
  return open ? respond(tx, open, text.body, text.at, effects) : passOn(tx, coachId, text, effects);
}

/**
 * Several coaches text this number from this number of ours and nothing says which one the text
 * is for: it is held, and the sender is asked (again for the same choice of coaches only after
 * WHICH_COACH_REPEAT_AFTER_MS, so a burst of texts gets one question and a lost one is repeated).
 */
async function ask(tx: Transaction, text: Text, coachIds: string[], route: typeof smsRoutes.$inferSelect | undefined, effects: Effects): Promise<InboundResult> {
  await tx.insert(smsPendingInbound).values({ clientPhone: text.from, ourNumber: text.ours, body: text.body, messageSid: text.messageSid, receivedAt: text.at });
  const alreadyAsked =
    route?.askedAt && route.offeredCoachIds.join() === coachIds.join() && text.at.getTime() - route.askedAt.getTime() < WHICH_COACH_REPEAT_AFTER_MS;
  if (alreadyAsked) return { action: 'asked', coaches: coachIds.length };
  const fields = { offeredCoachIds: coachIds, askedAt: text.at, chosenCoachId: null, chosenAt: null, updatedAt: text.at };
  await tx
    .insert(smsRoutes)
    .values({ clientPhone: text.from, ourNumber: text.ours, ...fields })
    .onConflictDoUpdate({ target: [smsRoutes.clientPhone, smsRoutes.ourNumber], set: fields });
  const coaches = await tx.select().from(users).where(inArray(users.id, coachIds));
  const names = coachIds.map((id) => coaches.find((c) => c.id === id)).map((c) => (c ? coachName(c) : 'your coach'));
  effects.texts.push({ to: text.from, from: text.ours, text: SMS_TEXTS.whichCoach(names) });
  log.info({ coaches: coachIds.length }, 'inbound text held: asked which coach it is for');
  return { action: 'asked', coaches: coachIds.length };
}

/** The sender chose a coach: the choice routes the next texts, and the held ones go to that coach now. */
async function answer(tx: Transaction, text: Text, coachId: string, effects: Effects): Promise<InboundResult> {
  await tx
    .update(smsRoutes)
    .set({ chosenCoachId: coachId, chosenAt: text.at, offeredCoachIds: [], askedAt: null, updatedAt: text.at })
    .where(and(eq(smsRoutes.clientPhone, text.from), eq(smsRoutes.ourNumber, text.ours)));
  const held = await tx
    .update(smsPendingInbound)
    .set({ deliveredAt: text.at, deliveredToCoachId: coachId })
    .where(and(eq(smsPendingInbound.clientPhone, text.from), eq(smsPendingInbound.ourNumber, text.ours), isNull(smsPendingInbound.deliveredAt)))
    .returning();
  let result: InboundResult = { action: 'unmatched' };
  for (const pending of held.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())) {
    // Each held text as it came in: the first answers the coach's open check-in, later ones are passed on.
    const outcome = await deliverTo(tx, coachId, { ...text, body: pending.body, messageSid: pending.messageSid ?? undefined, at: pending.receivedAt }, effects);
    if (result.action !== 'reply') result = outcome;
  }
  return result;
}

/**
 * STOP (and synonyms) opts this number out of every text from this number of ours, for every coach
 * who texts it from there, as the consent notice says; START opts it back in. The opt-out is kept
 * per (client number, our number), so a coach who adds the number later cannot text it either.
 */
async function optInOrOut(tx: Transaction, text: Text, keyword: string, effects: Effects): Promise<InboundResult> {
  const optOut = SMS_STOP_WORDS.has(keyword);
  if (optOut) await tx.insert(smsOptOuts).values({ phone: text.from, ourNumber: text.ours, keyword }).onConflictDoNothing();
  else await tx.delete(smsOptOuts).where(and(eq(smsOptOuts.phone, text.from), eq(smsOptOuts.ourNumber, text.ours)));
  if (text.channel === 'whatsapp') return whatsappOptInOrOut(tx, text, keyword, optOut, effects);
  // Every client with this number texted from this number of ours: all of them while one number
  // serves everyone; with a pool, those on this number or texted from it before.
  const onThisNumber = senderNumberFor(text.from) === text.ours ? undefined : inArray(clients.coachId, coachesTextingFrom(text.from, text.ours));
  const changed = await tx
    .update(clients)
    .set({ smsOptedOut: optOut, updatedAt: text.at })
    .where(and(eq(clients.phone, text.from), eq(clients.smsOptedOut, !optOut), onThisNumber))
    .returning();
  for (const c of changed) {
    const message = optOut
      ? `${clientName(c)} replied ${keyword}: Cadence will send them no more messages until they reply START.`
      : `${clientName(c)} replied ${keyword}: check-ins to them have resumed.`;
    effects.notify(c.coachId, { type: 'system', message, urgent: false });
    effects.profiles.push({ coachId: c.coachId, clientId: c.id });
  }
  confirmKeyword(text, keyword, optOut, changed[0]?.language, effects);
  log.info({ keyword, clients: changed.length }, optOut ? 'sms opt-out' : 'sms opt-in');
  return { action: optOut ? 'opted_out' : 'opted_in', clients: changed.length };
}

/**
 * Twilio confirms its own English keywords; the other languages' words are confirmed by us, in the
 * language of the word (the client's own when the word is theirs too), on the channel it came by.
 * Sent even when no client changed: the sender must learn the keyword worked.
 */
function confirmKeyword(text: Text, keyword: string, optOut: boolean, clientLanguage: ClientLanguage | undefined, effects: Effects): void {
  if (CARRIER_CONFIRMED_WORDS.has(keyword)) return;
  const language = keywordLanguage(keyword, clientLanguage ?? DEFAULT_CLIENT_LANGUAGE) ?? DEFAULT_CLIENT_LANGUAGE;
  effects.texts.push({ to: text.from, from: text.ours, text: optOut ? PLATFORM_TEXTS[language].optedOut : PLATFORM_TEXTS[language].optedIn });
}

/**
 * STOP on WhatsApp stops WhatsApp only (the opt-out row of the pair above): the client's messages
 * go by their fallback channel instead; the coaches who wrote to them there are told.
 */
async function whatsappOptInOrOut(tx: Transaction, text: Text, keyword: string, optOut: boolean, effects: Effects): Promise<InboundResult> {
  const known = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.phone, text.from), eq(clients.archived, false), inArray(clients.coachId, coachesTextingFrom(text.from, text.ours))));
  for (const c of known) {
    const message = optOut
      ? `${clientName(c)} replied ${keyword} on WhatsApp: Cadence sends them nothing more on WhatsApp until they reply START; their fallback channel is used.`
      : `${clientName(c)} replied ${keyword} on WhatsApp: WhatsApp messages to them have resumed.`;
    effects.notify(c.coachId, { type: 'system', message, urgent: false });
    effects.profiles.push({ coachId: c.coachId, clientId: c.id });
  }
  confirmKeyword(text, keyword, optOut, known[0]?.language, effects);
  log.info({ keyword, clients: known.length }, optOut ? 'whatsapp opt-out' : 'whatsapp opt-in');
  return { action: optOut ? 'opted_out' : 'opted_in', clients: known.length };
}

/** The coach-notice job: preferences, quiet hours and the daily cap apply as of when the text came in. */
export async function deliverCoachNotice(job: CoachNoticeJob): Promise<void> {
  await notifyCoach(job.coachId, job.input, new Date(job.at));
}

/** The client-text job: one attempt (a repeated question would text the client twice). */
export async function deliverClientText(job: ClientTextJob): Promise<void> {
  // An answer to a message the client just sent: inside WhatsApp's 24-hour window, so free-form.
  if (isWhatsappAddress(job.from)) await sendWhatsapp({ to: job.to, from: job.from, text: job.text });
  else await sendSms({ to: job.to, from: job.from, text: job.text });
}
