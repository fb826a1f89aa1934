import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { client } from '../helpers/http';
import { startStack, type Stack } from '../helpers/stack';
import { signedInUser, type ApiRequest, type ErrorBody } from './helpers-auth';

// Issue 14: the product opened at http://127.0.0.1:PORT while APP_URL is http://localhost:PORT.
// The stack's APP_URL is localhost; its servers listen on 127.0.0.1.
let stack: Stack;
let request: ApiRequest;
let port: number;
let loopbackOrigin: string;

beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'error' });
  request = client(stack.baseUrl);
  port = Number(new URL(stack.baseUrl).port);
  loopbackOrigin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await stack?.stop();
});

/** The first request of a browser's Socket.IO connection (polling handshake), from a page of `origin`. */
function handshake(origin: string): Promise<{ status: number; allowOrigin: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`http://127.0.0.1:${stack.socketPort}/socket.io/?EIO=4&transport=polling`, { headers: { origin } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allowOrigin: res.headers['access-control-allow-origin'] }));
    });
    req.on('error', reject);
  });
}

describe('realtime socket CORS', () => {
  it('lets the page opened at 127.0.0.1 connect although APP_URL says localhost', async () => {
    const res = await handshake(loopbackOrigin);
    expect(res.status).toBe(200);
    expect(res.allowOrigin).toBe(loopbackOrigin);
    // APP_URL's own origin keeps working.
    expect((await handshake(`http://localhost:${port}`)).allowOrigin).toBe(`http://localhost:${port}`);
  });

  it('signs a socket in from the 127.0.0.1 page and delivers its events', async () => {
    const me = await signedInUser(request, stack.outboxDir);
    const socket = io(`http://127.0.0.1:${stack.socketPort}`, { path: '/socket.io/', auth: { token: me.accessToken }, extraHeaders: { origin: loopbackOrigin }, reconnection: false });
    try {
      const authenticated = await new Promise<{ userId: string }>((resolve, reject) => {
        socket.once('authenticated', resolve);
        socket.once('connect_error', reject);
      });
      expect(authenticated.userId).toBe(me.user.id);
    } finally {
      socket.close();
    }
  });

  it('refuses pages of other sites, and other ports of the same host', async () => {
    for (const origin of ['http://evil.example', `http://evil.example:${port}`, 'http://127.0.0.1:1', 'null']) {
      const res = await handshake(origin);
      expect(res.status, origin).toBe(403);
      expect(res.allowOrigin, origin).toBeUndefined();
    }
  });
});

describe('billing portal from 127.0.0.1', () => {
  const at127 = () => client(loopbackOrigin);

  it('accepts the page address the user opened and returns there', async () => {
    const me = await signedInUser(request, stack.outboxDir);
    const res = await at127()<{ url: string } & ErrorBody>('POST', '/billing/portal', { token: me.accessToken, body: { returnUrl: `${loopbackOrigin}/settings?tab=billing` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The local portal is on the same address, so the browser keeps its session (storage is per origin).
    expect(res.body.url).toBe(`${loopbackOrigin}/billing/portal?return=${encodeURIComponent('/settings?tab=billing')}`);
  });

  it('refuses return addresses of other sites, also disguised', async () => {
    const me = await signedInUser(request, stack.outboxDir);
    for (const returnUrl of ['https://evil.example/x', '//evil.example/phish', '/x/..//evil.example/phish', '/\\evil.example', '/%2F%2Fevil.example', `http://127.0.0.1:1/settings`, 'javascript:alert(1)']) {
      const res = await at127()<ErrorBody & { details?: { field: string }[] }>('POST', '/billing/portal', { token: me.accessToken, body: { returnUrl } });
      expect(res.status, returnUrl).toBe(400);
      expect(res.body.details?.[0]?.field, returnUrl).toBe('returnUrl');
    }
  });
});
