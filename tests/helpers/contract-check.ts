import { errorBodySchema } from '@/lib/contract/common';
import { documentedStatuses, isJsonResponse } from '@/lib/contract/endpoint';
import { ENDPOINTS } from '@/lib/contract';
import { findEndpoint } from '@/lib/contract/match';

/**
 * Every answer an API test receives is held against the endpoint's contract (lib/contract): the
 * status must be one the contract documents, a success body must parse with its response schema and
 * a failure body with the error schema. A test then fails on a drifted answer even when it only
 * looked at the status.
 */
export function assertMatchesContract(method: string, url: string, status: number, contentType: string | null, body: unknown): void {
  const pathname = new URL(url, 'http://x').pathname;
  const endpoint = findEndpoint(ENDPOINTS, method, pathname);
  if (!endpoint) return;
  const where = `${method} ${pathname} (${endpoint.method} ${endpoint.path}) answered ${status}`;
  if (!documentedStatuses(endpoint).includes(status)) throw new Error(`${where}, a status its contract does not document`);
  const isJson = contentType?.includes('application/json') ?? false;
  const success = status === (endpoint.status ?? 200);
  if (success && isJsonResponse(endpoint.response)) {
    if (!isJson) throw new Error(`${where} with ${contentType}, not the JSON its contract promises`);
    const parsed = endpoint.response.safeParse(body);
    if (!parsed.success) throw new Error(`${where} with a body that breaks its response schema: ${formatIssues(parsed.error.issues)}`);
  } else if (!success && status >= 400 && isJson) {
    const parsed = errorBodySchema.safeParse(body);
    if (!parsed.success) throw new Error(`${where} with an error body that breaks the error schema: ${formatIssues(parsed.error.issues)}`);
  }
}

function formatIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
