/** Network failures that say nothing about the request's fate: the call may be tried again. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Whether an outside call failed for a passing reason (timeout, connection lost, 408, 409, 429,
 * 5xx), so trying again later may succeed; a refusal (other 4xx, a malformed answer) is final.
 * Read from the error's shape, since each SDK has its own classes: the openai SDK's APIError
 * (`status`, APIConnectionError without one), Twilio's RestException (`status`) and axios errors
 * (`code`).
 */
export function isTransientProviderError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status === 'number') return status === 408 || status === 409 || status === 429 || status >= 500;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return /Connection|Timeout/.test(error.name) || /timed? ?out|socket hang up/i.test(error.message);
}
