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
    client: { firstName: ctx.client.firstName },
    localTime: ctx.localTime,
    checkInCovers: ctx.isGlobal ? 'all active goals' : 'one goal',
    goals: ctx.goals.map(goalFacts),
    recentCheckIns: ctx.recent,
    ...(ctx.promptTemplate ? { coachInstructions: ctx.promptTemplate } : {}),
  };
}

function system(ctx: { coach: CheckInContext['coach'] }, task: string): string {
  return [
    `You are the assistant of ${ctx.coach.name}, a coach. You talk with the coach's client by SMS on the coach's behalf.`,
    'The coach described their approach as follows; match its tone:',
    approach(ctx.coach.survey),
    '',
    task,
    'Answer with a single JSON object and nothing else.',
  ].join('\n');
}

export type ChatMessage = { role: 'system' | 'user'; content: string };

export function checkInPrompt(ctx: CheckInContext): ChatMessage[] {
  return [
    {
      role: 'system',
      content: system(
        ctx,
        'Write the next check-in text message to the client: greet them by first name, ask about progress on the goal(s) in concrete terms (numbers and units when the goal has a target), mention a milestone or recent answer when it helps, and end with one clear question. Plain text, no markdown, at most 320 characters. JSON shape: {"message": string}.',
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
          '{"coachSummary": string (1-3 sentences for the coach), "insights": string[] (0-5 short observations),',
          ' "executiveSummary": string (one paragraph on where the client stands overall),',
          ' "motivation": "low" | "medium" | "high", "engagementAssessment": "great" | "okay" | "bad",',
          ' "concerns": string[] (risks the coach should know about, empty when none),',
          ' "progressValue": number | null, "goalCompleted": boolean}.',
          "progressValue is the goal's new current value in the goal's unit when the reply states progress on a goal with a target:",
          'when the reply reports an increment ("another 5 km", "5 km today") add it to the current value; when it states a total use the total;',
          'null when no number is stated, or when several numeric goals are covered and the number cannot be attributed to one.',
          'goalCompleted is true only when the client clearly says the goal is done.',
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
        "Write a short follow-up text message answering the client's reply: acknowledge what they said, react to their progress and mood the way the coach would, and give one encouraging next step. No question is needed. Plain text, no markdown, at most 320 characters. JSON shape: {\"message\": string}.",
      ),
    },
    {
      role: 'user',
      content: JSON.stringify({ ...facts(ctx), checkInMessage: ctx.message, clientReply: ctx.reply, analysis: { motivation: ctx.analysis.motivation, concerns: ctx.analysis.concerns } }),
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
        ].join('\n'),
      ),
    },
    { role: 'user', content: JSON.stringify({ client: { firstName: ctx.clientFirstName }, goal: goalFacts(ctx.goal) }) },
  ];
}
