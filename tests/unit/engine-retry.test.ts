import { APIConnectionTimeoutError, InternalServerError, BadRequestError, RateLimitError } from 'openai';
import { describe, expect, it } from 'vitest';
import { checkInNote } from '@/components/workspace/status';
import { isTransientProviderError } from '@/server/providers/errors';
import { AiAnswerError } from '@/server/providers/ai/types';

/** Which provider failures the send step tries again, and how the history shows a check-in that did not go out. */

const status = (code: number) => Object.assign(new Error(`status ${code}`), { status: code });

describe('isTransientProviderError', () => {
  it('retries timeouts, lost connections, 408, 409, 429 and 5xx', () => {
    expect(isTransientProviderError(new APIConnectionTimeoutError())).toBe(true);
    expect(isTransientProviderError(new InternalServerError(500, undefined, 'boom', new Headers()))).toBe(true);
    expect(isTransientProviderError(new RateLimitError(429, undefined, 'slow down', new Headers()))).toBe(true);
    expect(isTransientProviderError(Object.assign(new Error('timeout of 1000ms exceeded'), { code: 'ECONNABORTED' }))).toBe(true);
    expect(isTransientProviderError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    for (const code of [408, 409, 429, 500, 502, 503]) expect(isTransientProviderError(status(code))).toBe(true);
  });

  it('does not retry refusals or malformed answers', () => {
    expect(isTransientProviderError(new BadRequestError(400, undefined, 'bad', new Headers()))).toBe(false);
    expect(isTransientProviderError(status(400))).toBe(false);
    // Twilio's "not a valid phone number".
    expect(isTransientProviderError(Object.assign(new Error("The 'To' number is not a valid phone number."), { status: 400, code: 21211 }))).toBe(false);
    expect(isTransientProviderError(new AiAnswerError('composeCheckIn', 'not JSON'))).toBe(false);
    expect(isTransientProviderError('boom')).toBe(false);
  });
});

describe('checkInNote', () => {
  it('names why a check-in was not sent, and a retry in progress', () => {
    expect(checkInNote({ status: 'failed', failureReason: 'The text message could not be delivered: 503' })).toEqual({ text: 'Not sent: The text message could not be delivered: 503', tone: 'red' });
    expect(checkInNote({ status: 'upcoming', failureReason: 'Retrying (attempt 2 of 4): The AI could not write the message' })).toEqual({
      text: 'Retrying (attempt 2 of 4): The AI could not write the message',
      tone: 'amber',
    });
    expect(checkInNote({ status: 'sent', failureReason: null })).toBeNull();
  });
});
