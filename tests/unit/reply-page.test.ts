import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeReplyText } from '@/lib/reply-page';
import { postReplySchema } from '@/lib/schemas/reply-page';
import { checkInIdOfToken, replyToken } from '@/server/services/engine/reply-address';

const SECRET = new TextEncoder().encode('unit-test-secret-for-reply-pages-0123456789abcdef');
const OTHER = new TextEncoder().encode('another-installation-secret-0123456789-abcdef');
const ID = '3f1c2a5e-9b7d-4c1e-8f00-0123456789ab';

describe('reply page tokens (decision 0083)', () => {
  it('name their check-in, show nothing of its id, and are stable', () => {
    const token = replyToken(ID, SECRET, 'reply-page');
    expect(token).toMatch(/^[a-z2-7]{39}$/);
    expect(token).not.toContain(ID.replace(/-/g, '').slice(0, 8));
    expect(checkInIdOfToken(token, SECRET, 'reply-page')).toBe(ID);
    expect(replyToken(ID, SECRET, 'reply-page')).toBe(token);
  });

  it('are no reply address and a reply address is no page token', () => {
    const page = replyToken(ID, SECRET, 'reply-page');
    const address = replyToken(ID, SECRET);
    expect(page).not.toBe(address);
    expect(checkInIdOfToken(page, SECRET)).toBeNull();
    expect(checkInIdOfToken(address, SECRET, 'reply-page')).toBeNull();
  });

  it('refuse every altered character, truncation, extension and another secret', () => {
    const token = replyToken(ID, SECRET, 'reply-page');
    for (let i = 0; i < token.length; i++) {
      const swapped = token[i] === 'a' ? 'b' : 'a';
      expect(checkInIdOfToken(token.slice(0, i) + swapped + token.slice(i + 1), SECRET, 'reply-page'), `altered at ${i}`).toBeNull();
    }
    expect(checkInIdOfToken(token.slice(0, -1), SECRET, 'reply-page')).toBeNull();
    expect(checkInIdOfToken(`${token}a`, SECRET, 'reply-page')).toBeNull();
    expect(checkInIdOfToken(token, OTHER, 'reply-page')).toBeNull();
    expect(checkInIdOfToken('not-a-token!', SECRET, 'reply-page')).toBeNull();
  });

  it('round-trip any check-in id', () => {
    fc.assert(
      fc.property(fc.constant(null).map(() => randomUUID()), (id) => checkInIdOfToken(replyToken(id, SECRET, 'reply-page'), SECRET, 'reply-page') === id),
      { numRuns: 200 },
    );
  });
});

describe('quick answers as reply text', () => {
  const steps = { title: 'Walk 10,000 steps a day', type: 'numeric' as const, unit: 'steps' };
  const physio = { title: 'Book physio', type: 'task' as const, unit: null };

  it('read the way a client would write them, then the free text', () => {
    expect(composeReplyText([{ goal: steps, value: 6500 }, { goal: physio, done: true }], '  Knee feels better ')).toBe(
      'Walk 10,000 steps a day: now at 6500 steps; Book physio: done\nKnee feels better',
    );
    expect(composeReplyText([{ goal: physio, done: false }], '')).toBe('Book physio: not yet');
    expect(composeReplyText([], 'Only words')).toBe('Only words');
  });

  it('leave out goals left unanswered, and come to nothing when nothing was given', () => {
    expect(composeReplyText([{ goal: steps }, { goal: physio }], '   ')).toBe('');
  });

  it('refuse text beyond the reply limit, naming the field', () => {
    const parsed = postReplySchema.safeParse({ text: 'x'.repeat(2001) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['text']);
  });
});
