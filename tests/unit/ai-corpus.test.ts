import { describe, expect, it } from 'vitest';
import { CORPUS_PARTS, markdownTable, runCorpus, tally, type CorpusPart } from '@/scripts/lib/ai-corpus';
import { localAiProvider } from '@/server/providers/ai/local';

/**
 * The local reader measured on the reply corpus (issue 16 item 3; docs/ai.md): on every part it has
 * been worked on, at least the target share of per-goal outcomes right (or, below the target, what it
 * reaches there today, so it cannot slip back) and not one goal moved to a wrong value. A part's first,
 * unseen score is in docs/ai.md. The per-language parts (issue 17 item 5), tuning and held-back, are held
 * to the same: each is read in the client's language as the coach set it.
 */
const TARGET = 0.9;
/** Parts held below the target by a floor at their reached score; none since the round on parts 37 and 31 (docs/ai.md). */
const BELOW_TARGET_TODAY: Partial<Record<CorpusPart, number>> = {};

describe.each(CORPUS_PARTS)('the local AI on the %s corpus', (part: CorpusPart) => {
  const floor = BELOW_TARGET_TODAY[part] ?? TARGET;
  it(`gets at least ${floor * 100}% of per-goal outcomes right and moves no goal to a wrong value`, async () => {
    const scores = await runCorpus(localAiProvider(), part);
    const t = tally(scores);
    const failures = scores.flatMap((s) => s.goals.filter((g) => g.verdict !== 'right').map((g) => `${s.id}/${g.key}: expected ${g.expected}, got ${g.got} (${g.verdict})`));
    expect(failures.filter((f) => f.endsWith('(wrong)'))).toEqual([]);
    expect(t.right / t.goals, `${markdownTable(scores)}\n${failures.join('\n')}`).toBeGreaterThanOrEqual(floor);
  });
});
