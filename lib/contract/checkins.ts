import { AI_PREVIEWS_PER_HOUR } from '../constants';
import { idParamSchema } from '../schemas/account';
import { aiScheduleSchema, immediateContactSchema, savedAiScheduleSchema } from '../schemas/ai-schedule';
import { approveFollowUpSchema, checkInChangedSchema, checkInHeldSchema, holdCheckInSchema, checkInGoalParamSchema, checkInPageSchema, checkInPreviewSchema, followUpQueueSchema, initiateCheckInSchema, previewCheckInSchema, progressUndoneSchema } from '../schemas/checkins';
import { cancelForGoalSchema, checkInHistoryQuerySchema, clientIdParamSchema } from '../schemas/workspace';
import { deliveryStatusReceivedSchema, resendWebhookReceivedSchema } from '../schemas/webhooks';
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

export const holdCheckIn = endpoint({
  method: 'POST',
  path: '/api/checkins/hold',
  tag: 'Check-ins',
  summary: 'Holds one upcoming check-in of a schedule (the session reminder’s one-click hold): that send only, kept in the history as held; holding it again answers the same',
  auth: 'user',
  body: holdCheckInSchema,
  response: checkInHeldSchema,
  errors: {
    400: 'The key does not name a check-in of a schedule',
    404: 'No such client of yours, or the schedule has no such upcoming check-in',
    409: 'The check-in was already sent, is being sent, or was cancelled otherwise',
  },
});

export const previewCheckIn = endpoint({
  method: 'POST',
  path: '/api/checkins/ai/preview',
  tag: 'Check-ins',
  summary: 'The message an AI check-in about these goals would text now, for the coach to read and edit; nothing is sent. Counts as an AI interaction',
  auth: 'user',
  body: previewCheckInSchema,
  response: checkInPreviewSchema,
  errors: {
    403: SEND_NOW_ERRORS[403],
    404: 'No such client of yours, or a goal that is not this client’s (`details[].field`: `goalIds`)',
    409: 'The client cannot be texted (archived, on hold, opted out, no phone or e-mail), or a chosen goal is completed or archived',
    429: `The coach asked for ${AI_PREVIEWS_PER_HOUR} AI previews (check-in previews and milestone generations together) in the last hour; Retry-After says when one is free`,
    502: 'The AI could not write the message',
  },
});

export const initiateCheckIn = endpoint({
  method: 'POST',
  path: '/api/checkins/ai/initiate',
  tag: 'Check-ins',
  summary: 'Sends a check-in to a client now, about one goal (`goalId`), some (`goalIds`) or every active goal; the AI writes it unless `message` gives the coach’s text',
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

export const twilioStatus = endpoint({
  method: 'POST',
  path: '/api/webhooks/twilio/status',
  tag: 'Webhooks',
  summary:
    "What became of a text or WhatsApp message Cadence sent (its `statusCallback`), as Twilio posts it; signed with `X-Twilio-Signature` when TWILIO_AUTH_TOKEN is set. Out-of-order and repeated callbacks never move a status back; an unknown message id is acknowledged and ignored",
  auth: 'public',
  rawBody: { contentType: 'application/x-www-form-urlencoded', description: "Twilio's status fields; Cadence reads `MessageSid`, `MessageStatus`, `ErrorCode` and `To`" },
  response: deliveryStatusReceivedSchema,
  errors: { 400: 'MessageSid or MessageStatus is missing', 403: 'The Twilio signature is missing or wrong', 413: 'The body is larger than the webhook limit' },
});

export const resendInbound = endpoint({
  method: 'POST',
  path: '/api/webhooks/resend',
  tag: 'Webhooks',
  summary:
    "Resend's events; `email.received` is a client's e-mailed reply to a check-in, matched by its signed reply address; `email.delivered`, `email.bounced`, `email.complained` and `email.delivery_delayed` update the sent e-mail's delivery status (a hard bounce or complaint marks the client's address unreachable). Signed (Svix headers) when RESEND_WEBHOOK_SECRET is set; a repeated message is a no-op, an unknown address or e-mail id is acknowledged and ignored",
  auth: 'public',
  rawBody: { contentType: 'application/json', description: 'The event exactly as Resend sent it, checked against the `svix-id`, `svix-timestamp` and `svix-signature` headers' },
  response: resendWebhookReceivedSchema,
  errors: {
    400: 'The body is not a Resend event',
    401: 'The signature is missing or wrong (RESEND_WEBHOOK_SECRET is set)',
    413: 'The body is larger than the webhook limit',
    502: 'The receiving API did not give the mail; Resend retries the event',
  },
});

const FOLLOW_UP_DECISION_ERRORS = {
  404: 'No such check-in of yours',
  409: 'The follow-up is no longer waiting for review (sent or discarded already)',
} satisfies Endpoint['errors'];

export const followUpsForReview = endpoint({
  method: 'GET',
  path: '/api/checkins/follow-ups',
  tag: 'Check-ins',
  summary: "The AI follow-ups waiting for the coach's review (clients with “review AI follow-ups” on), oldest reply first",
  auth: 'user',
  response: followUpQueueSchema,
});

export const approveFollowUp = endpoint({
  method: 'POST',
  path: '/api/checkins/{id}/follow-up/approve',
  tag: 'Check-ins',
  summary: 'Texts a follow-up waiting for review, as written or as edited in `message`, from the number the check-in went from; exactly once',
  auth: 'user',
  params: idParamSchema,
  body: approveFollowUpSchema,
  response: checkInChangedSchema,
  errors: {
    ...FOLLOW_UP_DECISION_ERRORS,
    409: `${FOLLOW_UP_DECISION_ERRORS[409]}, or the client cannot be texted (opted out, archived, no phone)`,
    502: 'The text could not be delivered; the follow-up is back in the queue',
  },
});

export const discardFollowUp = endpoint({
  method: 'POST',
  path: '/api/checkins/{id}/follow-up/discard',
  tag: 'Check-ins',
  summary: 'Discards a follow-up waiting for review: the client gets none for this check-in',
  auth: 'user',
  params: idParamSchema,
  response: checkInChangedSchema,
  errors: FOLLOW_UP_DECISION_ERRORS,
});

export const undoProgressUpdate = endpoint({
  method: 'POST',
  path: '/api/checkins/{id}/progress/{goalId}/undo',
  tag: 'Check-ins',
  summary: "Undoes what the AI did to one goal from this check-in's reply: the goal goes back to the change's `from` value and the change is marked undone (`undoneAt`), in one step",
  auth: 'user',
  params: checkInGoalParamSchema,
  response: progressUndoneSchema,
  errors: {
    404: 'No such check-in of yours, or the reply did not change that goal',
    409: "The change was already undone, set no value (a task said done), the goal's value has changed since (a later reply or the coach), or the goal was marked complete since",
  },
});
