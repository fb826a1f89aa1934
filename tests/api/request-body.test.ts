import { afterAll, describe, expect, inject, it } from 'vitest';
import { MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH } from '@/server/http/body';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { newCoach, type Coach } from './helpers-workspace';

const baseUrl = inject('baseUrl');
const request = client(baseUrl);
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

/** PUT /users/profile with a raw body: `stream` sends it chunked, with no Content-Length. */
async function putProfile(coach: Coach, body: string, { contentType = 'application/json', stream = false } = {}) {
  const init = {
    method: 'PUT',
    headers: { authorization: `Bearer ${coach.token}`, 'content-type': contentType },
    body: stream ? new Blob([body]).stream() : body,
    duplex: 'half',
  };
  const res = await fetch(`${baseUrl}/api/users/profile`, init as RequestInit);
  return { status: res.status, body: (await res.json()) as ErrorBody };
}

async function firstNameOf(coach: Coach): Promise<string> {
  const [row] = await db`select first_name from users where email = ${coach.email}`;
  return row!.first_name as string;
}

describe('request bodies the API refuses before any handler runs', () => {
  const oversized = JSON.stringify({ firstName: 'x'.repeat(MAX_JSON_BODY_BYTES) });

  it('answers 413 to a JSON body over the limit, declared or sent in chunks', async () => {
    const coach = await newCoach(request, inject('outboxDir'), db);
    const before = await firstNameOf(coach);
    for (const stream of [false, true]) {
      const res = await putProfile(coach, oversized, { stream });
      expect(res.status, `stream: ${stream}`).toBe(413);
      expect(res.body.error).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(await firstNameOf(coach)).toBe(before);
  });

  it('answers 415 to a body that is not declared JSON, and 400 to JSON that does not parse', async () => {
    const coach = await newCoach(request, inject('outboxDir'), db);
    const plain = await putProfile(coach, JSON.stringify({ firstName: 'Plain' }), { contentType: 'text/plain' });
    expect(plain.status).toBe(415);
    expect(plain.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await putProfile(coach, '{"firstName": "Broken"');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('INVALID_JSON');
  });

  it('names the field holding a NUL character, and refuses nesting deeper than the limit', async () => {
    const coach = await newCoach(request, inject('outboxDir'), db);
    const nul = await putProfile(coach, JSON.stringify({ firstName: 'Ann\u0000' }));
    expect(nul.status).toBe(400);
    expect(nul.body.details).toEqual([{ field: 'firstName', message: 'Text must not contain NUL characters' }]);
    let deep: unknown = 'bottom';
    for (let i = 0; i <= MAX_JSON_DEPTH; i++) deep = { nested: deep };
    const nested = await putProfile(coach, JSON.stringify({ firstName: 'Ann', extra: deep }));
    expect(nested.status).toBe(400);
    expect(nested.body.error).toBe('VALIDATION_ERROR');
  });

  it('takes a body streamed in chunks when it is within the limit', async () => {
    const coach = await newCoach(request, inject('outboxDir'), db);
    const res = await putProfile(coach, JSON.stringify({ firstName: 'Streamed' }), { stream: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await firstNameOf(coach)).toBe('Streamed');
  });
});
