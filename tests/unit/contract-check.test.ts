import { describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../helpers/contract-check';

const JSON_TYPE = 'application/json';

describe('every API answer is held against its contract', () => {
  it('accepts an answer its endpoint documents', () => {
    expect(() => assertMatchesContract('GET', '/api/health', 200, JSON_TYPE, { status: 'ok', database: 'ok' })).not.toThrow();
    expect(() => assertMatchesContract('GET', '/api/health', 503, JSON_TYPE, { error: 'SERVICE_UNAVAILABLE', message: 'Down' })).not.toThrow();
  });

  it('refuses a success body that breaks the response schema', () => {
    expect(() => assertMatchesContract('GET', '/api/health', 200, JSON_TYPE, { status: 'ok' })).toThrow(/breaks its response schema: database/);
  });

  it('refuses a status the contract does not document', () => {
    expect(() => assertMatchesContract('GET', '/api/health', 404, JSON_TYPE, { error: 'NOT_FOUND', message: 'x' })).toThrow(/does not document/);
  });

  it('refuses a failure body without the error shape', () => {
    expect(() => assertMatchesContract('GET', '/api/health', 503, JSON_TYPE, { message: 'Down' })).toThrow(/error schema/);
  });

  it('refuses a JSON endpoint answering something else', () => {
    expect(() => assertMatchesContract('GET', '/api/health', 200, 'text/html', {})).toThrow(/not the JSON/);
  });

  it('matches a literal segment before a parameter, and leaves unknown paths alone', () => {
    expect(() => assertMatchesContract('POST', '/api/goals/create', 418, JSON_TYPE, {})).toThrow(/POST \/api\/goals\/create\)/);
    expect(() => assertMatchesContract('GET', '/api/no-such-thing', 404, JSON_TYPE, {})).not.toThrow();
  });
});
