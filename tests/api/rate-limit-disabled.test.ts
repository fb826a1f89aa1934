import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { client, uniqueIp } from '../helpers/http';
import { startApp, type App } from '../helpers/stack';
import { registerAndVerify } from './helpers-auth';

const outboxDir = inject('outboxDir');
const request = client(inject('baseUrl'));
let unlimited: App;
let dataDir: string;

// A second app on the test database with RATE_LIMIT_DISABLED: the switch must reach every sign-in counter.
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-unlimited-'));
  unlimited = await startApp({ databaseUrl: inject('databaseUrl'), dataDir, outboxDir, env: { LOG_LEVEL: 'error', RATE_LIMIT_DISABLED: 'true', JOBS_DISABLED: 'true' } });
}, 120_000);

afterAll(async () => {
  await unlimited?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('RATE_LIMIT_DISABLED', () => {
  it('switches off the per-address, per-account and overall sign-in limits', async () => {
    const { email, password } = await registerAndVerify(request, outboxDir);
    const onUnlimited = client(unlimited.baseUrl);
    const ip = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.loginAccountIp.limit + 2; i += 1) {
      expect((await onUnlimited('POST', '/users/login', { body: { email, password: `Wrong!Passw0rd${i}` }, ip })).status).toBe(401);
    }
    expect((await onUnlimited('POST', '/users/login', { body: { email, password }, ip })).status).toBe(200);
    expect((await onUnlimited('POST', '/admin/login', { body: { email, password }, ip })).status).toBe(403);
  });
});
