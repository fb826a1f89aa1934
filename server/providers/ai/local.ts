import { MILESTONE_DEFAULT_TARGET_SHARE } from '@/lib/constants';
import { afterDoneMilestones } from '@/lib/milestone-proposals';
import { languagesOf, readerText } from './local/lexicon';
import { readReply } from './local/reader';
import { summarise } from './local/summary';
import { quantity, trackable } from './local/text';
import { composeCheckInText, composeFollowUpText } from './local/writer';
import type { AiGoal, AiProvider, GeneratedMilestone, ReplyAnalysis, ReplyContext } from './types';

/**
 * The built-in AI used when no OPENAI_API_KEY is set: a writer of check-ins and follow-ups
 * (local/writer), a rule-based reader of replies (local/reader: per-goal progress) and a summariser
 * (local/summary). Same input, same output.
 */

export { composeCheckInText, composeFollowUpText, toneOf } from './local/writer';

/** Words of an English reply: it is read as English even when the goals' titles are in another language. */
const ENGLISH = /\b(the|and|i|i'm|my|did|this|today|yesterday|week|ran|walked|done|got|more|once|twice|finished|just|didn't|haven't)\b/i;

export function analyseReplyText(ctx: ReplyContext): ReplyAnalysis {
  // A reply in Spanish, Portuguese, German or French, and the goals' titles and units (which the
  // coach writes in the client's language), are read in the reader's English words: see local/lexicon.
  // A reply too short to show its language ("Hecho ✅", "+2") is read in the titles' language unless
  // it has English words: a client may answer in English to titles in Spanish. The client's language,
  // as the coach set it, is the next sign: "Lu un quart d'heure chaque soir" shows too few French words.
  const titles = ctx.goals.map((g) => g.title).join('\n');
  const own = languagesOf(ctx.reply);
  const set = ctx.client.language === 'en' ? [] : [ctx.client.language];
  const languages = own.length > 0 || ENGLISH.test(ctx.reply) ? own : set.length > 0 ? set : languagesOf(`${ctx.reply}\n${titles}`);
  const titleLanguages = languages.length > 0 ? languages : languagesOf(titles);
  const replyText = readerText(ctx.reply, languages).text;
  // "10.000 pasos al día: 30 días" counts the days: read as "on 30 days", as English titles say it.
  const goals = titleLanguages.length
    ? ctx.goals.map((g) => ({ ...g, title: readerText(g.title, titleLanguages).text.replace(/\s*:\s*(\d+) (days|nights)\b/g, ' on $1 $2'), unit: g.unit === null ? null : readerText(g.unit, titleLanguages).text }))
    : ctx.goals;
  const reading = readReply(replyText, goals, ctx.isGlobal);
  // The coach reads the goals by the titles the coach wrote.
  const unattributed = reading.unattributed.map((note) => goals.reduce((text, g, i) => text.replaceAll(`"${g.title}"`, `"${ctx.goals[i]!.title}"`), note));
  const read = { ...reading, unattributed };
  return { ...summarise({ ...ctx, reply: replyText }, read, languages.length > 0), progress: reading.progress, unattributed };
}

// ---------------------------------------------------------------------------------------------
// Milestones

function roundForTarget(value: number, target: number): number {
  if (Number.isInteger(target) && target >= 4) return Math.round(value);
  return Math.round(value * 10) / 10;
}

/**
 * Four steps to the goal, after its done milestones (lib/milestone-proposals.ts); without a
 * numeric target, as many first steps are passed as milestones are done.
 */
export function milestonesFor(goal: AiGoal): GeneratedMilestone[] {
  const shares = [MILESTONE_DEFAULT_TARGET_SHARE, 0.5, 0.75, 1];
  if (trackable(goal)) {
    const target = goal.target!;
    const labels = ['A strong start', 'Halfway there', 'The final stretch', 'Goal reached'];
    const quarters = shares.map((share, i) => {
      const value = roundForTarget(target * share, target);
      return {
        title: `Reach ${quantity(goal, value)}`,
        description: `${labels[i]}: ${Math.round(share * 100)}% of "${goal.title}".`,
        targetValue: value,
        targetPercentage: Math.round(share * 100),
      };
    });
    return afterDoneMilestones(quarters, goal.milestones, goal.target);
  }
  const steps = [
    { title: `Plan the first step of "${goal.title}"`, description: 'Decide what done looks like and put the first session in the calendar.' },
    { title: 'Complete the first step', description: 'Do the first concrete piece of work and note what got in the way.' },
    { title: 'Build momentum', description: 'Keep a steady rhythm; the goal is more than halfway done.' },
    { title: `Finish "${goal.title}"`, description: 'Wrap up the last piece and celebrate.' },
  ];
  const done = goal.milestones.filter((m) => m.completed).length;
  const ahead = steps.map((s, i) => ({ ...s, targetValue: null, targetPercentage: Math.round((shares[i] ?? 1) * 100) })).slice(Math.min(done, steps.length - 1));
  return afterDoneMilestones(ahead, goal.milestones, goal.target);
}

export function localAiProvider(): AiProvider {
  const result = <T>(value: T) => Promise.resolve({ value, usage: null, model: 'local' });
  return {
    name: 'local',
    composeCheckIn: (ctx) => result(composeCheckInText(ctx)),
    composeFollowUp: (ctx) => result(composeFollowUpText(ctx)),
    analyseReply: (ctx) => result(analyseReplyText(ctx)),
    generateMilestones: (ctx) => result(milestonesFor(ctx.goal)),
  };
}
