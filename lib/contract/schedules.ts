import { okWithMessageSchema } from './common';
import { idParamSchema } from '../schemas/account';
import { aiScheduleResponseSchema, aiScheduleSchema, clientAiSchedulesSchema, goalAiSchedulesSchema, goalIdParamSchema, timezonesResponseSchema } from '../schemas/ai-schedule';
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
