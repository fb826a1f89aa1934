/**
 * Return and "next" addresses (`?return=`, a portal's `returnUrl`, …) come from the address bar or
 * a request body, so they are attacker-chosen. Only a path of this site is ever followed: a
 * browser reads `//host/x` and `/\host/x` as another site, and a path that normalises to one
 * (`/x/..//host`) or hides one behind percent-encoding (`/%2F%2Fhost`, `/%5Chost`) is refused too,
 * since some hop (a proxy, a framework's redirect) may decode or normalise it on the way.
 */

/** Where a bad or missing return address sends the user instead. */
export const DEFAULT_RETURN_PATH = '/settings?tab=billing';

/** A base that no real address shares, to resolve relative input against. */
const PROBE_ORIGIN = 'http://return.invalid';

/** Control characters (the URL parser silently drops tabs and newlines) and backslashes. */
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/** Decodes percent-encoding until it no longer changes (double-encoded input), or null when malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

const leavesSite = (path: string) => path.startsWith('//') || FORBIDDEN.test(path);

/**
 * The same-site path (`/path?query#hash`) `value` names, or null when it names anything else.
 * An absolute address is accepted only when its origin is one of `allowedOrigins` (this site's
 * addresses, e.g. APP_URL's and the one the request came to); it is returned as a path.
 */
export function safeReturnPath(value: string | null | undefined, allowedOrigins: readonly string[] = []): string | null {
  if (!value) return null;
  const decoded = fullyDecoded(value);
  if (decoded === null || FORBIDDEN.test(value) || FORBIDDEN.test(decoded)) return null;
  const relative = value.startsWith('/');
  if (relative && (leavesSite(value) || leavesSite(decoded))) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (relative ? url.origin !== PROBE_ORIGIN : !allowedOrigins.includes(url.origin)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments are resolved by the parser: `/x/..//host` became `//host` here.
  const decodedPath = fullyDecoded(path);
  if (decodedPath === null || leavesSite(path) || leavesSite(decodedPath)) return null;
  return path;
}
