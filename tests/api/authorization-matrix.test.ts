import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';
import { startStack, type Stack } from '../helpers/stack';
import { openDb } from './helpers-auth';
import { buildWorld, endpointsOnDisk, ROWS, send, tokenOf, WHO, type World } from './endpoint-table';

/** Every endpoint under app/api × every kind of caller (the table is in endpoint-table.ts). */

const request = client(inject('baseUrl'));
const db = openDb(inject('databaseUrl'));

let world: World;
beforeAll(async () => {
  world = await buildWorld(request, inject('outboxDir'), db);
});
afterAll(() => db.end());

describe('authorization matrix', () => {
  it('has exactly one row per endpoint under app/api', () => {
    const inTable = ROWS.map((r) => `${r.method} ${r.route}`).sort();
    expect(new Set(inTable).size, 'duplicate rows').toBe(inTable.length);
    expect(inTable).toEqual(endpointsOnDisk());
  });

  it('answers every caller the expected status (the owner last, after everyone else was refused)', async () => {
    const mismatches: string[] = [];
    for (const row of ROWS) {
      for (const who of WHO) {
        const res = await send(request, world, row, tokenOf(world, who, row));
        if (res.status !== row.expect[who]) {
          mismatches.push(`${row.method} ${row.url(world)} as ${who}: expected ${row.expect[who]}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
        if (res.status >= 400) expect(res.body, `${row.method} ${row.route} as ${who}: error shape`).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('webhook signatures (signing secrets configured)', () => {
  let signed: Stack;
  beforeAll(async () => {
    signed = await startStack({
      LOG_LEVEL: 'error',
      JOBS_DISABLED: 'true',
      STRIPE_SECRET_KEY: 'sk_test_matrix',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_matrix',
      STRIPE_WEBHOOK_SECRET: 'whsec_matrix',
      TWILIO_ACCOUNT_SID: 'ACmatrix',
      TWILIO_AUTH_TOKEN: 'matrix-auth-token',
      TWILIO_FROM_NUMBER: '+15550001111',
    });
  });
  afterAll(() => signed?.stop());

  it('Stripe: a missing or wrong signature is 400 INVALID_SIGNATURE', async () => {
    const hook = client(signed.baseUrl);
    const body = { id: 'evt_forged', type: 'invoice.paid', data: { object: {} } };
    for (const headers of [{}, { 'stripe-signature': 't=1,v1=deadbeef' }] as Record<string, string>[]) {
      const res = await hook<{ error: string }>('POST', '/webhooks/stripe', { body, headers });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('INVALID_SIGNATURE');
    }
  });

  it('Twilio: a missing or wrong signature is 403 INVALID_SIGNATURE', async () => {
    const hook = client(signed.baseUrl);
    for (const headers of [{}, { 'x-twilio-signature': 'Zm9yZ2Vk' }] as Record<string, string>[]) {
      const res = await hook<{ error: string }>('POST', '/webhooks/twilio', {
        rawBody: 'From=%2B15550000000&Body=hello',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('INVALID_SIGNATURE');
    }
  });
});
