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
/** held-back-31 after its second fix round (2026-11-26): 88/100. The misses left are in docs/ai.md, "The round from part 31" and "The second round on parts 30 and 31". */
/** held-back-37 after its one fix round (its first with part 36): 85/100, the round ran out of time; its misses left are in docs/ai.md, "The round from parts 36 and 37". */
const BELOW_TARGET_TODAY: Partial<Record<CorpusPart, number>> = { 'held-back-31': 0.88, 'held-back-37': 0.85 };

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
