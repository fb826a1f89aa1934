import { MILESTONE_DEFAULT_TARGET_SHARE } from '@/lib/constants';
import type { CoachingSurvey } from '@/lib/preferences';
import { fillPromptTemplate } from '@/lib/prompt-template';
import type { AiGoal, AiProvider, CheckInContext, FollowUpContext, GeneratedMilestone, ReplyAnalysis, ReplyContext } from './types';

/**
 * The built-in writer used when no OPENAI_API_KEY is set: deterministic text from the goals, their
 * progress and milestones, the latest exchanges and the coach's survey, and a rule-based reading of
 * replies (numbers → progress, sentiment words → motivation and engagement). Same input, same output.
 */

const SMS_LIMIT = 320;

type Tone = 'direct' | 'supportive' | 'analytical' | 'friendly';

/** The coach's survey, read for a few telling words. */
export function toneOf(survey: CoachingSurvey | null): Tone {
  const text = survey ? `${survey.coachingStyle} ${survey.motivationApproach} ${survey.feedbackStyle}`.toLowerCase() : '';
  if (/\b(direct|accountab|challeng|tough|push|no excuses|blunt)/.test(text)) return 'direct';
  if (/\b(data|metric|number|measur|track|analytic)/.test(text)) return 'analytical';
  if (/\b(support|gentle|empath|encourag|kind|compassion|positive|warm)/.test(text)) return 'supportive';
  return 'friendly';
}

const trimTo = (text: string, max = SMS_LIMIT) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 10) / 10);
}

const trackable = (g: AiGoal) => g.target !== null && g.target > 0;
const amount = (g: AiGoal, n: number) => `${formatNumber(n)}${g.unit ? ` ${g.unit}` : ''}`;
const nextMilestone = (g: AiGoal) => g.milestones.find((m) => !m.completed);

function greeting(localTime: string, first: string): string {
  const hour = Number(/(\d{2}):\d{2}/.exec(localTime)?.[1] ?? 12);
  const part = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  return `${part}, ${first}!`;
}

function goalLine(g: AiGoal): string {
  if (trackable(g)) return `"${g.title}": ${amount(g, g.currentValue)} of ${amount(g, g.target!)} (${formatNumber(g.progress)}%)`;
  return `"${g.title}"`;
}

function questionFor(g: AiGoal, tone: Tone): string {
  const milestone = nextMilestone(g);
  if (trackable(g)) {
    if (tone === 'direct') return `What's your number since we last spoke${g.unit ? ` (in ${g.unit})` : ''}?`;
    if (tone === 'analytical') return `How much did you log since the last check-in${g.unit ? `, in ${g.unit}` : ''}?`;
    return `How much did you manage since we last spoke?`;
  }
  if (milestone) return tone === 'direct' ? `Is "${milestone.title}" done yet?` : `How is "${milestone.title}" coming along?`;
  return tone === 'direct' ? 'What did you get done since we last spoke?' : 'How is it going?';
}

function recentNote(ctx: CheckInContext): string {
  const last = ctx.recent.find((r) => r.clientResponse);
  if (!last) return '';
  if (last.motivation === 'low') return 'Last time things felt tough, so go easy on yourself.';
  if (last.motivation === 'high') return 'You had great energy last time.';
  return '';
}

/** A coach-written template with {firstName}, {goal}, {progress} placeholders, about the first goal. */
function fromTemplate(template: string, ctx: CheckInContext): string {
  const goal = ctx.goals[0];
  return fillPromptTemplate(template, { firstName: ctx.client.firstName, goal: goal ? { title: goal.title, progress: goal.progress } : null });
}

export function composeCheckInText(ctx: CheckInContext): string {
  if (ctx.promptTemplate?.trim()) return trimTo(fromTemplate(ctx.promptTemplate.trim(), ctx));
  const tone = toneOf(ctx.coach.survey);
  const parts = [greeting(ctx.localTime, ctx.client.firstName)];
  const [only] = ctx.goals;
  if (ctx.goals.length === 0) {
    parts.push(`${ctx.coach.name} asked me to check in.`, 'How are things going this week?');
  } else if (ctx.goals.length === 1 && only) {
    parts.push(`Checking in on ${goalLine(only)}.`);
    const milestone = nextMilestone(only);
    if (milestone && trackable(only)) parts.push(`Next milestone: ${milestone.title}.`);
    const note = recentNote(ctx);
    if (note) parts.push(note);
    parts.push(questionFor(only, tone));
  } else {
    parts.push(`Quick check-in on your goals: ${ctx.goals.map(goalLine).join('; ')}.`);
    const note = recentNote(ctx);
    if (note) parts.push(note);
    parts.push(tone === 'direct' ? 'What did you get done on each since we last spoke?' : 'How did things go since we last spoke?');
  }
  return trimTo(parts.join(' '));
}

// ---------------------------------------------------------------------------------------------
// Reading a reply

const POSITIVE = [
  'great', 'good', 'awesome', 'amazing', 'excellent', 'fantastic', 'happy', 'proud', 'motivated', 'energized', 'energised', 'strong',
  'easy', 'love', 'loved', 'excited', 'better', 'crushed', 'nailed', 'fun', 'wonderful', 'confident', 'productive', 'fine', 'well',
];
const NEGATIVE = [
  'tired', 'exhausted', 'bad', 'hard', 'difficult', 'struggling', 'struggle', 'stressed', 'stress', 'sick', 'ill', 'injured', 'hurt',
  'pain', 'busy', 'overwhelmed', 'sad', 'down', 'unmotivated', 'lazy', 'missed', 'skipped', 'behind', 'failed', 'quit', 'worse',
  'frustrated', 'anxious', 'terrible', 'awful', 'sore',
];
const NEGATORS = new Set(['not', "didn't", 'didnt', "don't", 'dont', 'no', 'never', "wasn't", 'wasnt', "isn't", 'isnt', "couldn't", 'couldnt']);

const CONCERNS: { words: RegExp; concern: string }[] = [
  { words: /\b(sick|ill|injur\w*|hurt|pain|sore|doctor)\b/, concern: 'Health: mentions feeling unwell or hurt' },
  { words: /\b(busy|overwhelmed|no time|swamped|work(ing)? late)\b/, concern: 'Time pressure: says they are short on time' },
  { words: /\b(unmotivated|lazy|give up|giving up|quit|pointless|can't be bothered)\b/, concern: 'Motivation dip: talks about giving up or lacking drive' },
  { words: /\b(stress\w*|anxious|worried|sad|down)\b/, concern: 'Wellbeing: sounds stressed or low' },
  { words: /\b(missed|skipped|didn'?t (do|go|manage|make)|behind)\b/, concern: 'Fell behind: missed planned sessions' },
];

const TOTAL_WORDS = /\b(total|so far|in all|altogether|overall|now at|up to|reached|am at|i'?m at|currently)\b/;
const INCREMENT_WORDS = /\b(another|more|extra|additional|today|tonight|this morning|this afternoon|yesterday|this week|again)\b|\+\s*\d/;
const DONE_WORDS = /\b(finished|completed|done with it|achieved|reached my goal|hit my goal|did it|all done|it'?s done)\b/;

interface Sentiment {
  positive: string[];
  negative: string[];
}

export function sentimentOf(text: string): Sentiment {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  const positive: string[] = [];
  const negative: string[] = [];
  words.forEach((w, i) => {
    const negated = [words[i - 1], words[i - 2]].some((p) => p !== undefined && NEGATORS.has(p));
    if (POSITIVE.includes(w)) (negated ? negative : positive).push(negated ? `not ${w}` : w);
    else if (NEGATIVE.includes(w)) (negated ? positive : negative).push(negated ? `not ${w}` : w);
  });
  return { positive, negative };
}

interface NumberMention {
  value: number;
  percent: boolean;
  word: string;
}

function numbersIn(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of text.matchAll(/(\d+(?:[.,]\d+)?)\s*(%|percent\b)?\s*([a-zA-Z]+)?/g)) {
    out.push({ value: Number(m[1]!.replace(',', '.')), percent: Boolean(m[2]), word: (m[3] ?? '').toLowerCase() });
  }
  return out;
}

function unitMatches(goal: AiGoal, word: string): boolean {
  if (!goal.unit || !word) return false;
  const unit = goal.unit.toLowerCase();
  const stem = (s: string) => s.replace(/(es|s)$/, '');
  return stem(word) === stem(unit) || word.startsWith(unit) || unit.startsWith(word.slice(0, Math.max(2, Math.min(word.length, 4))));
}

/**
 * The goal's new current value implied by the reply: a number with the goal's unit (or the only
 * number), a percentage of the target, added to the current value when the reply reports an
 * increment ("another", "today"), taken as the total otherwise.
 */
export function progressFrom(reply: string, goal: AiGoal): number | null {
  if (!trackable(goal)) return null;
  const mentions = numbersIn(reply);
  if (mentions.length === 0) return null;
  const mention = mentions.find((m) => unitMatches(goal, m.word)) ?? mentions.find((m) => m.percent) ?? (mentions.length === 1 ? mentions[0] : undefined);
  if (!mention) return null;
  const lower = reply.toLowerCase();
  if (mention.percent) return Math.round(((goal.target! * Math.min(mention.value, 100)) / 100) * 100) / 100;
  const increment = !TOTAL_WORDS.test(lower) && INCREMENT_WORDS.test(lower);
  const value = increment ? goal.currentValue + mention.value : mention.value;
  return Math.round(value * 100) / 100;
}

export function analyseReplyText(ctx: ReplyContext): ReplyAnalysis {
  const reply = ctx.reply.trim();
  const lower = reply.toLowerCase();
  const first = ctx.client.firstName;
  const { positive, negative } = sentimentOf(reply);
  const score = positive.length - negative.length;
  const motivation: ReplyAnalysis['motivation'] = score >= 1 ? 'high' : score <= -1 ? 'low' : 'medium';
  const words = reply.split(/\s+/).filter(Boolean).length;
  const hasNumber = /\d/.test(reply);
  const dismissive = /^(no|nope|nah|k|ok|fine|whatever|stop asking|later)[.!]*$/i.test(reply);
  const engagementAssessment: ReplyAnalysis['engagementAssessment'] =
    dismissive || words <= 1 ? 'bad' : (hasNumber || words >= 8) && motivation !== 'low' ? 'great' : 'okay';

  // A global check-in's number is attributed only when exactly one goal can take it.
  const numeric = ctx.goals.filter(trackable);
  const goal = !ctx.isGlobal ? ctx.goals[0] : numeric.length === 1 ? numeric[0] : undefined;
  const progressValue = goal ? progressFrom(reply, goal) : null;
  const goalCompleted = Boolean(goal ?? (ctx.goals.length === 1 ? ctx.goals[0] : undefined)) && DONE_WORDS.test(lower) && !/\bnot\b.{0,12}\b(finished|completed|done)\b/.test(lower);

  const concerns = CONCERNS.filter((c) => c.words.test(lower)).map((c) => c.concern);
  const mood = motivation === 'high' ? 'sounds upbeat' : motivation === 'low' ? 'sounds discouraged' : 'replied matter-of-factly';
  const excerpt = reply.length > 120 ? `${reply.slice(0, 117)}…` : reply;
  const progressSentence =
    goal && progressValue !== null
      ? ` Reported progress on "${goal.title}": now ${amount(goal, progressValue)} of ${amount(goal, goal.target!)} (${formatNumber(Math.min(100, (progressValue / goal.target!) * 100))}%).`
      : '';
  const coachSummary = `${first} ${mood}: "${excerpt}".${progressSentence}${goalCompleted ? ' Says the goal is done.' : ''}`;

  const insights: string[] = [];
  if (progressSentence) insights.push(progressSentence.trim());
  if (positive.length) insights.push(`Positive words: ${[...new Set(positive)].slice(0, 4).join(', ')}`);
  if (negative.length) insights.push(`Signs of difficulty: ${[...new Set(negative)].slice(0, 4).join(', ')}`);
  insights.push(engagementAssessment === 'great' ? 'Replied with detail' : engagementAssessment === 'bad' ? 'Very short or dismissive reply' : 'Brief reply');

  const standing = ctx.goals.length
    ? ctx.goals
        .map((g) => {
          const value = g === goal && progressValue !== null ? progressValue : g.currentValue;
          return trackable(g) ? `"${g.title}" at ${formatNumber(Math.min(100, (value / g.target!) * 100))}%` : `"${g.title}" in progress`;
        })
        .join(', ')
    : 'no active goals';
  const executiveSummary = `${first}: ${standing}. Motivation ${motivation}, engagement ${engagementAssessment}.${concerns.length ? ` Watch: ${concerns.map((c) => c.split(':')[0]!.toLowerCase()).join(', ')}.` : ''}`;

  return { coachSummary, insights, executiveSummary, motivation, engagementAssessment, concerns, progressValue, goalCompleted };
}

export function composeFollowUpText(ctx: FollowUpContext): string {
  const tone = toneOf(ctx.coach.survey);
  const first = ctx.client.firstName;
  const { analysis } = ctx;
  const goal = !ctx.isGlobal ? ctx.goals[0] : ctx.goals.filter(trackable).length === 1 ? ctx.goals.find(trackable) : undefined;
  const parts: string[] = [];
  if (analysis.motivation === 'high') parts.push(tone === 'direct' ? `Good work, ${first}.` : `That's fantastic, ${first}!`);
  else if (analysis.motivation === 'low') parts.push(tone === 'direct' ? `Thanks for the honest answer, ${first}.` : `Thanks for being honest, ${first}. Tough days happen.`);
  else parts.push(`Thanks for the update, ${first}!`);
  if (goal && analysis.progressValue !== null && trackable(goal)) {
    parts.push(`That puts you at ${amount(goal, analysis.progressValue)} of ${amount(goal, goal.target!)} (${formatNumber(Math.min(100, (analysis.progressValue / goal.target!) * 100))}%).`);
  }
  if (analysis.goalCompleted) parts.push(`Congratulations on finishing "${goal?.title ?? ctx.goals[0]?.title ?? 'your goal'}"!`);
  const milestone = goal ? nextMilestone(goal) : undefined;
  if (analysis.motivation === 'low') {
    const challenge = ctx.coach.survey?.challengeApproach?.trim();
    parts.push(challenge && tone === 'supportive' ? 'One small step tomorrow is enough.' : 'Pick one small step for tomorrow and text me how it went.');
  } else if (milestone && !analysis.goalCompleted) {
    parts.push(tone === 'direct' ? `Next: ${milestone.title}.` : `Next up: ${milestone.title}. You've got this.`);
  } else if (!analysis.goalCompleted) {
    parts.push(tone === 'direct' ? 'Keep the pace.' : 'Keep it up!');
  }
  parts.push(`— ${ctx.coach.name}'s assistant`);
  return trimTo(parts.join(' '));
}

// ---------------------------------------------------------------------------------------------
// Milestones

function roundForTarget(value: number, target: number): number {
  if (Number.isInteger(target) && target >= 4) return Math.round(value);
  return Math.round(value * 10) / 10;
}

export function milestonesFor(goal: AiGoal): GeneratedMilestone[] {
  const shares = [MILESTONE_DEFAULT_TARGET_SHARE, 0.5, 0.75, 1];
  if (trackable(goal)) {
    const target = goal.target!;
    const labels = ['A strong start', 'Halfway there', 'The final stretch', 'Goal reached'];
    return shares.map((share, i) => {
      const value = roundForTarget(target * share, target);
      return {
        title: `Reach ${amount(goal, value)}`,
        description: `${labels[i]}: ${Math.round(share * 100)}% of "${goal.title}".`,
        targetValue: value,
        targetPercentage: Math.round(share * 100),
      };
    });
  }
  const steps = [
    { title: `Plan the first step of "${goal.title}"`, description: 'Decide what done looks like and put the first session in the calendar.' },
    { title: 'Complete the first step', description: 'Do the first concrete piece of work and note what got in the way.' },
    { title: 'Build momentum', description: 'Keep a steady rhythm; the goal is more than halfway done.' },
    { title: `Finish "${goal.title}"`, description: 'Wrap up the last piece and celebrate.' },
  ];
  return steps.map((s, i) => ({ ...s, targetValue: null, targetPercentage: Math.round((shares[i] ?? 1) * 100) }));
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
