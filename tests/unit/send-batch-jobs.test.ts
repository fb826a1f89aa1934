import { describe, expect, it } from 'vitest';
import { sendBatchJobs } from '@/server/services/engine/runtime';

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
