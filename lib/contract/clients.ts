import { idParamSchema } from '../schemas/account';
import {
  clientChangedSchema,
  clientListAnswerSchema,
  clientListQuerySchema,
  clientListSchema,
  clientResponseSchema,
  clientStatsSchema,
  dayToggledSchema,
  languageSuggestionAnswerSchema,
  slotAddedSchema,
  slotRemovedSchema,
} from '../schemas/clients';
import { createClientSchema, removeCheckInSchema, scheduleCheckInSchema, toggleCheckInSchema, updateClientSchema } from '../schemas/workspace';
import { coachMessageSchema, coachMessageSentSchema, threadPageSchema, threadQuerySchema } from '../schemas/thread';
import { endpoint } from './endpoint';

const NO_CLIENT = 'No such client of yours';

export const listClients = endpoint({
  method: 'GET',
  path: '/api/coach/clients',
  tag: 'Clients',
  summary:
    "The coach's active clients, each with active goals, latest check-in and this week's check-ins: all of them without parameters, else one page (`limit`, `cursor`) searched, sorted and filtered",
  auth: 'user',
  query: clientListQuerySchema,
  response: clientListAnswerSchema,
  errors: {
    400: 'A parameter is invalid (`details` names it): limit outside 1-100, an unknown sort, dir or filter, or a cursor not from a page of the same sort',
  },
});

export const clientStats = endpoint({
  method: 'GET',
  path: '/api/coach/client-stats',
  tag: 'Clients',
  summary: "The Client Dashboard's stat cards over all active clients: weekly slots, the next check-ins, this week's replies and the latest check-ins",
  auth: 'user',
  response: clientStatsSchema,
});

export const createClient = endpoint({
  method: 'POST',
  path: '/api/coach/clients',
  tag: 'Clients',
  summary: 'Adds a client, optionally with a first goal and a weekly check-in schedule',
  auth: 'user',
  body: createClientSchema,
  status: 201,
  response: clientChangedSchema,
  errors: {
    403: 'The plan allows no more clients (`requiredAction: upgrade_plan`), or a missing CSRF token',
    409: 'The coach already has a client with this e-mail or this phone number (details name the field)',
  },
});

export const listArchivedClients = endpoint({
  method: 'GET',
  path: '/api/coach/archived-clients',
  tag: 'Clients',
  summary: "The coach's archived clients",
  auth: 'user',
  response: clientListSchema,
});

export const archiveClient = endpoint({
  method: 'POST',
  path: '/api/coach/clients/{id}/archive',
  tag: 'Clients',
  summary: 'Archives a client: no more check-ins, and off the client list',
  auth: 'user',
  params: idParamSchema,
  response: clientChangedSchema,
  errors: { 404: NO_CLIENT },
});

export const unarchiveClient = endpoint({
  method: 'POST',
  path: '/api/coach/clients/{id}/unarchive',
  tag: 'Clients',
  summary: 'Brings an archived client back to the client list',
  auth: 'user',
  params: idParamSchema,
  response: clientChangedSchema,
  errors: { 404: NO_CLIENT },
});

export const holdCheckIns = endpoint({
  method: 'POST',
  path: '/api/coach/clients/{id}/hold-checkins',
  tag: 'Clients',
  summary: "Pauses a client's check-ins, keeping the schedule",
  auth: 'user',
  params: idParamSchema,
  response: clientChangedSchema,
  errors: { 404: NO_CLIENT },
});

export const resumeCheckIns = endpoint({
  method: 'POST',
  path: '/api/coach/clients/{id}/resume-checkins',
  tag: 'Clients',
  summary: "Resumes a client's paused check-ins",
  auth: 'user',
  params: idParamSchema,
  response: clientChangedSchema,
  errors: { 404: NO_CLIENT },
});

export const answerLanguageSuggestion = endpoint({
  method: 'POST',
  path: '/api/coach/clients/{id}/language-suggestion',
  tag: 'Clients',
  summary: "Answers the language proposed from the client's replies: switch the check-ins to it, or keep the current language",
  auth: 'user',
  params: idParamSchema,
  body: languageSuggestionAnswerSchema,
  response: clientChangedSchema,
  errors: { 404: NO_CLIENT, 409: 'No language is proposed for this client (already answered, or the language was changed in the edit form)' },
});

export const getClient = endpoint({
  method: 'GET',
  path: '/api/clients/{id}',
  tag: 'Clients',
  summary: 'One client, as the client list shows it',
  auth: 'user',
  params: idParamSchema,
  response: clientResponseSchema,
  errors: { 404: NO_CLIENT },
});

export const updateClient = endpoint({
  method: 'PUT',
  path: '/api/clients/{id}',
  tag: 'Clients',
  summary: "Changes a client's name, e-mail, phone number, time zone or language of check-ins",
  auth: 'user',
  params: idParamSchema,
  body: updateClientSchema,
  response: clientChangedSchema,
  errors: { 404: NO_CLIENT, 409: 'Another client of the coach has this e-mail, or this new phone number (details name the field)' },
});

export const uploadProfilePicture = endpoint({
  method: 'POST',
  path: '/api/clients/{id}/profile-pic',
  tag: 'Clients',
  summary: "Sets a client's picture (PNG, JPEG, GIF or WebP, as its bytes show)",
  auth: 'user',
  params: idParamSchema,
  rawBody: { contentType: 'multipart/form-data', description: 'The image in the field `profilePic`; a body that is not an image, or is too large, is refused with 400' },
  response: clientChangedSchema,
  errors: { 404: NO_CLIENT },
});

export const readProfilePicture = endpoint({
  method: 'GET',
  path: '/api/clients/{id}/profile-pic',
  tag: 'Clients',
  summary: "A client's picture",
  auth: 'user',
  params: idParamSchema,
  response: { contentType: 'image/png, image/jpeg, image/gif or image/webp', description: 'The picture, privately cacheable for 5 minutes' },
  errors: { 404: 'No such client of yours, or the client has no picture' },
});

export const scheduleCheckIn = endpoint({
  method: 'POST',
  path: '/api/clients/{id}/schedule-checkin',
  tag: 'Clients',
  summary: "Adds a time to one day of the client's weekly schedule, or of one of its goals' (`goalId`)",
  auth: 'user',
  params: idParamSchema,
  body: scheduleCheckInSchema,
  response: slotAddedSchema,
  errors: { 404: 'No such client of yours, or no such goal of that client', 409: 'That day already has a check-in at that time' },
});

export const removeScheduledCheckIn = endpoint({
  method: 'POST',
  path: '/api/clients/{id}/remove-checkin',
  tag: 'Clients',
  summary: 'Removes one time of a weekly schedule, named by its id (or by its time)',
  auth: 'user',
  params: idParamSchema,
  body: removeCheckInSchema,
  response: slotRemovedSchema,
  errors: { 404: 'No such client of yours, no such goal of that client, or no such time that day' },
});

export const toggleScheduleDay = endpoint({
  method: 'POST',
  path: '/api/clients/{id}/toggle-checkin',
  tag: 'Clients',
  summary: 'Switches one time (`checkInId`) or a whole day of a weekly schedule off (when any of its times is on) or on',
  auth: 'user',
  params: idParamSchema,
  body: toggleCheckInSchema,
  response: dayToggledSchema,
  errors: { 404: 'No such client of yours, no such goal of that client, or no time on that day (or no such time)' },
});

export const clientThread = endpoint({
  method: 'GET',
  path: '/api/clients/{id}/thread',
  tag: 'Clients',
  summary: 'The conversation with a client: check-ins, replies, AI follow-ups and texts outside a check-in, a page at a time (newest page first)',
  auth: 'user',
  params: idParamSchema,
  query: threadQuerySchema,
  response: threadPageSchema,
  errors: { 404: NO_CLIENT },
});

export const sendClientMessage = endpoint({
  method: 'POST',
  path: '/api/clients/{id}/messages',
  tag: 'Clients',
  summary: 'The coach texts the client from the conversation (counts toward the hourly limit of texts sent now to a client)',
  auth: 'user',
  params: idParamSchema,
  body: coachMessageSchema,
  status: 201,
  response: coachMessageSentSchema,
  errors: {
    404: NO_CLIENT,
    409: 'The client is archived, has no phone number, replied STOP, or has not had the first text with the consent notice yet',
    429: 'Six texts (check-ins and messages) went to this client in the last hour',
    502: 'The SMS provider refused the text (`SEND_FAILED`); it is recorded as failed in the conversation',
  },
});
