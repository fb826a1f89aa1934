import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

const request = client(inject('baseUrl'));

describe('the API reference', () => {
  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await request<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths['/api/health'] ?? {})).toEqual(['get']);
  });

  it('serves the reference page script from this server', async () => {
    const res = await fetch(`${inject('baseUrl')}/api/reference/script.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(await res.text()).toContain('createApiReference');
  });
});
