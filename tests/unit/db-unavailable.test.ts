import { describe, expect, it } from 'vitest';
import { AppError, isDatabaseUnavailable } from '@/server/http/errors';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });
/** What Drizzle throws: its own error with the driver's in `cause`. */
const drizzleWrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', '57P01', '57P02', '57P03', '08006', '08001'])(
    'is true for %s, bare and wrapped by Drizzle',
    (code) => {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
      expect(isDatabaseUnavailable(drizzleWrapped(withCode(code)))).toBe(true);
    },
  );

  it.each(['23505', '23503', '22P02', '42P01', '40001', '57014'])('is false for the query error %s', (code) => {
    expect(isDatabaseUnavailable(drizzleWrapped(withCode(code)))).toBe(false);
  });

  it('is false for errors without a code and for non-errors', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new AppError(404, 'NOT_FOUND', 'Client not found'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
