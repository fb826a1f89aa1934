import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ZodObject, ZodPipe, type ZodType } from 'zod';
import { errorBodySchema } from './common';
import { impliedErrors, isJsonResponse, type Endpoint } from './endpoint';
import { ENDPOINTS } from './index';

/** The areas of the API in the order the reference shows them; every endpoint's tag is one of these. */
export const API_TAGS = [
  { name: 'Auth', description: 'Registering, signing in (with the second factor), tokens, password reset and e-mail verification.' },
  { name: 'Account', description: "The signed-in user's profile, preferences, phone, data export and account deletion." },
  { name: 'Security', description: 'Password, two-factor authentication and the security log.' },
  { name: 'Sessions', description: 'The devices signed in to the account.' },
  { name: 'Clients', description: "A coach's clients and their weekly check-in schedules." },
  { name: 'Check-ins', description: 'Check-ins sent by the AI assistant, their replies and analysis.' },
  { name: 'Goals', description: "Clients' goals, milestones, progress and version history." },
  { name: 'AI schedules', description: 'Recurring AI check-ins for a client or a goal.' },
  { name: 'Analytics', description: "The coach's analytics: overview, clients, communication and goals." },
  { name: 'Billing', description: 'Plans, payment methods, subscription, invoices and discount codes.' },
  { name: 'Admin: usage', description: 'Platform usage, cost and errors (admins).' },
  { name: 'Admin: revenue', description: 'Revenue, transactions, refunds and plan changes (admins).' },
  { name: 'Admin: accounts', description: 'Admin sign-in, profile and admin accounts (admins).' },
  { name: 'Admin: announcements', description: 'Marketing e-mails and breaking news to the coaches who opted in (admins).' },
  { name: 'Unsubscribe', description: 'One-click unsubscribe from optional e-mails (RFC 8058), without signing in.' },
  { name: 'Webhooks', description: 'Calls from the SMS and payment providers.' },
  { name: 'System', description: 'Health, realtime and this reference.' },
] as const;

const BEARER = 'bearer';
const COOKIE = 'cookie';

/** Every status the endpoint fails with, with when: its own and those of its kind. */
function errorResponses(e: Endpoint): Record<string, ResponseConfig> {
  const all: Record<string, string> = { ...impliedErrors(e), ...e.errors };
  return Object.fromEntries(
    Object.entries(all).map(([status, description]) => [status, { description, content: { 'application/json': { schema: errorBodySchema } } }]),
  );
}

function successResponse(e: Endpoint): ResponseConfig {
  if (isJsonResponse(e.response)) return { description: e.summary, content: { 'application/json': { schema: e.response } } };
  return { description: e.response.description, content: { [e.response.contentType]: { schema: { type: 'string', format: 'binary' } } } };
}

/** Path and query parameters are described by an object schema (or one piped into a transform). */
function parameters(e: Endpoint, schema: ZodType | undefined): ZodObject | ZodPipe | undefined {
  if (!schema) return undefined;
  if (schema instanceof ZodObject || schema instanceof ZodPipe) return schema;
  throw new Error(`${e.method} ${e.path}: params and query must be object schemas`);
}

function request(e: Endpoint): RouteConfig['request'] {
  const request: NonNullable<RouteConfig['request']> = { params: parameters(e, e.params), query: parameters(e, e.query) };
  if (e.body) request.body = { required: true, content: { 'application/json': { schema: e.body } } };
  else if (e.rawBody) request.body = { required: true, description: e.rawBody.description, content: { [e.rawBody.contentType]: { schema: { type: 'string' } } } };
  return request;
}

function describe(e: Endpoint): string | undefined {
  const who =
    e.auth === 'public' ? 'No sign-in needed.' : e.auth === 'admin' ? `Admins only${e.permission ? `, with the \`${e.permission}\` permission` : ''}.` : 'Signed-in users.';
  const csrf = e.auth !== 'public' && e.method !== 'GET' ? ' A browser session (cookie) must send the `x-csrf-token` header from `GET /api/auth/csrf-token`.' : '';
  return who + csrf;
}

/** The OpenAPI 3.1 document of the whole API, built from lib/contract (served at /api/openapi.json). */
export function openApiDocument(endpoints: readonly Endpoint[] = ENDPOINTS) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER, { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from sign-in.' });
  registry.registerComponent('securitySchemes', COOKIE, { type: 'apiKey', in: 'cookie', name: 'cadence_at', description: 'The browser session cookie.' });
  for (const e of endpoints) {
    registry.registerPath({
      method: e.method.toLowerCase() as RouteConfig['method'],
      path: e.path,
      summary: e.summary,
      description: describe(e),
      tags: [e.tag],
      security: e.auth === 'public' ? [] : [{ [BEARER]: [] }, { [COOKIE]: [] }],
      request: request(e),
      responses: { [String(e.status ?? 200)]: successResponse(e), ...errorResponses(e) },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Cadence API',
      version: '1.0.0',
      description: 'The API of the Cadence coaching platform. Every answer of a failure has the `Error` shape. The product rules behind each endpoint are in docs/product.md.',
    },
    servers: [{ url: '/' }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
  });
}
