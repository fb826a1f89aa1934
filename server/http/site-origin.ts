import { config } from '../config';
import { isHttps } from './security-headers';

/**
 * The addresses this site is reached at. APP_URL is the canonical one (e-mailed links use it), but
 * a browser may open the product at another name of the same server: 127.0.0.1 instead of
 * localhost, the machine's LAN address, a second DNS name. Storage and the session live per
 * origin, so answers that send the browser somewhere (a portal's return address) keep the origin
 * the request came to, and the realtime socket accepts pages of it (decision 0062).
 */

/** A Host header's value: a name or bracketed IPv6 address, optionally a port; anything else is forged. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export const isLoopbackHostname = (hostname: string) => LOOPBACK_NAMES.has(hostname.toLowerCase());

/** The origin the browser used for this request (scheme from APP_URL or a trusted proxy, host from Host), or null for a malformed Host. */
export function requestOrigin(headers: Headers): string | null {
  const host = headers.get('host');
  if (!host || !HOST.test(host)) return null;
  try {
    return new URL(`${isHttps(headers.get('x-forwarded-proto')) ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return null;
  }
}

/** APP_URL's origin and the one this request came to: the origins a return address may name. */
export function siteOrigins(headers: Headers): string[] {
  const app = new URL(config().appUrl).origin;
  const here = requestOrigin(headers);
  return here && here !== app ? [app, here] : [app];
}

export interface Site {
  /** Where this request came to: answers that send the browser back use it. */
  origin: string;
  /** Every origin a return address may name. */
  origins: string[];
}

/** The site as this request sees it: the origin it came to (APP_URL's when the Host is malformed), and the allowed origins. */
export function currentSite(headers: Headers): Site {
  const origins = siteOrigins(headers);
  return { origin: requestOrigin(headers) ?? origins[0]!, origins };
}

const effectivePort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * Whether a page of `origin` may open the realtime socket, which listens on its own port. Allowed:
 * APP_URL's origin; a page served on the app's port (APP_URL's or PORT) from the host name the
 * socket request itself came to (the client connects to the page's own host name); and, when
 * APP_URL is a loopback address, a page on any loopback name. A page of another site, or of
 * another port of this host (another program), is refused. The socket is authenticated by the
 * access token in its handshake, not by cookies, so this guards against a foreign page using a
 * token it somehow holds, and keeps the browser's CORS check meaningful.
 */
export function isSocketOriginAllowed(origin: string | undefined, socketHost: string | undefined): boolean {
  if (!origin) return false;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
  const cfg = config();
  const app = new URL(cfg.appUrl);
  if (page.origin === app.origin) return true;
  const appPorts = new Set([effectivePort(app), String(cfg.PORT)]);
  if (!appPorts.has(effectivePort(page))) return false;
  const hostname = page.hostname.toLowerCase();
  if (socketHost && HOST.test(socketHost) && new URL(`http://${socketHost}`).hostname.toLowerCase() === hostname) return true;
  return isLoopbackHostname(app.hostname) && isLoopbackHostname(hostname);
}
