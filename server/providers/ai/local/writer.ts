import { signatureLine } from '@/lib/coaching-survey';
import type { CoachingSurvey } from '@/lib/preferences';
import { fillPromptTemplate } from '@/lib/prompt-template';
import type { AiGoal, CheckInContext, FollowUpContext } from '../types';
import { phrasesFor, type PartOfDay, type Phrases, type Tone } from './phrases';
import { ofTargetIn, unitWordIn } from './quantities';
import { SMS_LIMIT, fitSms, isDaily, isCurrency, pick, seedOf, trackable, unitInTitle } from './text';
import { topicsOf } from './topics';

/**
 * The local writer: check-ins and follow-ups as a coach would text them, in the client's language
 * (every sentence comes from that language's phrase table, phrases/<lang>.ts). Variety (openings,
 * phrasing) is drawn from a seed of the check-in's own facts, so the same check-in always reads the
 * same and tests are stable, while consecutive check-ins do not.
 */

export type { Tone };

/** The coach's survey, read for a few telling words. */
export function toneOf(survey: CoachingSurvey | null): Tone {
  const text = survey ? `${survey.coachingStyle} ${survey.motivationApproach} ${survey.feedbackStyle}`.toLowerCase() : '';
  if (/\b(direct|accountab|challeng|tough|push|no excuses|blunt)/.test(text)) return 'direct';
  if (/\b(data|metric|number|measur|track|analytic)/.test(text)) return 'analytical';
  if (/\b(support|gentle|empath|encourag|kind|compassion|positive|warm)/.test(text)) return 'supportive';
  return 'friendly';
}

const phrasesOf = (ctx: CheckInContext) => phrasesFor(ctx.client.language);
const signature = (ctx: CheckInContext) => signatureLine(ctx.coach.survey?.signature, ctx.coach.firstName, ctx.client.language);

function partOfDay(localTime: string): PartOfDay {
  const hour = Number(/(\d{1,2}):\d{2}/.exec(localTime)?.[1] ?? 12);
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

/** The weekday of the local time ("Monday 09:00" is written in English), in the client's language. */
function weekday(localTime: string, p: Phrases): string | null {
  const day = /^[A-Z][a-z]+day\b/.exec(localTime)?.[0];
  return day ? (p.weekdays[day] ?? null) : null;
}

function opening(ctx: CheckInContext, p: Phrases, tone: Tone, seed: number): string {
  return pick(p.opening[tone](ctx.client.firstName, partOfDay(ctx.localTime), weekday(ctx.localTime, p)), seed);
}

/** What the client said last time that is worth remembering, as one sentence (never a question). */
function remembered(ctx: CheckInContext, p: Phrases, seed: number): string | null {
  const last = ctx.recent.find((r) => r.clientResponse);
  if (!last?.clientResponse) return null;
  const topics = topicsOf(last.clientResponse);
  if (topics.pain) return pick(p.memory.pain(p.painPhrase(topics.pain)), seed, 3);
  if (topics.illness) return p.memory.illness;
  if (topics.blocker) return p.memory.blocker(topics.blocker);
  if (last.motivation === 'low' || topics.lowMood) return p.memory.tough;
  if (last.motivation === 'high') return p.memory.momentum;
  return null;
}

const nextMilestone = (g: AiGoal) => g.milestones.find((m) => !m.completed);

/** Where one goal stands, in a clause: "4,200 of your 10,000 steps", "Walk 100 km at 40 of your 100 km". */
function standing(g: AiGoal, p: Phrases): string {
  if (!trackable(g)) return p.standingOpen(g.title);
  const of = ofTargetIn(p.language, g);
  return unitInTitle(g) ? of : p.standingTitled(g.title, of);
}

function singleQuestion(g: AiGoal, p: Phrases, tone: Tone, seed: number): string {
  const q = p.single;
  const milestone = nextMilestone(g);
  if (!trackable(g)) {
    if (milestone) return tone === 'direct' ? q.milestoneDirect(milestone.title) : q.milestone(milestone.title);
    return tone === 'direct' ? q.goalDirect(g.title) : pick(q.goal(g.title), seed, 5);
  }
  const unit = unitWordIn(p.language, g);
  if (isDaily(g)) {
    if (!unit) return q.dailyNoUnit;
    return tone === 'direct' ? q.dailyDirect(unit) : pick(q.daily(unit), seed, 5);
  }
  if (isCurrency(g.unit)) return tone === 'direct' ? q.currencyDirect : q.currency;
  if (!unit) return tone === 'direct' ? q.noUnitDirect : q.noUnit;
  if (tone === 'direct') return q.unitDirect(unit);
  if (tone === 'analytical') return q.unitAnalytical(unit);
  return pick(q.unit(unit), seed, 5);
}

const globalQuestion = (p: Phrases, tone: Tone, seed: number) => pick(p.global[tone], seed, 11);

/** A coach-written template, about the first goal: filled as the scheduling screen's sample is. */
function fromTemplate(template: string, ctx: CheckInContext): string {
  const goal = ctx.goals[0];
  return fillPromptTemplate(template, { firstName: ctx.client.firstName, goal: goal ? { title: goal.title, progress: goal.progress } : null });
}

const contextSeed = (ctx: CheckInContext) => seedOf(ctx.client.firstName, ctx.client.lastName, ctx.localTime, ctx.recent[0]?.at ?? '', ...ctx.goals.map((g) => `${g.id}:${g.currentValue}`));

export function composeCheckInText(ctx: CheckInContext): string {
  const sig = signature(ctx);
  // The coach's own words are sent as written, in whatever language the coach wrote them.
  if (ctx.promptTemplate?.trim()) return fitSms(fromTemplate(ctx.promptTemplate.trim(), ctx), sig);
  const p = phrasesOf(ctx);
  const tone = toneOf(ctx.coach.survey);
  const seed = contextSeed(ctx);
  const parts = [opening(ctx, p, tone, seed)];
  const memory = remembered(ctx, p, seed);
  const [only] = ctx.goals;
  if (ctx.goals.length === 0) {
    if (memory) parts.push(memory);
    parts.push(tone === 'direct' ? p.noGoals.direct : p.noGoals.other);
  } else if (ctx.goals.length === 1 && only) {
    if (trackable(only)) {
      const of = ofTargetIn(p.language, only);
      parts.push(pick(p.soFar(unitInTitle(only) ? of : p.whereTitled(of, only.title)), seed, 2));
      const milestone = nextMilestone(only);
      if (milestone) parts.push(p.nextStop(milestone.title));
    }
    if (memory) parts.push(memory);
    parts.push(singleQuestion(only, p, tone, seed));
  } else {
    parts.push(p.whereThingsStand(ctx.goals.map((g) => standing(g, p))));
    if (memory) parts.push(memory);
    parts.push(globalQuestion(p, tone, seed));
  }
  const text = parts.join(' ');
  // Too long for one SMS with every goal listed: the list goes, the question stays.
  if (text.length > SMS_LIMIT - (sig ? sig.length + 1 : 0) && ctx.goals.length > 1) {
    return fitSms([parts[0], p.quickCheckIn(ctx.goals.length), memory, globalQuestion(p, tone, seed)].filter(Boolean).join(' '), sig);
  }
  return fitSms(text, sig);
}

// ---------------------------------------------------------------------------------------------
// Follow-ups

function acknowledgement(ctx: FollowUpContext, p: Phrases, tone: Tone, seed: number): string {
  const first = ctx.client.firstName;
  const m = ctx.analysis.motivation;
  if (m === 'high') return pick(tone === 'direct' ? p.ack.highDirect(first) : p.ack.high(first), seed);
  if (m === 'low') return pick(p.ack.low(first), seed);
  return pick(p.ack.neutral(first), seed);
}

/** The recorded progress, goal by goal (two at most; more are "all logged"). */
function progressLines(ctx: FollowUpContext, p: Phrases): string[] {
  const lines: string[] = [];
  for (const entry of ctx.analysis.progress) {
    const g = ctx.goals.find((x) => x.id === entry.goalId);
    if (!g) continue;
    if (entry.value !== null && trackable(g)) {
      if (entry.value >= g.target!) lines.push(p.progress.reached(g.title));
      else {
        const of = ofTargetIn(p.language, g, entry.value);
        lines.push(unitInTitle(g) ? p.progress.untitled(of) : p.progress.titled(g.title, of));
      }
    } else if (entry.completed) {
      lines.push(p.progress.done(g.title));
    }
  }
  return lines.length > 2 ? [p.progress.allLogged] : lines;
}

export function composeFollowUpText(ctx: FollowUpContext): string {
  const p = phrasesOf(ctx);
  const tone = toneOf(ctx.coach.survey);
  const seed = seedOf(contextSeed(ctx), ctx.reply);
  const topics = topicsOf(ctx.reply);
  const parts = [acknowledgement(ctx, p, tone, seed), ...progressLines(ctx, p)];
  const [unclear] = ctx.analysis.unattributed;
  if (unclear) parts.push(p.unclear);

  // One next step: what hurts first, then what blocks, then the mood, then the plan.
  const openMilestone = ctx.goals.map(nextMilestone).find(Boolean);
  const done = ctx.analysis.progress.some((e) => e.completed);
  if (topics.pain) parts.push(p.next.pain(p.painPhrase(topics.pain)));
  else if (topics.illness) parts.push(p.next.illness);
  else if (topics.question) parts.push(p.next.question(ctx.coach.firstName || ctx.coach.name));
  else if (topics.blocker) parts.push(p.next.blocker(topics.blocker));
  else if (ctx.analysis.motivation === 'low') parts.push(tone === 'supportive' ? p.next.lowSupportive : p.next.low);
  else if (openMilestone && !done) parts.push(tone === 'direct' ? p.next.milestoneDirect(openMilestone.title) : p.next.milestone(openMilestone.title));
  else if (!done) parts.push(tone === 'direct' ? p.next.keepDirect : pick(p.next.keep, seed, 2));
  return fitSms(parts.join(' '), signature(ctx));
}
