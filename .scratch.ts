import { digitise } from '@/server/providers/ai/local/numbers';
import { readReply } from '@/server/providers/ai/local/reader';
import { contextFor, loadCorpus } from '@/scripts/lib/ai-corpus';
const cases = loadCorpus('tuning');
for (const id of process.argv.slice(2)) {
  const c = cases.find((x) => x.id === id)!;
  const ctx = contextFor(c);
  console.log(id, '|', digitise(c.reply), '|', JSON.stringify(readReply(c.reply, ctx.goals, ctx.isGlobal)));
}
