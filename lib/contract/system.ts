import { healthResponseSchema, realtimeConfigResponseSchema } from '../schemas/system';
import { endpoint } from './endpoint';

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  tag: 'System',
  summary: 'Whether this instance reaches its database (for load balancers)',
  auth: 'public',
  response: healthResponseSchema,
  errors: { 503: 'The database is out of reach' },
});

export const realtimeConfig = endpoint({
  method: 'GET',
  path: '/api/realtime/config',
  tag: 'System',
  summary: 'Where the browser finds the Socket.IO server',
  auth: 'user',
  response: realtimeConfigResponseSchema,
});
