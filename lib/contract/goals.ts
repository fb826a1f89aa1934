import { AI_PREVIEWS_PER_HOUR } from '../constants';
import { okWithMessageSchema } from './common';
import { idParamSchema } from '../schemas/account';
import { generateMilestonesQuerySchema } from '../schemas/ai-schedule';
import {
  clientGoalsResponseSchema,
  generatedMilestonesSchema,
  goalCreatedSchema,
  goalUpdatedSchema,
  versionHistoryResponseSchema,
} from '../schemas/goals';
import { clientIdParamSchema, createGoalSchema, goalProgressSchema, updateGoalSchema } from '../schemas/workspace';
import { endpoint } from './endpoint';

const NO_GOAL = 'No such goal of yours';
const NO_CLIENT = 'No such client of yours';

export const createGoal = endpoint({
  method: 'POST',
  path: '/api/goals/create',
  tag: 'Goals',
  summary: 'Adds a goal to one of your clients (writes its first version-history entry)',
  auth: 'user',
  body: createGoalSchema,
  status: 201,
  response: goalCreatedSchema,
  errors: { 404: NO_CLIENT },
});

export const updateGoal = endpoint({
  method: 'PATCH',
  path: '/api/goals/{id}',
  tag: 'Goals',
  summary: 'Edits a goal and its milestones; a new title, target or unit is kept in the version history',
  auth: 'user',
  params: idParamSchema,
  body: updateGoalSchema,
  response: goalUpdatedSchema,
  errors: { 404: NO_GOAL },
});

export const deleteGoal = endpoint({
  method: 'DELETE',
  path: '/api/goals/{id}',
  tag: 'Goals',
  summary: 'Deletes a goal with its milestones and history',
  auth: 'user',
  params: idParamSchema,
  response: okWithMessageSchema,
  errors: { 404: NO_GOAL },
});

export const completeGoal = endpoint({
  method: 'PUT',
  path: '/api/goals/{id}/complete',
  tag: 'Goals',
  summary: 'Marks a goal completed, which also archives it',
  auth: 'user',
  params: idParamSchema,
  response: goalUpdatedSchema,
  errors: { 404: NO_GOAL, 409: 'The goal is already completed' },
});

export const unarchiveGoal = endpoint({
  method: 'PUT',
  path: '/api/goals/{id}/unarchive',
  tag: 'Goals',
  summary: 'Brings a goal back from the archive as not completed',
  auth: 'user',
  params: idParamSchema,
  response: goalUpdatedSchema,
  errors: { 404: NO_GOAL },
});

export const updateGoalProgress = endpoint({
  method: 'PATCH',
  path: '/api/goals/{id}/progress',
  tag: 'Goals',
  summary: "Sets a goal's current value (kept in its progress history) and tells your open screens",
  auth: 'user',
  params: idParamSchema,
  body: goalProgressSchema,
  response: goalUpdatedSchema,
  errors: { 404: NO_GOAL },
});

export const goalVersionHistory = endpoint({
  method: 'GET',
  path: '/api/goals/{id}/version-history',
  tag: 'Goals',
  summary: "A goal's versions, newest first",
  auth: 'user',
  params: idParamSchema,
  response: versionHistoryResponseSchema,
  errors: { 404: NO_GOAL },
});

export const generateMilestones = endpoint({
  method: 'POST',
  path: '/api/goals/{id}/generate-milestones',
  tag: 'Goals',
  summary: 'AI-written milestones for a goal: proposed, or with `save` stored (after the others, or instead of them with `replace`)',
  auth: 'user',
  params: idParamSchema,
  query: generateMilestonesQuerySchema,
  response: generatedMilestonesSchema,
  errors: {
    403: "The plan's AI interactions for this month are used up",
    404: NO_GOAL,
    429: `The coach asked for ${AI_PREVIEWS_PER_HOUR} AI previews (milestone generations and check-in previews together) in the last hour; Retry-After says when one is free`,
    502: 'The AI provider failed to answer',
  },
});

export const listClientGoals = endpoint({
  method: 'GET',
  path: '/api/dashboard/client-goals/{clientId}',
  tag: 'Goals',
  summary: "A client's active goals with their milestones and this week's check-ins",
  auth: 'user',
  params: clientIdParamSchema,
  response: clientGoalsResponseSchema,
  errors: { 404: NO_CLIENT },
});

export const listArchivedClientGoals = endpoint({
  method: 'GET',
  path: '/api/dashboard/client-archived-goals/{clientId}',
  tag: 'Goals',
  summary: "A client's archived goals with their milestones and this week's check-ins",
  auth: 'user',
  params: clientIdParamSchema,
  response: clientGoalsResponseSchema,
  errors: { 404: NO_CLIENT },
});
