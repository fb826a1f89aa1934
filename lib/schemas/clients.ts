import { z } from 'zod';
import { okSchema, timestampSchema } from '../contract/common';
import { WEEKDAYS } from '../constants';
import { checkInDtoSchema } from './checkins';
import { checkInScheduleSchema, goalSchema, scheduleSlotSchema } from './goals';

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
});
export type WeekEntry = z.infer<typeof weekEntrySchema>;

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
  checkInSchedule: checkInScheduleSchema,
  executiveSummary: z.string().nullable(),
  /** The newest check-in that is neither upcoming nor cancelled. */
  latestCheckIn: checkInDtoSchema.nullable(),
  /** Active (not archived) goals, oldest first. */
  goals: z.array(goalSchema),
  /** This week, Monday to Sunday, in the coach's zone. */
  weeklyCheckIns: z.array(weekEntrySchema),
  lastResponseDate: timestampSchema.nullable(),
  lastCheckInDate: timestampSchema.nullable(),
  createdAt: timestampSchema,
}).meta({ id: 'Client' });
export type ClientDto = z.infer<typeof clientDtoSchema>;

export const clientListSchema = z.object({ clients: z.array(clientDtoSchema) });
export type ClientList = z.infer<typeof clientListSchema>;
export const clientResponseSchema = z.object({ client: clientDtoSchema });
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
