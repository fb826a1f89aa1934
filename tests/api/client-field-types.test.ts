import { afterAll, describe, expect, inject, it } from 'vitest';
import { WORKSPACE_VALIDATION as V } from '@/lib/constants';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { clientPayload, createClient, newCoach } from './helpers-workspace';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

describe('POST /coach/clients: a value of the wrong type is told as such, not as missing', () => {
  it.each([
    ['firstName', 123],
    ['lastName', true],
    ['email', ['a@b.co']],
    ['phone', 15551234567],
  ])('answers 400 "%s must be text" for %j', async (field, value) => {
    const coach = await newCoach(request, outboxDir, db);
    const res = await request<ErrorBody>('POST', '/coach/clients', { token: coach.token, body: clientPayload({ [field]: value }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${field} must be text`);
    expect(res.body.details).toEqual([{ field, message: `${field} must be text` }]);
  });

  it.each([undefined, null, ''])('still answers the spec\'s "fill in all required fields" for a firstName of %j', async (value) => {
    const coach = await newCoach(request, outboxDir, db);
    const res = await request<ErrorBody>('POST', '/coach/clients', { token: coach.token, body: clientPayload({ firstName: value }) });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'firstName', message: V.clientRequired }]);
  });

  it('PUT /clients/{id} names a wrong type the same way', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const res = await request<ErrorBody>('PUT', `/clients/${c.id}`, { token: coach.token, body: { firstName: 42, lastName: 'Hopper', email: c.email, phone: c.phone } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'firstName', message: 'firstName must be text' }]);
  });
});
