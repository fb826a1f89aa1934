import type { z, ZodType } from 'zod';
import type { AdminPermission } from '../admin-permissions';

/**
 * One API endpoint: method, path, who may call it, what it accepts and what it answers. The route
 * handler is built from it (server/http/route.ts takes auth, permission and the request schemas
 * from here), the OpenAPI document is generated from it (lib/contract/openapi.ts), and the API tests
 * check every answer against it (tests/helpers/http.ts). So a handler, its docs and its tests cannot
 * drift apart.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Auth = 'public' | 'user' | 'admin';

/** A success answer that is not JSON: a file, a redirect, TwiML. */
export interface NonJsonResponse {
  contentType: string;
  description: string;
}

export interface Endpoint {
  method: HttpMethod;
  /** The full path, OpenAPI style: `/api/coach/clients/{id}`. */
  path: `/api/${string}`;
  /** One line for the API reference. */
  summary: string;
  /** The API reference groups endpoints by tag (one per area: Auth, Account, Clients, Billing…). */
  tag: string;
  auth: Auth;
  /** With auth 'admin': the admin permission the endpoint needs (docs/product.md §2.6). */
  permission?: AdminPermission;
  params?: ZodType;
  query?: ZodType;
  /** A JSON body, parsed by the route wrapper. */
  body?: ZodType;
  /** A body the handler reads itself (multipart upload, a provider's form post); documentation only. */
  rawBody?: NonJsonResponse;
  /** The success status; 200 when not given. */
  status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** The success answer: a zod schema for JSON, or what a non-JSON answer is. */
  response: ZodType | NonJsonResponse;
  /**
   * The failures particular to this endpoint, status → when it happens. The ones every endpoint of
   * its kind can give (400 for bad input, 401/403 for auth, 500, 503) are added by the generator.
   */
  errors?: Partial<Record<400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 502 | 503, string>>;
}

/** Declares an endpoint, keeping the exact schema types for the handler and the API client. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

export function isJsonResponse(response: Endpoint['response']): response is ZodType {
  return 'safeParse' in response;
}

/**
 * What a handler may return for a response schema: the JSON value itself, where a Date stands for
 * the ISO string it serialises to (Drizzle rows carry Dates). A literal `true` or `false` is taken as
 * any boolean: TypeScript widens `{ success: true }` returned by a generic handler, and the API tests
 * check the literal on every answer.
 */
export type Sendable<T> = T extends boolean
  ? boolean
  : T extends string
    ? T | Date
    : T extends readonly (infer U)[]
      ? readonly Sendable<U>[]
      : T extends object
        ? { [K in keyof T]: Sendable<T[K]> }
        : T;

/** The body a successful call answers with, as the browser receives it. */
export type ResponseOf<E extends Endpoint> = E['response'] extends ZodType ? z.output<E['response']> : never;
/** The JSON body a call sends. */
export type BodyOf<E extends Endpoint> = E['body'] extends ZodType ? z.input<E['body']> : undefined;
/** What a handler returns for the endpoint. */
export type HandlerValueOf<E extends Endpoint> = E['response'] extends ZodType ? Sendable<z.output<E['response']>> : never;

export type ErrorStatus = keyof NonNullable<Endpoint['errors']>;

/** The failures every endpoint of this kind can give, whatever it does; the generator documents them. */
export function impliedErrors(e: Endpoint): Partial<Record<ErrorStatus | 500, string>> {
  const errors: Partial<Record<ErrorStatus | 500, string>> = {};
  if (e.params || e.query || e.body || e.rawBody) errors[400] = 'A field is missing or invalid (`details` names it)';
  if (e.body) {
    errors[413] = 'The body is larger than the limit';
    errors[415] = 'The body is not JSON';
  }
  if (e.auth !== 'public') {
    errors[401] = 'Not signed in, or the session ended';
    errors[403] = e.auth === 'admin' ? 'Not an admin, lacking the permission, or a missing CSRF token' : 'A cookie-authenticated change without its CSRF token';
  }
  errors[500] = 'An unexpected failure';
  errors[503] = 'The database is out of reach; retry after `Retry-After` seconds';
  return errors;
}

/** Every status the endpoint may answer with: its success and all its failures. */
export function documentedStatuses(e: Endpoint): number[] {
  return [e.status ?? 200, ...Object.keys(impliedErrors(e)).map(Number), ...Object.keys(e.errors ?? {}).map(Number)];
}
