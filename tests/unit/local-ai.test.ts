import { describe, expect, it } from 'vitest';
import { analyseReplyText, composeCheckInText, composeFollowUpText, milestonesFor, progressFrom, toneOf } from '@/server/providers/ai/local';
import { parseJsonAnswer } from '@/server/providers/ai/openai';
import { replyAnalysisSchema, type AiGoal, type CheckInContext } from '@/server/providers/ai/types';
import { tokenCost } from '@/server/providers/pricing';

const walk: AiGoal = {
  id: 'g1',
  title: 'Walk 100 km',
  type: 'progress',
  description: null,
  target: 100,
  unit: 'km',
  currentValue: 40,
  progress: 40,
  milestones: [
    { title: 'Reach 25 km', completed: true, targetValue: 25 },
    { title: 'Reach 50 km', completed: false, targetValue: 50 },
  ],
};
const task: AiGoal = { ...walk, id: 'g2', title: 'Write a business plan', type: 'task', target: null, unit: null, currentValue: 0, progress: 0, milestones: [{ title: 'Outline', completed: false, targetValue: null }] };

function ctx(partial: Partial<CheckInContext> = {}): CheckInContext {
  return {
    coach: { name: 'Dana Rivers', survey: null },
    client: { firstName: 'Ada', lastName: 'L', timezone: 'UTC' },
    goals: [walk],
    isGlobal: false,
    recent: [],
    localTime: 'Monday 09:00',
    ...partial,
  };
}

describe('local check-in messages', () => {
  it('greet by the local time and speak of the goal, its progress and next milestone', () => {
    const text = composeCheckInText(ctx());
    expect(text).toBe('Good morning, Ada! Checking in on "Walk 100 km": 40 km of 100 km (40%). Next milestone: Reach 50 km. How much did you manage since we last spoke?');
    expect(composeCheckInText(ctx())).toBe(text);
  });
  it('follow the coach survey', () => {
    const direct = { coachingStyle: 'Direct and accountability-focused', clientExpectations: '', motivationApproach: '', feedbackStyle: '', challengeApproach: '' };
    expect(toneOf(direct)).toBe('direct');
    expect(composeCheckInText(ctx({ coach: { name: 'D', survey: direct } }))).toContain("What's your number since we last spoke (in km)?");
    expect(toneOf({ ...direct, coachingStyle: 'Gentle and supportive' })).toBe('supportive');
  });
  it('cover every goal of a global check-in, and use a coach template', () => {
    expect(composeCheckInText(ctx({ isGlobal: true, goals: [walk, task] }))).toContain('"Walk 100 km": 40 km of 100 km (40%); "Write a business plan"');
    expect(composeCheckInText(ctx({ promptTemplate: 'Hey {firstName}, {goal} is at {progress}. Update?' }))).toBe('Hey Ada, Walk 100 km is at 40%. Update?');
  });
  it('mention how the last reply felt', () => {
    expect(composeCheckInText(ctx({ recent: [{ at: '2026-01-01T00:00:00Z', aiMessage: 'x', clientResponse: 'tired', motivation: 'low' }] }))).toContain('Last time things felt tough');
  });
});

describe('local reply analysis', () => {
  const analyse = (reply: string, c: Partial<CheckInContext> = {}) => analyseReplyText({ ...ctx(c), message: 'm', reply });
  it('reads an increment, a total and a percentage', () => {
    expect(progressFrom('Walked 5 km today', walk)).toBe(45);
    expect(progressFrom("I'm at 62 km so far", walk)).toBe(62);
    expect(progressFrom('About 75% done', walk)).toBe(75);
    expect(progressFrom('Walked 3 times for 5 km each... no, ran 8 km', walk)).toBe(5);
    expect(progressFrom('No numbers here', walk)).toBeNull();
    expect(progressFrom('Did 3 things', task)).toBeNull();
  });
  it('reads motivation and engagement from the words', () => {
    expect(analyse('Walked 5 km today, feeling great')).toMatchObject({ motivation: 'high', engagementAssessment: 'great', progressValue: 45, concerns: [] });
    expect(analyse('Too busy and exhausted, skipped everything')).toMatchObject({ motivation: 'low', engagementAssessment: 'okay' });
    expect(analyse('Not great, knee is sore').concerns).toContain('Health: mentions feeling unwell or hurt');
    expect(analyse('k')).toMatchObject({ engagementAssessment: 'bad', progressValue: null });
    expect(analyse('I finished it!', { goals: [task] }).goalCompleted).toBe(true);
  });
  it('gives a global number to the only numeric goal, never to one of several', () => {
    expect(analyse('Walked 5 km today', { isGlobal: true, goals: [walk, task] }).progressValue).toBe(45);
    expect(analyse('Walked 5 km today', { isGlobal: true, goals: [walk, { ...walk, id: 'g3', title: 'Swim 10 km' }] }).progressValue).toBeNull();
  });
  it('answers the shape the OpenAI answers are checked against', () => {
    expect(replyAnalysisSchema.safeParse(analyse('Walked 5 km today, feeling great')).success).toBe(true);
  });
  it('writes a follow-up from the analysis', () => {
    const analysis = analyse('Walked 5 km today, feeling great');
    expect(composeFollowUpText({ ...ctx(), message: 'm', reply: 'r', analysis })).toBe(
      "That's fantastic, Ada! That puts you at 45 km of 100 km (45%). Next up: Reach 50 km. You've got this. — Dana Rivers's assistant",
    );
  });
});

describe('local milestones', () => {
  it('split a numeric target in quarters and a task in steps', () => {
    expect(milestonesFor(walk).map((m) => [m.title, m.targetValue, m.targetPercentage])).toEqual([
      ['Reach 25 km', 25, 25],
      ['Reach 50 km', 50, 50],
      ['Reach 75 km', 75, 75],
      ['Reach 100 km', 100, 100],
    ]);
    expect(milestonesFor(task)).toHaveLength(4);
    expect(milestonesFor(task).every((m) => m.targetValue === null)).toBe(true);
  });
});

describe('OpenAI answers and prices', () => {
  it('parse JSON, fenced or not, and refuse anything else', () => {
    expect(parseJsonAnswer('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonAnswer('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(() => parseJsonAnswer('sure! here it is')).toThrow();
    expect(() => parseJsonAnswer('')).toThrow('empty answer');
  });
  it('price tokens by model, the longest known name first', () => {
    expect(tokenCost('gpt-4o-mini', { promptTokens: 1000, completionTokens: 1000 })).toBe(0.00075);
    expect(tokenCost('gpt-4o-mini-2024-07-18', { promptTokens: 2000, completionTokens: 0 })).toBe(0.0003);
    expect(tokenCost('gpt-4o', { promptTokens: 1000, completionTokens: 1000 })).toBe(0.0125);
    expect(tokenCost('llama3.1:8b', { promptTokens: 1000, completionTokens: 1000 })).toBe(0);
  });
});
