export interface FieldError {
  field: string;
  message: string;
}

/** The one error services throw; the route wrapper turns it into `{ error, message, details?, requiredAction? }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { details?: FieldError[]; requiredAction?: string; retryAfterSeconds?: number; fields?: Record<string, unknown> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: FieldError[]) => new AppError(400, 'VALIDATION_ERROR', message, { details });
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string, field?: string) =>
  new AppError(409, 'CONFLICT', message, field ? { details: [{ field, message }] } : {});

/** What the driver reports when it cannot reach the database: postgres.js's own codes and the socket's. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
/** SQLSTATE: class 08 (connection exception) and 57P01-57P03 (the server shutting down, crashed, or still starting). */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123])/;

/**
 * Whether the error (or one it wraps: Drizzle puts the driver's error in `cause`) means the
 * database is out of reach rather than that the query was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  }
  return false;
}

/** Seconds a client is asked to wait after a 503 while the database comes back. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again shortly.', { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
