import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

const request = client(inject('baseUrl'));

describe('csrf token', () => {
  it('comes in a response header', async () => {
    const res = await request('GET', '/auth/csrf-token');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-csrf-token')).toMatch(/\./);
  });
});
