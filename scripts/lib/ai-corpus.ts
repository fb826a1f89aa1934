import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CLIENT_LANGUAGES } from '@/lib/languages';
import type { AiGoal, AiProvider, ReplyAnalysis, ReplyContext } from '@/server/providers/ai/types';

/**
 * The reply corpus (tests/ai-corpus, format in its validate.mjs): loading, one ReplyContext per
 * case, and scoring an AI's analysis against the expected per-goal outcome, motivation and engagement.
 * Shared by the unit test (local provider) and `npm run ai:corpus` (local or OpenAI-compatible).
 */

export const CORPUS_PARTS = ['tuning', 'held-back', 'held-back-2', 'held-back-3', 'held-back-4', 'held-back-5', 'held-back-6', 'held-back-7', 'held-back-8', 'held-back-9', 'held-back-10', 'held-back-11', 'held-back-12', 'held-back-13', 'held-back-14', 'held-back-15', 'held-back-16', 'held-back-17', 'held-back-18', 'held-back-19', 'held-back-20', 'held-back-21', 'held-back-22', 'held-back-23', 'held-back-24', 'held-back-25', 'held-back-26', 'held-back-27', 'held-back-28', 'held-back-29', 'held-back-30', 'held-back-31', 'held-back-32', 'held-back-33', 'held-back-34', 'held-back-35', 'held-back-36', 'held-back-37', 'es-tuning', 'pt-tuning', 'de-tuning', 'fr-tuning', 'es-held-back', 'pt-held-back', 'de-held-back', 'fr-held-back'] as const;
export type CorpusPart = (typeof CORPUS_PARTS)[number];

const expectedGoalSchema = z.union([z.literal('unchanged'), z.object({ value: z.number() }), z.object({ completed: z.literal(true) })]);
const caseSchema = z.object({
  id: z.string(),
  /** The reply's language in the per-language parts (es-tuning …); absent in the English ones. */
  language: z.enum(CLIENT_LANGUAGES).optional(),
  kind: z.string(),
  scope: z.enum(['goal', 'global']),
  goals: z.array(
    z.object({ key: z.string(), title: z.string(), type: z.string(), target: z.number().nullable(), unit: z.string().nullable(), currentValue: z.number() }),
  ),
  reply: z.string(),
  expected: z.object({
    goals: z.record(z.string(), expectedGoalSchema),
    ambiguous: z.boolean().optional(),
    motivation: z.enum(['low', 'medium', 'high']),
    engagement: z.enum(['great', 'okay', 'bad']),
  }),
});
export type CorpusCase = z.infer<typeof caseSchema>;

export function loadCorpus(part: CorpusPart): CorpusCase[] {
  const file = path.resolve(import.meta.dirname, '../../tests/ai-corpus', `${part}.json`);
  return z.object({ cases: z.array(caseSchema) }).parse(JSON.parse(readFileSync(file, 'utf8'))).cases;
}

/** The check-in the case's reply answers, as the engine would build it. */
export function contextFor(c: CorpusCase): ReplyContext {
  const goals: AiGoal[] = c.goals.map((g) => ({
    id: g.key,
    title: g.title,
    type: g.type,
    description: null,
    target: g.target,
    unit: g.unit,
    currentValue: g.currentValue,
    progress: g.target ? Math.min(100, Math.round((g.currentValue / g.target) * 10000) / 100) : 0,
    milestones: [],
  }));
  return {
    coach: { name: 'Dana Rivers', firstName: 'Dana', survey: null },
    // The language a coach sets for a client who writes in it (issue 17 item 5).
    client: { firstName: 'Sam', lastName: 'Lee', timezone: 'UTC', language: c.language ?? 'en' },
    goals,
    isGlobal: c.scope === 'global',
    recent: [],
    localTime: 'Monday 18:00',
    message: c.scope === 'global' ? 'How did your goals go since we last spoke?' : `How is "${c.goals[0]!.title}" going?`,
    reply: c.reply,
  };
}

/** right: the expected outcome; miss: left unchanged where a value was expected; wrong: a value or completion that should not be. */
export type GoalVerdict = 'right' | 'miss' | 'wrong';

export interface CaseScore {
  id: string;
  kind: string;
  goals: { key: string; verdict: GoalVerdict; expected: string; got: string }[];
  motivation: boolean;
  engagement: boolean;
  analysis: ReplyAnalysis;
}

const describeOutcome = (e: { value: number | null; completed: boolean } | undefined) => (!e ? 'unchanged' : e.completed && e.value === null ? 'completed' : `${e.value}${e.completed ? ' (completed)' : ''}`);

export function scoreCase(c: CorpusCase, analysis: ReplyAnalysis): CaseScore {
  const goals = c.goals.map((g) => {
    const expected = c.expected.goals[g.key] ?? 'unchanged';
    const raw = analysis.progress.find((p) => p.goalId === g.key);
    // An entry that leaves the value where it was and is not "done" changes nothing.
    const got = raw && !raw.completed && (raw.value === null || Math.abs(raw.value - g.currentValue) < 0.01) ? undefined : raw;
    let verdict: GoalVerdict;
    if (expected === 'unchanged') verdict = got ? 'wrong' : 'right';
    else if ('value' in expected) verdict = !got ? 'miss' : got.value !== null && Math.abs(got.value - expected.value) < 0.01 ? 'right' : 'wrong';
    else verdict = !got ? 'miss' : got.completed && got.value === null ? 'right' : got.completed ? 'right' : 'wrong';
    const want = expected === 'unchanged' ? 'unchanged' : 'value' in expected ? String(expected.value) : 'completed';
    return { key: g.key, verdict, expected: want, got: describeOutcome(got) };
  });
  return {
    id: c.id,
    kind: c.kind,
    goals,
    motivation: analysis.motivation === c.expected.motivation,
    engagement: analysis.engagementAssessment === c.expected.engagement,
    analysis,
  };
}

export async function runCorpus(provider: AiProvider, part: CorpusPart): Promise<CaseScore[]> {
  const out: CaseScore[] = [];
  for (const c of loadCorpus(part)) {
    const { value } = await provider.analyseReply(contextFor(c));
    out.push(scoreCase(c, value));
  }
  return out;
}

export interface Tally {
  cases: number;
  goals: number;
  right: number;
  wrong: number;
  motivation: number;
  engagement: number;
}

export function tally(scores: CaseScore[]): Tally {
  const goals = scores.flatMap((s) => s.goals);
  return {
    cases: scores.length,
    goals: goals.length,
    right: goals.filter((g) => g.verdict === 'right').length,
    wrong: goals.filter((g) => g.verdict === 'wrong').length,
    motivation: scores.filter((s) => s.motivation).length,
    engagement: scores.filter((s) => s.engagement).length,
  };
}

const pct = (n: number, of: number) => (of === 0 ? '–' : `${Math.round((n / of) * 1000) / 10}%`);

/** The markdown table of one part: a row per kind and the total. */
export function markdownTable(scores: CaseScore[]): string {
  const kinds = [...new Set(scores.map((s) => s.kind))].sort();
  const row = (label: string, t: Tally) =>
    `| ${label} | ${t.cases} | ${t.right}/${t.goals} (${pct(t.right, t.goals)}) | ${t.wrong} | ${pct(t.motivation, t.cases)} | ${pct(t.engagement, t.cases)} |`;
  return [
    '| kind | cases | goals right | wrong values | motivation | engagement |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...kinds.map((k) => row(k, tally(scores.filter((s) => s.kind === k)))),
    row('**all**', tally(scores)),
  ].join('\n');
}
