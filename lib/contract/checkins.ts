import { idParamSchema } from '../schemas/account';
import { aiScheduleSchema, immediateContactSchema, initiateCheckInSchema, savedAiScheduleSchema } from '../schemas/ai-schedule';
import { checkInChangedSchema, checkInPageSchema } from '../schemas/checkins';
import { cancelForGoalSchema, checkInHistoryQuerySchema, clientIdParamSchema } from '../schemas/workspace';
import { okWithMessageSchema } from './common';
import { endpoint, type Endpoint } from './endpoint';

/** The failures of a check-in sent now (server/services/engine/coach-actions initiateCheckIn). */
const SEND_NOW_ERRORS = {
  403: 'Past the plan’s AI interactions this month (`requiredAction: upgrade_plan`), or a missing CSRF token',
  404: 'No such client of yours, or no such goal of that client',
  409: 'The client cannot be texted (archived, on hold, opted out, no phone or e-mail), the goal is completed or archived, or the engine cancelled the check-in',
  429: 'More than 6 immediate check-ins to this client in an hour',
  502: 'The message could not be written or delivered (the body carries the failed `checkIn`)',
} satisfies Endpoint['errors'];

export const clientCheckIns = endpoint({
  method: 'GET',
  path: '/api/dashboard/client-checkins/{clientId}',
  tag: 'Check-ins',
  summary: "A page of a client's check-ins, newest first; optionally one goal's only, and the executive summaries",
  auth: 'user',
  params: clientIdParamSchema,
  query: checkInHistoryQuerySchema,
  response: checkInPageSchema,
  errors: { 404: 'No such client of yours' },
});

export const deleteCheckIn = endpoint({
  method: 'DELETE',
  path: '/api/checkins/{id}',
  tag: 'Check-ins',
  summary: 'Deletes an upcoming check-in',
  auth: 'user',
  params: idParamSchema,
  response: okWithMessageSchema,
  errors: { 404: 'No such check-in of yours', 409: 'The check-in is no longer upcoming (sent, or being sent)' },
});

export const cancelCheckInForGoal = endpoint({
  method: 'PATCH',
  path: '/api/checkins/{id}/cancel-for-goal',
  tag: 'Check-ins',
  summary: 'Leaves one goal out of an upcoming check-in about all goals, or cancels an upcoming check-in about that goal',
  auth: 'user',
  params: idParamSchema,
  body: cancelForGoalSchema,
  response: checkInChangedSchema,
  errors: {
    404: 'No such check-in of that client, or no such goal of that client',
    409: 'The check-in is no longer upcoming, or is about another goal',
  },
});

export const initiateCheckIn = endpoint({
  method: 'POST',
  path: '/api/checkins/ai/initiate',
  tag: 'Check-ins',
  summary: 'Sends an AI check-in to a client now, about one goal or every active goal',
  auth: 'user',
  body: initiateCheckInSchema,
  response: checkInChangedSchema,
  errors: SEND_NOW_ERRORS,
});

export const immediateContact = endpoint({
  method: 'POST',
  path: '/api/ai/immediate-contact',
  tag: 'Check-ins',
  summary: 'The same as POST /api/checkins/ai/initiate, with the client named `_id`',
  auth: 'user',
  body: immediateContactSchema,
  response: checkInChangedSchema,
  errors: SEND_NOW_ERRORS,
});

export const scheduleAiCheckIn = endpoint({
  method: 'POST',
  path: '/api/ai/schedule-check-in',
  tag: 'Check-ins',
  summary: "Replaces the active AI schedule of a client (or of one of its goals) with the one sent",
  auth: 'user',
  body: aiScheduleSchema,
  response: savedAiScheduleSchema,
  errors: { 404: 'No such client of yours, or no such goal of that client' },
});

export const twilioInbound = endpoint({
  method: 'POST',
  path: '/api/webhooks/twilio',
  tag: 'Webhooks',
  summary: 'An SMS a client sent, as Twilio posts it; signed with `X-Twilio-Signature` when TWILIO_AUTH_TOKEN is set',
  auth: 'public',
  rawBody: { contentType: 'application/x-www-form-urlencoded', description: "Twilio's message fields; Cadence reads `From`, `To`, `Body` and `MessageSid`" },
  response: { contentType: 'text/xml', description: 'An empty TwiML `<Response/>`: any answer to the client is sent separately' },
  errors: { 403: 'The Twilio signature is missing or wrong', 413: 'The body is larger than the webhook limit' },
});
