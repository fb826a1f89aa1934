import { describe, expect, it } from 'vitest';
import { CORPUS_PARTS, markdownTable, runCorpus, tally } from '@/scripts/lib/ai-corpus';
import { localAiProvider } from '@/server/providers/ai/local';

/**
 * The local reader measured on the reply corpus (issue 16 item 3): per part, at least 90% of
 * per-goal outcomes right and not one goal moved to a wrong value. `npm run ai:corpus` prints the
 * table per kind; docs/ai.md records it.
 */
describe.each(CORPUS_PARTS)('the local AI on the %s corpus', (part) => {
  it('gets ≥ 90% of per-goal outcomes right and moves no goal to a wrong value', async () => {
    const scores = await runCorpus(localAiProvider(), part);
    const t = tally(scores);
    const failures = scores.flatMap((s) => s.goals.filter((g) => g.verdict !== 'right').map((g) => `${s.id}/${g.key}: expected ${g.expected}, got ${g.got} (${g.verdict})`));
    expect(t.right / t.goals, `${markdownTable(scores)}\n${failures.join('\n')}`).toBeGreaterThanOrEqual(0.9);
    expect(failures.filter((f) => f.endsWith('(wrong)'))).toEqual([]);
  });
});
