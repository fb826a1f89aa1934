import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, uniqueIp } from '../helpers/http';
import { freePort, startStack, TEST_ADMIN, type Stack } from '../helpers/stack';
import { setCookies, signedInUser } from './helpers-auth';

const baseUrl = inject('baseUrl');
const request = client(baseUrl);
const outboxDir = inject('outboxDir');

/** A page over raw fetch: its headers and its HTML. */
async function page(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': uniqueIp(), ...headers }, redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** The directives of a CSP header by name. */
function directives(csp: string | null): Record<string, string[]> {
  expect(csp, 'content-security-policy header').toBeTruthy();
  return Object.fromEntries(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('permissions-policy')).toContain('camera=()');
  expect(headers.get('x-powered-by')).toBeNull();
}

describe('security headers of pages', () => {
  it('a nonce CSP: scripts from self or the nonce only, no framing, Socket.IO port allowed, data:/blob: images', async () => {
    const me = await signedInUser(request, outboxDir);
    const realtime = await request<{ port: number }>('GET', '/realtime/config', { token: me.accessToken });
    expect(realtime.status).toBe(200);

    const res = await page(baseUrl, '/login');
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers);
    const csp = directives(res.headers.get('content-security-policy'));
    const nonce = csp['script-src']!.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce, 'script-src nonce').toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", `http://localhost:${realtime.body.port}`, `ws://localhost:${realtime.body.port}`]));
    // Not over https: no HSTS.
    expect(res.headers.get('strict-transport-security')).toBeNull();

    // Every inline script of the page (Next's own and the appearance script) carries the nonce.
    const scripts = [...res.html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    for (const attributes of scripts) {
      if (!/\bsrc=/.test(attributes)) expect(attributes, 'inline script').toContain(`nonce="${nonce}"`);
    }
    expect(res.html).toContain('localStorage.getItem(');
  });

  it('a fresh nonce for every request', async () => {
    const nonces = await Promise.all([0, 1, 2].map(async () => (await page(baseUrl, '/login')).headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]));
    expect(new Set(nonces).size).toBe(3);
  });

  it('sends HSTS on pages and API answers when a trusted proxy says the request came over https', async () => {
    for (const path of ['/api/health', '/api/users/profile', '/api/nowhere']) {
      const api = await page(baseUrl, path, { 'x-forwarded-proto': 'https' });
      expect(api.headers.get('strict-transport-security'), path).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      expect((await page(baseUrl, path)).headers.get('strict-transport-security'), `${path} over http`).toBeNull();
    }
    const res = await page(baseUrl, '/login', { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['connect-src']!.some((v) => v.startsWith('wss://localhost:'))).toBe(true);
  });

  it('a forged Host header cannot inject directives', async () => {
    const res = await page(baseUrl, '/login', { host: "evil;script-src 'unsafe-inline'" });
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(Object.keys(csp)).not.toContain('evil');
  });
});

describe('security headers of API answers', () => {
  it('static files, unknown paths and refused URLs carry the common headers too', async () => {
    for (const path of ['/manifest.webmanifest', '/no-such-page', '/api/no-such-endpoint', '/%E0%A4%A']) {
      const res = await page(baseUrl, path);
      expect(res.status, path).not.toBe(500);
      expectCommonHeaders(res.headers);
      if (path.startsWith('/api/')) expect(directives(res.headers.get('content-security-policy'))['default-src']).toEqual(["'none'"]);
    }
  });

  it('JSON answers (success and error) cannot run or be framed', async () => {
    for (const res of [await request('GET', '/auth/csrf-token'), await request('GET', '/users/profile')]) {
      expectCommonHeaders(res.headers);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
    }
  });
});

describe('auth cookies over http', () => {
  it('access and refresh cookies are httpOnly and SameSite=Lax, not Secure on plain http; the refresh cookie is scoped to /api/users', async () => {
    const me = await signedInUser(request, outboxDir);
    const access = me.cookies.cadence_at!;
    const refresh = me.cookies.cadence_rt!;
    for (const cookie of [access, refresh]) {
      expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
      expect(cookie.attributes).not.toContain('secure');
    }
    expect(refresh.attributes).toContain('path=/api/users');
    expect(refresh.value).toBe(me.refreshToken);
  });
});

describe('behind https (APP_URL https://…, Stripe keys set)', () => {
  let stack: Stack;
  beforeAll(async () => {
    const port = await freePort();
    stack = await startStack(
      { LOG_LEVEL: 'error', JOBS_DISABLED: 'true', APP_URL: `https://localhost:${port}`, STRIPE_SECRET_KEY: 'sk_test_headers', STRIPE_PUBLISHABLE_KEY: 'pk_test_headers' },
      port,
    );
  });
  afterAll(() => stack?.stop());

  it('pages send HSTS and allow Stripe.js and its frames', async () => {
    const res = await page(stack.baseUrl, '/login');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['script-src']).toContain('https://js.stripe.com');
    expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(csp['connect-src']).toContain('https://api.stripe.com');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('auth cookies are Secure, httpOnly and SameSite=Lax', async () => {
    // The stack's own admin account exists from the start (a coach would need the e-mail round trip).
    const login = await client(stack.baseUrl)('POST', '/admin/login', { body: TEST_ADMIN });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const cookies = setCookies(login.headers);
    for (const name of ['cadence_at', 'cadence_rt']) {
      expect(cookies[name]?.attributes, name).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
    }
  });
});
