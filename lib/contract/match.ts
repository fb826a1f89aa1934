import type { Endpoint } from './endpoint';

const patterns = new WeakMap<Endpoint, RegExp>();

/** `/api/clients/{id}` → a pattern a request path must match. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

/** The endpoint a request is for; literal segments win over parameters (`/goals/create` before `/goals/{id}`). */
export function findEndpoint(endpoints: readonly Endpoint[], method: string, pathname: string): Endpoint | undefined {
  const candidates = endpoints.filter((e) => e.method === method && pathPatternOf(e).test(pathname));
  return candidates.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
}

function pathPatternOf(e: Endpoint): RegExp {
  let pattern = patterns.get(e);
  if (!pattern) {
    pattern = pathPattern(e.path);
    patterns.set(e, pattern);
  }
  return pattern;
}

const paramCount = (path: string) => (path.match(/\{/g) ?? []).length;
