import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDb, type Db } from './helpers-auth';

/**
 * The test runner, the app and its database read one clock. Trivially true on a real clock; under
 * `npm run test:time-travel` (libfaketime) it proves that every process was moved to the same instant,
 * so the time-sensitive suites there test what they claim to.
 */

const db: Db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const SKEW_MS = 5_000;

describe('one clock', () => {
  it('the database and the app tell the time the test runner does', async () => {
    const before = Date.now();
    const [row] = await db<{ now: Date }[]>`select now() as now`;
    const res = await fetch(`${inject('baseUrl')}/api/health`);
    const after = Date.now();
    const appTime = Date.parse(res.headers.get('date') ?? '');
    expect(Math.abs(new Date(row!.now).getTime() - before)).toBeLessThan(SKEW_MS);
    // The Date header has whole seconds.
    expect(appTime).toBeGreaterThan(before - SKEW_MS);
    expect(appTime).toBeLessThan(after + SKEW_MS);
  });
});
