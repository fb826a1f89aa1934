import { describe, expect, inject, it } from 'vitest';
import { API_ERRORS } from '@/lib/constants';
import { uniqueIp } from '../helpers/http';

const baseUrl = inject('baseUrl');

/** Raw fetch, redirects not followed: what a client of the API really gets. */
async function call(method: string, path: string) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { 'x-forwarded-for': uniqueIp(), 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{}',
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', location: res.headers.get('location'), text: await res.text() };
}

describe('paths and methods no endpoint serves', () => {
  it('an unknown /api path answers 404 in the API error shape, for every method, never a redirect to a page', async () => {
    for (const [method, path] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/does-not-exist'],
      ['DELETE', '/api/users/no-such-thing'],
      ['PATCH', '/api/clients/3f1c2a9e-0000-4000-8000-000000000000/no-such-part/deeper'],
    ]) {
      const res = await call(method!, path!);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.location, `${method} ${path}`).toBeNull();
      expect(res.type).toContain('application/json');
      expect(JSON.parse(res.text)).toEqual({ error: 'NOT_FOUND', message: API_ERRORS.noEndpoint });
    }
  });

  it('a method an endpoint does not take answers 405 in the API error shape', async () => {
    const res = await call('DELETE', '/api/users/profile');
    expect(res.status).toBe(405);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.text)).toEqual({ error: 'METHOD_NOT_ALLOWED', message: API_ERRORS.methodNotAllowed('DELETE') });
  });

  it('an unknown page is still sent on as the product says (product §1.2)', async () => {
    const res = await call('GET', '/no-such-page');
    expect(res.status).toBe(307);
  });
});
