import { healthResponseSchema, openApiDocumentSchema, realtimeConfigResponseSchema } from '../schemas/system';
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

export const openApi = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  tag: 'System',
  summary: 'This document: every endpoint, its input, answers and failures (OpenAPI 3.1)',
  auth: 'public',
  response: openApiDocumentSchema,
});

export const apiReferenceScript = endpoint({
  method: 'GET',
  path: '/api/reference/script.js',
  tag: 'System',
  summary: 'The script of the API reference page (Scalar, served from this server, never a CDN)',
  auth: 'public',
  response: { contentType: 'text/javascript', description: 'The Scalar API reference bundle' },
});
