import { afterAll, describe, expect, inject, it } from 'vitest';
import { INPUT_EXCERPT_MAX } from '@/lib/input-excerpt';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { createClient, newCoach } from './helpers-workspace';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

/** What of the sent value an answer may repeat: a short excerpt, with the ellipsis. */
const ECHO_LIMIT = INPUT_EXCERPT_MAX + 1;

describe('error messages repeat at most a short excerpt of what was sent', () => {
  it('POST /ai-schedule/create with a 100 KB time answers 400 without echoing it', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const huge = 'A'.repeat(100_000);
    const res = await request<ErrorBody>('POST', '/ai-schedule/create', { token: coach.token, body: { clientId: c.id, timeSlots: [{ time: huge }] } });
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    expect(text.length).toBeLessThan(1_000);
    expect(res.body.details).toEqual([{ field: 'timeSlots.0.time', message: res.body.message }]);
    expect(res.body.message).toMatch(/^Invalid time format: A+…\. Use HH:MM format \(e\.g\., 09:00, 14:30\)$/);
    expect(res.body.message).not.toContain('A'.repeat(ECHO_LIMIT));
  });

  it('keeps a short wrong time whole, as the spec words it', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const res = await request<ErrorBody>('POST', '/ai-schedule/create', { token: coach.token, body: { clientId: c.id, timeSlots: ['25:00'] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid time format: 25:00. Use HH:MM format (e.g., 09:00, 14:30)');
  });

  it('cuts markup sent as a time to a short excerpt too', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const html = `<img src=x onerror="alert(1)">${'<b>x</b>'.repeat(5_000)}`;
    const res = await request<ErrorBody>('POST', '/ai-schedule/create', { token: coach.token, body: { clientId: c.id, timeSlots: [{ time: html }] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body).length).toBeLessThan(1_000);
    expect(res.body.message).not.toContain('<b>x</b><b>x</b>');
  });

  it('quotes a long wrong day as a short excerpt', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const res = await request<ErrorBody>('POST', '/ai-schedule/create', { token: coach.token, body: { clientId: c.id, customDays: ['monday', 'x'.repeat(50_000)] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Invalid day values: ${'x'.repeat(INPUT_EXCERPT_MAX)}…`);
  });
});
