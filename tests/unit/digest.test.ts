import { describe, expect, it } from 'vitest';
import { attentionScore, needingAttention, trendOf, type DigestClientWeek } from '@/lib/digest';

const week = (name: string, over: Partial<DigestClientWeek> = {}): DigestClientWeek => ({
  clientId: name,
  name,
  sent: 2,
  answered: 2,
  motivation: 50,
  motivationBefore: 50,
  engagement: 60,
  engagementBefore: 60,
  goalsMoved: 0,
  goalsReached: 0,
  concerns: [],
  wentQuiet: false,
  ...over,
});

describe('trendOf', () => {
  it('calls a change under TREND_MIN_CHANGE steady, and has no trend without both weeks', () => {
    expect(trendOf(60, 55)).toBe('up');
    expect(trendOf(56, 60)).toBe('steady');
    expect(trendOf(50, 55)).toBe('down');
    expect(trendOf(null, 50)).toBeNull();
    expect(trendOf(50, null)).toBeNull();
  });
});

describe('needingAttention', () => {
  it('ranks by points, then fewer answers, then name; lists at most three and none without points', () => {
    const quiet = week('Quiet', { answered: 0, wentQuiet: true });
    const worried = week('Worried', { concerns: ['a', 'b'] });
    const slipping = week('Slipping', { motivation: 20, engagement: 30 });
    const slippingLess = week('Alder', { motivation: 20, answered: 1 });
    const fine = week('Fine');
    expect(attentionScore(worried)).toBe(4);
    expect(attentionScore(quiet)).toBe(3);
    expect(attentionScore(slipping)).toBe(2);
    expect(needingAttention([fine, slipping, quiet, worried, slippingLess]).map((c) => c.name)).toEqual(['Worried', 'Quiet', 'Slipping']);
    expect(needingAttention([fine])).toEqual([]);
  });
});
