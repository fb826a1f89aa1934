import { NextResponse, type NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { hasAdminPermission, type AdminPermission } from '@/lib/admin-permissions';
import type { Endpoint, HandlerValueOf } from '@/lib/contract/endpoint';
import { pathPattern } from '@/lib/contract/match';
import { assertCsrf, authenticate, isAdmin, readCredentials, type AuthUser } from '../auth/guards';
import { log } from '../log';
import { assertStorableInput, readJsonBody } from './body';
import { AppError, forbidden, isDatabaseUnavailable, serviceUnavailable, type FieldError } from './errors';
import { requestInfo, type RequestInfo } from './request-info';
import type { okSchema } from '@/lib/contract/common';

type Auth = Endpoint['auth'];

const ADMIN_REQUIRED = 'Access denied. Admin privileges required.';

interface RouteOptions<B, Q, P> {
  auth: Auth;
  /** With auth 'admin': the admin permission the endpoint needs (spec 02 §6, lib/admin-permissions). */
  permission?: AdminPermission;
  body?: ZodType<B>;
  query?: ZodType<Q>;
  params?: ZodType<P>;
}

interface BaseContext<B, Q, P> {
  req: NextRequest;
  body: B;
  query: Q;
  params: P;
  info: RequestInfo;
}

type Context<A extends Auth, B, Q, P> = BaseContext<B, Q, P> & (A extends 'public' ? { user: null } : { user: AuthUser });

type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Answers JSON, or lets a handler answer with its own NextResponse (cookies, headers, files). */
export type HandlerResult = NextResponse | Response | object | null;

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
): RouteHandler;
/** @deprecated while endpoints move to lib/contract: the same without a contract. */
export function route<A extends Auth, B = undefined, Q = undefined, P = undefined>(
  options: RouteOptions<B, Q, P> & { auth: A; path?: never },
  handler: (ctx: Context<A, B, Q, P>) => Promise<HandlerResult>,
): RouteHandler;
export function route(
  options: RouteOptions<unknown, unknown, unknown> | Endpoint,
  handler: (ctx: Context<Auth, unknown, unknown, unknown>) => Promise<HandlerResult>,
): RouteHandler {
  const contract = 'path' in options ? { pattern: pathPattern(options.path), method: options.method, status: options.status ?? 200 } : null;
  return async (req, routeCtx) => {
    try {
      // A handler bound to another endpoint's contract would document and check the wrong thing.
      if (contract && ((req.method !== contract.method && !(req.method === 'HEAD' && contract.method === 'GET')) || !contract.pattern.test(req.nextUrl.pathname))) {
        throw new Error(`route contract mismatch: ${req.method} ${req.nextUrl.pathname} is not ${contract.method} ${contract.pattern}`);
      }
      let user: AuthUser | null = null;
      if (options.auth !== 'public') {
        const credentials = readCredentials(req.headers, req.cookies);
        user = await authenticate(credentials);
        if (options.auth === 'admin' && !isAdmin(user)) throw forbidden(ADMIN_REQUIRED);
        if (options.permission) {
          if (options.auth !== 'admin') throw new Error('a permission needs auth: admin');
          if (!hasAdminPermission(user, options.permission)) {
            throw forbidden(`You do not have permission to do this (${options.permission} required)`, 'INSUFFICIENT_PERMISSION');
          }
        }
        assertCsrf(req.method, credentials!.source, req.headers, user.sessionId);
      }
      const params = parseInput(options.params, await routeCtx.params);
      const query = parseInput(options.query, Object.fromEntries(req.nextUrl.searchParams));
      const body = options.body ? parseInput(options.body, await readJsonBody(req)) : undefined;
      const result = await handler({ req, user, body, query, params, info: requestInfo(req.headers) });
      if (result instanceof Response) return result;
      return NextResponse.json(result ?? { success: true }, { status: contract?.status ?? 200 });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
