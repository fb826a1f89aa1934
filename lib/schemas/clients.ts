import { z } from 'zod';
import { okSchema, timestampSchema } from '../contract/common';
import { WEEKDAYS } from '../constants';
import { CLIENT_CHANNELS } from '../channels';
import { checkInDtoSchema } from './checkins';
import { checkInScheduleSchema, goalSchema, scheduleSlotSchema } from './goals';
import { clientLanguageSchema } from './languages';
import {
  CLIENT_FILTERS,
  CLIENT_PAGE_MAX,
  CLIENT_SEARCH_MAX_CHARS,
  CLIENT_SORT_OPTIONS,
  CLIENT_SORTS,
  SORT_DIRECTIONS,
  decodeCursor,
} from '../client-list';

/** A day of the client list's Mon-Sun bubble row: a check-in's status, else a slot's (pending or missed). */
export const weekDayStatusSchema = z.enum(['completed', 'responded', 'sent', 'no_response', 'missed', 'scheduled', 'pending', 'none']);
export type WeekDayStatus = z.infer<typeof weekDayStatusSchema>;

export const weekEntrySchema = z.object({
  dayIndex: z.number().int(),
  day: z.enum(WEEKDAYS),
  /** The coach's local date, YYYY-MM-DD. */
  date: z.string(),
  status: weekDayStatusSchema,
  checkInId: z.string().nullable(),
  /** The enabled slot times of that day. */
  times: z.array(z.string()),
  /** Check-ins the schedules will send that day and the scheduler has not planned yet. */
  upcoming: z.array(timestampSchema),
});
export type WeekEntry = z.infer<typeof weekEntrySchema>;

/**
 * A check-in a schedule will send, projected from the client's, its goals' and the AI schedules
 * before the scheduler plans it as a row (10 minutes ahead); never also a row.
 */
export const projectedCheckInSchema = z.object({
  /** The slot's dedupe key, the one its row will carry (decision 0034). */
  key: z.string(),
  scheduledFor: timestampSchema,
  /** The local date (YYYY-MM-DD) and time (HH:MM) in the zone the schedule is read in. */
  date: z.string(),
  time: z.string(),
  timezone: z.string(),
  goal: z.object({ id: z.string(), title: z.string() }).nullable(),
  source: z.enum(['client', 'goal', 'ai']),
}).meta({ id: 'ProjectedCheckIn' });
export type ProjectedCheckIn = z.infer<typeof projectedCheckInSchema>;

/** What the mood face reads: the newest check-in the client replied to. */
export const latestReplySchema = z.object({
  checkInId: z.string(),
  respondedAt: timestampSchema,
  motivation: z.string().nullable(),
  engagementAssessment: z.string().nullable(),
});
export type LatestReply = z.infer<typeof latestReplySchema>;

export const clientDtoSchema = z.object({
  _id: z.string(),
  id: z.string(),
  /** First and last name. */
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  timezone: z.string(),
  /** Where the picture is read, versioned by the client's last change; null without one. */
  profilePic: z.string().nullable(),
  status: z.enum(['active', 'on_hold', 'archived']),
  archived: z.boolean(),
  checkInsHeld: z.boolean(),
  /** AI follow-ups wait for the coach's review instead of being texted at once. */
  reviewFollowUps: z.boolean(),
  /** How check-ins and the coach's messages reach the client, and the channels tried when that fails (decision 0084). */
  channel: z.enum(CLIENT_CHANNELS),
  fallbackChannels: z.array(z.enum(CLIENT_CHANNELS)),
  /** Why the e-mail address / phone number is given up on (a bounce, a complaint, failed texts), null while reachable; editing it clears this (decision 0085). */
  emailUnreachable: z.string().nullable(),
  phoneUnreachable: z.string().nullable(),
  /** Texted check-ins end with the link to the one-tap reply page (decision 0083). */
  replyLinkInTexts: z.boolean(),
  /** What check-ins and follow-ups to the client are written in. */
  language: clientLanguageSchema,
  /** A language the client's replies seem to be in, proposed to the coach until answered; null when none. */
  suggestedLanguage: clientLanguageSchema.nullable(),
  checkInSchedule: checkInScheduleSchema,
  executiveSummary: z.string().nullable(),
  /** The newest check-in that is neither upcoming nor cancelled. */
  latestCheckIn: checkInDtoSchema.nullable(),
  /** The newest check-in with a reply (drives the mood face: a check-in merely sent does not). */
  latestReply: latestReplySchema.nullable(),
  /** The next check-ins the schedules will send (up to 5), soonest first. */
  upcomingCheckIns: z.array(projectedCheckInSchema),
  /** Active (not archived) goals, oldest first. */
  goals: z.array(goalSchema),
  /** This week, Monday to Sunday, in the coach's zone. */
  weeklyCheckIns: z.array(weekEntrySchema),
  lastResponseDate: timestampSchema.nullable(),
  lastCheckInDate: timestampSchema.nullable(),
  createdAt: timestampSchema,
}).meta({ id: 'Client' });
export type ClientDto = z.infer<typeof clientDtoSchema>;

/** The coach's answer to a proposed language: switch the client's check-ins to it, or keep the current one. */
export const languageSuggestionAnswerSchema = z.object({
  switch: z.boolean({ error: 'switch must be true or false' }),
});
export type LanguageSuggestionAnswer = z.infer<typeof languageSuggestionAnswerSchema>;

export const clientListSchema = z.object({ clients: z.array(clientDtoSchema) });
export type ClientList = z.infer<typeof clientListSchema>;

/**
 * The client list's paging, search, sort and filter (decision 0093). Without any of them the list
 * answers every active client at once, as the spec's list does.
 */
export const clientListQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(CLIENT_PAGE_MAX, `limit must be at most ${CLIENT_PAGE_MAX}`)
      .optional(),
    /** The `nextCursor` of the page shown last. */
    cursor: z.string().max(2000, 'cursor is not valid').optional(),
    /** Part of a name or e-mail, or digits of a phone number. */
    q: z.string().trim().max(CLIENT_SEARCH_MAX_CHARS, `q can be at most ${CLIENT_SEARCH_MAX_CHARS} characters`).optional(),
    sort: z.enum(CLIENT_SORTS, { error: `sort must be one of ${CLIENT_SORTS.join(', ')}` }).optional(),
    /** The sort's own direction when not given: names A to Z, the rest highest first. */
    dir: z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' }).optional(),
    filter: z.enum(CLIENT_FILTERS, { error: `filter must be one of ${CLIENT_FILTERS.join(', ')}` }).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.cursor === undefined) return;
    const cursor = decodeCursor(query.cursor);
    const sort = query.sort ?? 'name';
    const dir = query.dir ?? CLIENT_SORT_OPTIONS[sort].defaultDir;
    if (!cursor) ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'cursor is not valid: use the nextCursor of a page' });
    else if (cursor.sort !== sort || cursor.dir !== dir) ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'cursor belongs to another sort: start again without it' });
  });
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** True when the list is asked for a page rather than the whole list. */
export const isPageQuery = (query: ClientListQuery) => Object.values(query).some((v) => v !== undefined);

export const clientPageSchema = z
  .object({
    clients: z.array(clientDtoSchema),
    /** The `cursor` of the next page; null on the last one. */
    nextCursor: z.string().nullable(),
    /** How many clients match the search and filter, over all pages. */
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'ClientPage' });
export type ClientPage = z.infer<typeof clientPageSchema>;

/** The whole list (no paging parameter) or one page of it. */
export const clientListAnswerSchema = z.union([clientPageSchema, clientListSchema]);

const namedClientSchema = z.object({ clientId: z.string(), clientName: z.string() });

/** The three stat cards of the Client Dashboard (product §2.2), over every active client however many. */
export const clientStatsSchema = z
  .object({
    /** Active clients (not archived), on hold or not. */
    clients: z.number().int().nonnegative(),
    /** How many active clients each filter of the list keeps. */
    filters: z.record(z.enum(CLIENT_FILTERS), z.number().int().nonnegative()),
    scheduled: z.object({
      /** Enabled weekly slots of clients not on hold. */
      total: z.number().int().nonnegative(),
      /** The same per weekday, Monday first. */
      perDay: z.array(z.number().int().nonnegative()).length(7),
      next: z.array(namedClientSchema.extend({ at: timestampSchema })),
    }),
    responding: z.object({
      /** Clients with a reply to a check-in this week. */
      responded: z.number().int().nonnegative(),
      /** This week's bubbles so far, counted over every client. */
      week: z.object({ completed: z.number().int(), responded: z.number().int(), no_response: z.number().int(), missed: z.number().int() }),
      /** Clients not on hold without a reply this week: how many and the first few by name. */
      awaitingTotal: z.number().int().nonnegative(),
      awaiting: z.array(namedClientSchema),
    }),
    /**
     * What clients did, newest first: each client's latest reply to a check-in or text of their own,
     * never a message sent to them. `id` is the reply's check-in or the text's; `checkInId` the
     * check-in it answers (null for a text outside one).
     */
    recent: z.array(namedClientSchema.extend({ id: z.string(), checkInId: z.string().nullable(), at: timestampSchema, text: z.string() })),
  })
  .meta({ id: 'ClientStats' });
export type ClientStats = z.infer<typeof clientStatsSchema>;
export const clientResponseSchema = z.object({ client: clientDtoSchema });
export type ClientResponse = z.infer<typeof clientResponseSchema>;
/** The answer of a change to a client: the client as it is now. */
export const clientChangedSchema = okSchema.extend({ client: clientDtoSchema });
export type ClientChanged = z.infer<typeof clientChangedSchema>;

export const slotAddedSchema = okSchema.extend({ schedule: checkInScheduleSchema, checkInSchedule: checkInScheduleSchema, slot: scheduleSlotSchema });
export type SlotAdded = z.infer<typeof slotAddedSchema>;
export const slotRemovedSchema = okSchema.extend({ checkInSchedule: checkInScheduleSchema, remainingCheckIns: z.array(scheduleSlotSchema) });
export type SlotRemoved = z.infer<typeof slotRemovedSchema>;
export const dayToggledSchema = okSchema.extend({ schedule: checkInScheduleSchema, checkInSchedule: checkInScheduleSchema });
export type DayToggled = z.infer<typeof dayToggledSchema>;
/** What every change of a weekly schedule answers with. */
export type ScheduleChanged = SlotAdded | SlotRemoved | DayToggled;


export { channelFieldIssues, clientChannelFieldsSchema } from './client-channel';
