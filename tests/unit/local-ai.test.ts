import { describe, expect, it } from 'vitest';
import { analyseReplyText, composeCheckInText, composeFollowUpText, milestonesFor, toneOf } from '@/server/providers/ai/local';
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

const coach = { name: 'Dana Rivers', firstName: 'Dana', survey: null };

function ctx(partial: Partial<CheckInContext> = {}): CheckInContext {
  return {
    coach,
    client: { firstName: 'Ada', lastName: 'L', timezone: 'UTC', language: 'en' },
    goals: [walk],
    isGlobal: false,
    recent: [],
    localTime: 'Monday 09:00',
    ...partial,
  };
}

describe('local check-in messages', () => {
  it('read like a person: natural quantities, the next milestone, one question, signed as the coach chose', () => {
    const text = composeCheckInText(ctx());
    expect(text).toContain('40 of your 100 km');
    expect(text).toContain('Next stop: Reach 50 km.');
    expect(text).not.toMatch(/\(in \w+\)\?|km of 100 km|\d+%/);
    expect(text.match(/\?/g)).toHaveLength(1);
    expect(text).toMatch(/ — Dana's assistant$/);
    expect(composeCheckInText(ctx())).toBe(text);
  });
  it('vary the opening from one check-in to the next, deterministically', () => {
    const openings = new Set(['Monday 09:00', 'Tuesday 09:00', 'Wednesday 09:00', 'Thursday 09:00', 'Friday 09:00', 'Saturday 09:00'].map((localTime) => composeCheckInText(ctx({ localTime })).split(/[!.]/)[0]));
    expect(openings.size).toBeGreaterThan(2);
  });
  it('sign as the coach, as the assistant, or not at all', () => {
    const survey = { coachingStyle: '', clientExpectations: '', motivationApproach: '', feedbackStyle: '', challengeApproach: '' };
    expect(composeCheckInText(ctx({ coach: { ...coach, survey: { ...survey, signature: 'coach' } } }))).toMatch(/ — Dana \(via Cadence\)$/);
    expect(composeCheckInText(ctx({ coach: { ...coach, survey: { ...survey, signature: 'none' } } }))).not.toContain('—');
  });
  it('follow the coach survey', () => {
    const direct = { coachingStyle: 'Direct and accountability-focused', clientExpectations: '', motivationApproach: '', feedbackStyle: '', challengeApproach: '' };
    expect(toneOf(direct)).toBe('direct');
    expect(composeCheckInText(ctx({ coach: { ...coach, survey: direct } }))).toContain('How many km since we last spoke?');
    expect(toneOf({ ...direct, coachingStyle: 'Gentle and supportive' })).toBe('supportive');
  });
  it('cover every goal of a global check-in with one question, and use a coach template', () => {
    const text = composeCheckInText(ctx({ isGlobal: true, goals: [walk, task] }));
    expect(text).toContain('Where things stand: 40 of your 100 km and "Write a business plan" still open.');
    expect(text.match(/\?/g)).toHaveLength(1);
    expect(composeCheckInText(ctx({ promptTemplate: 'Hey {firstName}, {goal} is at {progress}. Update?' }))).toBe("Hey Ada, Walk 100 km is at 40%. Update? — Dana's assistant");
  });
  it("remember the client's last answer", () => {
    const past = (clientResponse: string, motivation = 'medium') => ctx({ recent: [{ at: '2026-01-01T00:00:00Z', aiMessage: 'x', clientResponse, motivation }] });
    expect(composeCheckInText(past('tired', 'low'))).toContain('Last time things felt tough');
    expect(composeCheckInText(past('Did 8 km but my knee is sore again'))).toMatch(/your knee/);
    expect(composeCheckInText(past('Still need to book physio.'))).toContain('Last time you still had to book physio.');
  });
});

describe('local reply analysis', () => {
  const analyse = (reply: string, c: Partial<CheckInContext> = {}) => analyseReplyText({ ...ctx(c), message: 'm', reply });
  const valueOf = (reply: string, goal: AiGoal = walk) => analyse(reply, { goals: [goal] }).progress.find((p) => p.goalId === goal.id)?.value ?? null;
  it('reads an increment, a total, a percentage and a remainder', () => {
    expect(valueOf('Walked 5 km today')).toBe(45);
    expect(valueOf("I'm at 62 km so far")).toBe(62);
    expect(valueOf('About 75% done')).toBe(75);
    expect(valueOf('only 10 km to go!')).toBe(90);
    expect(valueOf('another five kilometres')).toBe(45);
    expect(valueOf('No numbers here')).toBeNull();
    expect(valueOf("didn't walk at all this week")).toBeNull();
    expect(valueOf('Walked at 7pm on the 12th')).toBeNull();
  });
  it('reads motivation, engagement and concerns from the content', () => {
    expect(analyse('Walked 5 km today, feeling great')).toMatchObject({ motivation: 'high', engagementAssessment: 'okay', progress: [{ goalId: 'g1', value: 45, completed: false }], concerns: [] });
    expect(analyse('Too busy and exhausted, skipped everything')).toMatchObject({ motivation: 'low', engagementAssessment: 'okay' });
    expect(analyse('Not great, knee is sore').concerns).toContain('Health: knee pain or injury');
    expect(analyse('k')).toMatchObject({ engagementAssessment: 'bad', progress: [] });
    expect(analyse('I finished it!', { goals: [task] }).progress).toEqual([{ goalId: 'g2', value: null, completed: true }]);
    expect(analyse('not finished yet', { goals: [task] }).progress).toEqual([]);
  });
  it('moves several goals from one reply, by unit and by title words', () => {
    const steps: AiGoal = { ...walk, id: 's', title: 'Walk 10,000 steps a day', type: 'habit', target: 10000, unit: 'steps', currentValue: 4200, milestones: [] };
    const meditate: AiGoal = { ...walk, id: 'm', title: 'Meditate 10 minutes daily', type: 'habit', target: 30, unit: 'sessions', currentValue: 3, milestones: [] };
    const physio: AiGoal = { ...task, id: 'p', title: 'Book a physio appointment', milestones: [] };
    const a = analyse('Walked 6500 steps today and meditated twice. Still need to book physio.', { isGlobal: true, goals: [steps, meditate, physio] });
    expect(a.progress).toEqual([
      { goalId: 's', value: 6500, completed: false },
      { goalId: 'm', value: 5, completed: false },
    ]);
    expect(a.coachSummary).toContain('Walk 10,000 steps a day: 4,200 → 6,500 steps.');
    expect(a.coachSummary).toContain('Blocked: still has to book physio.');
    expect(a.coachSummary).not.toContain('Walked 6500');
  });
  it('never guesses between goals that share a unit, and says so', () => {
    const a = analyse('Did 5 km today', { isGlobal: true, goals: [walk, { ...walk, id: 'g3', title: 'Swim 10 km' }] });
    expect(a.progress).toEqual([]);
    expect(a.unattributed[0]).toContain('"Walk 100 km" or "Swim 10 km"');
    expect(analyse('Swam 2 km', { isGlobal: true, goals: [walk, { ...walk, id: 'g3', title: 'Swim 10 km', currentValue: 1 }] }).progress).toEqual([{ goalId: 'g3', value: 3, completed: false }]);
  });
  it('keeps a bare number that only confirms a total out of the unattributed notes, and leaves plans and prices alone', () => {
    const save: AiGoal = { ...walk, id: 's', title: 'Save $5,000', target: 5000, unit: '$', currentValue: 1200, milestones: [] };
    const a = analyse('saved 300, at 1500 now', { isGlobal: true, goals: [save, walk] });
    expect(a.progress).toEqual([{ goalId: 's', value: 1500, completed: false }]);
    expect(a.unattributed).toEqual([]);
    expect(a.coachSummary).toContain('Save $5,000: $1,200 → $1,500.');
    expect(analyse('gonna run 10 km tomorrow').progress).toEqual([]);
    expect(analyse('$50 on coffee this week lol', { goals: [save] }).progress).toEqual([]);
    expect(analyse('Auto transfer set for $50 every Friday', { goals: [save] }).progress).toEqual([]);
  });
  it('moves a goal only on evidence tied to it, and abstains on every doubt', () => {
    const run: AiGoal = { ...walk, id: 'r', title: 'Run 50 km this month', target: 50, unit: 'km', currentValue: 20, milestones: [] };
    const gym: AiGoal = { ...walk, id: 'y', title: 'Gym 12 sessions this month', target: 12, unit: 'sessions', currentValue: 4, milestones: [] };
    const loss: AiGoal = { ...walk, id: 'l', title: 'Lose 20 lbs', target: 20, unit: 'lbs', currentValue: 6, milestones: [] };
    const med: AiGoal = { ...walk, id: 'm', title: 'Meditate 300 minutes', target: 300, unit: 'minutes', currentValue: 100, milestones: [] };
    const yoga: AiGoal = { ...med, id: 'o', title: 'Yoga 200 minutes', target: 200, currentValue: 50 };
    const moved = (reply: string, goals: AiGoal[]) => analyse(reply, { goals, isGlobal: goals.length > 1 }).progress.map((p) => `${p.goalId}=${p.value}`);
    // Evidence: the unit, the goal's own activity, occasions for an occasion-counted goal.
    expect(moved('cooked dinner, then ran 8 km', [run])).toEqual(['r=28']);
    expect(moved('20 min meditation 3x', [med])).toEqual(['m=160']);
    expect(moved('meditated twice for 10 mins', [med])).toEqual(['m=120']);
    expect(moved('3 more so 7 now', [gym])).toEqual(['y=7']);
    // No evidence, or evidence cancelled: unchanged.
    for (const [reply, goals] of [
      ['ran twice this week', [run]],
      ['walked 3k', [run]],
      ['ran 10k in 55 minutes', [med]],
      ['read about 90 pages? and 3 journal entries', [run]],
      ['maybe 4 or 5 sessions', [gym]],
      ['planned 3 sessions but did none', [gym]],
      ['8k-10k', [run]],
      ['gained 1 lb ugh', [loss]],
      ['lost 3 lbs but gained 1 back', [loss]],
      ['walked 12 km with my sister who ran 5k', [run]],
      ['8 sessions', [gym]],
      ['3 more so 8 now', [gym]],
      ['1 hour of yoga and meditation', [med, yoga]],
      ['10/10 week', [gym]],
      ['did twice as many as last week', [gym]],
    ] as const) expect(moved(reply, [...goals]), reply).toEqual([]);
  });
  it('answers the shape the OpenAI answers are checked against', () => {
    expect(replyAnalysisSchema.safeParse(analyse('Walked 5 km today, feeling great')).success).toBe(true);
  });
  it('writes a follow-up from the analysis: the specifics, one next step, the signature', () => {
    const analysis = analyse('Walked 5 km today, feeling great');
    const text = composeFollowUpText({ ...ctx(), message: 'm', reply: 'r', analysis });
    expect(text).toContain("That's 45 of your 100 km now.");
    expect(text).toContain('Next up: Reach 50 km.');
    expect(text).toMatch(/ — Dana's assistant$/);
    const hurt = analyse('Only 2 km, my knee hurts');
    expect(composeFollowUpText({ ...ctx(), message: 'm', reply: 'Only 2 km, my knee hurts', analysis: hurt })).toContain('Go easy on your knee');
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
