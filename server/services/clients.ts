import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, isNotNull, lt, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import { NEXT_CHECK_INS_ITEMS, WEEKDAYS } from '@/lib/constants';
import { DEFAULT_CLIENT_LANGUAGE, type ClientLanguage } from '@/lib/languages';
import { getPlan } from '@/lib/plans';
import type { CheckInSchedule, DayKey } from '@/lib/preferences';
import type { CheckInDto } from '@/lib/schemas/checkins';
import { channelFieldIssues, type ClientDto, type LatestReply, type ProjectedCheckIn, type WeekDayStatus, type WeekEntry } from '@/lib/schemas/clients';
import { DEFAULT_CLIENT_CHANNEL, DEFAULT_FALLBACK_CHANNELS } from '@/lib/channels';
import type { Goal as GoalDto } from '@/lib/schemas/goals';
import { CLIENT_CONTACT_TAKEN, type CreateClientInput, type UpdateClientInput } from '@/lib/schemas/workspace';
import { addDays, weekDates, zonedParts, zonedTimeToInstant } from '@/lib/zoned-time';
import { getDb, type Executor } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { checkIns, clients, goals, schedules, users, type CheckIn, type Client, type Goal } from '../db/schema';
import type { AuthUser } from '../auth/guards';
import { AppError, notFound } from '../http/errors';
import { emitToUser } from '../realtime';
import { projectSlots } from './engine/projection';
import type { SlotIntent } from '@/lib/schedule-slots';
import { numberOptedOut } from './engine/sms-numbers';
import { ineligibility, sourcesOf } from './engine/sources';
import { insertGoal } from './goal-versions';
import { groupBy } from '@/lib/group-by';

const DAY_MS = 86_400_000;

export type CoachRef = Pick<AuthUser, 'id' | 'timezone' | 'planId'>;

/** Every client query is scoped to its coach in SQL: another coach's id is simply not found. */
export async function getOwnedClient(coachId: string, clientId: string, db: Executor = getDb()): Promise<Client> {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.coachId, coachId)))
    .limit(1);
  if (!client) throw notFound('Client');
  return client;
}

/**
 * The columns checkInSummary reads: lists select these rather than the whole row (which also
 * carries the engine's bookkeeping), so less is read, sent and mapped per check-in.
 */
export const checkInSummaryColumns = {
  id: checkIns.id,
  clientId: checkIns.clientId,
  status: checkIns.status,
  createdAt: checkIns.createdAt,
  updatedAt: checkIns.updatedAt,
  scheduledFor: checkIns.scheduledFor,
  sentAt: checkIns.sentAt,
  respondedAt: checkIns.respondedAt,
  goalId: checkIns.goalId,
  isGlobalCheckIn: checkIns.isGlobalCheckIn,
  cancelledGoals: checkIns.cancelledGoals,
  aiMessage: checkIns.aiMessage,
  clientResponse: checkIns.clientResponse,
  aiResponse: checkIns.aiResponse,
  coachSummary: checkIns.coachSummary,
  insights: checkIns.insights,
  executiveSummary: checkIns.executiveSummary,
  motivation: checkIns.motivation,
  engagementAssessment: checkIns.engagementAssessment,
  concerns: checkIns.concerns,
  value: checkIns.value,
  progressUpdates: checkIns.progressUpdates,
  failureReason: checkIns.failureReason,
  channel: checkIns.channel,
  channelNote: checkIns.channelNote,
  followUpStatus: checkIns.followUpStatus,
  followUpSentAt: checkIns.followUpSentAt,
  deliveryStatus: checkIns.deliveryStatus,
  deliveryError: checkIns.deliveryError,
  followUpDeliveryStatus: checkIns.followUpDeliveryStatus,
  followUpDeliveryError: checkIns.followUpDeliveryError,
};
type CheckInSummaryRow = Pick<CheckIn, keyof typeof checkInSummaryColumns>;

export function checkInSummary(c: CheckInSummaryRow, goalTitles: Map<string, string>): CheckInDto {
  return {
    _id: c.id,
    id: c.id,
    status: c.status === 'scheduled' ? 'upcoming' : c.status,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    scheduledFor: c.scheduledFor?.toISOString() ?? null,
    sentAt: c.sentAt?.toISOString() ?? null,
    respondedAt: c.respondedAt?.toISOString() ?? null,
    goal: c.goalId ? { _id: c.goalId, id: c.goalId, title: goalTitles.get(c.goalId) ?? 'Goal' } : null,
    isGlobalCheckIn: c.isGlobalCheckIn,
    cancelledGoals: c.cancelledGoals,
    aiMessage: c.aiMessage,
    clientResponse: c.clientResponse,
    aiResponse: c.aiResponse,
    coachSummary: c.coachSummary,
    insights: c.insights ?? [],
    executiveSummary: c.executiveSummary,
    motivation: c.motivation,
    engagementAssessment: c.engagementAssessment,
    concerns: c.concerns ?? [],
    value: c.value,
    progressUpdates: c.progressUpdates,
    failureReason: c.failureReason,
    channel: c.channel,
    channelNote: c.channelNote,
    followUpStatus: c.followUpStatus,
    followUpSentAt: c.followUpSentAt?.toISOString() ?? null,
    delivery: c.deliveryStatus ? { status: c.deliveryStatus, reason: c.deliveryError } : null,
    followUpDelivery: c.followUpDeliveryStatus ? { status: c.followUpDeliveryStatus, reason: c.followUpDeliveryError } : null,
  };
}

/** What the bubble row needs of a check-in. */
type WeekCheckIn = Pick<CheckIn, 'id' | 'clientId' | 'status' | 'sentAt' | 'scheduledFor' | 'createdAt'>;

/** When a check-in happened or will happen, for placing it on a day. */
const checkInInstant = (c: WeekCheckIn) => c.sentAt ?? c.scheduledFor ?? c.createdAt;

/**
 * The day index (0-6) of an instant in a week given by its eight local midnights (Monday to the
 * next Monday); -1 before the week, 7 after it. Comparing instants spares an Intl call per row.
 */
function dayIndexIn(dayStarts: number[], at: Date): number {
  const t = at.getTime();
  if (t < dayStarts[0]!) return -1;
  let i = 0;
  while (i < 7 && t >= dayStarts[i + 1]!) i++;
  return i;
}

/**
 * The coach's current Mon-Sun week: its local dates, its eight local midnights (Monday to the next
 * Monday) and the SQL test for a check-in falling in it.
 */
export function currentWeek(zone: string, now: Date) {
  const dates = weekDates(zone, now);
  const dayStarts = [...dates, addDays(dates[6]!, 1)].map((date) => zonedTimeToInstant(zone, date, '00:00').getTime());
  const when = sql`coalesce(${checkIns.sentAt}, ${checkIns.scheduledFor}, ${checkIns.createdAt})`;
  return { dates, dayStarts, includes: and(gte(when, new Date(dayStarts[0]!).toISOString()), lt(when, new Date(dayStarts[7]!).toISOString())) };
}

/**
 * The Mon-Sun bubble row of the client list: a check-in's own status on its day, else a day with a
 * projected check-in (any schedule) or an enabled slot of the client's own schedule (pending today
 * and later, missed before), else nothing.
 */
function weeklyStatuses(client: Client, week: string[], dayCheckIns: Map<number, WeekCheckIn>, dayStarts: number[], today: string, projected: readonly SlotIntent[]): WeekEntry[] {
  const createdDay = dayIndexIn(dayStarts, client.createdAt);
  const upcomingByDay = new Map<number, string[]>();
  for (const slot of projected) {
    const day = dayIndexIn(dayStarts, slot.at);
    if (day < 0 || day > 6) continue;
    upcomingByDay.set(day, [...(upcomingByDay.get(day) ?? []), slot.at.toISOString()]);
  }
  return week.map((date, dayIndex) => {
    const checkIn = dayCheckIns.get(dayIndex);
    const slots = (client.checkInSchedule[String(dayIndex) as DayKey] ?? []).filter((s) => s.enabled);
    const upcoming = upcomingByDay.get(dayIndex) ?? [];
    let status: WeekDayStatus = 'none';
    if (checkIn) status = checkIn.status === 'cancelled' || checkIn.status === 'failed' ? 'none' : (checkIn.status as WeekDayStatus);
    else if (upcoming.length > 0) status = 'pending';
    else if (slots.length > 0 && !client.checkInsHeld && dayIndex >= createdDay) status = date >= today ? 'pending' : 'missed';
    return { dayIndex, day: WEEKDAYS[dayIndex]!, date, status, checkInId: checkIn?.id ?? null, times: slots.map((s) => s.time), upcoming };
  });
}

/** A projected slot as the client payload shows it. */
function projectedDto(slot: SlotIntent, goalTitles: Map<string, string>): ProjectedCheckIn {
  return {
    key: slot.key,
    scheduledFor: slot.at.toISOString(),
    date: slot.date,
    time: slot.time,
    timezone: slot.zone,
    goal: slot.goalId ? { id: slot.goalId, title: goalTitles.get(slot.goalId) ?? 'Goal' } : null,
    source: slot.origin,
  };
}

export function goalSummary(goal: Goal): GoalDto {
  return {
    _id: goal.id,
    id: goal.id,
    title: goal.title,
    type: goal.type,
    description: goal.description,
    target: goal.target,
    unit: goal.unit,
    currentValue: goal.currentValue,
    progress: goal.progress,
    status: goal.status,
    archived: goal.archived,
    checkInFrequency: goal.checkInFrequency,
    checkInTime: goal.checkInTime,
    checkInSchedule: goal.checkInSchedule,
    targetDate: goal.targetDate,
    completedAt: goal.completedAt?.toISOString() ?? null,
    createdAt: goal.createdAt.toISOString(),
  };
}

interface ClientExtras {
  goals: Goal[];
  latest: CheckInSummaryRow | undefined;
  latestReply: LatestReply | null;
  week: WeekEntry[];
  upcoming: SlotIntent[];
  goalTitles: Map<string, string>;
}

function clientDto(client: Client, extra: ClientExtras): ClientDto {
  return {
    _id: client.id,
    id: client.id,
    username: `${client.firstName} ${client.lastName}`.trim(),
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone,
    timezone: client.timezone,
    profilePic: client.profilePic ? `/api/clients/${client.id}/profile-pic?v=${client.updatedAt.getTime()}` : null,
    status: client.archived ? 'archived' : client.checkInsHeld ? 'on_hold' : 'active',
    archived: client.archived,
    checkInsHeld: client.checkInsHeld,
    reviewFollowUps: client.reviewFollowUps,
    channel: client.channel,
    fallbackChannels: client.fallbackChannels,
    emailUnreachable: client.emailUnreachable,
    phoneUnreachable: client.phoneUnreachable,
    replyLinkInTexts: client.replyLinkInTexts,
    language: client.language,
    suggestedLanguage: client.suggestedLanguage,
    checkInSchedule: client.checkInSchedule,
    executiveSummary: client.executiveSummary,
    latestCheckIn: extra.latest ? checkInSummary(extra.latest, extra.goalTitles) : null,
    latestReply: extra.latestReply,
    upcomingCheckIns: extra.upcoming.slice(0, NEXT_CHECK_INS_ITEMS).map((slot) => projectedDto(slot, extra.goalTitles)),
    goals: extra.goals.map(goalSummary),
    weeklyCheckIns: extra.week,
    lastResponseDate: client.lastResponseAt?.toISOString() ?? null,
    lastCheckInDate: client.lastCheckInAt?.toISOString() ?? null,
    createdAt: client.createdAt.toISOString(),
  };
}

/**
 * The client list with, per client, active goals, the latest check-in, the latest reply, this
 * week's bubbles and the next check-ins its schedules will send, in seven queries whatever the
 * number of clients. The dashboard asks for pages instead (client-list.ts); this whole answer
 * stays for the spec's unpaged list, the archived clients and one client.
 */
export async function listClients(coach: CoachRef, filter: { archived: boolean } | { clientId: string }, now = new Date()): Promise<ClientDto[]> {
  const rows =
    'clientId' in filter
      ? await oneClient().execute({ coachId: coach.id, clientId: filter.clientId })
      : await getDb()
          .select()
          .from(clients)
          .where(and(eq(clients.coachId, coach.id), eq(clients.archived, filter.archived)))
          .orderBy(asc(clients.firstName), asc(clients.lastName));
  return clientDtos(coach, rows, now);
}

const coachIdParam = sql.placeholder('coachId');
/** The given clients' ids as one uuid[] parameter: the statement's text stays the same for a page of 50 and for one client. */
const amongClients = (column: AnyColumn) => sql`${column} = any(${sql.placeholder('clientIds')}::uuid[])`;
const checkInWhen = sql`coalesce(${checkIns.sentAt}, ${checkIns.scheduledFor}, ${checkIns.createdAt})`;

const oneClient = preparedQuery((db) =>
  db
    .select()
    .from(clients)
    .where(and(eq(clients.coachId, coachIdParam), eq(clients.id, sql.placeholder('clientId'))))
    .prepare('one_client'),
);

/** The queries of clientDtos, each read by every client list, page and detail. */
const listQueries = preparedQuery((db) => {
  const latestCheckIn = db
    .select(checkInSummaryColumns)
    .from(checkIns)
    .where(and(eq(checkIns.clientId, clients.id), eq(checkIns.coachId, coachIdParam), sql`${checkIns.status} not in ('scheduled', 'cancelled')`))
    .orderBy(desc(checkIns.createdAt))
    .limit(1)
    .as('latest_check_in');
  const latestReply = db
    .select({ id: checkIns.id, clientId: checkIns.clientId, respondedAt: checkIns.respondedAt, motivation: checkIns.motivation, engagementAssessment: checkIns.engagementAssessment })
    .from(checkIns)
    .where(and(eq(checkIns.clientId, clients.id), eq(checkIns.coachId, coachIdParam), isNotNull(checkIns.respondedAt)))
    .orderBy(desc(checkIns.createdAt))
    .limit(1)
    .as('latest_reply');
  return {
    goals: db
      .select()
      .from(goals)
      .where(and(eq(goals.coachId, coachIdParam), amongClients(goals.clientId), eq(goals.archived, false)))
      .orderBy(asc(goals.createdAt))
      .prepare('client_goals'),
    // One index probe per client (check_ins_client_idx, newest first) instead of sorting all of
    // the coach's check-ins: DISTINCT ON read every one of them.
    latest: db
      .select(latestCheckIn._.selectedFields)
      .from(clients)
      .innerJoinLateral(latestCheckIn, sql`true`)
      .where(and(eq(clients.coachId, coachIdParam), amongClients(clients.id)))
      .prepare('client_latest_check_in'),
    reply: db
      .select(latestReply._.selectedFields)
      .from(clients)
      .innerJoinLateral(latestReply, sql`true`)
      .where(and(eq(clients.coachId, coachIdParam), amongClients(clients.id)))
      .prepare('client_latest_reply'),
    week: db
      .select({ id: checkIns.id, clientId: checkIns.clientId, status: checkIns.status, sentAt: checkIns.sentAt, scheduledFor: checkIns.scheduledFor, createdAt: checkIns.createdAt })
      .from(checkIns)
      .where(
        and(
          eq(checkIns.coachId, coachIdParam),
          amongClients(checkIns.clientId),
          gte(checkInWhen, sql.placeholder('weekStart')),
          lt(checkInWhen, sql.placeholder('weekEnd')),
        ),
      )
      .orderBy(asc(checkIns.createdAt))
      .prepare('client_week_check_ins'),
    ai: db
      .select()
      .from(schedules)
      .where(and(eq(schedules.coachId, coachIdParam), amongClients(schedules.clientId), eq(schedules.active, true)))
      .prepare('client_ai_schedules'),
    // The slots already planned as rows, whatever their status: a projected slot is shown only
    // until its row exists. A slot's row is never sent before its time, so every row of a slot
    // still ahead has its time (or, cancelled, its planned time) at most a day back.
    planned: db
      .select({ clientId: checkIns.clientId, dedupeKey: checkIns.dedupeKey })
      .from(checkIns)
      .where(and(eq(checkIns.coachId, coachIdParam), amongClients(checkIns.clientId), isNotNull(checkIns.dedupeKey), gt(checkInWhen, sql.placeholder('plannedSince'))))
      .prepare('client_planned_slots'),
  };
});

/**
 * The list's view of the given clients of the coach, in their order: every query below reads only
 * these clients (one page of the list, or the whole of it), never the coach's other ones.
 */
export async function clientDtos(coach: CoachRef, rows: Client[], now: Date): Promise<ClientDto[]> {
  if (rows.length === 0) return [];
  const week = currentWeek(coach.timezone, now);
  const q = listQueries();
  const among = { coachId: coach.id, clientIds: rows.map((c) => c.id) };
  const [goalRows, latestRows, replyRows, weekRows, aiRows, plannedRows] = await Promise.all([
    q.goals.execute(among),
    q.latest.execute(among),
    q.reply.execute(among),
    q.week.execute({ ...among, weekStart: new Date(week.dayStarts[0]!).toISOString(), weekEnd: new Date(week.dayStarts[7]!).toISOString() }),
    q.ai.execute(among),
    q.planned.execute({ ...among, plannedSince: new Date(now.getTime() - DAY_MS).toISOString() }),
  ]);
  const goalTitles = new Map(goalRows.map((g) => [g.id, g.title]));
  const goalsByClient = groupBy(goalRows, (g) => g.clientId);
  const aiByClient = groupBy(aiRows, (s) => s.clientId);
  const planned = new Set(plannedRows.map((r) => r.dedupeKey!));
  const latestByClient = new Map(latestRows.map((c) => [c.clientId, c]));
  const replyByClient = new Map(replyRows.map((c) => [c.clientId, c]));
  const weekByClient = new Map<string, Map<number, WeekCheckIn>>();
  for (const c of weekRows) {
    const day = dayIndexIn(week.dayStarts, checkInInstant(c));
    if (day < 0 || day > 6) continue;
    const perDay = weekByClient.get(c.clientId) ?? new Map<number, WeekCheckIn>();
    perDay.set(day, c);
    weekByClient.set(c.clientId, perDay);
  }
  const today = zonedParts(coach.timezone, now).date;
  return rows.map((client) => {
    const clientGoals = goalsByClient.get(client.id) ?? [];
    // The scheduler sends nothing to a client it skips: nothing is projected for one either.
    const upcoming =
      ineligibility(client) === null
        ? projectSlots(sourcesOf(client, clientGoals.filter((g) => g.status === 'incomplete'), aiByClient.get(client.id) ?? []), now, planned)
        : [];
    const reply = replyByClient.get(client.id);
    return clientDto(client, {
      goals: clientGoals,
      latest: latestByClient.get(client.id),
      latestReply: reply ? { checkInId: reply.id, respondedAt: reply.respondedAt!.toISOString(), motivation: reply.motivation, engagementAssessment: reply.engagementAssessment } : null,
      week: weeklyStatuses(client, week.dates, weekByClient.get(client.id) ?? new Map(), week.dayStarts, today, upcoming),
      upcoming,
      goalTitles,
    });
  });
}

export async function getClientDto(coach: CoachRef, clientId: string): Promise<ClientDto> {
  const [found] = await listClients(coach, { clientId });
  if (!found) throw notFound('Client');
  return found;
}

/** The plan's client limit counts every client the coach has, archived ones included. */
async function assertClientQuota(db: Executor, coach: CoachRef): Promise<void> {
  const plan = getPlan(coach.planId);
  if (plan.maxClients === null) return;
  const [row] = await db.select({ n: count() }).from(clients).where(eq(clients.coachId, coach.id));
  if ((row?.n ?? 0) >= plan.maxClients) {
    throw new AppError(403, 'PLAN_LIMIT_REACHED', `Your ${plan.name} plan allows up to ${plan.maxClients} clients. Upgrade your plan to add more.`, {
      requiredAction: 'upgrade_plan',
    });
  }
}

function scheduleFromEntries(entries: CreateClientInput['scheduledCheckIns']): CheckInSchedule {
  const schedule: CheckInSchedule = {};
  for (const entry of entries) {
    for (const day of new Set(entry.days)) {
      const key = String(day) as DayKey;
      const slots = schedule[key] ?? [];
      if (!slots.some((s) => s.time === entry.time)) slots.push({ id: randomUUID(), time: entry.time, enabled: true });
      schedule[key] = slots.sort((a, b) => a.time.localeCompare(b.time));
    }
  }
  return schedule;
}

/** The first goal's weekly schedule: one slot at `time` on each weekday of its check-in frequency. */
function frequencySchedule(days: readonly string[], time: string): CheckInSchedule {
  const schedule: CheckInSchedule = {};
  for (const day of new Set(days)) {
    const index = (WEEKDAYS as readonly string[]).indexOf(day);
    if (index >= 0) schedule[String(index) as DayKey] = [{ id: randomUUID(), time, enabled: true }];
  }
  return schedule;
}

/**
 * Refuses (409, each taken field in `details`) an e-mail address or a phone number another client
 * of the coach already has, archived ones included. A number is refused as an address is (decision
 * 0111): inbound texts are routed by number, and two clients of one coach with one number would
 * have a reply recorded on whichever check-in went out last, the other client's perhaps. Phones
 * are compared as stored, E.164: both forms normalise the number before this (create accepts only
 * +1XXXXXXXXXX, edit rewrites 10 or 11 digits to it), and the webhook matches `From` the same way.
 * `phone: null` skips the phone.
 */
async function assertContactsFree(db: Executor, coachId: string, contact: { email: string; phone: string | null }, exceptClientId?: string): Promise<void> {
  const sameEmail = eq(sql`lower(${clients.email})`, contact.email);
  const rows = await db
    .select({ email: clients.email, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.coachId, coachId), contact.phone ? or(sameEmail, eq(clients.phone, contact.phone)) : sameEmail, exceptClientId ? ne(clients.id, exceptClientId) : undefined));
  const taken = (['email', 'phone'] as const).filter((field) =>
    rows.some((r) => (field === 'email' ? r.email?.toLowerCase() === contact.email : contact.phone !== null && r.phone === contact.phone)),
  );
  if (taken.length === 0) return;
  throw new AppError(409, 'CONFLICT', CLIENT_CONTACT_TAKEN[taken[0]!], { details: taken.map((field) => ({ field, message: CLIENT_CONTACT_TAKEN[field] })) });
}

/**
 * Serialises the creations and edits of one coach's clients (a lock on the coach's row): two
 * requests cannot both pass the quota check, nor both take one phone number or address.
 */
async function lockCoachClients(tx: Executor, coachId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${coachId} for update`);
}

export async function createClient(coach: CoachRef, input: CreateClientInput, now = new Date()): Promise<ClientDto> {
  const { client, goal } = await getDb().transaction(async (tx) => {
    await lockCoachClients(tx, coach.id);
    await assertClientQuota(tx, coach);
    await assertContactsFree(tx, coach.id, { email: input.email, phone: input.phone });
    const [inserted] = await tx
      .insert(clients)
      .values({
        coachId: coach.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        // A number that replied STOP to the number we would text it from stays opted out, whoever adds it.
        smsOptedOut: await numberOptedOut(tx, input.phone),
        timezone: input.timezone ?? coach.timezone,
        language: input.language ?? DEFAULT_CLIENT_LANGUAGE,
        checkInSchedule: scheduleFromEntries(input.scheduledCheckIns),
        channel: input.channel ?? DEFAULT_CLIENT_CHANNEL,
        fallbackChannels: input.fallbackChannels ?? DEFAULT_FALLBACK_CHANNELS[input.channel ?? DEFAULT_CLIENT_CHANNEL],
      })
      .returning();
    if (!input.goalTitle) return { client: inserted!, goal: undefined };
    const numeric = input.goalType === 'progress';
    const firstGoal = await insertGoal(tx, {
      coachId: coach.id,
      clientId: inserted!.id,
      title: input.goalTitle,
      type: input.goalType,
      target: numeric ? (input.targetValue ?? null) : null,
      unit: numeric ? (input.metric ?? null) : null,
      checkInFrequency: input.checkInFrequency,
      // The frequency days are the goal's own weekly check-ins (product §2.3.6), at the chosen time.
      checkInTime: input.checkInFrequency.length > 0 ? input.checkInTime : null,
      checkInSchedule: frequencySchedule(input.checkInFrequency, input.checkInTime),
    });
    return { client: inserted!, goal: firstGoal };
  });
  // A new client has no check-ins yet: the answer is built from the rows just written.
  const week = currentWeek(coach.timezone, now);
  const upcoming = ineligibility(client) === null ? projectSlots(sourcesOf(client, goal ? [goal] : [], []), now, new Set()) : [];
  return clientDto(client, {
    goals: goal ? [goal] : [],
    latest: undefined,
    latestReply: null,
    week: weeklyStatuses(client, week.dates, new Map(), week.dayStarts, zonedParts(coach.timezone, now).date, upcoming),
    upcoming,
    goalTitles: new Map(goal ? [[goal.id, goal.title]] : []),
  });
}

export async function updateClient(coach: CoachRef, clientId: string, input: UpdateClientInput): Promise<ClientDto> {
  const current = await getOwnedClient(coach.id, clientId);
  const { username: _display, ...fields } = input;
  // A new channel without an order of its own takes that channel's default order.
  if (fields.channel && fields.channel !== current.channel && !fields.fallbackChannels) fields.fallbackChannels = DEFAULT_FALLBACK_CHANNELS[fields.channel];
  const channelIssue = channelFieldIssues({ channel: fields.channel ?? current.channel, fallbackChannels: fields.fallbackChannels ?? current.fallbackChannels });
  if (channelIssue) throw new AppError(400, 'VALIDATION_ERROR', channelIssue.message, { details: [{ field: channelIssue.path.join('.'), message: channelIssue.message }] });
  await getDb().transaction(async (tx) => {
    await lockCoachClients(tx, coach.id);
    // An unchanged phone is not checked again: two clients who shared a number before decision 0111
    // can still be edited, and the edit that gives one of them another number resolves it.
    await assertContactsFree(tx, coach.id, { email: fields.email, phone: fields.phone !== current.phone ? fields.phone : null }, clientId);
    await tx
      .update(clients)
      // A new number brings its own STOP state with it (opt-outs are per client number, not per client row).
      .set({
        ...fields,
        ...(fields.phone !== current.phone ? { smsOptedOut: await numberOptedOut(tx, fields.phone), phoneUnreachable: null, smsFailureStreak: 0 } : {}),
        // A new address is tried again (decision 0085): the flag belonged to the old one.
        ...(fields.email !== current.email ? { emailUnreachable: null } : {}),
        // The coach chose a language: a pending proposal is answered by it, and detection starts afresh.
        ...(fields.language && fields.language !== current.language ? { suggestedLanguage: null, detectedLanguage: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(clients.id, clientId), eq(clients.coachId, coach.id)));
  });
  return publishClient(coach, clientId);
}

/**
 * The coach's answer to a language proposed from the client's replies (decision 0086): switch the
 * check-ins to it, or keep the current language. Either way the proposal is cleared and detection
 * starts afresh, so a kept language is proposed again only after two more replies in another one.
 */
export async function answerLanguageSuggestion(coach: CoachRef, clientId: string, answer: { switch: boolean }): Promise<ClientDto> {
  await getOwnedClient(coach.id, clientId);
  const [changed] = await getDb()
    .update(clients)
    .set({
      // The right-hand side reads the row as it was: the proposal at the moment of the answer.
      ...(answer.switch ? { language: sql<ClientLanguage>`${clients.suggestedLanguage}` } : {}),
      suggestedLanguage: null,
      detectedLanguage: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(clients.id, clientId), eq(clients.coachId, coach.id), isNotNull(clients.suggestedLanguage)))
    .returning({ id: clients.id });
  if (!changed) throw new AppError(409, 'CONFLICT', 'No language is proposed for this client');
  return publishClient(coach, clientId);
}

type ClientFlag = { checkInsHeld: boolean } | { archived: boolean };

/** Hold / resume check-ins and archive / unarchive (product §2.4 client states). */
export async function setClientFlag(coach: CoachRef, clientId: string, flag: ClientFlag): Promise<ClientDto> {
  await getOwnedClient(coach.id, clientId);
  const archivedAt = 'archived' in flag ? (flag.archived ? sql`now()` : null) : undefined;
  await getDb()
    .update(clients)
    .set({ ...flag, ...(archivedAt !== undefined ? { archivedAt } : {}), updatedAt: sql`now()` })
    .where(and(eq(clients.id, clientId), eq(clients.coachId, coach.id)));
  return publishClient(coach, clientId);
}

/** Answers the fresh client and tells the coach's other open screens. */
export async function publishClient(coach: CoachRef, clientId: string): Promise<ClientDto> {
  const dto = await getClientDto(coach, clientId);
  emitToUser(coach.id, 'clientProfileUpdated', { clientId, lastCheckIn: dto.lastCheckInDate ?? undefined });
  return dto;
}
