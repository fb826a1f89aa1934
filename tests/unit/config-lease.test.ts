import { afterEach, describe, expect, it } from 'vitest';
import { config, resetConfig } from '@/server/config';
import { handOverDeadlineMs } from '@/server/services/engine/runtime';

/** The claim lease leaves room for a whole Twilio call after a paced wait (decision 0107). */
describe('the claim lease and Twilio timeout', () => {
  const saved = { ...process.env };
  const withEnv = (env: Record<string, string>) => {
    process.env = { ...saved, ...env };
    resetConfig();
  };
  afterEach(() => {
    process.env = saved;
    resetConfig();
  });

  it('lets a hand-over start until the lease less the timeout and a tenth of the lease', () => {
    withEnv({ CHECKIN_CLAIM_LEASE_SECONDS: '300', TWILIO_TIMEOUT_SECONDS: '15' });
    expect(handOverDeadlineMs()).toBe(255_000);
    withEnv({ CHECKIN_CLAIM_LEASE_SECONDS: '10', TWILIO_TIMEOUT_SECONDS: '4' });
    expect(handOverDeadlineMs()).toBe(5_000);
  });

  it('refuses a lease shorter than 2.5 timeouts, naming the lease', () => {
    withEnv({ CHECKIN_CLAIM_LEASE_SECONDS: '30', TWILIO_TIMEOUT_SECONDS: '15' });
    expect(() => config()).toThrow(/CHECKIN_CLAIM_LEASE_SECONDS: must be at least 2\.5 times TWILIO_TIMEOUT_SECONDS/);
  });
});
