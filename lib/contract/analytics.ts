import { analyticsQuerySchema, clientAnalyticsSchema, communicationAnalyticsSchema, goalAnalyticsSchema, overviewAnalyticsSchema } from '../schemas/analytics';
import { endpoint } from './endpoint';

/** The coach's analytics (product §2.7), each over `?timeRange` (7d, 30d, 90d or 1y) ending now, in the coach's time zone. */

export const analyticsOverview = endpoint({
  method: 'GET',
  path: '/api/dashboard/analytics/overview',
  tag: 'Analytics',
  summary: 'Headline figures of the coach’s clients, check-ins and goals, with the check-in trend',
  auth: 'user',
  query: analyticsQuerySchema,
  response: overviewAnalyticsSchema,
});

export const clientAnalytics = endpoint({
  method: 'GET',
  path: '/api/dashboard/analytics/clients',
  tag: 'Analytics',
  summary: 'Engagement of each active client and the check-in tally of the range',
  auth: 'user',
  query: analyticsQuerySchema,
  response: clientAnalyticsSchema,
});

export const communicationAnalytics = endpoint({
  method: 'GET',
  path: '/api/dashboard/analytics/communication',
  tag: 'Analytics',
  summary: 'Check-in messaging: replies, response times, delivery, and their effect on goals and retention',
  auth: 'user',
  query: analyticsQuerySchema,
  response: communicationAnalyticsSchema,
});

export const goalAnalytics = endpoint({
  method: 'GET',
  path: '/api/dashboard/analytics/goals',
  tag: 'Analytics',
  summary: 'Goals tracked, completed and abandoned in the range, per type, with the latest completions',
  auth: 'user',
  query: analyticsQuerySchema,
  response: goalAnalyticsSchema,
});
