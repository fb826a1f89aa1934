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
