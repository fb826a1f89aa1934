import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '@/server/config';
import { sendBatchJobs, sendRetryDelaySeconds } from '@/server/services/engine/runtime';

const at = (iso: string) => new Date(iso);

describe('send jobs as pg-boss jobs', () => {
  it('makes one job per instant, split at the batch size, in the order given', () => {
    const nine = at('2026-03-29T09:00:00Z');
    const ten = at('2026-03-29T10:00:00Z');
    const jobs = [
      { checkInId: 'a', startAfter: nine },
      { checkInId: 'b', startAfter: ten },
      { checkInId: 'c', startAfter: new Date(nine.getTime()) },
      { checkInId: 'd', startAfter: nine },
      { checkInId: 'e', startAfter: ten },
    ];
    expect(sendBatchJobs(jobs, 2)).toEqual([
      { data: { checkInIds: ['a', 'c'] }, startAfter: nine },
      { data: { checkInIds: ['d'] }, startAfter: nine },
      { data: { checkInIds: ['b', 'e'] }, startAfter: ten },
    ]);
  });

  it('makes no job of no sends', () => {
    expect(sendBatchJobs([], 400)).toEqual([]);
  });
});

describe('the wait before the next attempt of failed sends', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = saved;
    resetConfig();
  });

  it('doubles from the first delay with each attempt, jittered up to twice, and stops at the maximum', () => {
    process.env = { ...saved, CHECKIN_RETRY_DELAY_SECONDS: '20', CHECKIN_REQUEUE_SECONDS: '120' };
    resetConfig();
    expect(sendRetryDelaySeconds(1, 0)).toBe(20);
    expect(sendRetryDelaySeconds(1, 0.999)).toBeCloseTo(39.98);
    expect(sendRetryDelaySeconds(2, 0.5)).toBe(60);
    // Three quarters of the requeue time: the retry comes before the scheduler would queue the row again.
    expect(sendRetryDelaySeconds(3, 0)).toBe(80);
    expect(sendRetryDelaySeconds(3, 0.5)).toBe(90);
  });
});
