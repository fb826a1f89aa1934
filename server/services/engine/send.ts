import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { checkIns, clients, schedules, type CheckIn } from '../../db/schema';
import { log } from '../../log';
import { composeCheckIn } from '../../providers/ai';
import { sendEmail } from '../../providers/email';
import { isTransientProviderError } from '../../providers/errors';
import { UsageBatch } from '../../providers/metering';
import { unreachableFailure } from '@/lib/delivery';
import { groupBy } from '@/lib/group-by';
import { afterConsentNotice, SMS_TEXTS } from '@/lib/sms';
import { findSentSms, senderNumberFor, sendSms, sendWhatsapp } from '../../providers/sms';
import { PLATFORM_TEXTS } from '@/lib/languages';
import { CHANNEL_NOUNS as CHANNEL_NOUN, fallbackNote, whatsappTemplateVariables, type ClientChannel } from '@/lib/channels';
import { planRoutesOf, type Route, type RoutePlan } from './channels';
import { checkInContexts, coachName, coveredGoals, loadParticipantsOf, type Participants } from './context';
import { errorText, publishCheckIn } from './check-in-events';
import { type StepOutcome } from './conversation';
import { checkInEmail } from './email-thread';
import { replyPageUrl } from './reply-address';
import { aiAllowances, recordQuotaStop } from './quota';
import { ENGINE_TIMING as T, claimLeaseMs, handOverDeadlineMs, providerCall, resolve, type EngineDb, type EngineOptions } from './runtime';
import { reserveSlots, waitForSlot } from './pacing';
import { config } from '../../config';
import { parseDedupeKey, slotGoneReason, slotsOn } from '@/lib/schedule-slots';
import { consentedTriples, consentKey, recordConsents } from './sms-numbers';
import { ineligibility, sourcesOf } from './sources';

/**
 * The send step, for a batch of check-ins at once (the send worker takes them from pg-boss in
 * batches): one statement claims them all, a handful of queries read what they need, the AI and
 * SMS calls run side by side, and one statement each marks the hand-over and settles the sent
 * ones. Per check-in the rules are those of a single send: re-checked at send time, cancelled when
 * no longer due, exactly once.
 *
 * A passing provider failure (timeout, 5xx, 429) before the last attempt gives the row back for a
 * retry (`retrying`). An SMS whose hand-over ended without an answer (a timeout, or a worker that
 * died) is looked up at the provider before it is sent again, so the client is never texted twice.
 */

/** Which attempt this is of how many; the last one ends in `failed` instead of a retry. */
export interface SendAttempt {
  number: number;
  of: number;
}

const ONLY_ATTEMPT: SendAttempt = { number: 1, of: 1 };

export interface SendOptions extends EngineOptions {
  /** The attempt of each check-in (a pg-boss retry); one and only by default (a coach waiting). */
  attemptOf?: (checkInId: string) => SendAttempt;
}

/** A provider's clock and ours differ a little; a message is looked for from this much earlier. */
const LOOKUP_MARGIN_MS = 60_000;

const PACED_REASON = 'The sender number is at its rate; the next scheduler pass queues it again';
const LATE_HAND_OVER_REASON = 'Its claim would lapse before the message could be handed over; the next scheduler pass queues it again';

export const INTERRUPTED_REASON = 'Delivery was interrupted and is not repeated, so the client is never texted twice';

/**
 * Each row of a batch its own value in one UPDATE: the values travel as one JSON object keyed by
 * row id (one parameter, however many rows), and a row missing from it gets null.
 */
const byId = (pairs: [string, string][]) => sql`(${JSON.stringify(Object.fromEntries(pairs))}::jsonb ->> ${checkIns.id}::text)`;

const iso = (d: Date) => d.toISOString();

/**
 * A check-in as texted: the stored message, then the reply page's link when the coach turned it on
 * for this client (decision 0083; e-mails always have it). Kept out of the stored message, so the
 * coach's history and the reply page show the question alone.
 */
const textMessage = (row: Pick<CheckIn, 'id'>, p: Participants, text: string) =>
  p.client.replyLinkInTexts ? `${text}\n\n${PLATFORM_TEXTS[p.client.language].smsLink(replyPageUrl(row.id))}` : text;

/** A check-in whose message the AI writes, with the channels it will go by. */
interface Composing {
  row: CheckIn;
  p: Participants;
  plan: RoutePlan;
  promptTemplate?: string;
}

/** Why no channel of the client's order can carry a check-in now, each channel's reason. */
const noChannelFailure = (plan: RoutePlan) =>
  `No channel can reach the client: ${plan.reasons.join('; ')}.${plan.unreachable ? ' Edit the client to try again.' : ''}`;

/** A claimed row on its way out, with what it needs. */
interface Sending {
  row: CheckIn;
  p: Participants;
  channel: ClientChannel;
  /** Our number an SMS or WhatsApp message goes from (kept on the row, so a resend and the follow-up use the same one). */
  from: string | null;
  /** WhatsApp outside the 24-hour window: the approved template it goes as. */
  templateSid?: string;
  /** What the client gets (with the consent notice on a first text). */
  text: string;
  /** The message as written, without the notice (what a fallback channel starts from). */
  plain: string;
  /** The channel tried when this one's provider refuses the message (decision 0084). */
  fallback: Route | null;
  /** Why the client's own channel was passed over, shown in the history. */
  note: string | null;
  /**
   * The coach has texted this number from this sender before (no consent notice, no consent row to
   * write). Set by withConsentNotice for the sender it is given, so a fallback's sender is asked anew.
   */
  consented: boolean;
}

export async function sendCheckIn(checkInId: string, options: SendOptions = {}): Promise<StepOutcome> {
  return (await sendCheckIns([checkInId], options)).get(checkInId)!;
}

export async function sendCheckIns(ids: string[], options: SendOptions = {}): Promise<Map<string, StepOutcome>> {
  const { now, edb } = resolve(options);
  const attemptOf = options.attemptOf ?? (() => ONLY_ATTEMPT);
  const outcomes = new Map<string, StepOutcome>();
  const claimStarted = performance.now();
  const unique = [...new Set(ids)];
  const claimed = await claim(edb, unique, now);
  const taken = new Set(claimed.map((r) => r.id));
  const left = unique.filter((id) => !taken.has(id));
  // A retried batch finds most of its rows sent already: one read finds those still unsent, the
  // only ones that need anything; the others are skipped.
  const rows =
    left.length > 0
      ? await edb.db
          .select({ id: checkIns.id, scheduledFor: checkIns.scheduledFor, createdAt: checkIns.createdAt })
          .from(checkIns)
          .where(and(anyOf(checkIns.id, left), eq(checkIns.status, 'scheduled')))
      : [];
  for (const id of left) outcomes.set(id, { status: 'skipped' });
  await Promise.all(
    rows.map(async (row) => {
      outcomes.set(row.id, await notClaimed(edb, row, now));
    }),
  );
  if (claimed.length === 0) return outcomes;
  try {
    await new Batch(edb, now, claimStarted, attemptOf, outcomes).run(claimed);
  } catch (error) {
    // Rows not yet handed over go back at once for the retry; the others lapse and are looked up.
    await edb.db
      .update(checkIns)
      .set({ claimedAt: null })
      .where(and(anyOf(checkIns.id, [...taken]), eq(checkIns.claimedAt, now), isNull(checkIns.deliveryStartedAt)))
      .catch(() => {});
    throw error;
  }
  return outcomes;
}

/**
 * Takes every row that is due, not taken and not sent, in one statement. A row whose hand-over
 * never settled (delivery_started_at) is taken again only for SMS, which can be looked up.
 */
async function claim(edb: EngineDb, ids: string[], now: Date): Promise<CheckIn[]> {
  const due = sql`coalesce(${checkIns.scheduledFor}, ${checkIns.createdAt})`;
  return edb.db
    .update(checkIns)
    .set({ claimedAt: now, updatedAt: now })
    .where(
      and(
        anyOf(checkIns.id, ids),
        eq(checkIns.status, 'scheduled'),
        or(isNull(checkIns.claimedAt), lt(checkIns.claimedAt, new Date(now.getTime() - claimLeaseMs()))),
        or(isNull(checkIns.deliveryStartedAt), eq(checkIns.channel, 'sms')),
        sql`${due} <= ${iso(new Date(now.getTime() + T.earlyToleranceMs))}`,
        sql`${due} > ${iso(new Date(now.getTime() - T.catchUpMs))}`,
      ),
    )
    .returning();
}

/** Why an unsent row could not be taken: taken already, early, or too late to send. */
async function notClaimed(edb: EngineDb, row: Pick<CheckIn, 'id' | 'scheduledFor' | 'createdAt'>, now: Date): Promise<StepOutcome> {
  const { db } = edb;
  const checkInId = row.id;
  const at = (row.scheduledFor ?? row.createdAt).getTime();
  if (at - now.getTime() > T.earlyToleranceMs) {
    // Ran early (clock skew, or the row moved later): the next pass queues it for its instant.
    await db.update(checkIns).set({ enqueuedAt: null }).where(and(eq(checkIns.id, checkInId), eq(checkIns.status, 'scheduled'), isNull(checkIns.claimedAt)));
    return { status: 'early' };
  }
  if (now.getTime() - at >= T.catchUpMs) {
    const free = or(isNull(checkIns.claimedAt), lt(checkIns.claimedAt, new Date(now.getTime() - claimLeaseMs())));
    const [missed] = await db
      .update(checkIns)
      .set({ status: 'missed', failureReason: 'Not sent within an hour of its time', claimedAt: null, updatedAt: now })
      .where(and(eq(checkIns.id, checkInId), eq(checkIns.status, 'scheduled'), isNull(checkIns.deliveryStartedAt), free))
      .returning();
    if (missed) await publishCheckIn(missed);
    return { status: missed ? 'missed' : 'skipped', checkIn: missed };
  }
  return { status: 'skipped' };
}

/** A message the provider took, on the channel it went by. */
interface Delivered {
  row: CheckIn;
  p: Participants;
  providerMessageId: string;
  from: string | null;
  channel: ClientChannel;
  /** Its consent row exists already (a message sent without the notice). */
  consented: boolean;
}

class Batch {
  /** The usage rows of this batch's AI and SMS calls, written with its statements. */
  private readonly usage = new UsageBatch();

  constructor(
    private readonly edb: EngineDb,
    private readonly now: Date,
    /** performance.now() as the claim was made: how long this batch has held its rows. */
    private readonly claimStarted: number,
    private readonly attemptOf: (checkInId: string) => SendAttempt,
    private readonly outcomes: Map<string, StepOutcome>,
  ) {}

  async run(claimed: CheckIn[]): Promise<void> {
    const { db } = this.edb;
    const slotClients = claimed.filter((r) => r.source === 'schedule' && r.dedupeKey).map((r) => r.clientId);
    const [participants, aiRows] = await Promise.all([
      loadParticipantsOf(
        db,
        claimed.map((r) => r.clientId),
      ),
      slotClients.length ? db.select().from(schedules).where(and(anyOf(schedules.clientId, slotClients), eq(schedules.active, true))) : Promise.resolve([]),
    ]);

    // A hand-over that never settled: the provider is asked first whether the text went out.
    const ready: CheckIn[] = [];
    await Promise.all(
      claimed.map(async (row) => {
        const p = participants.get(row.clientId);
        if (!row.deliveryStartedAt) ready.push(row);
        else if (!p?.client.phone || !row.aiMessage) await this.stop(row, 'failed', INTERRUPTED_REASON, p);
        else if (!(await this.foundAtProvider(row, p))) ready.push(row);
      }),
    );

    const toCompose: Composing[] = [];
    const toResend: Sending[] = [];
    const coachWritten: Sending[] = [];
    // A new message's channels are planned for the whole batch at once (a resend keeps its channel).
    const fresh = ready.flatMap((row) => {
      const client = row.deliveryStartedAt ? undefined : participants.get(row.clientId)?.client;
      return client ? [client] : [];
    });
    const plans = await planRoutesOf(db, fresh, this.now, { template: true });
    const aiRowsOf = groupBy(aiRows, (s) => s.clientId);
    for (const row of ready) {
      const p = participants.get(row.clientId);
      const checked = p ? await this.check(row, p, aiRowsOf.get(row.clientId) ?? [], row.deliveryStartedAt ? null : plans.get(row.clientId)!) : await this.stop(row, 'cancelled', 'The client no longer exists');
      if (!checked || !p) continue;
      if (row.deliveryStartedAt && row.aiMessage) {
        // Only a text can be looked up and resent (claim); it keeps its stored message and channel.
        toResend.push({ row, p, channel: 'sms', from: row.fromNumber ?? senderNumberFor(p.client.phone!), text: row.aiMessage, plain: row.aiMessage, fallback: null, note: row.channelNote, consented: false });
      } else if (row.aiMessage) {
        // The coach wrote (or edited) the message in the send dialog: sent as written, no AI call.
        coachWritten.push(this.routed(row, p, checked.plan!, row.aiMessage));
      } else {
        toCompose.push({ row, p, plan: checked.plan!, promptTemplate: checked.promptTemplate });
      }
    }

    const paced = await this.pace([...toCompose.map((c) => ({ row: c.row, from: c.plan.routes[0]!.from })), ...coachWritten, ...toResend]);
    const [composed, written] = await Promise.all([this.compose(toCompose.filter((c) => paced.has(c.row.id))), this.withConsentNotice(coachWritten.filter((c) => paced.has(c.row.id)))]);
    const [started] = await Promise.all([this.markStarted([...composed, ...written, ...toResend.filter((c) => paced.has(c.row.id))]), this.usage.flush()]);
    await this.deliver(started);
  }

  /** When each row's message may be handed over (pacing per sender, decision 0100), from `slotsReservedAt`. */
  private readonly slotDelays = new Map<string, number>();
  private slotsReservedAt = 0;

  /**
   * With SMS_SENDER_RATE_PER_SECOND, reserves a slot per message on its sender's clock; rows beyond
   * what starts within half the claim lease go back to the queue for the next pass. Returns the
   * ids that go on now (every row when sending is unpaced, and every e-mail).
   */
  private async pace(items: { row: CheckIn; from: string | null }[]): Promise<Set<string>> {
    const go = new Set(items.map((i) => i.row.id));
    const rate = config().SMS_SENDER_RATE_PER_SECOND;
    if (!rate) return go;
    const texts = items.flatMap(({ row, from }) => (from ? [{ from, id: row.id }] : []));
    const bySender = new Map<string, string[]>();
    for (const [sender, list] of groupBy(texts, (t) => t.from)) bySender.set(sender, list.map((t) => t.id));
    if (bySender.size === 0) return go;
    const grants = await reserveSlots(
      this.edb,
      [...bySender].map(([sender, ids]) => ({ sender, count: ids.length })),
      rate,
      claimLeaseMs() / 2,
    );
    // The delays were measured on the database before the answer travelled back: counted from now,
    // a message goes a little late at worst, never before its slot.
    this.slotsReservedAt = performance.now();
    const later: string[] = [];
    for (const grant of grants) {
      const ids = bySender.get(grant.sender)!;
      ids.forEach((id, i) => {
        if (i < grant.granted) this.slotDelays.set(id, grant.delaysMs[i]!);
        else later.push(id);
      });
    }
    if (later.length > 0) {
      await this.edb.db
        .update(checkIns)
        .set({ claimedAt: null, enqueuedAt: null, updatedAt: this.now })
        .where(and(anyOf(checkIns.id, later), eq(checkIns.claimedAt, this.now)));
      for (const id of later) {
        go.delete(id);
        this.outcomes.set(id, { status: 'paced', reason: PACED_REASON });
      }
    }
    return go;
  }

  private attemptNote(checkInId: string): SendAttempt | null {
    const attempt = this.attemptOf(checkInId);
    return attempt.number < attempt.of ? attempt : null;
  }

  /** Ends a row's step as cancelled or failed (only the holder of the claim can). */
  private async stop(row: CheckIn, status: 'cancelled' | 'failed', reason: string, p?: Participants): Promise<null> {
    const [updated] = await this.edb.db
      .update(checkIns)
      .set({ status, failureReason: reason, claimedAt: null, updatedAt: this.now })
      .where(and(eq(checkIns.id, row.id), eq(checkIns.claimedAt, this.now)))
      .returning();
    if (updated) await publishCheckIn(updated, false, p?.activeGoals);
    this.outcomes.set(row.id, { status, reason, checkIn: updated });
    return null;
  }

  /**
   * A provider call failed: a passing failure before the last attempt gives the row back for the
   * retry (its reason says so on the coach's screen); anything else fails the check-in.
   */
  private async failed(row: CheckIn, p: Participants, reason: string, error: unknown): Promise<void> {
    const retry = isTransientProviderError(error) ? this.attemptNote(row.id) : null;
    if (!retry) {
      await this.stop(row, 'failed', reason, p);
      return;
    }
    const note = `Retrying (attempt ${retry.number + 1} of ${retry.of}): ${reason}`;
    // enqueued_at now: the scheduler leaves the row to the job's retry instead of queueing another.
    await this.edb.db
      .update(checkIns)
      .set({ claimedAt: null, enqueuedAt: this.now, failureReason: note, updatedAt: this.now })
      .where(and(eq(checkIns.id, row.id), eq(checkIns.claimedAt, this.now)));
    this.outcomes.set(row.id, { status: 'retrying', reason });
  }

  /** Whether the provider already has the text of a hand-over that never settled; settles it as sent if so. */
  private async foundAtProvider(row: CheckIn, p: Participants): Promise<boolean> {
    const since = new Date(row.deliveryStartedAt!.getTime() - LOOKUP_MARGIN_MS);
    let found;
    try {
      found = await findSentSms({ to: p.client.phone!, text: textMessage(row, p, row.aiMessage!) }, p.coach.id, since);
    } catch (error) {
      log.warn({ err: error, checkInId: row.id }, 'check-in delivery could not be looked up');
      await this.failed(row, p, `Whether the text message went out could not be confirmed: ${errorText(error)}`, error);
      return true;
    }
    if (!found) return false;
    log.info({ checkInId: row.id }, 'an unsettled check-in delivery had reached the provider');
    await this.settleSent([{ row, p, providerMessageId: found.id, from: row.fromNumber, channel: 'sms', consented: false }]);
    return true;
  }

  /**
   * Re-reads everything at send time: a check-in whose slot was removed, whose client was held,
   * archived or opted out, or whose goal is gone is cancelled instead of sent. Returns the slot's
   * prompt, or null when the row's step ended here.
   */
  private async check(row: CheckIn, p: Participants, ownAiRows: (typeof schedules.$inferSelect)[], plan: RoutePlan | null): Promise<{ promptTemplate?: string; plan: RoutePlan | null } | null> {
    const why = ineligibility(p.client);
    if (why) return this.stop(row, 'cancelled', why, p);
    // An address given up on (decision 0085) fails the check-in at once instead of trying it again:
    // a resend (only a text is resent) when the number is unreachable; a new message when no channel
    // of the client's order is left (an unreachable address is passed over like a missing one).
    if (row.deliveryStartedAt && p.client.phoneUnreachable) return this.stop(row, 'failed', unreachableFailure('sms', p.client.phoneUnreachable), p);
    if (plan && plan.routes.length === 0) return this.stop(row, 'failed', noChannelFailure(plan), p);
    let promptTemplate: string | undefined;
    const slot = row.source === 'schedule' && row.dedupeKey ? parseDedupeKey(row.dedupeKey) : null;
    if (slot) {
      const src = sourcesOf(p.client, p.activeGoals, ownAiRows);
      const intent = slotsOn(src, slot.date).find((i) => i.key === row.dedupeKey);
      if (!intent) return this.stop(row, 'cancelled', slotGoneReason(src, slot.date, row.dedupeKey!), p);
      if (!row.deliveryStartedAt && Math.abs(intent.at.getTime() - (row.scheduledFor ?? this.now).getTime()) > 60_000) {
        // The client's zone changed: the same local slot now happens at another instant.
        const [moved] = await this.edb.db
          .update(checkIns)
          .set({ scheduledFor: intent.at, enqueuedAt: null, claimedAt: null, updatedAt: this.now })
          .where(and(eq(checkIns.id, row.id), eq(checkIns.claimedAt, this.now)))
          .returning();
        this.outcomes.set(row.id, { status: 'rescheduled', checkIn: moved });
        return null;
      }
      promptTemplate = intent.promptTemplate;
    }
    const covered = coveredGoals(row, p.activeGoals);
    if (!row.goalId && !row.isGlobalCheckIn) return this.stop(row, 'cancelled', 'The goal was deleted', p);
    if (row.goalId && covered.length === 0) return this.stop(row, 'cancelled', 'The goal is completed or archived', p);
    if (!row.goalId && row.cancelledGoals.length > 0 && covered.length === 0) return this.stop(row, 'cancelled', 'Cancelled for every goal', p);
    return { promptTemplate, plan };
  }

  /** The message on the client's channel, or the first usable one of its fallback order with the reason kept (check() planned it). */
  private routed(row: CheckIn, p: Participants, plan: RoutePlan, text: string): Sending {
    const [first, second] = plan.routes;
    return { row, p, channel: first!.channel, from: first!.from, templateSid: first!.templateSid, text, plain: text, fallback: second ?? null, note: plan.note, consented: false };
  }

  /** The AI writes each message; a coach past the plan's quota gets none (counted within the batch too). */
  private async compose(items: Composing[]): Promise<Sending[]> {
    if (items.length === 0) return [];
    const allowance = await aiAllowances(
      this.edb,
      items.map((i) => i.p.coach),
      this.now,
    );
    const allowed: typeof items = [];
    for (const item of items) {
      const left = allowance.get(item.p.coach.id) ?? 0;
      if (left > 0) {
        allowance.set(item.p.coach.id, left - 1);
        allowed.push(item);
        continue;
      }
      await recordQuotaStop(this.edb, item.row.id, item.p.coach, this.now, 'failed');
      const [row] = await this.edb.db.select().from(checkIns).where(eq(checkIns.id, item.row.id));
      if (row) await publishCheckIn(row, false, item.p.activeGoals);
      this.outcomes.set(item.row.id, { status: 'quota', checkIn: row });
    }
    const contexts = await checkInContexts(
      this.edb.db,
      allowed.map(({ row, p, promptTemplate }) => ({ row, p, at: this.now, promptTemplate })),
    );
    const written = await Promise.all(
      allowed.map(async ({ row, p, plan }, i): Promise<Sending | null> => {
        try {
          const text = await providerCall(() => composeCheckIn(p.coach.id, contexts[i]!, this.usage));
          return this.routed(row, p, plan, text);
        } catch (error) {
          log.warn({ err: error, checkInId: row.id }, 'check-in message could not be written');
          await this.failed(row, p, `The AI could not write the message: ${errorText(error)}`, error);
          return null;
        }
      }),
    );
    return this.withConsentNotice(written.filter((w): w is Sending => w !== null));
  }

  /**
   * The first text a client number gets from a coach through one of our numbers starts with the
   * consent notice (who texts on whose behalf, how to stop). It is part of the stored message, so
   * the coach sees what the client got and a resend or provider lookup uses the same text.
   */
  private async withConsentNotice(items: Sending[]): Promise<Sending[]> {
    // Per channel: a WhatsApp sender is `whatsapp:+1…`, so its consent is its own (client number, sender) pair.
    const sms = items.filter((i) => i.from !== null).map((i) => ({ phone: i.p.client.phone!, coachId: i.p.coach.id, ourNumber: i.from! }));
    const consented = await consentedTriples(this.edb.db, sms);
    return items.map((i) => {
      if (i.from === null) return { ...i, consented: false };
      if (consented.has(consentKey({ phone: i.p.client.phone!, coachId: i.p.coach.id, ourNumber: i.from }))) return { ...i, consented: true };
      return { ...i, consented: false, text: afterConsentNotice(SMS_TEXTS.consentNotice(coachName(i.p.coach), i.p.client.language), i.plain) };
    });
  }

  /** Records, in one statement, that these messages are being handed over (from here a retry looks first). */
  private async markStarted(items: Sending[]): Promise<Sending[]> {
    if (items.length === 0) return [];
    const rows = await this.edb.db
      .update(checkIns)
      .set({
        aiMessage: byId(items.map((i) => [i.row.id, i.text])),
        channel: byId(items.map((i) => [i.row.id, i.channel])),
        fromNumber: byId(items.flatMap((i) => (i.from ? [[i.row.id, i.from] as [string, string]] : []))),
        channelNote: byId(items.flatMap((i) => (i.note ? [[i.row.id, i.note] as [string, string]] : []))),
        deliveryStartedAt: this.now,
        updatedAt: this.now,
      })
      .where(and(anyOf(checkIns.id, items.map((i) => i.row.id)), eq(checkIns.status, 'scheduled'), eq(checkIns.claimedAt, this.now)))
      .returning({ id: checkIns.id });
    const kept = new Set(rows.map((r) => r.id));
    for (const item of items) if (!kept.has(item.row.id)) this.outcomes.set(item.row.id, { status: 'skipped' });
    return items.filter((i) => kept.has(i.row.id));
  }

  /**
   * Hands one message to its channel's provider. A text or a free-form WhatsApp message carries the
   * reply page's link when the coach turned it on (decision 0083), and asks for status callbacks
   * (decision 0085); an approved template carries only its variables.
   */
  private async handOver(item: Sending): Promise<{ id: string }> {
    const { row, p, channel, from, text, templateSid } = item;
    if (channel === 'sms') return sendSms({ to: p.client.phone!, from: from!, text: textMessage(row, p, text), tracked: true }, p.coach.id, this.usage);
    if (channel === 'email') return sendEmail(checkInEmail(row, p.coach, p.client.email!, text, p.client.language), p.coach.id, this.usage);
    const template = templateSid ? { contentSid: templateSid, variables: whatsappTemplateVariables(p.client.firstName, coachName(p.coach), item.plain) } : undefined;
    return sendWhatsapp({ to: p.client.phone!, from: from!, text: template ? text : textMessage(row, p, text), template, tracked: true }, p.coach.id, this.usage);
  }

  /**
   * Hands the message over when its provider slot comes while the claim still has time for the
   * whole call (handOverDeadlineMs); a slot that comes later gives the row back untouched (null).
   */
  private async handOverInTime(item: Sending): Promise<{ id: string } | null> {
    const handed = await providerCall(async () => (performance.now() - this.claimStarted > handOverDeadlineMs() ? null : this.handOver(item)));
    if (!handed) await this.giveBack(item);
    return handed;
  }

  /**
   * A message not handed over goes back to the queue. A text that was being sent again keeps its
   * hand-over mark, so the next holder looks it up first as before; a new message loses it and keeps
   * its text (sent as written next time, no second AI call), since it certainly never left.
   */
  private async giveBack(item: Sending): Promise<void> {
    const { row } = item;
    const fresh = row.deliveryStartedAt ? {} : { deliveryStartedAt: null, aiMessage: item.plain };
    await this.edb.db
      .update(checkIns)
      .set({ claimedAt: null, enqueuedAt: null, updatedAt: this.now, ...fresh })
      .where(and(eq(checkIns.id, row.id), eq(checkIns.claimedAt, this.now)));
    this.outcomes.set(row.id, { status: 'paced', reason: LATE_HAND_OVER_REASON });
  }

  private async deliver(items: Sending[]): Promise<void> {
    const delivered = await Promise.all(
      items.map(async (item): Promise<Delivered | null> => {
        const { row, p, channel } = item;
        try {
          const delay = this.slotDelays.get(row.id);
          if (delay !== undefined) await waitForSlot(this.slotsReservedAt, delay);
          const handed = await this.handOverInTime(item);
          if (!handed) return null;
          return { row, p, providerMessageId: handed.id, from: item.from, channel, consented: item.consented };
        } catch (error) {
          log.warn({ err: error, checkInId: row.id, channel }, 'check-in delivery failed');
          const reason = `The ${CHANNEL_NOUN[channel]} could not be delivered: ${errorText(error)}`;
          // A passing SMS failure may have reached the client (a timeout): it is retried after a
          // lookup, never sent on another channel too. A refusal moves on to the fallback once.
          if (channel === 'sms' && isTransientProviderError(error) && this.attemptNote(row.id)) {
            await this.failed(row, p, reason, error);
            return null;
          }
          if (item.fallback && !isTransientProviderError(error)) return this.deliverFallback(item, item.fallback, errorText(error));
          // An e-mail or WhatsApp message cannot be looked up afterwards, so a failed one is never tried again.
          if (channel === 'sms') await this.failed(row, p, reason, error);
          else await this.stop(row, 'failed', reason, p);
          return null;
        }
      }),
    );
    await Promise.all([this.settleSent(delivered.filter((d): d is NonNullable<typeof d> => d !== null)), this.usage.flush()]);
  }

  /**
   * The client's channel refused the message: it goes once by the next channel of the fallback
   * order. The row says so before the call (a crash then never resends on the first channel).
   */
  private async deliverFallback(item: Sending, route: Route, why: string): Promise<Delivered | null> {
    const { row, p } = item;
    const note = fallbackNote(item.channel, why);
    const [next] = await this.withConsentNotice([{ ...item, channel: route.channel, from: route.from, templateSid: route.templateSid, text: item.plain, fallback: null, note }]);
    const [moved] = await this.edb.db
      .update(checkIns)
      .set({ channel: next!.channel, fromNumber: next!.from, aiMessage: next!.text, channelNote: note, updatedAt: this.now })
      .where(and(eq(checkIns.id, row.id), eq(checkIns.claimedAt, this.now)))
      .returning({ id: checkIns.id });
    if (!moved) return null;
    try {
      const handed = await this.handOverInTime(next!);
      if (!handed) return null;
      return { row, p, providerMessageId: handed.id, from: next!.from, channel: next!.channel, consented: next!.consented };
    } catch (error) {
      log.warn({ err: error, checkInId: row.id, channel: next!.channel }, 'check-in fallback delivery failed');
      await this.stop(row, 'failed', `${note} The ${CHANNEL_NOUN[next!.channel]} could not be delivered either: ${errorText(error)}`, p);
      return null;
    }
  }

  /** Marks delivered rows sent in one statement; no reply within the window is found by the minute sweep. */
  private async settleSent(items: Delivered[]): Promise<void> {
    if (items.length === 0) return;
    const { db } = this.edb;
    const [rows] = await Promise.all([
      db
        .update(checkIns)
        .set({
          status: 'sent',
          sentAt: this.now,
          providerMessageId: byId(items.map((i) => [i.row.id, i.providerMessageId])),
          failureReason: null,
          claimedAt: null,
          updatedAt: this.now,
        })
        .where(and(anyOf(checkIns.id, items.map((i) => i.row.id)), eq(checkIns.status, 'scheduled'), eq(checkIns.claimedAt, this.now)))
        .returning(),
      // Written for every delivered row: the message reached the client even if the row was taken over.
      db
        .update(clients)
        .set({ lastCheckInAt: this.now })
        .where(anyOf(clients.id, [...new Set(items.map((i) => i.row.clientId))])),
      recordConsents(
        db,
        items.flatMap((i) => (i.from && i.channel !== 'email' && !i.consented ? [{ phone: i.p.client.phone!, coachId: i.p.coach.id, ourNumber: i.from, checkInId: i.row.id }] : [])),
        this.now,
      ),
    ]);
    const goalsOf = new Map(items.map((i) => [i.row.id, i.p.activeGoals]));
    // A row missing here was taken over meanwhile (its claim had lapsed): the new holder settles it.
    for (const item of items) this.outcomes.set(item.row.id, { status: 'skipped' });
    for (const row of rows) {
      this.outcomes.set(row.id, { status: 'sent', checkIn: row });
      await publishCheckIn(row, true, goalsOf.get(row.id));
    }
  }
}
