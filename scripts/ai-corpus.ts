import { CORPUS_PARTS, markdownTable, runCorpus, tally, type CorpusPart } from './lib/ai-corpus';
import { localAiProvider } from '@/server/providers/ai/local';
import { openAiProvider } from '@/server/providers/ai/openai';

/**
 * Runs the reply corpus and prints a markdown table per kind, the tuning and held-back parts apart.
 *   npm run ai:corpus                         the local provider, both parts
 *   npm run ai:corpus -- --part tuning        one part
 *   npm run ai:corpus -- --provider openai    OPENAI_API_KEY (and OPENAI_BASE_URL, OPENAI_MODEL) from the environment
 *   npm run ai:corpus -- --verbose            also every goal that is not right
 */

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function provider() {
  if (option('provider') !== 'openai') return localAiProvider();
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) throw new Error('--provider openai needs OPENAI_API_KEY');
  return openAiProvider({ apiKey, baseURL: process.env.OPENAI_BASE_URL || undefined, model: process.env.OPENAI_MODEL || 'gpt-4o-mini', timeoutSeconds: 60 });
}

const print = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const requested = option('part');
  if (requested && !CORPUS_PARTS.includes(requested as CorpusPart)) throw new Error(`--part must be one of ${CORPUS_PARTS.join(', ')}`);
  const parts = CORPUS_PARTS.filter((p) => !requested || p === requested);
  const ai = provider();
  for (const part of parts) {
    const scores = await runCorpus(ai, part);
    const t = tally(scores);
    print(`\n### ${part} (${ai.name}): ${t.right}/${t.goals} goals right, ${t.wrong} wrong values\n`);
    print(markdownTable(scores));
    if (process.argv.includes('--verbose')) {
      for (const s of scores) for (const g of s.goals.filter((x) => x.verdict !== 'right')) print(`- ${s.id}/${g.key}: expected ${g.expected}, got ${g.got} (${g.verdict})`);
      for (const s of scores.filter((x) => !x.motivation || !x.engagement)) print(`- ${s.id}: motivation ${s.analysis.motivation}${s.motivation ? '' : ' ✗'}, engagement ${s.analysis.engagementAssessment}${s.engagement ? '' : ' ✗'}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
