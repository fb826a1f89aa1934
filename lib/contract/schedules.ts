import { okWithMessageSchema } from './common';
import { idParamSchema } from '../schemas/account';
import { aiScheduleResponseSchema, aiScheduleSchema, clientAiSchedulesSchema, goalAiSchedulesSchema, goalIdParamSchema, savedAiScheduleSchema, timezonesResponseSchema } from '../schemas/ai-schedule';
import { clientIdParamSchema } from '../schemas/workspace';
import { endpoint } from './endpoint';

export const createAiSchedule = endpoint({
  method: 'POST',
  path: '/api/ai-schedule/create',
  tag: 'AI schedules',
  summary: "Adds an AI check-in schedule for a client or one of its goals, in the client's timezone unless another is given",
  auth: 'user',
  body: aiScheduleSchema,
  response: aiScheduleResponseSchema,
  errors: { 404: 'No such client of yours, or the goal is not one of that client' },
});

export const deleteAiSchedule = endpoint({
  method: 'DELETE',
  path: '/api/ai-schedule/{id}',
  tag: 'AI schedules',
  summary: 'Stops an AI schedule; its upcoming check-ins are cancelled',
  auth: 'user',
  params: idParamSchema,
  response: okWithMessageSchema,
  errors: { 404: 'No such active schedule of yours' },
});

// Their own calls rather than a `paused` field: the only update is POST /ai/schedule-check-in,
// which replaces a scope's schedule with the whole form, so a pause there would have to resend
// (and could clobber) slots, days and prompt (decision 0079).
export const pauseAiSchedule = endpoint({
  method: 'POST',
  path: '/api/ai-schedule/{id}/pause',
  tag: 'AI schedules',
  summary: 'Pauses an AI schedule: it keeps its slots, days, zone and prompt but texts nothing, and its planned check-ins are cancelled. Pausing a paused schedule changes nothing',
  auth: 'user',
  params: idParamSchema,
  response: savedAiScheduleSchema,
  errors: { 404: 'No such active schedule of yours' },
});

export const resumeAiSchedule = endpoint({
  method: 'POST',
  path: '/api/ai-schedule/{id}/resume',
  tag: 'AI schedules',
  summary: 'Resumes a paused AI schedule from now on: slots that fell while it was paused are not sent. Resuming a running schedule changes nothing',
  auth: 'user',
  params: idParamSchema,
  response: savedAiScheduleSchema,
  errors: { 404: 'No such active schedule of yours' },
});

export const clientAiSchedules = endpoint({
  method: 'GET',
  path: '/api/ai-schedule/client/{clientId}',
  tag: 'AI schedules',
  summary: "A client's active AI schedules, newest first",
  auth: 'user',
  params: clientIdParamSchema,
  response: clientAiSchedulesSchema,
  errors: { 404: 'No such client of yours' },
});

export const goalAiSchedules = endpoint({
  method: 'GET',
  path: '/api/ai-schedule/goal/{goalId}',
  tag: 'AI schedules',
  summary: "A goal's active AI schedules, newest first",
  auth: 'user',
  params: goalIdParamSchema,
  response: goalAiSchedulesSchema,
  errors: { 404: 'No such goal of yours' },
});

export const timezones = endpoint({
  method: 'GET',
  path: '/api/ai-schedule/timezones',
  tag: 'AI schedules',
  summary: 'The timezones a schedule or the settings may use, with their offset today',
  auth: 'user',
  response: timezonesResponseSchema,
});
