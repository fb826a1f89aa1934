import { NextResponse, type NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { hasAdminPermission } from '@/lib/admin-permissions';
import type { okSchema } from '@/lib/contract/common';
import type { Endpoint, HandlerValueOf } from '@/lib/contract/endpoint';
import { pathPattern } from '@/lib/contract/match';
import { assertCsrf, authenticate, isAdmin, readCredentials, type AuthUser } from '../auth/guards';
import { log } from '../log';
import { assertStorableInput, readJsonBody } from './body';
import { AppError, forbidden, isDatabaseUnavailable, serviceUnavailable, type FieldError } from './errors';
import { requestInfo, type RequestInfo } from './request-info';

type Auth = Endpoint['auth'];

const ADMIN_REQUIRED = 'Access denied. Admin privileges required.';

interface BaseContext<B, Q, P> {
  req: NextRequest;
  body: B;
  query: Q;
  params: P;
  info: RequestInfo;
}

type Context<A extends Auth, B, Q, P> = BaseContext<B, Q, P> & (A extends 'public' ? { user: null } : { user: AuthUser });

type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

function zodDetails(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '_', message: issue.message }));
}

function parseWith<T>(schema: ZodType<T> | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error);
    throw new AppError(400, 'VALIDATION_ERROR', details[0]?.message ?? 'Invalid request', { details });
  }
  return result.data;
}

/** Checks the raw input for what Postgres cannot store, then parses it with the endpoint's schema. */
function parseInput<T>(schema: ZodType<T> | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  assertStorableInput(value, '_');
  return parseWith(schema, value);
}

export function errorResponse(error: unknown): NextResponse {
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { ...error.extra.fields, error: error.code, message: error.message };
    if (error.extra.details) body.details = error.extra.details;
    if (error.extra.requiredAction) body.requiredAction = error.extra.requiredAction;
    const headers = error.extra.retryAfterSeconds ? { 'Retry-After': String(error.extra.retryAfterSeconds) } : undefined;
    return NextResponse.json(body, { status: error.status, headers });
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    return errorResponse(serviceUnavailable());
  }
  log.error({ err: error }, 'unhandled error in route');
  return NextResponse.json({ error: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again later.' }, { status: 500 });
}

type Parsed<S> = S extends ZodType<infer T> ? T : undefined;
type EndpointContext<E extends Endpoint> = Context<E['auth'], Parsed<E['body']>, Parsed<E['query']>, Parsed<E['params']>>;

/** A JSON answer with another status than the endpoint's usual one, typed like its body. */
export function respond<E extends Endpoint>(_endpoint: E, status: number, body: HandlerValueOf<E>): NextResponse {
  return NextResponse.json(body, { status });
}

/**
 * The one wrapper every /api handler goes through: authentication, role, CSRF, zod parsing of
 * params, query and body, and error mapping, all as the endpoint's contract (lib/contract) says.
 * The handler is left with the service call and returns the body the contract promises.
 */
export function route<E extends Endpoint>(
  endpoint: E,
  handler: (ctx: EndpointContext<E>) => Promise<HandlerValueOf<E> | Response | (E['response'] extends typeof okSchema ? null : never)>,
): RouteHandler {
  const pattern = pathPattern(endpoint.path);
  const status = endpoint.status ?? 200;
  // The input is parsed with the endpoint's own schemas, so it has the types the handler expects.
  const run = handler as (ctx: Context<Auth, unknown, unknown, unknown>) => Promise<object | Response | null>;
  return async (req, routeCtx) => {
    try {
      // A handler bound to another endpoint's contract would document and check the wrong thing.
      if ((req.method !== endpoint.method && !(req.method === 'HEAD' && endpoint.method === 'GET')) || !pattern.test(req.nextUrl.pathname)) {
        throw new Error(`route contract mismatch: ${req.method} ${req.nextUrl.pathname} is not ${endpoint.method} ${endpoint.path}`);
      }
      let user: AuthUser | null = null;
      if (endpoint.auth !== 'public') {
        const credentials = readCredentials(req.headers, req.cookies);
        user = await authenticate(credentials);
        if (endpoint.auth === 'admin' && !isAdmin(user)) throw forbidden(ADMIN_REQUIRED);
        if (endpoint.permission) {
          if (endpoint.auth !== 'admin') throw new Error('a permission needs auth: admin');
          if (!hasAdminPermission(user, endpoint.permission)) {
            throw forbidden(`You do not have permission to do this (${endpoint.permission} required)`, 'INSUFFICIENT_PERMISSION');
          }
        }
        assertCsrf(req.method, credentials!.source, req.headers, user.sessionId);
      }
      const params = parseInput(endpoint.params, await routeCtx.params);
      const query = parseInput(endpoint.query, Object.fromEntries(req.nextUrl.searchParams));
      const body = endpoint.body ? parseInput(endpoint.body, await readJsonBody(req)) : undefined;
      const result = await run({ req, user, body, query, params, info: requestInfo(req.headers) });
      if (result instanceof Response) return result;
      return NextResponse.json(result ?? { success: true }, { status });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
