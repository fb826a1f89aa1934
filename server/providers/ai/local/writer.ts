import { signatureLine } from '@/lib/coaching-survey';
import type { CoachingSurvey } from '@/lib/preferences';
import { fillPromptTemplate } from '@/lib/prompt-template';
import type { AiGoal, CheckInContext, FollowUpContext } from '../types';
import { SMS_LIMIT, fitSms, isDaily, isCurrency, ofTarget, pick, seedOf, trackable, unitInTitle } from './text';
import { painPhrase, topicsOf } from './topics';

/**
 * The local writer: check-ins and follow-ups as a coach would text them. Variety (openings,
 * phrasing) is drawn from a seed of the check-in's own facts, so the same check-in always reads the
 * same and tests are stable, while consecutive check-ins do not.
 */

export type Tone = 'direct' | 'supportive' | 'analytical' | 'friendly';

/** The coach's survey, read for a few telling words. */
export function toneOf(survey: CoachingSurvey | null): Tone {
  const text = survey ? `${survey.coachingStyle} ${survey.motivationApproach} ${survey.feedbackStyle}`.toLowerCase() : '';
  if (/\b(direct|accountab|challeng|tough|push|no excuses|blunt)/.test(text)) return 'direct';
  if (/\b(data|metric|number|measur|track|analytic)/.test(text)) return 'analytical';
  if (/\b(support|gentle|empath|encourag|kind|compassion|positive|warm)/.test(text)) return 'supportive';
  return 'friendly';
}

const signature = (ctx: CheckInContext) => signatureLine(ctx.coach.survey?.signature, ctx.coach.firstName);

function partOfDay(localTime: string): 'morning' | 'afternoon' | 'evening' {
  const hour = Number(/(\d{1,2}):\d{2}/.exec(localTime)?.[1] ?? 12);
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

const weekday = (localTime: string) => /^[A-Z][a-z]+day\b/.exec(localTime)?.[0] ?? null;

function opening(ctx: CheckInContext, tone: Tone, seed: number): string {
  const first = ctx.client.firstName;
  const part = partOfDay(ctx.localTime);
  const day = weekday(ctx.localTime);
  const byTone: Record<Tone, string[]> = {
    direct: [`${first}, quick check-in.`, `Hi ${first}.`, `Good ${part}, ${first}.`, `Check-in time, ${first}.`],
    supportive: [`Hi ${first}, hope you're doing well.`, `Good ${part}, ${first}!`, `Hey ${first}, hope your ${part} is going gently.`, `Hi ${first}!`],
    analytical: [`Hi ${first}, time for a quick progress check.`, `Good ${part}, ${first}.`, `Hi ${first}, numbers time.`],
    friendly: [`Good ${part}, ${first}!`, `Hi ${first}!`, `Hey ${first}!`, ...(day ? [`Happy ${day}, ${first}!`] : []), `Hi ${first}, hope the week is going well.`],
  };
  return pick(byTone[tone], seed);
}

/** What the client said last time that is worth remembering, as one sentence (never a question). */
function remembered(ctx: CheckInContext, seed: number): string | null {
  const last = ctx.recent.find((r) => r.clientResponse);
  if (!last?.clientResponse) return null;
  const topics = topicsOf(last.clientResponse);
  if (topics.pain) return pick([`Last time you mentioned ${painPhrase(topics.pain)}, so I hope it's easing.`, `Hope ${painPhrase(topics.pain)} is better than last time.`], seed, 3);
  if (topics.illness) return 'Hope you are feeling better than last time.';
  if (topics.blocker) return `Last time you still had to ${topics.blocker}.`;
  if (last.motivation === 'low' || topics.lowMood) return 'Last time things felt tough, so go easy on yourself.';
  if (last.motivation === 'high') return 'You had great momentum last time.';
  return null;
}

const nextMilestone = (g: AiGoal) => g.milestones.find((m) => !m.completed);

/** Where one goal stands, in a clause: "4,200 of your 10,000 steps", "Walk 100 km at 40 of your 100 km". */
function standing(g: AiGoal): string {
  if (!trackable(g)) return `"${g.title}" still open`;
  return unitInTitle(g) ? ofTarget(g) : `"${g.title}" at ${ofTarget(g)}`;
}

function unitNoun(g: AiGoal): string | null {
  if (!g.unit || isCurrency(g.unit)) return null;
  return g.unit;
}

function singleQuestion(g: AiGoal, tone: Tone, seed: number): string {
  const milestone = nextMilestone(g);
  if (!trackable(g)) {
    if (milestone) return tone === 'direct' ? `Is "${milestone.title}" done yet?` : `How is "${milestone.title}" coming along?`;
    return tone === 'direct' ? `Is "${g.title}" done yet?` : pick([`How is "${g.title}" coming along?`, `Any movement on "${g.title}"?`], seed, 5);
  }
  const unit = unitNoun(g);
  if (isDaily(g)) {
    if (!unit) return 'Where are you at today?';
    return tone === 'direct' ? `How many ${unit} today?` : pick([`How many ${unit} have you got so far today?`, `How are today's ${unit} looking?`], seed, 5);
  }
  if (isCurrency(g.unit)) return tone === 'direct' ? 'How much did you put away since we last spoke?' : 'How much were you able to put aside since we last spoke?';
  if (!unit) return tone === 'direct' ? "What's your number now?" : 'Where are you at now?';
  if (tone === 'direct') return `How many ${unit} since we last spoke?`;
  if (tone === 'analytical') return `What did you log since the last check-in, in ${unit}?`;
  return pick([`How many ${unit} did you add since we last spoke?`, `How did the ${unit} go since we last spoke?`], seed, 5);
}

function globalQuestion(tone: Tone, seed: number): string {
  const byTone: Record<Tone, string[]> = {
    direct: ['What did you get done on each since we last spoke?'],
    analytical: ['What are your latest numbers for each?'],
    supportive: ['How did each of these go for you since we last spoke?'],
    friendly: ['How did each of these go since we last spoke?', "What's the latest on each?"],
  };
  return pick(byTone[tone], seed, 11);
}

/** A coach-written template, about the first goal: filled as the scheduling screen's sample is. */
function fromTemplate(template: string, ctx: CheckInContext): string {
  const goal = ctx.goals[0];
  return fillPromptTemplate(template, { firstName: ctx.client.firstName, goal: goal ? { title: goal.title, progress: goal.progress } : null });
}

const contextSeed = (ctx: CheckInContext) => seedOf(ctx.client.firstName, ctx.client.lastName, ctx.localTime, ctx.recent[0]?.at ?? '', ...ctx.goals.map((g) => `${g.id}:${g.currentValue}`));

export function composeCheckInText(ctx: CheckInContext): string {
  const sig = signature(ctx);
  if (ctx.promptTemplate?.trim()) return fitSms(fromTemplate(ctx.promptTemplate.trim(), ctx), sig);
  const tone = toneOf(ctx.coach.survey);
  const seed = contextSeed(ctx);
  const parts = [opening(ctx, tone, seed)];
  const memory = remembered(ctx, seed);
  const [only] = ctx.goals;
  if (ctx.goals.length === 0) {
    if (memory) parts.push(memory);
    parts.push(tone === 'direct' ? 'How did the week go?' : 'How are things going this week?');
  } else if (ctx.goals.length === 1 && only) {
    if (trackable(only)) {
      const where = unitInTitle(only) ? ofTarget(only) : `${ofTarget(only)} for "${only.title}"`;
      parts.push(pick([`Last I have you at ${where}.`, `You're at ${where} so far.`, `So far: ${where}.`], seed, 2));
      const milestone = nextMilestone(only);
      if (milestone) parts.push(`Next stop: ${milestone.title}.`);
    }
    if (memory) parts.push(memory);
    parts.push(singleQuestion(only, tone, seed));
  } else {
    const list = ctx.goals.map(standing);
    parts.push(`Where things stand: ${list.slice(0, -1).join('; ')} and ${list.at(-1)}.`);
    if (memory) parts.push(memory);
    parts.push(globalQuestion(tone, seed));
  }
  const text = parts.join(' ');
  // Too long for one SMS with every goal listed: the list goes, the question stays.
  if (text.length > SMS_LIMIT - (sig ? sig.length + 1 : 0) && ctx.goals.length > 1) {
    return fitSms([parts[0], `A quick check-in on your ${ctx.goals.length} goals.`, memory, globalQuestion(tone, seed)].filter(Boolean).join(' '), sig);
  }
  return fitSms(text, sig);
}

// ---------------------------------------------------------------------------------------------
// Follow-ups

function acknowledgement(ctx: FollowUpContext, tone: Tone, seed: number): string {
  const first = ctx.client.firstName;
  const m = ctx.analysis.motivation;
  if (m === 'high') return pick(tone === 'direct' ? [`Good work, ${first}.`, `Solid, ${first}.`] : [`Love this, ${first}!`, `That's great to hear, ${first}!`, `Brilliant, ${first}!`], seed);
  if (m === 'low') return pick([`Thanks for being honest, ${first}.`, `I hear you, ${first}.`, `Thanks for telling me, ${first}.`], seed);
  return pick([`Thanks for the update, ${first}.`, `Got it, thanks ${first}.`, `Thanks, ${first}!`], seed);
}

/** The recorded progress, goal by goal (two at most; more are "all logged"). */
function progressLines(ctx: FollowUpContext): string[] {
  const lines: string[] = [];
  for (const entry of ctx.analysis.progress) {
    const g = ctx.goals.find((x) => x.id === entry.goalId);
    if (!g) continue;
    if (entry.value !== null && trackable(g)) {
      if (entry.value >= g.target!) lines.push(`That's your target for "${g.title}" reached!`);
      else lines.push(unitInTitle(g) ? `That's ${ofTarget(g, entry.value)} now.` : `"${g.title}" is at ${ofTarget(g, entry.value)} now.`);
    } else if (entry.completed) {
      lines.push(`Great that "${g.title}" is done.`);
    }
  }
  return lines.length > 2 ? ['All of it is logged: nice spread of progress.'] : lines;
}

export function composeFollowUpText(ctx: FollowUpContext): string {
  const tone = toneOf(ctx.coach.survey);
  const seed = seedOf(contextSeed(ctx), ctx.reply);
  const topics = topicsOf(ctx.reply);
  const parts = [acknowledgement(ctx, tone, seed), ...progressLines(ctx)];
  const [unclear] = ctx.analysis.unattributed;
  if (unclear) parts.push("I didn't log one number because I couldn't tell which goal it was for: tell me and I'll add it.");

  // One next step: what hurts first, then what blocks, then the mood, then the plan.
  const openMilestone = ctx.goals.map(nextMilestone).find(Boolean);
  const done = ctx.analysis.progress.some((e) => e.completed);
  if (topics.pain) parts.push(`Go easy on ${painPhrase(topics.pain)}: rest it, and don't push through pain.`);
  else if (topics.illness) parts.push('Rest up first; we pick it back up when you feel better.');
  else if (topics.blocker) parts.push(`Next step: ${topics.blocker}. Put ten minutes in the calendar for it today.`);
  else if (ctx.analysis.motivation === 'low') parts.push(tone === 'supportive' ? 'One small step tomorrow is enough.' : 'Pick one small step for tomorrow and text me how it went.');
  else if (openMilestone && !done) parts.push(tone === 'direct' ? `Next: ${openMilestone.title}.` : `Next up: ${openMilestone.title}.`);
  else if (!done) parts.push(tone === 'direct' ? 'Keep the pace.' : pick(['Keep it up!', 'Same again next time!', 'Keep that rhythm going.'], seed, 2));
  return fitSms(parts.join(' '), signature(ctx));
}

