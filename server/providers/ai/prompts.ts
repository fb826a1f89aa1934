import { signatureLine } from '@/lib/coaching-survey';
import { ADDRESS_FORMS, LANGUAGE_NAMES } from '@/lib/languages';
import type { CoachingSurvey } from '@/lib/preferences';
import type { AiGoal, CheckInContext, FollowUpContext, MilestoneContext, ReplyContext } from './types';

/** Prompts for any OpenAI-compatible chat model; every answer is a JSON object (JSON mode). */

function approach(survey: CoachingSurvey | null): string {
  if (!survey) return 'No coaching approach was described; be warm, brief and encouraging.';
  const lines = [
    ['Coaching style', survey.coachingStyle],
    ['What clients can expect', survey.clientExpectations],
    ['How the coach motivates', survey.motivationApproach],
    ['How the coach gives feedback', survey.feedbackStyle],
    ['How the coach handles setbacks', survey.challengeApproach],
  ].filter(([, v]) => v && v.trim());
  return lines.length ? lines.map(([k, v]) => `- ${k}: ${v!.trim()}`).join('\n') : 'No coaching approach was described; be warm, brief and encouraging.';
}

function goalFacts(goal: AiGoal) {
  return {
    id: goal.id,
    title: goal.title,
    type: goal.type,
    description: goal.description,
    target: goal.target,
    unit: goal.unit,
    currentValue: goal.currentValue,
    progressPercent: goal.progress,
    milestones: goal.milestones,
  };
}

function facts(ctx: CheckInContext) {
  return {
    client: { firstName: ctx.client.firstName, language: LANGUAGE_NAMES[ctx.client.language] },
    localTime: ctx.localTime,
    checkInCovers: ctx.isGlobal ? 'all active goals' : 'one goal',
    goals: ctx.goals.map(goalFacts),
    recentCheckIns: ctx.recent,
    ...(ctx.promptTemplate ? { coachInstructions: ctx.promptTemplate } : {}),
  };
}

function system(ctx: { coach: MilestoneContext['coach'] }, task: string): string {
  return [
    `You are the assistant of ${ctx.coach.name}, a coach. You talk with the coach's client by SMS on the coach's behalf.`,
    'The coach described their approach as follows; match its tone:',
    approach(ctx.coach.survey),
    '',
    task,
    'Answer with a single JSON object and nothing else.',
  ].join('\n');
}

/** How a message to the client ends, as the coach chose in the coaching survey. */
function signing(ctx: Pick<CheckInContext, 'coach' | 'client'>): string {
  const line = signatureLine(ctx.coach.survey?.signature, ctx.coach.firstName, ctx.client.language);
  return line ? `End the message with this signature on its own, exactly: "${line}".` : 'Do not sign the message.';
}

/** The message goes to the client in their language; what the coach reads stays English (the coach's screens are English). */
function languages(ctx: Pick<CheckInContext, 'client'>): string {
  const name = LANGUAGE_NAMES[ctx.client.language];
  return `Write the message to the client in ${name}; write the summary, insights and concerns for the coach in English. ${ADDRESS_FORMS[ctx.client.language]}`;
}

export type ChatMessage = { role: 'system' | 'user'; content: string };

export function checkInPrompt(ctx: CheckInContext): ChatMessage[] {
  return [
    {
      role: 'system',
      content: system(
        ctx,
        [
          'Write the next check-in text message to the client, as a person would text: greet them by first name (vary the opening),',
          'ask about progress on the goal(s) in concrete, natural terms ("4,200 of your 10,000 steps"; numbers and units when the goal has a target),',
          "mention a milestone, or follow up on what the client said last time when it helps, and ask exactly ONE clear question.",
          languages(ctx),
          signing(ctx),
          'Plain text, no markdown, at most 320 characters. JSON shape: {"message": string}.',
        ].join('\n'),
      ),
    },
    { role: 'user', content: JSON.stringify(facts(ctx)) },
  ];
}

export function analysisPrompt(ctx: ReplyContext): ChatMessage[] {
  return [
    {
      role: 'system',
      content: system(
        ctx,
        [
          "Analyse the client's reply to the check-in for the coach. JSON shape:",
          '{"coachSummary": string (1-3 sentences for the coach: what happened per goal, what is blocked, what changed since last time; never quote the reply),',
          ' "insights": string[] (0-5 short observations drawn from the reply, not boilerplate),',
          ' "executiveSummary": string (one paragraph on where the client stands overall),',
          ' "motivation": "low" | "medium" | "high", "engagementAssessment": "great" | "okay" | "bad",',
          ' "concerns": string[] (risks the coach should know about: pain or injury, missed days, low mood, blockers; empty when none),',
          ' "progress": [{"goalId": string, "value": number | null, "completed": boolean}],',
          ' "unattributed": string[]}.',
          'progress has one entry per goal the reply moves, goalId being that goal\'s "id" from the goals listed; leave out goals the reply says nothing usable about.',
          "value is the goal's NEW current value in the goal's unit:",
          '- an increment ("another 5 km", "did 3 today", "2 more") is added to currentValue;',
          '- a stated total ("I\'m at 42 now", "8 in total") replaces it;',
          '- a percentage ("about 60% done") is that share of the target;',
          '- a remainder ("2 more to go") is the target minus it;',
          '- a numeric goal reported fully achieved is the target;',
          '- convert units only when exact ("an hour" = 60 for a minutes goal, "1.5 hrs" = 90); otherwise leave the goal out;',
          '- "didn\'t run at all", "zero", "no progress": leave the goal out (nothing changed); never lower a value unless the reply states a new total;',
          '- plans ("gonna do 1 more tomorrow"), guesses ("maybe 10ish"), prices, dates, times and phone numbers are not progress;',
          '- for a goal counted per day ("Walk 10,000 steps a day") the number reported for today is the value.',
          'completed is true only for a goal the client clearly says is done (a task goal has value null); never for "not yet".',
          'When a number could belong to more than one goal (e.g. "6 km" and two goals count km) and the reply does not say which, do NOT guess:',
          'leave those goals out and say it in unattributed ("6 km mentioned but two goals count km; not recorded") and in coachSummary.',
          'A wrong value is worse than none: when a careful human coach could not tell for sure, leave the goal out.',
          `The reply may be written in ${LANGUAGE_NAMES[ctx.client.language]} or another language; write coachSummary, insights, executiveSummary, concerns and unattributed in English.`,
        ].join('\n'),
      ),
    },
    { role: 'user', content: JSON.stringify({ ...facts(ctx), checkInMessage: ctx.message, clientReply: ctx.reply }) },
  ];
}

export function followUpPrompt(ctx: FollowUpContext): ChatMessage[] {
  return [
    {
      role: 'system',
      content: system(
        ctx,
[
          "Write a short follow-up text message answering the client's reply, as the coach would text it: acknowledge the specifics they reported",
          '(the progress entries of the analysis are what was recorded), react to their mood the way the coach would, remember earlier answers when relevant,',
          'and give ONE concrete next step. If they mention pain, injury or a blocker, address it first. No question is needed.',
          languages(ctx),
          signing(ctx),
          'Plain text, no markdown, at most 320 characters. JSON shape: {"message": string}.',
        ].join('\n'),
      ),
    },
    {
      role: 'user',
      content: JSON.stringify({ ...facts(ctx), checkInMessage: ctx.message, clientReply: ctx.reply, analysis: { motivation: ctx.analysis.motivation, concerns: ctx.analysis.concerns, progress: ctx.analysis.progress, unattributed: ctx.analysis.unattributed } }),
    },
  ];
}

export function milestonesPrompt(ctx: MilestoneContext): ChatMessage[] {
  return [
    {
      role: 'system',
      content: system(
        ctx,
        [
          'Propose 3 to 5 milestones that lead the client step by step to the goal, in order.',
          'JSON shape: {"milestones": [{"title": string, "description": string, "targetValue": number | null, "targetPercentage": number | null}]}.',
          'For a goal with a numeric target, targetValue is the value reached at that milestone and targetPercentage its share of the target (0-100); the last milestone reaches the target.',
          'For a goal without a target both are null except targetPercentage, which may still describe the share of the way done.',
          'The goal may already have milestones (goal.milestones, completed: true for done ones): propose the steps that come after the done ones and repeat none of them; the ones not done yet may be replaced by yours.',
        ].join('\n'),
      ),
    },
    { role: 'user', content: JSON.stringify({ client: { firstName: ctx.clientFirstName }, goal: goalFacts(ctx.goal) }) },
  ];
}
