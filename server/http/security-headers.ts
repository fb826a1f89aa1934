import { config, socketPort as boundSocketPort } from '../config';

/** The request header a page's server components read the per-request CSP nonce from. */
export const NONCE_HEADER = 'x-nonce';

/** Stripe.js and the frames of Stripe Elements (docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Headers every answer carries, pages and API alike (set by the HTTP server, server/index.ts). */
export const STATIC_SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Reset and verification links carry their token in the path: never hand it to another site.
  { key: 'Referrer-Policy', value: 'no-referrer' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")' },
];

/** API answers are JSON or files: nothing in them may run, load or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Sets the headers of every answer before Next handles the request; pages get their CSP (with a
 * per-request nonce) from proxy.ts. Here rather than in next.config's `headers()`: a TypeScript
 * config made Next load its 97 MB SWC compiler into every server process just to read it
 * (about 26 MB of resident memory, docs/performance.md).
 */
export function setStaticSecurityHeaders(res: { setHeader(name: string, value: string): unknown }, path: string): void {
  for (const { key, value } of STATIC_SECURITY_HEADERS) res.setHeader(key, value);
  if (path === '/api' || path.startsWith('/api/')) res.setHeader('Content-Security-Policy', API_CSP);
}

export interface PageCspInput {
  nonce: string;
  /** The host name the browser used (the Socket.IO server listens on the same host, another port). */
  hostname: string;
  secure: boolean;
  socketPort: number | null;
  stripe: boolean;
  dev: boolean;
}

/**
 * The policy of an HTML page. Scripts run only from this origin or with the request's nonce (Next
 * puts it on its own inline scripts when it finds it in the request's CSP header); inline style
 * attributes stay allowed because charts and toasts position themselves with them.
 */
export function pageCsp(input: PageCspInput): string {
  const socket =
    input.socketPort === null ? [] : [`${input.secure ? 'https' : 'http'}://${input.hostname}:${input.socketPort}`, `${input.secure ? 'wss' : 'ws'}://${input.hostname}:${input.socketPort}`];
  const stripe = input.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // React's development build evaluates strings for its stack traces; production never does.
    'script-src': ["'self'", `'nonce-${input.nonce}'`, ...stripe.script, ...(input.dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'"],
    'connect-src': ["'self'", ...socket, ...stripe.connect],
    'frame-src': stripe.frame.length ? stripe.frame : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/**
 * Whether the browser reached us over https: the configured URL says so, or a trusted proxy does
 * (its X-Forwarded-Proto, given as the header's value).
 */
export function isHttps(forwardedProto: string | null | undefined): boolean {
  const cfg = config();
  if (cfg.appUrl.startsWith('https://')) return true;
  return cfg.TRUST_PROXY && forwardedProto?.split(',')[0]?.trim() === 'https';
}

/** Set on every answer (pages, API, files) by the HTTP server, server/index.ts. */
export const HSTS = 'max-age=63072000; includeSubDomains';

const HOSTNAME = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/i;

/** The host name of the Host header, when it is one; anything else (a forged header) gets the configured one. */
function requestHostname(headers: Headers, appUrl: string): string {
  const name = headers.get('host')?.replace(/:\d+$/, '') ?? '';
  return HOSTNAME.test(name) ? name : new URL(appUrl).hostname;
}

/** The CSP input of one page request, from its headers and the running configuration. */
export function pageCspInput(headers: Headers, nonce: string): PageCspInput {
  const cfg = config();
  // The port Socket.IO really bound (SOCKET_PORT=0 picks a free one), recorded at start.
  const socketPort = boundSocketPort();
  return {
    nonce,
    hostname: requestHostname(headers, cfg.appUrl),
    secure: isHttps(headers.get('x-forwarded-proto')),
    socketPort: Number.isInteger(socketPort) && socketPort > 0 ? socketPort : null,
    stripe: Boolean(cfg.STRIPE_SECRET_KEY && cfg.STRIPE_PUBLISHABLE_KEY),
    dev: cfg.NODE_ENV === 'development',
  };
}
