import { describe, expect, it } from 'vitest';
import { afterDoneMilestones, doneMilestonesReachTarget } from '@/lib/milestone-proposals';
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
  /** A goal like `walk` with its own title, unit and figures. */
  const goal = (id: string, title: string, unit: string, currentValue: number, target: number): AiGoal => ({ ...walk, id, title, unit, currentValue, target, milestones: [] });
  /** What a reply moves, as "id=value" ("id=done" for a task said done). */
  const moved = (reply: string, goals: AiGoal[]) => analyse(reply, { goals, isGlobal: goals.length > 1 }).progress.map((p) => `${p.goalId}=${p.completed ? 'done' : p.value}`);
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
  it('reads the wordings of parts 7 and 8 that it missed, as general rules', () => {
    const card = goal('c', 'Pay off the $4,000 credit card', 'USD', 2600, 4000);
    const lessons = goal('l', 'Finish 20 lessons on the app', 'lessons', 3, 20);
    const run = goal('r', 'Run 100 km', 'km', 10, 100);
    // A share after a copula, or said with the goal's own verb.
    expect(moved('the card is 75% paid off', [card])).toEqual(['c=3000']);
    expect(moved('60% painted', [goal('p', 'Paint 10 rooms', 'rooms', 2, 10)])).toEqual(['p=6']);
    // A comment on another goal ("freelance was quiet") does not share the amount before it.
    expect(moved('put $200 on the card friday, freelance was quiet', [card, goal('f', 'Earn $2,000 freelance', 'USD', 100, 2000)])).toEqual(['c=2800']);
    // Occasions the goal counts are an amount, not the title's threshold.
    expect(moved('ran 3 times', [goal('r', 'Run 5k 3 times a week (36 runs)', 'runs', 20, 36)])).toEqual(['r=23']);
    // Not knowing the total is no "nothing done"; a withdrawal is no saving.
    expect(moved('not sure about the total, did 3 more lessons', [lessons])).toEqual(['l=6']);
    expect(moved('took out $100 for the car', [goal('s', 'Save a $3,000 emergency fund', 'USD', 1000, 3000)])).toEqual([]);
    // A zero goes to the goal named right before it.
    expect(moved('2 lessons done, runs 0', [lessons, goal('n', 'Go for 20 runs', 'runs', 5, 20)])).toEqual(['l=5']);
    // A daily amount over the last N days; occasions of any name times the amount of each; N runs of a distance.
    expect(moved('20 min each evening for the past 5 days', [goal('m', 'Meditate 600 minutes', 'minutes', 100, 600)])).toEqual(['m=200']);
    expect(moved('15 min each morning, 5 mornings', [goal('s', 'Stretch 300 minutes this month', 'minutes', 95, 300)])).toEqual(['s=170']);
    expect(moved('stretched 15 min every morning this week', [goal('s', 'Stretch 300 minutes this month', 'minutes', 95, 300)])).toEqual(['s=200']);
    expect(moved('did 3 shifts, 5 hours each', [goal('v', 'Volunteer 50 hours', 'hours', 10, 50)])).toEqual(['v=25']);
    expect(moved('2 walks, 3 km each way', [goal('w', 'Walk 100 km', 'km', 10, 100)])).toEqual([]);
    expect(moved('3 easy 5k runs this week', [run])).toEqual(['r=25']);
    expect(moved('5k + 6k + 10k = 21k', [run])).toEqual(['r=31']);
    expect(moved('my run on sunday was 12k', [run])).toEqual(['r=22']);
    expect(moved('the essay was 2000 words', [goal('w', 'Write 50,000 words', 'words', 10000, 50000)])).toEqual([]);
    // The rest done; a motto; where a score or a streak stands now; an earlier reading; an amount inside the total.
    expect(moved('all 4 remaining chapters done!', [goal('b', 'Read 12 chapters', 'chapters', 8, 12)])).toEqual(['b=12']);
    expect(moved('one day at a time. day 30 today', [goal('s', 'Stay sober 90 days', 'days', 25, 90)])).toEqual(['s=30']);
    expect(moved("it's been 20 days without sugar", [goal('s', '60 days without sugar', 'days', 10, 60)])).toEqual(['s=20']);
    expect(moved('elo is 1400 now', [goal('s', 'Reach 1500 elo', 'elo', 1300, 1500)])).toEqual(['s=1400']);
    expect(moved('3 down, 9 to go', [goal('d', 'Lose 20 lbs', 'lbs', 6, 20), goal('b', 'Read 12 books', 'books', 3, 12)])).toEqual([]);
    expect(moved('my run was 5k short of the plan', [run])).toEqual([]);
    expect(moved('my pace is 5 now', [goal('r', 'Run 100 km', 'km', 2, 100)])).toEqual([]);
    expect(moved('last time i was at 5, now at 8', [lessons])).toEqual(['l=8']);
    expect(moved('total is 45 (the 5 from today included)', [goal('p', 'Do 100 pushup sets', 'sets', 40, 100)])).toEqual(['p=45']);
    // A loss said as "down" names the goal of losing.
    expect(moved('down another 2 this week, gym 3 times', [goal('d', 'Lose 20 lbs', 'lbs', 5, 20), goal('y', 'Gym 12 sessions', 'sessions', 3, 12)])).toEqual(['d=7', 'y=6']);
    // Labels and ordinals of counted things; "another pair"; a unit without its vowels; metres for a km goal.
    expect(moved('lessons 4 and 5 done', [lessons])).toEqual(['l=5']);
    expect(moved('the second scarf is done', [goal('s', 'Knit 5 scarves', 'scarves', 1, 5)])).toEqual(['s=2']);
    expect(moved('first half marathon done', [run])).toEqual([]);
    expect(moved('did one SAT math section', [goal('t', 'Finish 8 SAT practice sections', 'sections', 3, 8)])).toEqual(['t=4']);
    expect(moved('made another pair', [goal('e', 'Make 10 pairs of earrings', 'pairs', 2, 10)])).toEqual(['e=4']);
    expect(moved('finshd 3 bks', [goal('b', 'Read 20 books', 'books', 3, 20)])).toEqual(['b=6']);
    expect(moved('swam 800m and 1200 metres', [goal('s', 'Swim 20 km', 'km', 3, 20)])).toEqual(['s=5']);
    expect(moved('walked 20m', [goal('t', 'Walk 600 minutes', 'minutes', 3, 600), goal('k', 'Walk 100 km', 'km', 3, 100)])).toEqual([]);
    expect(moved('1h15 of meditation', [goal('m', 'Meditate 600 minutes', 'minutes', 100, 600)])).toEqual(['m=175']);
    expect(moved('meditated 20m', [goal('m', 'Meditate 600 minutes', 'minutes', 100, 600)])).toEqual(['m=120']);
    expect(moved('📚 1 more done', [goal('b', 'Read 20 books', 'books', 5, 20)])).toEqual(['b=6']);
    expect(moved('just finished my 7th book', [goal('b', 'Read 20 books', 'books', 5, 20)])).toEqual(['b=7']);
    expect(moved('3 sets of 20 pushups', [goal('u', 'Do 1,000 pushups this month', 'pushups', 300, 1000)])).toEqual(['u=360']);
    expect(moved('two 20-minute meditations', [goal('m', 'Meditate 600 minutes', 'minutes', 100, 600)])).toEqual(['m=140']);
    // Precision: each of these once moved a goal, or would with the rules above.
    const books = goal('b', 'Read 20 books this year', 'books', 5, 20);
    const save = goal('s', 'Save $5,000', 'USD', 1200, 5000);
    for (const [reply, goals] of [
      ['halfway through my 6th book', [books]],
      ['halfway through book 8', [books]],
      ['on book 8 now', [books]],
      ['the remaining 3 books are on my shelf', [books]],
      ['read for 30 mins', [goal('p', 'Read 1,000 pages', 'pages', 200, 1000)]],
      ['pulled out 100, put in 300', [save]],
      ['got a $500 bonus', [save]],
      ['slept 9 hours, felt amazing', [goal('m', 'Meditate 600 minutes', 'minutes', 100, 600)]],
      ["it's been 3 days since I journaled", [goal('j', 'Journal on 30 days', 'days', 10, 30)]],
      ["it's been a rough 5 days", [goal('o', '90 days alcohol free', 'days', 30, 90)]],
      ['all 3 remaining sessions booked', [goal('y', 'Gym 12 sessions', 'sessions', 4, 12)]],
      ['2 kids, 3 hours each', [goal('v', 'Volunteer 50 hours', 'hours', 10, 50)]],
      ['last session was 45 min', [goal('m', 'Meditate 600 minutes', 'minutes', 100, 600)]],
      ['lessons 1 and 2 of the new course', [lessons]],
      ['my sister ran 2 easy 5k runs', [run]],
      ['one application got rejected', [goal('a', 'Send 30 job applications', 'applications', 10, 30)]],
      ['one more lesson to go for the week', [lessons]],
      ['ran ~10k', [run]],
      ['ran 10k+', [run]],
      ['almost ran 10k', [run]],
    ] as const) expect(moved(reply, [...goals]), reply).toEqual([]);
    expect(moved('saved £200', [save])).toEqual([]);
    expect(moved('got a $500 bonus, all into savings', [save])).toEqual(['s=1700']);
    expect(moved('the kids read 3 books', [books])).toEqual([]);
    const loan = goal('d', 'Pay off $3,000 loan', 'USD', 1000, 3000);
    expect(moved('owe 1800 now', [loan])).toEqual([]);
    // The balance of a debt whose title states the whole of it is what is left (round from part 28).
    expect(moved('loan balance is 1500 now', [loan])).toEqual(['d=1500']);
    expect(moved('paid 200 toward the loan and saved 100', [loan, save])).toEqual(['d=1200', 's=1300']);
    // A word only one title has names its goal, though its stem is shared ("rating", "rated").
    expect(moved('rating is 1352 now, 2 games won', [goal('t', 'Reach a 1400 rapid rating', 'rating', 1320, 1400), goal('g', 'Play 20 rated games', 'games', 14, 20)])).toEqual(['t=1352', 'g=16']);
    expect(moved('45km this month', [goal('r', 'Run 100 km this month', 'km', 20, 100)])).toEqual(['r=45']);
    expect(moved('ran 10k on both days', [run])).toEqual([]);
    expect(moved('sugar free 6 days out of 7', [goal('n', 'No sugar on 20 days', 'days', 5, 20)])).toEqual(['n=11']);
    expect(moved('flossed 5 nights', [goal('f', 'Floss every night (30 nights)', 'nights', 10, 30)])).toEqual(['f=15']);
    expect(moved('journaled every day except sunday', [goal('j', 'Journal on 30 days', 'days', 10, 30)])).toEqual(['j=16']);
    expect(moved('meditated every morning except tuesday, 10 min', [goal('m', 'Meditate 600 minutes', 'minutes', 100, 600)])).toEqual([]);
    expect(moved('veg every day (7)', [goal('v', 'Eat veg on 20 days', 'days', 6, 20)])).toEqual(['v=13']);
    expect(moved('journaled every day this week', [goal('j', 'Journal on 30 days', 'days', 10, 30)])).toEqual(['j=17']);
    // Corrections, reports said before, plans, and a "so far" that may be this week's.
    const gym = goal('y', 'Gym 12 sessions', 'sessions', 4, 12);
    expect(moved('2 gym sessions, oops 3', [gym])).toEqual(['y=7']);
    expect(moved('at 12,000 words. no sorry, 11,800', [goal('w', 'Write 30,000 words', 'words', 10000, 30000)])).toEqual(['w=11800']);
    expect(moved('last week i told you 10k, this week 5k', [run])).toEqual(['r=15']);
    expect(moved('hoping to finish 2 books by sunday', [books])).toEqual([]);
    expect(moved('aimed for 3 sessions, got 2', [gym])).toEqual(['y=6']);
    expect(moved('tried to run 10k, only managed 6', [run])).toEqual(['r=16']);
    expect(moved('will try for 3 gym sessions, did 1 so far', [gym])).toEqual([]);
    expect(moved('9 calls, 1 signed', [goal('a', 'Make 60 calls', 'calls', 31, 60), goal('k', 'Sign 5 new customers', 'customers', 2, 5)])).toEqual(['a=40', 'k=3']);
    expect(moved('protein hit 5 of the last 7 days', [goal('p', 'Hit 130g protein (days)', 'days', 9, 25)])).toEqual(['p=14']);
    expect(moved('hit 10k stps 3 dys ths wk', [goal('s', 'Walk 10,000 steps on 20 days', 'days', 7, 20)])).toEqual(['s=10']);
    expect(moved('walked with Margaret twice, four miles each', [goal('w', 'Walk 40 miles this month', 'miles', 18, 40)])).toEqual(['w=26']);
    expect(moved('took the bike to be fixed', [{ ...task, id: 't', title: 'Fix the bike' }])).toEqual([]);
    expect(moved('yes I restrung it finally!', [{ ...task, id: 't', title: 'Restring the guitar' }])).toEqual(['t=done']);
    expect(moved('wrote 3 thousand words', [goal('w', 'Write 50,000 words', 'words', 10000, 50000)])).toEqual(['w=13000']);
    expect(moved('saved two and a half grand', [save])).toEqual(['s=3700']);
    expect(moved('three quarters of an hour of meditation', [goal('m', 'Meditate 600 minutes', 'minutes', 100, 600)])).toEqual(['m=145']);
    expect(moved('245km year to date', [goal('r', 'Run 500 km this year', 'km', 200, 500)])).toEqual(['r=245']);
    expect(moved('sitting on 1650 in savings', [save])).toEqual(['s=1650']);
    expect(moved('lost half a pound', [goal('l', 'Lose 15 lbs', 'lbs', 4, 15)])).toEqual(['l=4.5']);
    expect(moved('27 days since my last drink', [goal('o', '90 days alcohol free', 'days', 20, 90)])).toEqual(['o=27']);
  });
  it('reads the wordings of part 9, as general rules, and abstains on its doubts', () => {
    const calls = goal('c', 'Make 200 sales calls', 'calls', 88, 200);
    const run = goal('r', 'Run 80 km this month', 'km', 35, 80);
    const bike = goal('b', 'Cycle 150 km this month', 'km', 60, 150);
    // A correction's "no" is no "No. 21"; "sorry" before a number corrects the one just said.
    expect(moved('Did 23 calls this wk, wait no 21', [calls])).toEqual(['c=109']);
    expect(moved("We're at 26 shrubs now - sorry, 24", [goal('s', 'Plant 40 shrubs', 'shrubs', 18, 40)])).toEqual(['s=24']);
    expect(moved('did 23 calls (sorry, 21)', [calls])).toEqual(['c=109']);
    expect(moved('did 23 calls - sorry i meant 21', [calls])).toEqual(['c=109']);
    // A sum right after the goal's amount is that goal's.
    expect(moved('did 23 calls, 2 were voicemails so 21', [calls, goal('d', 'Book 15 demos', 'demos', 4, 15)])).toEqual(['c=109']);
    // A part of the amount said before it, "incl." or "including", is not added again.
    const miles = goal('m', 'Run 400 miles', 'miles', 212, 400);
    expect(moved('ran 41 miles this week, incl. my 20 mile long run', [miles])).toEqual(['m=253']);
    expect(moved('41 miles this week with a 20 miler on sat', [miles])).toEqual(['m=253']);
    // "20 of them" beside the goal's own amount: a part or the whole, two readings.
    expect(moved('41 miles this week, 20 of them on sat', [miles])).toEqual([]);
    // An emoji between words ends its sentence.
    expect(moved('played 11 games, won 7 😎 phone thing was fine for 4 nights', [goal('g', 'Play 30 chess games', 'games', 12, 30), goal('p', 'No phone after 10pm: 25 nights', 'nights', 9, 25)])).toEqual(['g=23', 'p=13']);
    // "the recital is at 2" is when; a tally or the goal's own word "is at" stands.
    const scales = goal('s', 'Piano scales: 25 days', 'days', 10, 25);
    expect(moved("Grandson's recital is at 2.", [scales])).toEqual([]);
    expect(moved('streak is at 12', [scales])).toEqual(['s=12']);
    expect(moved('my session is at 6', [goal('y', 'Do 24 strength sessions', 'sessions', 4, 24)])).toEqual([]);
    // A plan said after the amount, brackets or not.
    expect(moved('long run (24k) is planned for sun', [run, bike])).toEqual([]);
    expect(moved('ran 10k, 24k long run on sunday planned', [run])).toEqual(['r=45']);
    // An amount with its unit written on and a day goes on with the goal before it.
    expect(moved('ran 8k easy today + 12k tues = 20', [run, bike])).toEqual(['r=55']);
    // Nights in a title that counts times say when: "did 3 nights" (shifts) is no count of it.
    expect(moved('Did 3 nights', [goal('n', 'In bed by 9am after nights: 12 times', 'times', 4, 12), goal('w', 'Walk 300,000 steps', 'steps', 1000, 300000)])).toEqual([]);
    // The title's threshold without its unit, met on N days; txt-speak.
    expect(moved('hit 10k on 4 dayz this wk', [goal('s', 'Walk 10,000 steps on 25 days', 'days', 12, 25)])).toEqual(['s=16']);
    expect(moved('put 150 in savngs so im at 550 now', [goal('v', 'Save $1,000 for the car', '$', 400, 1000), goal('t', 'No takeout: 20 days', 'days', 7, 20)])).toEqual(['v=550']);
    // A unit after the next number is that number's: "2 new customers ($450 each)" is no 2 dollars.
    expect(moved('MRR hit 7.1k after 2 new customers ($450 each)', [goal('m', 'Reach $10k MRR', '$', 6200, 10000)])).toEqual(['m=7100']);
    // "it" is the one goal the clause before named.
    expect(moved("Japan fund was 620 last week, it's 700 now", [goal('j', 'Save £1,500 for the Japan trip', '£', 620, 1500), goal('k', 'Read 20 books', 'books', 14, 20)])).toEqual(['j=700']);
    // A page reached, told apart by the goal's name; a page range read on from where the goal stood; a unit's singular as a label.
    const fiction = goal('f', 'Read 300 pages of fiction', 'pages', 120, 300);
    expect(moved('Pharm: got to page 212', [fiction, goal('p', 'Read 400 pages of the pharmacology textbook', 'pages', 180, 400)])).toEqual(['p=212']);
    expect(moved('Theory book: pages 23 to 30 done', [goal('t', 'Complete the theory workbook (40 pages)', 'pages', 22, 40)])).toEqual(['t=30']);
    expect(moved('read pages 3 to 30 of a magazine', [fiction])).toEqual([]);
    expect(moved('got to page 70 of the new one', [fiction])).toEqual([]);
    expect(moved('finished module 8 too', [goal('m', 'Complete 12 bootcamp modules', 'modules', 7, 12)])).toEqual(['m=8']);
    // A unit a title counts, "were" and a span just done: an amount ("fasting was 6.1 today" is a reading).
    expect(moved('Steps were 38,500 across the week', [goal('w', 'Walk 300,000 steps this month', 'steps', 142000, 300000)])).toEqual(['w=180500']);
    expect(moved('fasting was 6.1 today', [goal('f', 'Check fasting blood sugar on 28 mornings', 'mornings', 15, 28)])).toEqual([]);
    // A share a writer says "drafted"; "1500m" too long for minutes is metres, and "the pool" is swimming.
    expect(moved('Thesis is 75% drafted!!', [goal('t', 'Write the 40-page thesis', 'pages', 18, 40)])).toEqual(['t=30']);
    expect(moved('1500m in the pool on Wednesday', [goal('h', 'Study 120 hours', 'hours', 64, 120), run, goal('s', 'Swim 20 km this month', 'km', 6, 20)])).toEqual(['s=7.5']);
    // Tasks: "rang" is a call; "the will" is a document, and "signed" done.
    expect(moved('rang them tuesday, on hold 40 min', [{ ...task, id: 't', title: 'Call the debt charity' }])).toEqual(['t=done']);
    expect(moved('The solicitor has the will signed and witnessed', [{ ...task, id: 't', title: 'Write a will' }, goal('p', 'Scan 500 photos', 'photos', 120, 500)])).toEqual(['t=done']);
    expect(moved('signed for the parcel', [{ ...task, id: 't', title: 'Renew the passport' }])).toEqual([]);
  });
  it('reads the wordings of part 10, as general rules, and abstains on its doubts', () => {
    const shifts = goal('f', 'Volunteer 40 hours at the food bank', 'hours', 17, 40);
    // "it was 5" after a correction word is the corrected number; a correction that cannot be read leaves the first number unknown.
    expect(moved('did another shift sat, 6 hrs. wait no it was 5, left early', [shifts])).toEqual(['f=22']);
    expect(moved('did another shift sat, 6 hrs. sorry it was only 5', [shifts])).toEqual(['f=22']);
    expect(moved('did another shift sat, 6 hrs. actually it was more like 5', [shifts])).toEqual([]);
    // "in all", "all told" and "I have now done" say where the goal stands.
    const piano = goal('p', 'Practise piano 30 hours this term', 'hours', 11, 30);
    expect(moved('I have now done 14 hours in all', [piano])).toEqual(['p=14']);
    expect(moved('14 hours all told', [piano])).toEqual(['p=14']);
    expect(moved("I've now practised 14 hours", [piano])).toEqual(['p=14']);
    // "number two is glued up", "#2 almost done": a stage of the one under way, not the count reached.
    const birdhouses = goal('b', 'Build 4 birdhouses for the church fair', 'birdhouses', 1, 4);
    expect(moved('Birdhouse number two is glued up, still needs paint', [birdhouses])).toEqual([]);
    expect(moved('birdhouse #2 is almost done', [birdhouses])).toEqual([]);
    expect(moved('Birdhouse #2 is built', [birdhouses])).toEqual(['b=2']);
    // Money: "a twenty on top" is more of it; another amount that cannot be read leaves the goal alone ("on top of the 85" too).
    const raise = goal('r', 'Raise $1,000 for the animal shelter', 'USD', 410, 1000);
    expect(moved('Bake sale got 85 bucks!! plus Mrs Patel gave a twenty on top', [raise])).toEqual(['r=515']);
    // "plus" adds the bare amount to the one before (part 21): the whole, 85 + 20.
    expect(moved('bake sale raised 85, plus 20 from Mrs Patel', [raise])).toEqual(['r=515']);
    expect(moved('Mrs Patel gave 20 on top of the 85 from the bake sale', [raise])).toEqual([]);
    // "last week only 2", "last wk was onyl 2": a comparison; nights count dinners cooked.
    const cook = goal('c', 'Cook dinner at home 20 times', 'dinners', 8, 20);
    expect(moved('cookd at hom 5 nights this week, last wk was onyl 2', [cook])).toEqual(['c=13']);
    expect(moved('cooked 5 dinners at home, last week only 2', [cook])).toEqual(['c=13']);
    expect(moved('since last week 37 new subscribers', [goal('n', 'Get 500 newsletter subscribers', 'subscribers', 212, 500)])).toEqual(['n=249']);
    // "18 days out": a countdown, not days done.
    expect(moved('stretched every day but Sunday. Race is Dec 14, 18 days out!', [goal('s', 'Stretch 30 days', 'days', 14, 30)])).toEqual(['s=20']);
    // "went to a meeting" is one; "had a meeting" may be any.
    const meetings = goal('m', 'Attend 30 AA meetings', 'meetings', 12, 30);
    expect(moved('Went to a meeting Tuesday', [meetings])).toEqual(['m=13']);
    expect(moved('had a meeting with my boss', [meetings])).toEqual([]);
    // "4 days = 88 km": the amount of those days, its goal named before them; millilitres are litres.
    expect(moved('Bike commute 4 days = 88 km', [goal('b', 'Cycle 500 km this season', 'km', 260, 500), goal('r', 'Run 100 km this season', 'km', 47, 100)])).toEqual(['b=348']);
    expect(moved('Had 3 x 500ml bottles today', [goal('w', 'Drink 60 litres of water this month', 'L', 31, 60)])).toEqual(['w=32.5']);
    // Tasks: "got" the thing to pick up.
    expect(moved('Got the new strips at the pharmacy', [{ ...task, id: 't', title: 'Pick up new glucose meter strips' }, goal('w', 'Walk after dinner 20 times', 'walks', 9, 20)])).toEqual(['t=done']);
  });
  it('reads the wordings of part 11, as general rules, and abstains on its doubts', () => {
    const todo = (id: string, title: string): AiGoal => ({ ...task, id, title, milestones: [] });
    // "about 30", "25 ish" are the number as clients count it; "maybe", a question, "nearly" are not; "I reckon" is how a share is judged.
    const piano = goal('p', 'Practise piano 150 minutes a week', 'minutes', 60, 150);
    expect(moved('Piano 45 minutes on Wednesday and about 30 yesterday', [piano])).toEqual(['p=135']);
    expect(moved('piano 45 minutes, 20ish yesterday', [piano])).toEqual(['p=125']);
    expect(moved('piano maybe 30 min?', [piano])).toEqual([]);
    expect(moved('piano nearly 30 min', [piano])).toEqual([]);
    expect(moved('piano about 30 min i think', [piano])).toEqual([]);
    expect(moved("I'm about to do 30 min of piano", [piano])).toEqual([]);
    expect(moved('lit review is about 60% there I reckon', [goal('l', 'Write the 40-page literature review', 'pages', 14, 40)])).toEqual(['l=24']);
    // A guess right after an amount puts it in doubt; "about to" is a plan.
    const run5 = goal('r', 'Run 100 km', 'km', 40, 100);
    expect(moved('ran 5k, maybe 6', [run5])).toEqual([]);
    expect(moved("ran 5k, maybe I'll swim tomorrow", [run5])).toEqual(['r=45']);
    expect(moved("I'm about to head out for 10k", [run5])).toEqual([]);
    // Corrections: "wait that's wrong, 4", "- no, 4", "4 not 5"; a "wait" going on with "and" adds; one that cannot be read leaves the goal alone.
    expect(moved("ran 5k, wait that's wrong, 4", [run5])).toEqual(['r=44']);
    expect(moved('ran 5k - no, 4', [run5])).toEqual(['r=44']);
    expect(moved('ran 4k not 5', [run5])).toEqual(['r=44']);
    expect(moved('5k! wait, and 3k on monday', [run5])).toEqual(['r=48']);
    expect(moved('ran 5k. oh wait, it was 4', [run5])).toEqual([]);
    // "around 7 this morning" is a time of day.
    expect(moved('meditated around 7 this morning for 20 min', [goal('m', 'Meditate 600 minutes', 'minutes', 120, 600)])).toEqual(['m=140']);
    // "Tuesday easy 8": how it went, said of the goal's own activity; "Wednesday" and "Saturday" say when.
    const run = goal('r', 'Run 400 km before the marathon', 'km', 212, 400);
    expect(moved('Long run Sunday 28k at 5:40 pace, legs ok. Tuesday easy 8.', [run])).toEqual(['r=248']);
    expect(moved('Sunday 20k. Wednesday tempo 10', [run])).toEqual(['r=242']);
    // "twice more" is two more times; "3 times more than" is a ratio.
    const guitar = goal('g', 'Practise guitar 4 times a week', 'times', 1, 4);
    expect(moved('did it twice more lol my mom made me', [guitar])).toEqual(['g=3']);
    expect(moved('did it 3 times more than last week', [guitar])).toEqual([]);
    // What is left, on the goal named; a treat is spending.
    const visa = goal('v', 'Pay off the $4,800 Visa balance', 'USD', 3100, 4800);
    expect(moved('Only $900 left on the Visa!! Even treated myself to $40 shoes lol', [visa])).toEqual(['v=3900']);
    expect(moved('$900 left on my phone plan', [visa])).toEqual([]);
    expect(moved('treated myself to $40 shoes', [visa])).toEqual([]);
    expect(moved('JustGiving page shows 75% of target!!', [goal('f', 'Raise $5,000 for the charity half marathon', '$', 2600, 5000)])).toEqual(['f=3750']);
    // A unit past a verb is not the number's ("2 people said call back"), unless the verb is a goal's own.
    const calls = goal('c', 'Make 120 discovery calls this quarter', 'calls', 64, 120);
    const demos = goal('d', 'Book 15 product demos', 'demos', 6, 15);
    expect(moved('14 more calls since monday. no new demos yet, 2 people said call back in Jan', [calls, demos])).toEqual(['c=78']);
    expect(moved('made 10 calls, 3 prospects booked demos', [calls, demos])).toEqual(['c=74', 'd=9']);
    // Dates in a list, chapters in a list, plans "to come".
    const lessons = goal('i', 'Complete 40 Italian conversation lessons', 'lessons', 17, 40);
    expect(moved('This week I make 2 lessons. For next week I have booked 3 more (2, 4 and 6 of December)', [lessons])).toEqual(['i=19']);
    expect(moved('did 2 lessons, on dec 3, 5 and 7', [lessons])).toEqual(['i=19']);
    expect(moved('2 lessons done, 3 more to come', [lessons])).toEqual(['i=19']);
    const anatomy = goal('a', 'Read 300 pages of the anatomy textbook', 'pages', 120, 300);
    const fiction = goal('f', 'Read 200 pages of fiction for fun', 'pages', 45, 200);
    expect(moved('Anatomy 45 pages (ch 7 & 8). Fun reading only 10 pgs lol', [anatomy, fiction])).toEqual(['a=165', 'f=55']);
    // A when word with a typo is still when.
    const pushups = goal('u', 'Do 500 pushups this month', 'pushups', 230, 500);
    expect(moved('did 50 pushup tday and 40 yestrday my arms r dead lol', [pushups])).toEqual(['u=320']);
    expect(moved('40 on wedensday and 30 tomorow', [pushups])).toEqual(['u=270']);
    // At 0 an amount and a total agree; a clause of days says when the one before was done.
    const strength = goal('s', '2 strength sessions a week', 'sessions', 0, 2);
    expect(moved('Ran 12k Tue. Strength once, gym was packed', [strength, goal('k', 'Run 160 km in November', 'km', 98, 160)])).toEqual(['s=1', 'k=110']);
    const walks = goal('w', 'Walk 3 times a week with Margaret', 'walks', 1, 3);
    expect(moved('Two walks with Margaret, Tuesday and Friday', [walks, piano])).toEqual(['w=3']);
    expect(moved('2 walks', [walks, piano])).toEqual([]);
    // A short clause naming another goal shares the amount only within its sentence.
    const water = goal('w', 'Drink 8 glasses of water a day', 'days', 2, 7);
    const veg = goal('v', 'Veg with every dinner', 'days', 3, 7);
    expect(moved('💧💧💧 3 more days of water 💪 veg... 🥦😬🙈', [water, veg])).toEqual(['w=5']);
    expect(moved('3 more days of water and veg', [water, veg])).toEqual([]);
    // The occasions first, the goal done on some of them; a unit in two titles tells neither.
    const sleep = goal('z', 'Sleep 7+ hours after night shifts', 'days', 5, 12);
    const shiftWater = goal('h', 'Drink 8 glasses of water on every shift', 'shifts', 9, 20);
    expect(moved('3 shifts this wk (mon tue fri). hit the water thing on 2 of them, forgot my bottle friday', [sleep, shiftWater])).toEqual(['h=11']);
    expect(moved('worked 4 shifts, slept well after 2 of them', [sleep, shiftWater])).toEqual(['z=7']);
    // "18k a day x5"; one run, then its amount; "1 ride" is no distance.
    const bike = goal('b', 'Cycle 300 km this month', 'km', 140, 300);
    const run50 = goal('r', 'Run 50 km this month', 'km', 22, 50);
    expect(moved('Commuted by bike all week, 18k a day x5. Only one run, 8k Sunday', [bike, run50])).toEqual(['b=230', 'r=30']);
    expect(moved('2 runs, 8k sunday', [bike, run50])).toEqual([]);
    expect(moved('1 run and 1 ride, 8k sunday', [bike, run50])).toEqual([]);
    expect(moved('1 ride', [bike, run50])).toEqual([]);
    // Money passed on whole to another goal; a saving goal is named by saving.
    const loan = goal('l', 'Pay $2,400 toward student loan by June', '$', 800, 2400);
    const tutor = goal('t', 'Earn $1,500 from tutoring', 'USD', 620, 1500);
    expect(moved('tutored 4 kids this wk = $180, and all of it went straight to the loan', [loan, tutor])).toEqual(['l=980', 't=800']);
    expect(moved('tutoring 180 $, and half of it went to the loan', [loan, tutor])).toEqual(['t=800']);
    expect(moved('tutoring made 180, none of it went to the loan', [loan, tutor])).toEqual(['t=800']);
    const fund = goal('e', 'Build a $3,000 emergency fund', '$', 1250, 3000);
    const car = goal('c', 'Pay off the $1,800 car repair loan', '$', 600, 1800);
    expect(moved('put 200 in savings and 150 on the car loan. Also paid $60 for a parking ticket ugh', [fund, car])).toEqual(['e=1450', 'c=750']);
    expect(moved('saved 200 but then took 100 out for the vet', [fund, car])).toEqual([]);
    // "revision" is study, "mindfulness" meditation.
    const study = goal('s', 'Study 40 hours for the bar exam', 'hours', 10, 40);
    expect(moved('mindfulness 20 min daily mon-fri, revision 6 hrs', [goal('m', 'Meditate 300 minutes this month', 'minutes', 100, 300), study])).toEqual(['m=200', 's=16']);
    // A word the reader knows is no typo of a title word: "application" does not name "Book a dentist appointment".
    expect(moved('sent off the passport application', [todo('d', 'Book a dentist appointment'), todo('p', 'Renew passport')])).toEqual(['p=done']);
    // Tasks: "CV's done"; "the compost bays are up" for a thing built ("spending is up 10%" is not).
    expect(moved("CV's finally done. Linkedin I'll do this weekend", [todo('cv', 'Update CV'), todo('li', 'Update LinkedIn headline')])).toEqual(['cv=done']);
    expect(moved('Two more beds dug and the compost bays are up', [goal('b', 'Dig over all 8 vegetable beds', 'beds', 3, 8), todo('c', 'Build the compost bays')])).toEqual(['b=5', 'c=done']);
    expect(moved('compost bays are up to knee height', [todo('c', 'Build the compost bays')])).toEqual([]);
    expect(moved('my spending is up 10%', [todo('s', 'Set up a monthly budget spreadsheet')])).toEqual([]);
    expect(moved('The tuner came on Tuesday, and it sounds lovely now. Not signed up for the recital yet', [todo('t', 'Get the piano tuned'), todo('r', 'Sign up for the recital')])).toEqual(['t=done']);
  });
  it('reads the wordings of part 12, as general rules, and abstains on its doubts', () => {
    const todo = (id: string, title: string): AiGoal => ({ ...task, id, title, milestones: [] });
    // "2 on the walk home": where the amount was done, not its unit; another activity's km stay out.
    const walk150 = goal('w', 'Walk 150 km in December', 'km', 38, 150);
    expect(moved('Did 4.5 km on my break, plus 2 on the walk home after shift', [walk150])).toEqual(['w=44.5']);
    expect(moved('Did 4.5 km, and another 2 on my walk to work', [walk150])).toEqual(['w=44.5']);
    expect(moved('walked 3 km on monday, 2 in the park on friday', [walk150])).toEqual(['w=43']);
    expect(moved('walked 3 km to work and 2 on the way home', [walk150])).toEqual(['w=43']);
    expect(moved('walked 3 km, 2 in the pool', [walk150])).toEqual(['w=41']);
    expect(moved('Did 4.5 km, plus 2 on the bike', [walk150])).toEqual(['w=42.5']);
    // Things counted are no amount of time; each of them at an amount is.
    const lectures = goal('l', 'Watch 20 hrs of bar prep lectures', 'hours', 8.5, 20);
    expect(moved('Watched 2 lectures, 45 mins each', [lectures])).toEqual(['l=10']);
    expect(moved('2 lectures, 1 hour each', [lectures])).toEqual(['l=10.5']);
    expect(moved('watched 3 lectures today', [lectures])).toEqual([]);
    // "is open" is what opening leaves; a task takes no number, so a word it shares names the numeric goal.
    const savings = goal('s', 'Put $500 into savings', 'USD', 150, 500);
    const account = todo('a', 'Open a high-yield savings account');
    expect(moved('moved 100 to savings, the high yield one is finally open', [savings, account])).toEqual(['s=250', 'a=done']);
    expect(moved('put 50 into savings', [savings, account])).toEqual(['s=200']);
    expect(moved('high yield account is open till friday', [savings, account])).toEqual([]);
    expect(moved("high yield account isn't open yet", [savings, account])).toEqual([]);
    // An activity the unit cannot measure ("12 pages 😴") is no other activity.
    const outlines = goal('o', 'Read 500 pages of bar outlines', 'pages', 210, 500);
    const fiction = goal('f', 'Read 300 pages of fiction for fun', 'pages', 40, 300);
    expect(moved('Outlines: another 60 pgs. Fiction… 12 pages before falling asleep 😴', [outlines, fiction])).toEqual(['o=270', 'f=52']);
    expect(moved('Fiction 12 pages, slept 8 hours', [outlines, fiction])).toEqual(['f=52']);
    expect(moved('did 5 km before sleeping', [walk150])).toEqual(['w=43']);
    // Lifting is a strength session.
    const gym = goal('g', '12 strength sessions at the gym', 'sessions', 5, 12);
    const swim = goal('p', '8 swim sessions', 'sessions', 2, 8);
    expect(moved('3 sessions this week - 2 lifting, 1 in the pool', [gym, swim])).toEqual(['g=7', 'p=3']);
    expect(moved('lifted twice and swam once', [gym, swim])).toEqual(['g=7', 'p=3']);
    expect(moved('3 sessions this week', [gym, swim])).toEqual([]);
    // Two labels of chapters done are two chapters.
    const chem = goal('c', 'Finish 3 chapters of chem revision', 'chapters', 0, 3);
    expect(moved('chem ch1 + ch2 done', [chem, gym])).toEqual(['c=2']);
    expect(moved('finished chem chapters 1 and 2', [chem, gym])).toEqual(['c=2']);
    expect(moved('chem ch1 + ch2 started', [chem, gym])).toEqual([]);
    // The goal's verb done to one named thing is one of the items it counts; a list or a price is left alone.
    const sell = goal('i', 'Sell 10 items on Marketplace', 'items', 3, 10);
    const loan = goal('l', 'Pay off $4,000 car loan', 'USD', 2600, 4000);
    expect(moved('Car loan is 75% paid off!! Sold the old bike too', [loan, sell])).toEqual(['l=3000', 'i=4']);
    expect(moved('sold my old guitar on marketplace', [loan, sell])).toEqual(['i=4']);
    expect(moved('sold the bike and the lamp', [loan, sell])).toEqual([]);
    expect(moved('sold the bike. and the lamp', [loan, sell])).toEqual([]);
    expect(moved("haven't sold the bike yet", [loan, sell])).toEqual([]);
    // A day-by-day row of ticks and crosses counts the ticked days; ticks alone, or days beside nights, do not.
    const bed = goal('b', 'In bed before 11:30pm, 20 nights', 'nights', 7, 20);
    expect(moved('bed on time mon-fri: 😴✅✅✅❌✅', [bed])).toEqual(['b=11']);
    expect(moved('bed on time this week ✅ ❌ ✅ ✅ ❌ ✅ ✅', [bed])).toEqual(['b=12']);
    expect(moved('bed on time ✅✅✅', [bed])).toEqual([]);
    expect(moved('bed ✅✅❌', [bed, goal('m', 'Meditate on 20 days', 'days', 5, 20)])).toEqual([]);
    // Weekdays listed are the days done, unless the sentence counts them itself or gives an amount that may be each day's.
    const steps = goal('s', 'Hit 8,000 steps on 30 days', 'days', 11, 30);
    expect(moved('hit 8k stps mon tues n fri, rest of the days like 5-6k', [steps])).toEqual(['s=14']);
    expect(moved('hit 8k steps monday, wednesday and friday', [steps])).toEqual(['s=14']);
    const meditate = goal('m', 'Meditate on 20 days', 'days', 5, 20);
    const run = goal('r', 'Run 100 km', 'km', 40, 100);
    expect(moved('meditated mon, wed and fri', [run, meditate])).toEqual(['m=8']);
    expect(moved('meditated mon wed fri, ran 10k sat', [run, meditate])).toEqual(['r=50']);
    expect(moved('3 shifts this wk (mon tue fri)', [meditate])).toEqual([]);
    // Two ordinals finished: the last is the count reached.
    const birdhouses = goal('h', 'Build 4 birdhouses for the church fair', 'birdhouses', 1, 4);
    expect(moved('Finished the second and third birdhouse yesterday, painted them blue', [birdhouses, meditate])).toEqual(['h=3']);
    expect(moved('finished the 2nd and 3rd birdhouses', [birdhouses, meditate])).toEqual(['h=3']);
    expect(moved('started the second and third birdhouse', [birdhouses, meditate])).toEqual([]);
  });
  it('reads the wordings of part 13, as general rules, and abstains on its doubts', () => {
    const todo = (id: string, title: string): AiGoal => ({ ...task, id, title, milestones: [] });
    // An amount the client says they told the coach about is not news.
    const fb = goal('f', 'Volunteer 50 hours at the food bank', 'hours', 18, 50);
    expect(moved('the 6 hrs i told you about were last week, this week another 4', [fb])).toEqual(['f=22']);
    expect(moved('last week was the 5 hours i mentioned, then 3 more on sunday', [fb])).toEqual(['f=21']);
    expect(moved('the 2 hours i mentioned before, plus 3 today', [fb])).toEqual(['f=21']);
    // Beside another goal of learning, "studying" names neither; the exam's own name does.
    const es = goal('e', 'Practice Spanish 30 hours', 'hours', 10, 30);
    const cpa = goal('c', 'Study for the CPA exam 100 hours', 'hours', 44, 100);
    expect(moved('about 5 hours of studying this week', [es, cpa])).toEqual([]);
    expect(moved('practiced for 2 hours', [es, cpa])).toEqual([]);
    expect(moved('studied 4 hours for the cpa', [es, cpa])).toEqual(['c=48']);
    expect(moved('studied 4 hours', [cpa])).toEqual(['c=48']);
    // A task stating an amount and a condition is done by that amount, under that condition.
    const sat = goal('s', 'Study 40 hours for the SAT', 'hours', 18, 40);
    const fiveK = todo('k', 'Run 5k without stopping');
    expect(moved('ran the whole 5k today without stopping!!!', [fiveK, sat])).toEqual(['k=done']);
    expect(moved('ran 5k nonstop', [fiveK, sat])).toEqual(['k=done']);
    expect(moved('ran 3k without stopping', [fiveK, sat])).toEqual([]);
    expect(moved('ran 5k but stopped twice', [fiveK, sat])).toEqual([]);
    expect(moved('ran 5k but had to walk twice', [fiveK, sat])).toEqual([]);
    // A dial is a call; "deals" stays its own unit.
    const calls = goal('a', 'Make 300 cold calls this quarter', 'calls', 142, 300);
    expect(moved('40 more dials this week, booked 6 demos, no closes yet', [calls, goal('x', 'Close 5 new customers', 'customers', 1, 5)])).toEqual(['a=182']);
    expect(moved('11 more calls today, no closes yet', [goal('m', 'Make 100 sales calls', 'calls', 38, 100), goal('d', 'Close 5 deals', 'deals', 1, 5)])).toEqual(['m=49']);
    // "I binged 120 pages": the client's past doing before the amount makes it this time's; passing a mark does not.
    const thesis = goal('t', 'Read 600 pages for the thesis lit review', 'pages', 210, 600);
    const fun = goal('u', 'Read 300 pages for fun', 'pages', 88, 300);
    expect(moved('Thesis stuff: 45 pgs, ugh. For fun I binged 120 pages of the new Murakami', [thesis, fun])).toEqual(['t=255', 'u=208']);
    expect(moved('for fun I devoured 150 pages', [thesis, fun])).toEqual(['u=238']);
    expect(moved('for fun I passed 150 pages', [thesis, fun])).toEqual([]);
    expect(moved('for fun I needed 150 pages to finish', [thesis, fun])).toEqual([]);
    // A task of arranging a date is done when the date is set.
    const eleven = goal('n', 'In bed by 11pm on 20 nights', 'nights', 6, 20);
    expect(moved('The clinic rang and we have the sleep study set for the 3rd of January.', [todo('y', 'Schedule the sleep study'), eleven])).toEqual(['y=done']);
    expect(moved('dentist is confirmed for the 12th', [todo('d', 'Book the dentist'), eleven])).toEqual(['d=done']);
    expect(moved('still need to get the sleep study set for a date', [todo('y', 'Schedule the sleep study'), eleven])).toEqual([]);
    // "water goal hit 5 days this week": a named goal met on this week's days; "watr" drops a vowel of "water".
    const water = goal('w', 'Drink 2L of water on 30 days', 'days', 14, 30);
    const stretch = goal('r', 'Stretch 20 minutes on 25 days', 'days', 8, 25);
    expect(moved('watr goal hit 5 days this wk stretchd only twice tbh', [water, stretch])).toEqual(['w=19', 'r=10']);
    expect(moved('water hit 4 days this week', [water, stretch])).toEqual(['w=18']);
    expect(moved('protein goal hit 5 days this wk stretched only twice', [water, stretch])).toEqual(['r=10']);
    // "Birdhouse done (that's 3!)": one thing finished brings the one goal of finishing things that stands one below to that count.
    const projects = goal('p', 'Finish 6 woodworking projects', 'projects', 2, 6);
    const sawFund = goal('v', 'Save $1,200 for a new table saw', 'USD', 450, 1200);
    expect(moved("Birdhouse done (that's 3!) and sold the old bandsaw for $200, all of it went in the saw fund", [projects, sawFund, todo('d', 'Sand and oil the old dresser')])).toEqual(['p=3', 'v=650']);
    expect(moved("bookshelf finished, that's 3", [projects, sawFund])).toEqual(['p=3']);
    expect(moved('shelf done, thats 4', [projects, sawFund])).toEqual([]);
    expect(moved("birdhouse done, that's 3", [projects, goal('b', 'Finish 10 books', 'books', 2, 10)])).toEqual([]);
  });
  it('reads the wordings of part 14, as general rules, and abstains on its doubts', () => {
    const todo = (id: string, title: string): AiGoal => ({ ...task, id, title, milestones: [] });
    // "a dozen, well eleven": "well" and a number alone corrects the number before.
    const games = goal('g', 'Play 50 rated games this quarter', 'games', 22, 50);
    expect(moved('Played a dozen blitz games on Sunday, well eleven, one got aborted', [games])).toEqual(['g=33']);
    expect(moved('played 6 games, well 5', [games])).toEqual(['g=27']);
    expect(moved('played 6 games, well, it was fun', [games])).toEqual(['g=28']);
    // What could have been done is not done.
    const days = goal('d', 'Hit 10,000 steps on 20 days', 'days', 9, 20);
    expect(moved('hit 10k steos 3 dayz this wk tbh prolly coulda done 4 lol', [days])).toEqual(['d=12']);
    expect(moved('hit it 3 days, shoulda done 5', [days])).toEqual(['d=12']);
    expect(moved('hit it 3 days, woulda been 4 without the rain', [days])).toEqual(['d=12']);
    // An appointment booked for a date is still to happen, unless booking it was the task.
    const strength = goal('s', 'Strength training: 24 sessions', 'sessions', 10, 24);
    expect(moved('3 gym sessions. bloods booked for the 9th', [strength, todo('b', 'Get the blood test done')])).toEqual(['s=13']);
    expect(moved('blood test scheduled for monday', [strength, todo('b', 'Get the blood test done')])).toEqual([]);
    expect(moved('blood test done finally', [strength, todo('b', 'Get the blood test done')])).toEqual(['b=done']);
    expect(moved('physio booked for the 9th', [strength, todo('p', 'Book a physio appointment')])).toEqual(['p=done']);
    expect(moved('autopay set up for the 15th of each month', [strength, todo('a', 'Set up autopay for the loan')])).toEqual(['a=done']);
    // An amount said once before a list of weekdays was done on each of them; a total said as one is not multiplied.
    const yoga = goal('y', 'Yoga 300 minutes this month', 'minutes', 120, 300);
    const bike = goal('c', 'Cycle 600 minutes this month', 'minutes', 210, 600);
    expect(moved("45 min on the bike Tues and Thurs. no yoga, my back's been off", [yoga, bike])).toEqual(['c=300']);
    expect(moved('30 mins on the bike mon, wed and fri', [yoga, bike])).toEqual(['c=300']);
    expect(moved('60 min total on the bike mon and wed', [yoga, bike])).toEqual(['c=270']);
    const km = goal('k', 'Walk 60 km this month', 'km', 21, 60);
    expect(moved('Hello dear , walked 4 km each time Mon Wed adn Fri with Marjorie . Knees ok', [km])).toEqual(['k=33']);
    // "another" and a bare number is more of the unit just said.
    const piano = goal('p', 'Practise piano 25 hours', 'hours', 10, 25);
    expect(moved('90 minutes on Tuesday and another 90 on Friday.', [piano])).toEqual(['p=13']);
    expect(moved('1.5 hrs on monday, another 2 today', [piano])).toEqual(['p=13.5']);
    expect(moved('walked 5 km monday and another 3 on friday', [km])).toEqual(['k=29']);
    expect(moved('half an hour this morning and another quarter of an hour before bed', [goal('m', 'Meditate 600 minutes this month', 'minutes', 220, 600)])).toEqual(['m=265']);
    // A rate in another title ("10,000 steps a day") does not make its goal one counted in days.
    const steps = goal('t', 'Average 10,000 steps a day on shift weeks', 'steps', 112000, 300000);
    const glasses = goal('w', 'Drink 8 glasses of water on 20 days this month', 'days', 6, 20);
    expect(moved('water I did good tho, 5 days with all 8 glasses', [steps, glasses])).toEqual(['w=11']);
    expect(moved('5 days', [steps, glasses])).toEqual(['w=11']);
    // The plural of a word the reader knows stems as the word; "did like 3 hrs" is three hours.
    const leet = goal('l', 'Finish 20 LeetCode problems', 'problems', 8, 20);
    expect(moved('did 4 leetcodes n sent 0 apps', [leet, goal('i', 'Apply to 15 internships', 'applications', 5, 15)])).toEqual(['l=12']);
    const guitar = goal('u', 'Practice guitar 30 hours', 'hours', 12, 30);
    expect(moved('finished book 10 and did like 3 hrs guitar', [goal('o', 'Read 15 books this year', 'books', 9, 15), guitar])).toEqual(['o=10', 'u=15']);
    expect(moved("guitar, it's like 3 hrs most weeks", [guitar])).toEqual([]);
    // "ont he": a space slipped one letter.
    const debt = goal('e', 'Debt snowball: pay off $5,000', '$', 1900, 5000);
    expect(moved('paid 300 ont he snowbal n did 2 dordash shifts', [debt, goal('h', 'Do 8 DoorDash shifts', 'shifts', 3, 8)])).toEqual(['e=2200', 'h=5']);
    // In a run-on, a past tense naming a goal between two numbers is the later one's.
    const drink = goal('w', 'Drink 2L of water on 30 days', 'days', 14, 30);
    const stretch = goal('r', 'Stretch 20 minutes on 25 days', 'days', 8, 25);
    expect(moved('protein 5 days this wk stretched only twice', [drink, stretch])).toEqual(['r=10']);
    expect(moved('ate veg 4 days stretched 3 days', [drink, stretch])).toEqual(['r=11']);
    expect(moved('5 days of protein stretched twice', [drink, stretch])).toEqual(['r=10']);
    // "3/4 paid off": a share of the whole goal, said as one.
    const car = goal('a', 'Pay off the $4,000 car loan', 'USD', 2200, 4000);
    expect(moved('bank app says 3/4 paid off!! 🎉', [car])).toEqual(['a=3000']);
    expect(moved('three quarters paid off', [car])).toEqual(['a=3000']);
    expect(moved('1/2 paid off', [car])).toEqual([]);
    // The weekday a goal counts, ticked or done right after the goal's words, is one of them.
    const gym = goal('y', 'Gym 12 sessions this month', 'sessions', 5, 12);
    const prep = goal('p', 'Meal prep on 8 Sundays', 'Sundays', 3, 8);
    expect(moved('gym x3 💪💪 meal prep sunday ✅🥗 😎', [gym, prep])).toEqual(['y=8', 'p=4']);
    expect(moved('meal prep done sunday', [gym, prep])).toEqual(['p=4']);
    expect(moved('gym sunday ✅', [gym, prep])).toEqual([]);
    // "one meetup" for a goal counted in events: another name of the unit, right after "one".
    const events = goal('v', 'Attend 6 networking events', 'events', 2, 6);
    const apps = goal('j', 'Apply to 25 jobs', 'applications', 11, 25);
    expect(moved('this week I send 5 applications more and I go to one meetup on Thursday', [apps, events])).toEqual(['j=16', 'v=3']);
    expect(moved('went to one meetup on friday, skipped the other', [apps, events])).toEqual(['v=3']);
    expect(moved('one meetup got cancelled', [apps, events])).toEqual([]);
  });
  it('reads the wordings of part 15, as general rules, and abstains on its doubts', () => {
    // Failing a habit every night this week is no night of it kept.
    const scroll = goal('s', 'No doomscrolling after 10pm', 'nights', 12, 30);
    expect(moved('Honestly failed every night this week. Phone in bed till 1am. Sorry.', [scroll])).toEqual([]);
    expect(moved('Missed every night this week, sorry', [scroll])).toEqual([]);
    expect(moved('slipped every night this week', [scroll])).toEqual([]);
    expect(moved('Managed every night this week!', [scroll])).toEqual(['s=19']);
    // "a meeting Tuesday and one last night": "one" after "and" is another of the thing just counted.
    const meetings = goal('m', 'Go to 3 AA meetings a week', 'meetings', 0, 3);
    const sober = goal('d', '90 days sober', 'days', 41, 90);
    expect(moved('Forty-four days today. Went to a meeting Tuesday and one last night, so two this week.', [sober, meetings])).toEqual(['d=44', 'm=2']);
    expect(moved('Went to a meeting Tuesday and one last night', [sober, meetings])).toEqual(['m=2']);
    expect(moved('Went to one meeting Monday and another one Thursday.', [sober, meetings])).toEqual(['m=2']);
    expect(moved('Went to a meeting Tuesday', [sober, meetings])).toEqual(['m=1']);
    // "plan was 15 calls, managed 9": the bare number done after a planned amount is of the planned thing, the plan is not.
    const calls = goal('c', 'Make 60 discovery calls this month', 'calls', 22, 60);
    const closes = goal('k', 'Close 5 new customers', 'customers', 1, 5);
    expect(moved('Plan was 15 calls this week, managed 9. Booked 2 demos for next Tuesday but no closes yet.', [calls, closes])).toEqual(['c=31']);
    expect(moved('Aimed for 15 calls, managed 9', [calls, closes])).toEqual(['c=31']);
    expect(moved('the goal was 20 calls this week but I only did 14.', [calls, closes])).toEqual(['c=36']);
    expect(moved('Plan was 15 calls, managed 9 demos', [calls, closes])).toEqual([]);
    // An exercise emoji repeated is one session each, unless a number beside it says the count.
    const runs = goal('r', 'Run 5k twice a week', 'runs', 0, 2);
    const veg = goal('v', 'Veg with every lunch', 'lunches', 0, 5);
    expect(moved('🏃‍♀️🏃‍♀️ done!! veggies 3 lunches 🥦😋', [runs, veg])).toEqual(['r=2', 'v=3']);
    expect(moved('🏃🏃 done', [runs, veg])).toEqual(['r=2']);
    expect(moved('🏃🏃 💦💦 1 more!!', [runs, veg])).toEqual(['r=1']);
    expect(moved('🏃🏃 5k each', [runs, veg])).toEqual([]);
    // "my 3rd writing morning this week": the count of the period so far, when the goal counts them in that period.
    const words = goal('w', 'Write 50,000 words of the novel', 'words', 21300, 50000);
    const mornings = goal('o', 'Write before work 5 mornings a week', 'mornings', 2, 5);
    expect(moved("Added 1,850 words today before work. That's my 3rd writing morning this week.", [words, mornings])).toEqual(['w=23150', 'o=3']);
    expect(moved("that's the third morning this week", [words, mornings])).toEqual(['o=3']);
    expect(moved('my 3rd morning this month', [words, mornings])).toEqual([]);
    expect(moved('3rd morning this week', [words, mornings])).toEqual([]);
  });
  it('reads the wordings of part 16, as general rules, and abstains on its doubts', () => {
    // "another 25 after lunch": "another" and a bare number before a when is more of the unit just said.
    const piano = goal('p', 'Practise piano 1,200 minutes by Christmas', 'minutes', 640, 1200);
    expect(moved('I practised 35 minutes this morning and another 25 after lunch.', [piano])).toEqual(['p=700']);
    expect(moved('practised 20 minutes before work and another 15 during lunch', [piano])).toEqual(['p=675']);
    // "4 mi tuesday n like 6 satrday": a bare number after "and" with its own weekday is more of the unit.
    const miles = goal('m', 'Run 100 miles in November', 'miles', 61, 100);
    expect(moved('ran 4 mi tuesday n like 6 satrday knees r fine thx', [miles])).toEqual(['m=71']);
    expect(moved('ran 4 mi tuesday and 6 saturday', [miles])).toEqual(['m=71']);
    expect(moved('ran 4 mi tuesday and 5 people joined', [miles])).toEqual(['m=65']);
    // "still 31": where a count stands, no amount done.
    const list = goal('l', 'List 50 new products', 'products', 31, 50);
    expect(moved('Listings still 31, been busy cutting', [list])).toEqual([]);
    expect(moved('still 31 listed', [list])).toEqual([]);
    // A want is no deed, with or without "to".
    const calls = goal('c', 'Make 60 discovery calls this month', 'calls', 22, 60);
    expect(moved('wanted 15 calls this week', [calls])).toEqual([]);
    expect(moved('wanted to make 15 calls', [calls])).toEqual([]);
    // Weekdays a meeting or a class was on are not days of a sober or daily goal; days of the goal's own activity are.
    const sober = goal('d', '90 days sober', 'days', 41, 90);
    expect(moved('Went to a meeting Tuesday and Friday', [sober])).toEqual([]);
    const stretch = goal('s', 'Stretch on 30 days', 'days', 4, 30);
    expect(moved('Went to a class Monday and Wednesday', [stretch])).toEqual([]);
    expect(moved('did a stretch mon and wed', [stretch])).toEqual(['s=6']);
    // "wait no 1457 sorry": a word said to the coach after the corrected number is no unit of it.
    const japan = goal('j', 'Save $2,000 for the Japan trip', 'USD', 1320, 2000);
    expect(moved('ok savings acct is at 1475 now, wait no 1457 sorry fat thumbs', [japan])).toEqual(['j=1457']);
    expect(moved('savings at 1475, wait no 1457 sorry', [japan])).toEqual(['j=1457']);
    // "tweice": "twice" with a letter slipped in; "twine" is a word of its own.
    const gym = goal('g', 'Gym 3x a week (36 workouts)', 'workouts', 20, 36);
    expect(moved('gym tweice', [gym])).toEqual(['g=22']);
    expect(moved('bought twine for the garden', [gym])).toEqual([]);
    // "my 30 day chip": a singular period before a noun names a thing, no days done.
    const reach = goal('r', 'Reach 90 days sober', 'days', 41, 90);
    expect(moved('Day 48 today. Went to my 7pm meeting, my 30 day chip from last month is still on my keyring', [reach])).toEqual(['r=48']);
    expect(moved('got my 60-day coin last night', [reach])).toEqual([]);
    // "all 25 read": what was done to them, right after the number, is no unit.
    const papers = goal('a', 'Read 25 papers', 'papers', 20, 25);
    expect(moved('papers done - all 25 read', [papers])).toEqual(['a=25']);
    expect(moved('2 essays submitted', [goal('e', 'Write 10 essays', 'essays', 4, 10)])).toEqual(['e=6']);
    // "sold 3 games for $45" beside a saving: the price of the things counted is no saving until put aside, nor a doubt on the count.
    const bike = goal('b', 'Save $800 for a new bike', 'USD', 520, 800);
    const ebay = goal('y', 'Sell 40 old things on eBay', 'items', 22, 40);
    expect(moved('put 60 bucks in the bike fund, sold 3 old PS4 games on ebay for $45', [bike, ebay])).toEqual(['b=580', 'y=25']);
    expect(moved('sold 2 old lamps on ebay for $30', [bike, ebay])).toEqual(['y=24']);
    expect(moved('sold 3 old games on ebay for $45 and put it in the bike fund', [bike, ebay])).toEqual(['y=25']);
    expect(moved('Bench sold for $350 to my neighbour', [goal('p', 'Finish 6 furniture pieces', 'pieces', 2, 6), goal('f', 'Sell $1,500 of furniture', 'USD', 400, 1500)])).toEqual(['f=750']);
  });
  it('reads the wordings of part 17, as general rules, and abstains on its doubts', () => {
    // A count of sessions said later in the reply is the count the repeated emoji illustrate, not more of them.
    const gym = goal('g', 'Gym 48 sessions', 'sessions', 20, 48);
    expect(moved('🏋️‍♀️🏋️‍♀️ this week. 2 workouts total', [gym])).toEqual(['g=22']);
    expect(moved('🏋️‍♀️🏋️‍♀️ this week, went 3 times 💪', [gym])).toEqual(['g=23']);
    const run = goal('r', 'Run 20 times', 'runs', 5, 20);
    expect(moved('🏃🏃 this week!! 2 runs', [run])).toEqual(['r=7']);
    expect(moved('🏃🏃 this week, 20 pages read', [run])).toEqual(['r=7']);
    // Days listed for a goal of not doing something count only with a word of not doing: they may be the days it was broken.
    const dry = goal('d', 'Alcohol-free days', 'days', 22, 60);
    expect(moved('had a few beers mon and tue', [dry])).toEqual([]);
    expect(moved('slipped fri and sat', [goal('s', '90 days sober', 'days', 41, 90)])).toEqual([]);
    expect(moved('smoked sat and sun', [goal('k', 'Smoke-free days', 'days', 10, 30)])).toEqual([]);
    expect(moved('alcohol free mon and tue', [dry])).toEqual(['d=24']);
    expect(moved('sober mon and tue', [goal('s', '90 days sober', 'days', 41, 90)])).toEqual(['s=43']);
    expect(moved('did a stretch mon and wed', [goal('t', 'Stretch on 30 days', 'days', 4, 30)])).toEqual(['t=6']);
    // Preparing for an exam is studying: beside it, "studying" names neither goal of learning.
    const french = goal('f', 'Study French 40 hrs', 'hours', 12, 40);
    const stats = goal('t', 'Stats exam prep 30 hrs', 'hours', 9, 30);
    expect(moved('studied 3 hours', [french, stats])).toEqual([]);
    expect(moved('prepped 2 hours', [french, stats])).toEqual([]);
    expect(moved('2 hrs of french study and 1 hr stats', [french, stats])).toEqual(['f=14', 't=10']);
    // A hike is a walk, unless a goal of hiking itself is there; it is no run.
    const walking = goal('w', 'Walk 150 km', 'km', 61.5, 150);
    const hiking = goal('h', 'Hike 100 km', 'km', 10, 100);
    expect(moved('walked 3 km and 6 km on the saturday hike', [walking])).toEqual(['w=70.5']);
    expect(moved('hiked 8 km sunday', [walking, hiking])).toEqual(['h=18']);
    expect(moved('walked 5 km', [hiking])).toEqual([]);
    expect(moved('ran 5k tuesday and 6 km on the saturday hike', [goal('r', 'Run 50 km', 'km', 10, 50)])).toEqual(['r=15']);
    // "kn": km with the n, the m's neighbour on a phone keyboard; no mile.
    expect(moved('ran 5 kn', [goal('r', 'Run 150 km', 'km', 72, 150)])).toEqual(['r=77']);
    expect(moved('did 3 kn this morning', [goal('m', 'Run 100 miles', 'miles', 10, 100)])).toEqual([]);
    // "anohter", "anotehr": "another" with two letters swapped.
    const books = goal('b', 'Read 10 books', 'books', 3, 10);
    expect(moved('finished anotehr book', [books])).toEqual(['b=4']);
    expect(moved('finished other books', [books])).toEqual([]);
  });
  it('reads the wordings of part 18, as general rules, and abstains on its doubts', () => {
    // "wiat no", "acutally": a correction word with two letters swapped still corrects; a word that is no swap of one does not.
    const pages = goal('p', 'Read 1,500 pages', 'pages', 620, 1500);
    expect(moved('read 30 pages, wati no 25', [pages])).toEqual(['p=645']);
    expect(moved('read 30 pages, acutally 25', [pages])).toEqual(['p=645']);
    expect(moved('read 30 pages, srory 25', [pages])).toEqual(['p=645']);
    expect(moved('read 30 pages and had to wiat 25 mins for the bus', [pages])).toEqual(['p=650']);
    // "90 mins last night + 45 this morning": a bare number joined on with a when of its own is more of the unit just said.
    const study = goal('s', 'Study 20 hours of Japanese', 'hours', 7.5, 20);
    expect(moved('2 hrs yesterday and 1.5 today', [study])).toEqual(['s=11']);
    const run = goal('r', 'Run 100 km', 'km', 10, 100);
    expect(moved('ran 5 km yesterday + 3 this morning', [run])).toEqual(['r=18']);
    expect(moved('ran 5 km yesterday and 3 friends joined this morning', [run])).toEqual(['r=15']);
    expect(moved('did 2 sessions yesterday and 1 today', [goal('g', 'Gym 40 sessions', 'sessions', 10, 40)])).toEqual(['g=13']);
  });
  it('reads the wordings of part 19, as general rules, and abstains on its doubts', () => {
    // "wait 275": "wait" right before a lone number corrects the one just said; a wait for something does not.
    const fund = goal('f', 'Save $5,000 for emergency fund', '$', 2150, 5000);
    const dogs = goal('d', 'Earn $1,200 from dog walking', '$', 480, 1200);
    expect(moved('put another 250 in savings. wait 275', [fund, dogs])).toEqual(['f=2425']);
    expect(moved('saved another 40, wait 45', [fund, dogs])).toEqual(['f=2195']);
    expect(moved('read 30 pages, wait 20 mins for the bus', [goal('p', 'Read 1,500 pages', 'pages', 620, 1500)])).toEqual(['p=650']);
    // "hundred and fifty": the "a" dropped before "hundred".
    const pushups = goal('u', 'Do 3,000 push-ups', 'push-ups', 1240, 3000);
    expect(moved('hundred and fifty pushups this week', [pushups])).toEqual(['u=1390']);
    expect(moved('did hundred and five pushups', [pushups])).toEqual(['u=1345']);
    expect(moved('did a hundred pushups', [pushups])).toEqual(['u=1340']);
    // "my bro", "my cousin": someone else's numbers.
    const bike = goal('b', 'Bike 600 km', 'km', 310, 600);
    expect(moved('biked 35 km. my bro did 60k on his bike', [bike])).toEqual(['b=345']);
    expect(moved('biked 20 km, my cousin rode 50', [bike])).toEqual(['b=330']);
    // "bought paint for the spare room": buying what a task needs is getting ready, unless buying is the task.
    const paint: AiGoal = { ...task, id: 't', title: 'Paint the spare room', milestones: [] };
    expect(moved('bought paint for the spare room, starting sat', [paint])).toEqual([]);
    expect(moved('ordered tiles for the bathroom', [{ ...task, id: 'x', title: 'Retile the bathroom', milestones: [] }])).toEqual([]);
    expect(moved('painted the spare room!', [paint])).toEqual(['t=done']);
    expect(moved('bought the gift for mum', [{ ...task, id: 'g', title: 'Buy the gift', milestones: [] }])).toEqual(['g=done']);
    // A bare number with its own day or when, after an amount, is more of that amount's unit, occasions too ("3 sessions monday and 2 friday").
    const gym = goal('g', 'Gym 40 sessions', 'sessions', 10, 40);
    expect(moved('did 3 sessions monday and 2 friday', [gym])).toEqual(['g=15']);
    expect(moved('did 3 sessions monday, 1 thursday', [gym])).toEqual(['g=14']);
    const pages = goal('p', 'Read 1,000 pages', 'pages', 100, 1000);
    expect(moved('read 20 pages mon, 30 wed', [pages])).toEqual(['p=150']);
    expect(moved('read 20 pages mon, 30 wed and 10 fri', [pages])).toEqual(['p=160']);
    // ... each one in a list of any length, however it is joined, so no day's part stands for the whole.
    expect(moved('read 20 pages mon, 30 wed, and 10 fri', [pages])).toEqual(['p=160']);
    expect(moved('20 pages monday 30 wednesday 10 friday', [pages])).toEqual(['p=160']);
    expect(moved('read 20 pages mon, 30 wed, 10 fri, 5 sun', [pages])).toEqual(['p=165']);
    expect(moved('read 20 pages monday 30 mins tues', [pages])).toEqual(['p=120']);
    // ... so "2 today" after runs is 2 more runs, no km of a distance goal.
    const run = goal('r', 'Run 100 km', 'km', 10, 100);
    expect(moved('3 runs yesterday and 2 today', [run])).toEqual([]);
    expect(moved('2 runs monday and 1 friday', [run])).toEqual([]);
    expect(moved('ran 5k tues and 3 thurs', [run])).toEqual(['r=18']);
    // "did four of the worksheets": so many of the things the goal counts; a share of a total, someone else's or another thing's are not.
    const sheets = goal('w', 'Therapy homework: 20 worksheets', 'worksheets', 9, 20);
    expect(moved('finished 3 of my worksheets today', [sheets])).toEqual(['w=12']);
    expect(moved('did four of the worksheets', [sheets])).toEqual(['w=13']);
    expect(moved('did 4 of the exercises', [sheets])).toEqual([]);
    expect(moved('my sister did 4 of the worksheets', [sheets])).toEqual([]);
    expect(moved("haven't finished 2 of the worksheets", [sheets])).toEqual([]);
    // A bare number after an amount in another unit, with no when of its own ("2 at 9 this morning"), could be either unit.
    const study = goal('s', 'Study 20 hours', 'hours', 5, 20);
    expect(moved('45 mins yesterday + 2 at 9 this morning', [study])).toEqual([]);
    expect(moved('45 mins yesterday + 30 this morning', [study])).toEqual(['s=6.25']);
    expect(moved('45 mins yesterday, 2 hours today', [study])).toEqual(['s=7.75']);
  });
  it('leaves a goal unchanged when the reply has a number beside its amount that the reader could not place (the precision net)', () => {
    const notes = (reply: string, goals: AiGoal[]) => analyse(reply, { goals, isGlobal: goals.length > 1 }).unattributed.join(' ');
    const pages = goal('p', 'Read 1,500 pages', 'pages', 620, 1500);
    const fund = goal('f', 'Save $5,000 for emergency fund', '$', 2150, 5000);
    const pushups = goal('u', 'Do 3,000 push-ups', 'push-ups', 1240, 3000);
    const run = goal('r', 'Run 200 km', 'km', 50, 200);
    const gym = goal('g', 'Gym 40 sessions', 'sessions', 10, 40);
    const books = goal('b', 'Read 12 books', 'books', 3, 12);
    // The family's examples, each read right or left unchanged.
    expect(moved('read 85 pgs... wiat no 58', [pages])).toEqual(['p=678']);
    expect(moved('put another 250 in savings after payday.. wait 275, forgot the coin jar', [fund])).toEqual(['f=2425']);
    expect(moved('hundred and fifty pushups this week', [pushups])).toEqual(['u=1390']);
    expect(moved('ran 7.5 kn yesturday and 10k sunady', [run])).toEqual(['r=67.5']);
    expect(moved('walked 3,500 m on tuesday and 6 km on the saturday hike', [goal('w', 'Walk 150 km', 'km', 50, 150)])).toEqual(['w=59.5']);
    expect(moved('did 3 sessions monday and 2 friday', [gym])).toEqual(['g=15']);
    expect(moved('read 20 pages mon, 30 wed', [pages])).toEqual(['p=670']);
    // Their unseen kin: a number the reader could not place beside the amount it read stops the part from being recorded.
    expect(moved('hundred fifty pushups', [pushups])).toEqual([]);
    expect(notes('hundred fifty pushups', [pushups])).toContain('a number the reader could not place ("hundred")');
    expect(moved('ran 7.5 klm yesterday and 10k sunday', [run])).toEqual([]);
    expect(moved('ran 7.5 kmz yesterday and 10k sunday', [run])).toEqual([]);
    expect(moved('read 85 pages err 58 actually', [pages])).toEqual([]);
    // A day after a bare number says when (part 21): the whole is counted.
    expect(moved('did 3 sessions monday and another 2 friday', [gym])).toEqual(['g=15']);
    expect(moved('did 3 sessions monday. 2 friday too', [gym])).toEqual(['g=15']);
    expect(moved('put another 250 in savings, 275 with the coin jar', [fund])).toEqual([]);
    // Stray numbers the reader explains, or that are another goal's or another thing's, do not stop it.
    expect(moved('read 40 pages on the 3rd, 2 kids kept me busy', [pages])).toEqual(['p=660']);
    expect(moved('read 40 pages, appointment at 3 tomorrow', [pages])).toEqual(['p=660']);
    expect(moved('read 40 pages, the book cost 12 bucks', [pages])).toEqual(['p=660']);
    expect(moved('read 40 pages, my sister read 200', [pages])).toEqual(['p=660']);
    expect(moved('ran 12 km, been at it for 3 weeks now', [run])).toEqual(['r=62']);
    expect(moved('ran 12 km, back on the 14th', [run])).toEqual(['r=62']);
    expect(moved('ran 12 km, call me on 555 1234', [run])).toEqual(['r=62']);
    expect(moved('ran 12 km with my 2 kids', [run])).toEqual(['r=62']);
    expect(moved('ran 12 km, gona do 10 more sat', [run])).toEqual(['r=62']);
    expect(moved('ran 12 km, race on mar 3', [run])).toEqual(['r=62']);
    expect(moved('ran 12 km and finished 2 books', [run, books])).toEqual(['r=62', 'b=5']);
    expect(moved('ran 32k, felt strong till 28', [goal('m', 'Run 600 km', 'km', 388, 600)])).toEqual(['m=420']);
    expect(moved('down another 3 lbs, scale said 187.4 this morning', [goal('l', 'Lose 20 lbs', 'lbs', 8, 20)])).toEqual(['l=11']);
    expect(moved('sold 4 boards, shuld hav been 5', [goal('s', 'Sell 25 cutting boards', 'boards', 7, 25)])).toEqual(['s=11']);
  });
  it('reads a part of the whole no more in five ways found by part 20 (a stuck unit, a shift, a "not" of another clause, a try, a goal met on days)', () => {
    const typedGoal = (id: string, title: string, type: AiGoal['type'], unit: string | null, currentValue: number, target: number | null): AiGoal => ({ ...walk, id, title, type, unit, currentValue, target, milestones: [] });
    const swim = typedGoal('s', 'Swim 20 km in the pool', 'progress', 'km', 9.6, 20);
    const hours = typedGoal('v', 'Volunteer 60 hours at the food bank', 'progress', 'hours', 38, 60);
    const smoke = typedGoal('n', 'No smoking — 90 days', 'habit', 'days', 30, 90);
    const inspection = typedGoal('i', 'Get the car inspection done', 'task', null, 0, null);
    const water = typedGoal('w', 'Drink 8 glasses a day — 30 days', 'habit', 'days', 10, 30);
    // A thousands comma before a unit stuck to the number: 1,500m is 1500 m, never a bare 1.
    expect(moved('swam 1,500m today', [swim])).toEqual(['s=11.1']);
    expect(moved('1,200 m swim, then 1,000m more', [swim])).toEqual(['s=11.8']);
    expect(moved('Fund is at $2,150 now', [typedGoal('f', 'Save $5,000', 'progress', '$', 1000, 5000)])).toEqual(['f=2150']);
    // A shift's or a class's length is an amount done, like a run's; "was 3 hrs short" and a last one are not.
    expect(moved('food bank shift sat was 4 hrs, then sun another 3', [hours])).toEqual(['v=45']);
    expect(moved('class tues was 2 hrs', [hours])).toEqual(['v=40']);
    expect(moved('the shift was 3 hrs short', [hours])).toEqual([]);
    expect(moved('last shift was 5 hrs', [hours])).toEqual([]);
    // Days named with the thing given up are days it was broken, whatever "not" another clause has.
    expect(moved('not gonna lie, I vaped sat and sun. not counting those', [typedGoal('p', '100 days no vaping', 'habit', 'days', 23, 100)])).toEqual([]);
    expect(moved('not gonna lie, I smoked fri and sat', [smoke])).toEqual([]);
    // A try is no doing.
    expect(moved('tried to get the inspection done but the shop was closed', [inspection])).toEqual([]);
    expect(moved("couldn't get the inspection done, they were booked up", [inspection])).toEqual([]);
    expect(moved('attempted the inspection, failed on brakes', [inspection])).toEqual([]);
    expect(moved('inspection done ✅', [inspection])).toEqual(['i=done']);
    // A goal counted in days is met a day at a time: "goal hit" is not its target; nor with a count of days after it.
    expect(moved('hit my goal today', [water])).toEqual([]);
    expect(moved('water goal hit a couple of days, maybe three?', [water])).toEqual([]);
    expect(moved('hit my goal!', [typedGoal('f', 'Save $5,000', 'progress', '$', 1000, 5000)])).toEqual(['f=5000']);
  });
  it('reads more of part 20 (second round): unit words, a correction, occasions of an amount, who said what, which same-unit goal', () => {
    const loose = (id: string, title: string, unit: string | null, currentValue: number, target: number | null): AiGoal => ({ ...walk, id, title, type: 'progress', unit, currentValue, target, milestones: [] });
    // Words for a goal's unit or topic: MCQs are questions, canvases paintings, python code; bought is not done; a verb naming another goal leaves both.
    const questions = loose('q', 'Practice questions: 1,500', 'questions', 880, 1500);
    const cpa = loose('c', 'Study for the CPA exam — 120 hours', 'hours', 73, 120);
    expect(moved('did 60 mcqs tonight', [questions, cpa])).toEqual(['q=940']);
    expect(moved('2 hrs study, 60 MCQ', [questions, cpa])).toEqual(['q=940', 'c=75']);
    const paint = loose('p', 'Finish 12 paintings for the fall show', 'paintings', 5, 12);
    const posts = loose('i', 'Post on Instagram 36 times', 'posts', 20, 36);
    expect(moved('finished 3 canvases', [paint, posts])).toEqual(['p=8']);
    expect(moved('bought 3 canvases', [paint])).toEqual([]);
    expect(moved('ordered 2 more books', [loose('b', 'Read 20 books', 'books', 5, 20)])).toEqual([]);
    expect(moved('bought 2 more gifts', [loose('g', 'Buy 10 gifts', 'gifts', 5, 10)])).toEqual(['g=7']);
    expect(moved('posted 3 canvases', [paint, posts])).toEqual([]);
    const french = loose('f', 'Learn French — 100 hours', 'hours', 44, 100);
    const code = loose('k', 'Learn to code — 150 hours', 'hours', 87, 150);
    expect(moved('javascript 2 hrs, french 1', [french, code])).toEqual(['f=45', 'k=89']);
    expect(moved('3 hrs on the python course', [french, code])).toEqual(['k=90']);
    // A correction "meant 120 not 150": the number put instead has no unit "not".
    const laptop = loose('l', 'Save $1,200 for the new laptop', '$', 640, 1200);
    expect(moved('put 150 in teh lapotp fund, oops ment 120 not 150', [laptop])).toEqual(['l=760']);
    expect(moved('put 150 in the laptop fund, sorry 120 not 150', [laptop])).toEqual(['l=760']);
    expect(moved('put 150 in the laptop fund. 120 not 150 in the other one', [laptop])).toEqual([]);
    // An "m" on the number is its unit, whatever unit word comes later ("this morning").
    const swim = loose('s', 'Swim 20 km in the pool', 'km', 9.6, 20);
    expect(moved('2,400m this morning, mostly freestyle', [swim])).toEqual(['s=12']);
    expect(moved('1500 m this morning', [swim])).toEqual(['s=11.1']);
    expect(moved('meditated 20m this morning', [loose('m', 'Meditate 600 minutes', 'minutes', 320, 600)])).toEqual(['m=340']);
    // "3 sessions of 75 min": occasions times the amount of each; not when planned.
    const lift = loose('w', 'Lift 48 hours total', 'hours', 19, 48);
    expect(moved('3 sessions of 75 min this week', [lift])).toEqual(['w=22.75']);
    expect(moved('2 sessions of 90 min', [lift])).toEqual(['w=22']);
    expect(moved('3 sessions of 75 min planned for next week', [lift])).toEqual([]);
    expect(moved('3 sessions of the new program', [lift])).toEqual([]);
    // An amount in minutes for a goal in hours is compared with the goal in hours: "45 min" can be no total at 21 h.
    const japanese = loose('j', 'Study Japanese 50 hours', 'hours', 21, 50);
    expect(moved('did 90 mins of anki + 45 min of a podcast lesson', [japanese])).toEqual(['j=23.25']);
    expect(moved('45 min of a podcast lesson', [japanese])).toEqual(['j=21.75']);
    expect(moved('1500 min', [japanese])).toEqual([]);
    // What a teacher, a sponsor or a therapist says is theirs.
    const guitar = loose('g', 'Practice guitar 30 hours this term', 'hours', 11.5, 30);
    expect(moved('2 hrs yesterday + 1.5 today. my teacher says 45 min a day is plenty lol', [guitar])).toEqual(['g=15']);
    expect(moved('2 hrs yesterday. my tutor played 3 hrs lol', [guitar])).toEqual(['g=13.5']);
    expect(moved('my teacher and i did 2 hrs', [guitar])).toEqual(['g=13.5']);
    // "made it to 2 meetings this week" is attending them; "made it to 20 meetings" is where the count stands.
    const meetings = loose('a', 'Attend 24 AA meetings', 'meetings', 13, 24);
    expect(moved('made it to two meetings this week, and my sponsor wants me to try for three next week', [meetings])).toEqual(['a=15']);
    expect(moved('made it to 20 meetings!', [meetings])).toEqual(['a=20']);
    expect(moved('made it to 50 km this week', [loose('r', 'Run 100 km', 'km', 40, 100)])).toEqual(['r=50']);
    // Two goals in minutes are told apart by their words, not by "mins"; "30 min daily" beside a total is the day's amount, not the target.
    const reading = loose('r', 'Read 30 min daily — 1,500 minutes', 'minutes', 700, 1500);
    const meditation = loose('m', 'Meditate 600 minutes', 'minutes', 320, 600);
    expect(moved('reading 45 mins, meditation 20 mins, then read another 30 before bed', [reading, meditation])).toEqual(['r=775', 'm=340']);
    expect(moved('meditated 20 mins, read 45 mins', [reading, meditation])).toEqual(['r=745', 'm=340']);
    expect(moved('read 45 mins', [reading])).toEqual(['r=745']);
    expect(moved('6 glasses today', [loose('d', 'Drink 8 glasses of water a day', 'glasses', 3, 8)])).toEqual(['d=6']);
    expect(moved('Finished one novel and half of Good to Great', [loose('n', 'Read 8 novels', 'books', 2, 8), loose('b', 'Read 6 business books', 'books', 1, 6)])).toEqual(['n=3']);
  });
  it('reads the round from part 21: a bill before the amount, a typical length, "plus" and a day after a bare number, vague areas, visits and subjects', () => {
    // A bill said in the clause before, in the same sentence, is what a money amount is; putting aside still saves.
    const couch = goal('c', 'Save $800 for a new couch', '$', 310, 800);
    const steps = goal('s', '10k steps daily', 'days', 8, 30);
    expect(moved('the gym charged me twice, $40 x2', [couch, steps])).toEqual([]);
    expect(moved('got billed for the phone, $60. ugh', [couch, steps])).toEqual([]);
    expect(moved('got charged a late fee, put $60 in savings anyway', [couch, steps])).toEqual(['c=370']);
    expect(moved('put $60 in the couch fund', [couch, steps])).toEqual(['c=370']);
    // "mostly 15 min sits", "usually 5k": what an outing typically is, not another amount.
    const med = goal('m', 'Meditate 20 hours total', 'hours', 6, 20);
    expect(moved('2 hrs of meditation, usually 20 min before bed', [med])).toEqual(['m=8']);
    expect(moved('ran 30k this week, mostly 5k loops', [goal('r', 'Run 200 km', 'km', 50, 200)])).toEqual(['r=80']);
    expect(moved('meditated 20 min', [med])).toEqual(['m=6.33']);
    // "plus" adds a bare number to the amount just said, done at anything but another activity or another goal.
    const cycle = goal('y', 'Cycle 500 km this season', 'km', 212, 500);
    const mobility = goal('o', 'Mobility sessions', 'sessions', 10, 25);
    expect(moved('rode 40km sat + 15 commuting', [cycle, mobility])).toEqual(['y=267']);
    expect(moved('rode 40km sat plus 12 running', [cycle, mobility])).toEqual(['y=252']);
    expect(moved('rode 40km sat plus 3 stretching', [cycle, mobility])).toEqual(['y=252']);
    expect(moved('rode 40km sat plus 3 lifting', [cycle, mobility])).toEqual(['y=252']);
    expect(moved('rode 40km sat, plus 2 mobility sessions', [cycle, mobility])).toEqual(['y=252', 'o=12']);
    // A day after a bare number says when; the clause's verb still names the goal, and the whole is counted.
    const run = goal('r', 'Run 200 km', 'km', 96, 200);
    const ride = goal('d', 'Cycle 600 km', 'km', 310, 600);
    expect(moved('rode 45 km saturday, ran 12 sunday', [run, ride])).toEqual(['r=108', 'd=355']);
    expect(moved('ran 12 sunday', [run])).toEqual(['r=108']);
    expect(moved('did 3 sessions monday and 2 friday', [goal('g', 'Gym 40 sessions', 'sessions', 10, 40)])).toEqual(['g=15']);
    expect(moved('read 20 pages mon, 30 wed', [goal('p', 'Read 1,000 pages', 'pages', 100, 1000), run])).toEqual(['p=150']);
    expect(moved('the kids were up 2 sunday', [run])).toEqual([]);
    expect(moved('3 runs yesterday and 2 today', [goal('k', 'Run 100 km', 'km', 10, 100)])).toEqual([]);
    // "stuff", "things" after a word the goal's title lacks name an area that may hold several goals of the same measure.
    const gre = goal('e', 'Study for the GRE – 50 hours', 'hours', 20, 50);
    const portfolio = goal('p', 'Grad application portfolio – 30 hours', 'hours', 12, 30);
    expect(moved('put in 6 hrs this week on grad school stuff', [gre, portfolio])).toEqual([]);
    expect(moved('put in 6 hrs this week on the grad portfolio', [gre, portfolio])).toEqual(['p=18']);
    expect(moved('6 hrs on portfolio stuff', [gre, portfolio])).toEqual(['p=18']);
    expect(moved('3 hrs german, 1 hr theory test stuff', [goal('g', 'Study German 50 hours', 'hours', 18, 50), goal('t', 'Driving theory test prep', 'hours', 3, 10)])).toEqual(['g=21', 't=4']);
    // "twice" fills a goal counted in visits, as it does one in sessions.
    const gym = goal('g', 'Go to the gym 3x/week', 'visits', 14, 36);
    expect(moved('gym twice this week, flu knocked me out the rest', [gym])).toEqual(['g=16']);
    expect(moved('gym twice, yoga 3 times', [gym, goal('y', 'Yoga 20 sessions', 'sessions', 4, 20)])).toEqual(['g=16', 'y=7']);
    // Students' short names for subjects.
    const orgo = goal('o', 'MCAT: organic chem 60 hrs', 'hours', 22, 60);
    const physics = goal('f', 'MCAT: physics 40 hrs', 'hours', 19, 40);
    expect(moved('orgo 6 hrs, physics 2 hrs', [orgo, physics])).toEqual(['o=28', 'f=21']);
    expect(moved('did 2 hrs of bio and 3 hrs calc', [goal('b', 'Biology revision 30 hours', 'hours', 2, 30), goal('c', 'Calculus 40 hours', 'hours', 12, 40)])).toEqual(['b=4', 'c=15']);
    // A "so … done" that sums up goes to the one goal its sentence named.
    const streak = goal('s', 'Duolingo Spanish streak – 100 days', 'days', 58, 100);
    const workbook = goal('w', 'Finish A2 grammar workbook', 'units', 9, 24);
    expect(moved('workbook is slow, so 11 done', [streak, workbook])).toEqual(['w=11']);
    expect(moved('streak at 65 and workbook going ok, so 11 done', [streak, workbook])).toEqual(['s=65']);
  });
  it('reads the round from part 22: what a flip cost, occasions described, another subject, a share against a total', () => {
    // "paid 80 for it" for a goal of earning: what the thing cost, so the price it went for is no earning either; a net said as such is.
    const flips = goal('f', 'Side hustle: earn $2,000 from furniture flips', '$', 640, 2000);
    expect(moved('sold the chair, paid 40 for it and it went for 150', [flips])).toEqual([]);
    expect(moved('flipped a desk: paid $60 for it, sold for $200', [flips])).toEqual([]);
    expect(moved('paid 40 for a table and it went for 150, so thats 110 profit', [flips])).toEqual(['f=750']);
    // "sold it for 150" is a number no rule places: the precision net leaves the goal alone rather than risk a part.
    expect(moved('paid 40 for a table, sold it for 150, so thats 110 profit', [flips])).toEqual([]);
    expect(moved('made 120 profit on the lamp', [flips])).toEqual(['f=760']);
    expect(moved('paid 300 on the card', [goal('c', 'Pay off credit card $4,000', '$', 1000, 4000)])).toEqual(['c=1300']);
    // "2 practice sets of 35 questions": occasions a word describes, times the amount of each; a title word before another noun counts that noun.
    const questions = goal('q', 'Complete 400 practice questions', 'questions', 220, 400);
    expect(moved('did 2 practice sets of 30 questions', [questions])).toEqual(['q=280']);
    expect(moved('did 2 practice sets of questions', [questions])).toEqual([]);
    expect(moved('did 2 practice tests', [questions])).toEqual([]);
    expect(moved('did 2 practice sets of 35 questions each planned for next week', [questions])).toEqual([]);
    expect(moved('did 3 practice sessions', [goal('p', 'Practice piano 40 sessions', 'sessions', 10, 40)])).toEqual(['p=13']);
    // "python 3 hrs": an amount beside another subject than the one the title names is that subject's.
    const french = goal('f', 'Learn French — 100 hours', 'hours', 44, 100);
    expect(moved('python 3 hrs', [french])).toEqual([]);
    expect(moved('3 hrs of spanish', [french])).toEqual([]);
    expect(moved('french 3 hrs', [french])).toEqual(['f=47']);
    expect(moved('studied 3 hrs', [french])).toEqual(['f=47']);
    expect(moved('python 3 hrs', [goal('s', 'Study 50 hours', 'hours', 10, 50)])).toEqual(['s=13']);
    // "streak at 65. so 11 done": a share beside a total of the goal that it does not sum to: one of them is misread.
    const streak = goal('s', 'Duolingo Spanish streak – 100 days', 'days', 58, 100);
    expect(moved('streak at 65. so 11 done', [streak])).toEqual([]);
    expect(moved('streak at 65', [streak])).toEqual(['s=65']);
    expect(moved('at 430 now. so 300 total this month', [goal('r', 'Run 1,000 km', 'km', 430, 1000)])).toEqual([]);
    expect(moved("was 620 last week, it's 700 now", [goal('j', 'Japan fund $3,000', '$', 620, 3000)])).toEqual(['j=700']);
  });
  it('reads the round from part 23: a day typed short, a number with a fraction, a bedtime then the nights', () => {
    // A when word with a vowel left out ("tody", "mornng", "tonght") is still when: the bare number before it goes on the list of the goal's amounts.
    const walking = goal('w', 'Walk 200 km', 'km', 88, 200);
    expect(moved('walked 6 km yestrday and 4 tody', [walking])).toEqual(['w=98']);
    expect(moved('walked 6 km mornng, 3 tonght', [walking])).toEqual(['w=97']);
    expect(moved('walked 6 km tody', [walking])).toEqual(['w=94']);
    expect(moved('walked 6 km today and had 3 coffees', [walking])).toEqual(['w=94']);
    // A number with a fraction counts no things, so a word after it the reader cannot read leaves the goal alone (the precision net).
    expect(moved('walked 6 km today and 2.5 blorp', [walking])).toEqual([]);
    // "by 11 on 3 nights": a bedtime, then the nights it was kept; "down by 3" is still the size of a change.
    const bed = goal('b', 'In bed by 11pm - 20 nights', 'nights', 8, 20);
    expect(moved('bed by 11 on 3 nights this week', [bed])).toEqual(['b=11']);
    expect(moved('lights off before 10 on 4 nights', [bed])).toEqual(['b=12']);
    expect(moved('up by 6 most days, 5 this week', [goal('u', 'Wake up at 6am - 40 days', 'days', 8, 40)])).toEqual(['u=13']);
    expect(moved('down by 3 on the week', [goal('l', 'Lose 20 lbs', 'lbs', 3, 20)])).toEqual(['l=6']);
  });
  it('reads the round from part 24: done since the last chat, weekdays of a thing done once a day', () => {
    // "since our last chat": done since the last check-in, an amount to add even past the target, never where the goal stands.
    const cook = goal('c', 'Cook dinner at home instead of takeout', 'dinners', 9, 20);
    expect(moved('cooked 12 times since we last spoke', [cook])).toEqual(['c=21']);
    expect(moved('cooked 12 times since last check-in', [cook])).toEqual(['c=21']);
    expect(moved('cooked 12 times since january', [cook])).toEqual(['c=12']);
    // The total and the amount since the last chat agree (9 + 3): both say 12 (part 32's round reads "3 since" as done).
    expect(moved('at 12 now, 3 since our last chat', [cook])).toEqual(['c=12']);
    expect(moved('at 14 now, 3 since our last chat', [cook])).toEqual([]);
    // Weekdays listed with the goal's own verb in the past, for a goal of things done once a day: that many of them.
    const dinners = goal('d', 'Cook dinner at home 4 nights a week', 'dinners', 22, 32);
    expect(moved('cooked tue and fri', [dinners])).toEqual(['d=24']);
    expect(moved('made dinner tue and fri', [dinners])).toEqual([]);
    expect(moved('will cook mon, wed and thu', [dinners])).toEqual([]);
    expect(moved('didnt cook mon or tue', [dinners])).toEqual([]);
    expect(moved('got takeout mon, wed and thu', [dinners])).toEqual([]);
    expect(moved('cooked 2 dinners mon and tue', [dinners])).toEqual(['d=24']);
    expect(moved('cooked mon, wed and thu', [dinners, goal('l', 'Pack lunch', 'lunches', 2, 20)])).toEqual([]);
    // The brief's known readings, still right.
    expect(moved('45 mins yesterday + 2 at 9 this morning', [goal('h', 'Study 40 hours', 'hours', 10, 40)])).toEqual([]);
  });
  it('reads the round from part 25: times after a few words, an emoji two goals share, grams, occasions after a comma', () => {
    // An amount with a known unit and its times up to three describing words apart: the whole, never the amount of one time.
    const km = goal('w', 'Walk 100 km', 'km', 41, 100);
    expect(moved('walked 3 km to the park twice', [km])).toEqual(['w=47']);
    expect(moved('walked 3 km before dinner 2 times', [km])).toEqual(['w=47']);
    expect(moved('walked 3 km i think twice', [km])).toEqual([]);
    expect(moved('walked 3 km then ran twice', [km])).toEqual(['w=44']);
    // Without a unit, the times stay one word from the amount ("8 today 💧 physio twice" is physio's).
    const water = goal('wa', 'Drink 56 glasses of water this week', 'glasses', 20, 56);
    const physio = goal('ph', 'Do shoulder physio 10 sessions', 'sessions', 4, 10);
    expect(moved('8 today 💧 physio twice', [water, physio])).toEqual(['ph=6']);
    // An emoji for the doing two goals of one unit share tells neither apart.
    const club = goal('c', 'Read 500 pages for book club', 'pages', 210, 500);
    const text = goal('t', 'Read 400 pages of the nursing textbook', 'pages', 150, 400);
    expect(moved('read 35 pages tonight 📖', [club, text])).toEqual([]);
    expect(moved('35 pages 📚 last night', [club, text])).toEqual([]);
    expect(moved('35 pages of the book club book 📖', [club, text])).toEqual(['c=245']);
    // Grams for a goal in kg, converted; a weight of food or of a lift is not weight lost.
    const kg = goal('k', 'Lose 5 kg', 'kg', 2.1, 5);
    expect(moved('down another 600g this week!', [kg])).toEqual(['k=2.7']);
    expect(moved('lost 800 g', [kg])).toEqual(['k=2.9']);
    expect(moved('ate 150g of chicken', [kg])).toEqual([]);
    expect(moved('ate 1 kg of chicken', [kg])).toEqual([]);
    expect(moved('ate 200g of chicken, down 0.5 kg', [kg])).toEqual(['k=2.6']);
    expect(moved('lifted 60 kg, down 400g', [kg])).toEqual(['k=2.5']);
    // Occasions alone after a comma are the goal the clause before said done, with no number of its own.
    const save = goal('s', 'Save $2,400 for the move', '$', 900, 2400);
    const cook = goal('d', 'Cook at home 20 dinners', 'dinners', 6, 20);
    expect(moved('did cook though, 3 nights', [save, cook])).toEqual(['d=9']);
    expect(moved('cooked at home, 4 nights', [cook])).toEqual(['d=10']);
    expect(moved('didnt cook, 3 nights of takeout', [save, cook])).toEqual([]);
    expect(moved('will cook, 3 nights', [save, cook])).toEqual([]);
    expect(moved('cooked. 3 nights', [save, cook])).toEqual([]);
    expect(moved('saved some, 3 times', [save, cook])).toEqual([]);
    // The brief's known readings, still right.
    expect(moved('did 3 sessions monday and 2 friday', [goal('g', 'Gym 40 sessions', 'sessions', 10, 40)])).toEqual(['g=15']);
    expect(moved('read 20 pages mon, 30 wed', [goal('r', 'Read 1,000 pages', 'pages', 100, 1000)])).toEqual(['r=150']);
    expect(moved('3 runs yesterday and 2 today', [goal('r', 'Run 100 km', 'km', 10, 100)])).toEqual([]);
  });
  it('reads the round from part 26: fees, amounts taken off, days joined by "+", "more up", "twards", "w", "well actually"', () => {
    // Fees are a price, plural as singular; "after fees" says the amount is a net, which counts.
    const etsy = goal('e', 'Make $1,000 selling crafts on Etsy', '$', 430, 1000);
    expect(moved('made 85 on etsy, $12 in fees', [etsy])).toEqual(['e=515']);
    expect(moved('made $90 on etsy, paid 6 in fees', [etsy])).toEqual(['e=520']);
    expect(moved('made $40 after fees', [etsy])).toEqual(['e=470']);
    expect(moved('saved 200, bank fees were 5', [goal('s', 'Save $4,000', '$', 2200, 4000)])).toEqual(['s=2400']);
    // An amount taken off the one before ("minus", "less"): a difference the reader does not work out, so nothing.
    expect(moved('made $55, minus $15 fees', [etsy])).toEqual([]);
    expect(moved('made $55 less $15 shipping', [etsy])).toEqual([]);
    expect(moved('ran 10k minus 2k walking', [goal('r', 'Run 100 km', 'km', 10, 100)])).toEqual([]);
    expect(moved('ran 8k, less 4 than planned', [goal('r', 'Run 100 km', 'km', 10, 100)])).toEqual(['r=18']);
    // Days joined by "+" after an amount: each day's or both together's, so neither; joined by "and" or a comma, each day's.
    const walking = goal('w', 'Walking 3,000 minutes', 'minutes', 1710, 3000);
    expect(moved('walked 30 min tues + thurs', [walking])).toEqual([]);
    expect(moved('4 hrs studying sat + sun', [goal('s', 'Study 60 hours for the SAT', 'hours', 22, 60)])).toEqual([]);
    expect(moved('walked 30 min tues, thurs', [walking])).toEqual(['w=1770']);
    expect(moved('walked 30 min tues + thurs total', [walking])).toEqual(['w=1740']);
    expect(moved('walked 30 min tues + 20 thurs', [walking])).toEqual(['w=1760']);
    expect(moved('cooked mon + wed', [goal('d', 'Cook dinner at home 4 nights a week', 'dinners', 22, 32)])).toEqual(['d=24']);
    // "3 more up", "2 more out": the things went up or out, the particle counts nothing; a plan still adds nothing.
    const videos = goal('t', 'Post 30 TikToks for the shop', 'videos', 14, 30);
    expect(moved('2 more up today', [videos])).toEqual(['t=16']);
    expect(moved('2 more out today', [goal('a', 'Send 40 job applications', 'applications', 14, 40)])).toEqual(['a=16']);
    expect(moved('gonna put 3 more up sat', [videos])).toEqual([]);
    expect(moved('3 up', [videos])).toEqual([]);
    // "twards" (a vowel left out) and "w" (with) are no misspelt units; the correction after them still counts.
    const loan = goal('l', 'Pay off $6,500 student loan', '$', 2800, 6500);
    expect(moved('put 200 towrds the loan', [loan])).toEqual(['l=3000']);
    expect(moved('paid 350 twards it', [loan])).toEqual(['l=3150']);
    expect(moved('paid 350 towards the loan, wait no 375 w the extra', [loan])).toEqual(['l=3175']);
    // "well actually" corrects like "actually"; without a number after it, it corrects nothing.
    const hats = goal('h', 'Knit 10 hats for the shelter', 'hats', 3, 10);
    expect(moved('finished 2 more hats, well actually 3', [hats])).toEqual(['h=6']);
    expect(moved('ran 5k, well, actually 6', [goal('r', 'Run 100 km', 'km', 10, 100)])).toEqual(['r=16']);
    expect(moved('ran 5k, well actually it was fun', [goal('r', 'Run 100 km', 'km', 10, 100)])).toEqual(['r=15']);
  });
  it('reads the round from part 27: "2h15", amounts the reader could not read beside one it did, a run of days, lapses of a thing given up', () => {
    // "2h15" is one duration, and the word after it stays a word of its own.
    const study = goal('s', 'Study 40 hours', 'hours', 10, 40);
    expect(moved('studied 1h45 mon and 30 min tue', [study])).toEqual(['s=12.25']);
    expect(moved('1h45 today', [study])).toEqual(['s=11.75']);
    expect(moved('studied 1h45m', [study])).toEqual(['s=11.75']);
    // The precision net: a unit run into the next word, or a list's number with a word that counts nothing, is an amount not read.
    const walking = goal('w', 'Walk 200 km', 'km', 88, 200);
    expect(moved('studied 90 minutesyesterday, 2 hrs today', [study])).toEqual([]);
    expect(moved('walked 5kmtoday and 3 km sat', [walking])).toEqual([]);
    expect(moved('walked 6 km sat, 4 barefoot sun', [walking])).toEqual([]);
    expect(moved('walked 6 km sat and 3 tomorow', [walking])).toEqual(['w=94']);
    expect(moved('walked 6 km, 3 coffees after', [walking])).toEqual(['w=94']);
    expect(moved('walked 6 km sat, 2 people joined', [walking])).toEqual(['w=94']);
    expect(moved('walked 6 km sat, 2 want to join next time', [walking])).toEqual(['w=94']);
    // With whom or where ("solo", "alone", "together") counts nothing: the number goes on the list.
    expect(moved('walked 6 km sat, 4 alone sun', [walking])).toEqual(['w=98']);
    expect(moved('walked 6 km together sat', [walking])).toEqual(['w=94']);
    // "N days straight" below the recorded count, for a goal not kept in a row, is this stretch's days; a streak goal still stands there.
    expect(moved('5 days straight', [goal('f', 'Floss daily - 60 days', 'days', 20, 60)])).toEqual(['f=25']);
    expect(moved('5 days straight', [goal('f', 'Floss daily - 60 days', 'days', 3, 60)])).toEqual(['f=5']);
    expect(moved('7 days straight', [goal('m', 'Meditation streak 100 days', 'days', 58, 100)])).toEqual(['m=7']);
    expect(moved('7 days straight', [goal('n', 'No soda - 30 days', 'days', 12, 30)])).toEqual(['n=7']);
    // Times of the thing a goal gives up are lapses, never days kept; days without it still count.
    const soda = goal('n', 'No soda - 30 days', 'days', 12, 30);
    expect(moved('had soda twice', [soda])).toEqual([]);
    expect(moved('soda 2 times this week ugh', [soda])).toEqual([]);
    expect(moved('had 2 sodas', [soda])).toEqual([]);
    expect(moved('ordered takeout 3 times', [goal('t', 'No takeout - 30 days', 'days', 9, 30)])).toEqual([]);
    // The brief's known readings, still right.
    expect(moved('62 km ride saturday, 35 solo on wed', [goal('r', 'Ride 1,000 km', 'km', 412, 1000)])).toEqual(['r=509']);
    expect(moved('python 3 hrs', [goal('l', 'Learn French — 100 hours', 'hours', 44, 100)])).toEqual([]);
    expect(moved('streak at 65. so 11 done', [goal('m', 'Meditation streak 100 days', 'days', 58, 100)])).toEqual([]);
    expect(moved('cooked at home mon, wed and thu', [goal('d', 'Cook dinner at home 4 nights a week', 'dinners', 22, 32)])).toEqual(['d=25']);
  });
  it('reads the round from part 28: a debt\'s balance, totals that disagree, "still trying", a bare number after a unit no goal takes', () => {
    // A balance of a debt whose title states the whole of it is what is left; one below what is paid, or of a goal that states no whole, says nothing.
    const loan = goal('l', 'Pay off my $12,000 car loan', '$', 5000, 12000);
    expect(moved('car loan balance down to 6,200 after the payment', [loan])).toEqual(['l=5800']);
    expect(moved('loan balance is 6,200 now', [loan])).toEqual(['l=5800']);
    expect(moved('balance down to 7,400', [loan])).toEqual([]);
    expect(moved('card balance is 1500 now', [goal('c', 'Pay $2,000 off the card', '$', 1000, 2000)])).toEqual([]);
    // Two totals that disagree: the one said of the goal by name stands; with none named, neither.
    const japan = goal('j', 'Save 2,000 for Japan trip', '$', 1240, 2000);
    expect(moved('japan fund is at 1,400. hotel prices went up to 980 ugh', [japan])).toEqual(['j=1400']);
    expect(moved('fund at 1,385 now, hotel went up to 1,300 though', [japan])).toEqual([]);
    expect(moved('trip fund at 1,300. wait no 1,350', [japan])).toEqual(['j=1350']);
    // Calls made and still trying is no appointment booked; a booking after tries is.
    const therapy: AiGoal = { ...task, title: 'Schedule first therapy appointment' };
    expect(moved('rang 2 clinics, keep trying tho', [therapy])).toEqual([]);
    expect(moved('emailed three of them, still trying', [therapy])).toEqual([]);
    expect(moved('finally booked it after trying 3 places', [therapy])).toEqual(['g2=done']);
    // A bare number going on from an amount in a unit no goal takes is more of that unit: the goal is left alone.
    const km = goal('w', 'Walk 100 km', 'km', 10, 100);
    expect(moved('walked 4 miles today, 2 yesterday', [km])).toEqual([]);
    expect(moved('swam 800 yards mon and 600 wed', [goal('s', 'Swim 20 km', 'km', 10, 20)])).toEqual([]);
    expect(moved('walked 5 km today, 3 miles sat, 2 yesterday', [km])).toEqual([]);
    expect(moved('walked 4 miles today, 2 yesterday', [goal('m', 'Walk 100 miles', 'miles', 10, 100)])).toEqual(['m=16']);
    expect(moved('walked 6 km sat, 4 sun', [km])).toEqual(['w=20']);
    // The brief's known readings, still right.
    expect(moved('did 3 sessions monday and 2 friday', [goal('g', 'Gym 40 sessions', 'sessions', 10, 40)])).toEqual(['g=15']);
    expect(moved('read 20 pages mon, 30 wed', [goal('r', 'Read 1,000 pages', 'pages', 100, 1000)])).toEqual(['r=150']);
    expect(moved('3 runs yesterday and 2 today', [goal('r', 'Run 100 km', 'km', 10, 100)])).toEqual([]);
    expect(moved('45 mins yesterday + 2 at 9 this morning', [goal('h', 'Study 40 hours', 'hours', 10, 40)])).toEqual([]);
  });
  it('reads the round from part 29: a waitlist, money paid out of a fund, a plan far from its number, what would have been, earnings, occasions of an amount', () => {
    // A waitlist or a place booked out is nothing booked, even said of others ("they're booked out"); a booking is.
    const dentist: AiGoal = { ...task, title: 'Schedule dentist cleaning' };
    expect(moved('rang the clinic, they are booked up so i got waitlisted', [dentist])).toEqual([]);
    expect(moved('called them, on the wait list for march', [dentist])).toEqual([]);
    expect(moved('emailed the office, no openings till april', [dentist])).toEqual([]);
    expect(moved('called the office and got a slot, all scheduled', [dentist])).toEqual(['g2=done']);
    // Money owed, or paid or used out of a fund, is no saving; money put in is.
    const fund = goal('f', 'Set aside $1,500 for car repairs', '$', 600, 1500);
    expect(moved('owed 900 for the brakes and paid it out of the fund', [fund])).toEqual([]);
    expect(moved('used 200 from the repair fund for new tires', [fund])).toEqual([]);
    expect(moved('spent 300 out of my savings on the alternator', [fund])).toEqual([]);
    expect(moved('put another 200 in the fund', [fund])).toEqual(['f=800']);
    // A plan governs its whole deed however far its number; "going to the gym" and "not gonna lie" are no plans.
    const letters = goal('c', 'Send 20 cover letters', 'letters', 4, 20);
    expect(moved('gonna send the new version to the last 3 companies tomorrow', [letters])).toEqual([]);
    expect(moved('planning to write out the remaining cover letters for those 2 firms', [letters])).toEqual([]);
    expect(moved('sent 3 cover letters', [letters])).toEqual(['c=7']);
    expect(moved('been going to the gym a lot, 3 sessions', [goal('g', 'Gym 40 sessions', 'sessions', 10, 40)])).toEqual(['g=13']);
    // What would have been, however the modal is typed, is nothing done.
    const laptop = goal('l', 'Save $2,000 for a laptop', '$', 500, 2000);
    expect(moved('put 100 in the laptop fund, wuold of been 250', [laptop])).toEqual(['l=600']);
    expect(moved('put 100 in the laptop fund, could have been 250 tho', [laptop])).toEqual(['l=600']);
    // Money made goes to the one goal of earning; with two of them, to none; a clause of its own earning is no bill of the clause before.
    const card = goal('k', 'Pay down credit card – $3,000', '$', 1200, 3000);
    const side = goal('s', 'Side hustle income $2,000', '$', 640, 2000);
    expect(moved('paid 300 on the card and earned 120 from tutoring', [card, side])).toEqual(['k=1500', 's=760']);
    expect(moved('made 90 from the market stall', [card, side])).toEqual(['s=730']);
    expect(moved('made 90 from the market stall', [side, goal('e', 'Earn $500 from photography', '$', 100, 500)])).toEqual([]);
    expect(moved('made 3 calls', [side, goal('n', 'Make 30 calls', 'calls', 2, 30)])).toEqual(['n=5']);
    // Occasions of an amount each are multiplied, even when the amount is the title's number; "half kilo" is half a kilo.
    const med = goal('m', 'Meditate 20 hours this month', 'hours', 6, 20);
    expect(moved('3 sits of 20 min each since monday', [med])).toEqual(['m=7']);
    expect(moved('did 2 sessions of 30 min', [med])).toEqual(['m=7']);
    const kg = goal('w', 'Lose 10 kg', 'kg', 4, 10);
    expect(moved('down another half kilo this week', [kg, goal('b', 'Cycle 1,500 km', 'km', 900, 1500)])).toEqual(['w=4.5']);
    expect(moved('ate a half pound burger', [goal('p', 'Lose 20 lbs', 'lbs', 4, 20)])).toEqual([]);
    // "twcie": twice with two letters swapped; "twine" is a word.
    const yoga = goal('y', 'Yoga 25 classes', 'classes', 9, 25);
    expect(moved('went to yoga twcie', [yoga])).toEqual(['y=11']);
    expect(moved('went to yoga thrcie', [yoga])).toEqual(['y=12']);
    expect(moved('bought yoga twine', [yoga])).toEqual([]);
  });
  it('reads the round from part 30: a bedtime then "this week", days left out, what is still awaited, "wuold\'ve been", outings, ordinals published, "that\'s room 3", the goal\'s verb on a day, recipients', () => {
    // A clock deadline then a period ("in bed by 11 this week") is a time, not nights; "down by 2 this week" is a change.
    const bed: AiGoal = { ...goal('b', 'In bed by 11pm – 20 nights', 'nights', 9, 20), type: 'habit' };
    expect(moved('3 more nights in bed by 11 this week', [bed])).toEqual(['b=12']);
    expect(moved('up by 6 again, 2 more nights', [bed])).toEqual(['b=11']);
    expect(moved('in bed by 10 last night', [bed])).toEqual([]);
    expect(moved('weight down by 2 this week', [goal('w', 'Lose 10 kg', 'kg', 3, 10)])).toEqual(['w=5']);
    // Weekdays after "except" are the days left out: the amount is not done on them; a count of days at the end ("so 5 mornings") is the days done.
    const med = goal('m', 'Meditate 10 hours this month', 'hours', 4, 10);
    expect(moved('30 min every day except mon and tue', [med])).toEqual([]);
    expect(moved('30 min every day apart from the weekend, so 5 days', [med])).toEqual(['m=6.5']);
    expect(moved('30 min every morning except sat and sun, so 2 days off', [med])).toEqual([]);
    expect(moved('30 min every morning except when sick, so 2 days missed', [med])).toEqual([]);
    expect(moved('30 min on the cushion sat and sun', [med])).toEqual(['m=5']);
    // Something sent off and still awaited ("should come back in 6 weeks") is no task done.
    const passports: AiGoal = { ...task, title: "Get the kids' passports renewed" };
    expect(moved('sent off the applications, should come back in 6-8 weeks', [passports])).toEqual([]);
    expect(moved('posted the forms, should arrive in a month', [passports])).toEqual([]);
    expect(moved('sent the forms off, all done', [passports])).toEqual(['g2=done']);
    // "wuold've been", "should've been": what would have been, the modal glued to its "'ve".
    const laptop = goal('l', 'Save $1,200 for a new laptop', '$', 700, 1200);
    expect(moved('put 50 in, should\'ve been 100', [laptop])).toEqual(['l=750']);
    expect(moved('put 50 in, could\'ve been 100', [laptop])).toEqual(['l=750']);
    expect(moved('saved 60, it\'s been 2 weeks', [laptop])).toEqual(['l=760']);
    // Outings of an activity ("swims", "jogs") are filled by "3 times", "x3", "twice"; a goal in km is not.
    const swims = goal('s', 'Swim 3x/week – 12 swims', 'swims', 5, 12);
    expect(moved('🏊 x3 this week', [swims])).toEqual(['s=8']);
    expect(moved('swam twice', [swims])).toEqual(['s=7']);
    expect(moved('swam 3 times', [goal('k', 'Swim 20 km', 'km', 2, 20)])).toEqual([]);
    // "published my twelfth post": the count reached; "halfway through my tenth post" is no share of the goal.
    const blog = goal('p', 'Write 30 blog posts', 'posts', 11, 30);
    expect(moved('posted my 13th post', [blog])).toEqual(['p=13']);
    expect(moved('read my twelfth post again', [blog])).toEqual([]);
    expect(moved('halfway through my tenth post', [blog])).toEqual([]);
    expect(moved('submitted my fifteenth application', [goal('a', 'Send 20 applications', 'applications', 4, 20)])).toEqual(['a=15']);
    // "that's room 4": the count summed up with the goal's own thing.
    const rooms = goal('r', 'Paint 5 rooms', 'rooms', 2, 5);
    expect(moved("painted the study, that's room 4", [rooms])).toEqual(['r=4']);
    expect(moved("painted the study, that's 2 coats", [rooms])).toEqual([]);
    expect(moved("that's room 12 at the hotel", [rooms])).toEqual([]);
    // The goal's own verb in the past right before its weekday is done on it; another verb ("skipped") is not.
    const prep = goal('d', 'Meal prep 8 Sundays', 'Sundays', 3, 8);
    expect(moved('meal prepped sunday', [prep])).toEqual(['d=4']);
    expect(moved('skipped meal prep sunday', [prep])).toEqual([]);
    expect(moved('missed meal prep on sunday', [prep])).toEqual([]);
    // The goal's verb done to that many recipients ("applied to 3 places") is that many of what it counts; a plan or a visit is not.
    const jobs = goal('j', 'Apply to 20 UX jobs', 'applications', 8, 20);
    expect(moved('applied to 2 more companies', [jobs])).toEqual(['j=10']);
    expect(moved('visited 3 places', [jobs])).toEqual([]);
    expect(moved('gonna apply to 3 places', [jobs])).toEqual([]);
    // Wordings of the brief: a bare number after a day is of the unit before it; one in a unit the goal cannot take, or of another subject, is not the goal's.
    expect(moved('did 3 sessions monday and 2 friday', [goal('g', 'Gym 40 sessions', 'sessions', 10, 40)])).toEqual(['g=15']);
    expect(moved('read 20 pages mon, 30 wed', [goal('b', 'Read 1,000 pages', 'pages', 100, 1000)])).toEqual(['b=150']);
    const km = goal('k', 'Run 100 km', 'km', 10, 100);
    expect(moved('3 runs yesterday and 2 today', [km])).toEqual([]);
    expect(moved('walked 4 miles today, 2 yesterday', [km])).toEqual([]);
    expect(moved('45 mins yesterday + 2 at 9 this morning', [goal('h', 'Study 50 hours', 'hours', 10, 50)])).toEqual([]);
    expect(moved('python 3 hrs', [goal('f', 'Learn French — 100 hours', 'hours', 44, 100)])).toEqual([]);
    expect(moved('streak at 65. so 11 done', [goal('t', 'Meditation streak 100 days', 'days', 58, 100)])).toEqual([]);
    expect(moved('cooked at home mon, wed and thu', [goal('c', 'Cook dinner at home 4 nights a week', 'dinners', 22, 32)])).toEqual(['c=25']);
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
  it('passes a question on to the coach instead of answering it, and tells the coach to answer', () => {
    const reply = "quick q - can we move friday's call to 4?";
    const asked = analyse(reply);
    const text = composeFollowUpText({ ...ctx(), message: 'm', reply, analysis: asked });
    expect(text).toContain("I've passed your question on to Dana.");
    expect(text).not.toContain('Next up');
    expect(asked.insights).toContain('Answer their question in the conversation.');
    // A question mark on a short aside or on nothing at all asks nothing of the coach.
    for (const plain of ['guess what? ran 5 km', 'Walked 5 km today, feeling great', 'ran 5 km, right?']) {
      expect(composeFollowUpText({ ...ctx(), message: 'm', reply: plain, analysis: analyse(plain) }), plain).not.toContain('passed your question');
    }
  });
  it("does not count another thing after the goal's verb when the reply counts the goal's own unit by name", () => {
    const songs = { ...goal('u', 'Learn 50 songs on ukulele', 'songs', 18, 50), type: 'incremental' as const };
    expect(valueOf('learned a dozen new chords but only one full song lol', songs)).not.toBe(30);
    expect(valueOf('learned 4 scales. also 2 songs', songs)).toBe(20);
    expect(valueOf('learned 3 new songs', songs)).toBe(21);
    const clients = { ...goal('c', 'Sign 10 new clients', 'clients', 2, 10), type: 'incremental' as const };
    expect(valueOf('signed 2 cafés this week', clients)).toBe(4);
  });
  it('reads days listed beside a "dry" goal as kept only when the clause says so', () => {
    const dry = { ...goal('d', '60 dry days', 'days', 21, 60), type: 'habit' as const };
    expect(valueOf('drank fri and sat', dry)).toBeNull();
    expect(valueOf('had wine sat and sun', dry)).toBeNull();
    expect(valueOf('stayed dry fri and sat', dry)).toBe(23);
    expect(valueOf('dry mon tue and wed', dry)).toBe(24);
  });
  it('drops an aside with its own number that the coach already has, and keeps the rest of its clause', () => {
    const vol = goal('v', 'Volunteer 50 hours at the food bank', 'hours', 22, 50);
    expect(valueOf("4 hr shift sat + 3 more sunday (last wk's 5 hrs u already have)", vol)).toBe(29);
    expect(valueOf('3 hrs today (plus the 5 u already got)', vol)).toBe(25);
    expect(valueOf('3 hrs today (plus 5 on sunday)', vol)).toBe(30);
    expect(valueOf('4 hrs (told you already)', vol)).toBeNull();
  });
  it('reads a failed try at a task as not done', () => {
    const faucet: AiGoal = { ...task, id: 'f', title: 'Fix the leaky bathroom faucet', milestones: [] };
    const done = (reply: string) => analyse(reply, { goals: [faucet] }).progress.some((p) => p.completed);
    expect(done('tried, bought the wrong cartridge ($18 wasted). going back to the store sat')).toBe(false);
    expect(done('got the wrong washer so still dripping')).toBe(false);
    expect(done('i tried. no luck')).toBe(false);
    expect(done('bought the new cartridge and fixed it')).toBe(true);
    expect(done('tried a new washer and it worked, fixed')).toBe(true);
  });
  it('reads "and a third one" after two of the same things as one more, only when it is the next one', () => {
    const bread = { ...goal('b', 'Bake 12 sourdough loaves', 'loaves', 5, 12), type: 'incremental' as const };
    expect(valueOf('made a couple loaves sat and a third one monday', bread)).toBe(8);
    expect(valueOf('baked 3 loaves and a 4th one sunday', bread)).toBe(9);
    expect(valueOf('baked 2 loaves and a fifth one', bread)).toBe(7);
    expect(valueOf('baked 2 loaves and a third of a cake', bread)).toBe(7);
  });
  it('reads neither of two goals from a verb whose "-ing" the other title has ("Read War and Peace", "Course reading")', () => {
    const novel = goal('w', 'Read War and Peace', 'pages', 300, 1225);
    const course = goal('c', 'Course reading', 'pages', 150, 400);
    expect(moved('read 40 pages on the train', [novel, course])).toEqual([]);
    expect(moved('did 30 pages of reading', [novel, course])).toEqual([]);
    expect(moved('read 30 pages of war and peace', [novel, course])).toEqual(['w=330']);
    const book = goal('n', 'Write my novel', 'words', 300, 50000);
    expect(moved('wrote 500 words', [book, goal('b', 'Blog writing', 'words', 150, 10000)])).toEqual([]);
  });
  it('takes supplies said bought ("the paint is bought") for no doing of the task, unless buying is the task', () => {
    const paint = { ...task, id: 'p', title: 'Paint the spare room' };
    expect(moved('tap fixed. paint is bought but not on the walls yet', [paint])).toEqual([]);
    expect(moved('the tiles are all bought, starting saturday', [{ ...task, id: 't', title: 'Retile the bathroom' }])).toEqual([]);
    expect(moved('new mattress is bought!', [{ ...task, id: 'm', title: 'Buy a new mattress' }])).toEqual(['m=done']);
    expect(moved('spare room is painted finally', [paint])).toEqual(['p=done']);
  });
  it('reads the minutes of an hour said without their unit ("1hr 15"), not when another unit follows', () => {
    const sit = goal('s', 'Meditation: 20 hours', 'hours', 11, 20);
    expect(valueOf('sat 1hr 15 sunday and 45 min this morning', sit)).toBe(13);
    expect(valueOf('practiced 2 hrs 30 yesterday', sit)).toBe(13.5);
    expect(valueOf('1 hour 20 on tuesday', sit)).toBe(12.33);
    expect(valueOf('did 1 hr 15 pages', goal('r', 'Read 300 pages', 'pages', 11, 300))).toBeNull();
  });
  it('reads an amount stuck to its unit after an occasion ("erg session 8000m"), and an occasion word is no verb naming another goal', () => {
    const erg = goal('e', 'Row 100 km on the erg', 'km', 62, 100);
    const lift = { ...goal('l', 'Strength sessions (2x/week)', 'sessions', 14, 24), type: 'incremental' as const };
    expect(moved('erg session 8,000m + 2000m cool down, only lifted once this week', [erg, lift])).toEqual(['e=72', 'l=15']);
    expect(valueOf('session 5000m', erg)).toBe(67);
    expect(moved('strength session 5000m', [erg, lift])).toEqual([]);
    expect(valueOf('lesson 4 done', { ...goal('s', 'Spanish lessons', 'lessons', 3, 30), type: 'incremental' as const })).toBe(4);
  });
  it('does not add an amount that sums up the ones just said ("so that\'s 2 more")', () => {
    const songs = { ...goal('u', 'Learn 15 songs', 'songs', 6, 15), type: 'incremental' as const };
    expect(valueOf("Learned a couple of new ones Wonderwall and Blackbird so that's two more.", songs)).toBe(8);
    expect(valueOf("learned 1 on monday and 1 on friday so that's 2 more", songs)).toBe(8);
    expect(valueOf('learned 2 new ones. then 2 more on sunday', songs)).toBe(10);
  });
  it('counts no parts of the things a goal counts ("12 new chords" for songs)', () => {
    const songs = { ...goal('u', 'Learn 15 songs', 'songs', 6, 15), type: 'incremental' as const };
    expect(valueOf('learned 12 new chords', songs)).toBeNull();
    expect(valueOf('learned 12 new chords', { ...songs, title: 'Learn 50 songs on ukulele', currentValue: 18, target: 50 })).toBeNull();
    expect(valueOf('learned 4 new riffs', songs)).toBeNull();
    expect(valueOf('read 3 chapters', { ...goal('b', 'Read 12 books', 'books', 2, 12), type: 'incremental' as const })).toBeNull();
    expect(valueOf('learned 3 new songs', songs)).toBe(9);
  });
  it('reads minutes under an hour before a range of weekdays as each day\'s, other amounts as what the days came to', () => {
    const sit = goal('s', 'Meditation: 20 hours total', 'hours', 11.5, 20);
    expect(valueOf('sat for 15 min mon-fri + one long 45 min sit on sunday', sit)).toBe(13.5);
    expect(valueOf('20 mins tues to thurs', sit)).toBe(12.5);
    expect(valueOf('150 min mon-fri in total', sit)).toBe(14);
    expect(valueOf('made 35 calls mon-wed', { ...goal('c', 'Cold calls', 'calls', 140, 300), type: 'incremental' as const })).toBe(175);
  });
  it('takes no size of a place ("50m pool") for an amount done', () => {
    const swim = goal('s', 'Swim 20 km', 'km', 8.4, 20);
    expect(valueOf('swam 1,600m tues and 2000m thurs. 50m pool so fewer turns', swim)).toBe(12);
    expect(valueOf('1500m in the 25m pool today', swim)).toBe(9.9);
    expect(valueOf('ran 5k, 400m track', goal('r', 'Run 100 km', 'km', 20, 100))).toBe(25);
  });
  it('reads a tally said of the whole stretch ("total for the challenge is 203.4 now"), and the amounts after it as inside it', () => {
    const run = goal('r', 'Run 300 km by end of June', 'km', 188, 300);
    expect(valueOf('strava total for the challenge is 203.4 now. did a 12k with the club sat', run)).toBe(203.4);
    expect(valueOf('my total on strava is 210', run)).toBe(210);
    expect(valueOf('the total for the week is 30k', run)).toBeNull();
    expect(valueOf('total for the month is 195. ran 10k sunday', run)).toBeNull();
  });
  it('reads a when word with two letters swapped ("todya") as that when', () => {
    const bike = goal('b', 'Cycling 800 km this season', 'km', 512, 800);
    expect(valueOf('rode 45km yestrday n 38 todya, leggs r dead', bike)).toBe(595);
    expect(valueOf('rode 45km, 38 tdoay', bike)).toBe(595);
  });
  it('reads an amount since the last check-in, a remainder "left on it", and money paid on to a goal named after it', () => {
    const gym = { ...goal('g', 'Gym sessions (aim 50)', 'sessions', 33, 50), type: 'incremental' as const };
    expect(valueOf('2 since we spoke. legs are dead', gym)).toBe(35);
    expect(valueOf('the kids were 2 since we spoke', gym)).toBeNull();
    const card = goal('c', 'Pay off the card', '$', 1000, 3000);
    expect(valueOf('$900 left on it', card)).toBe(2100);
    expect(moved('$900 left on it', [card, goal('s', 'Save for a trip', '$', 100, 2000)])).toEqual([]);
    const bill = goal('d', 'Pay off the dentist bill ($1,200)', '$', 500, 1200);
    const fund = goal('h', 'Holiday fund', '$', 300, 1500);
    expect(moved('paid 200 towrds the dentst n 50 to the holidy fund this tiem', [bill, fund])).toEqual(['d=700', 'h=350']);
    expect(moved('paid 200 for new tyres and 50 to the holiday fund', [bill, fund])).toEqual(['h=350']);
    expect(moved('spent 300 on a fridge, 50 on the holiday', [bill, fund])).toEqual([]);
  });
  it('takes a guess at another unit after an amount ("twice. maybe 1000 words tmrw") for no doubt of it', () => {
    const thesis = goal('t', 'Thesis writing', 'words', 14000, 30000);
    const gym = { ...goal('g', 'Gym 3x/week', 'sessions', 15, 36), type: 'incremental' as const };
    expect(moved('nothing written. did get to the gym twice. maybe 1000 words tmrw', [thesis, gym])).toEqual(['g=17']);
    expect(moved('wrote 800 words, maybe 900', [thesis, gym])).toEqual([]);
    expect(moved('gym 2 times, maybe 3 times', [thesis, gym])).toEqual([]);
  });
  it('reads packs of a weight or volume ("28 bags of 250g") as that many times it', () => {
    const beans = goal('b', 'Sell 50 kg of coffee at the market', 'kg', 31.5, 50);
    expect(valueOf('sold 28 bags of 250g at saturday market, £9 a bag', beans)).toBe(38.5);
    expect(valueOf('sold 10 bags of 1 kg', beans)).toBe(41.5);
    expect(valueOf('sold 12 bags of coffee', beans)).toBeNull();
  });
  it('gives "so that\'s 2 more" after listed occasions to the one goal its sentence named', () => {
    const physio = { ...goal('p', 'Go to 8 physio appointments', 'appointments', 3, 8), type: 'incremental' as const };
    const home = { ...goal('h', 'Home exercise program — 20 sessions', 'sessions', 9, 20), type: 'habit' as const };
    expect(moved('went to physio tues and fri so thats 2 more. did the band exercises 4 times too', [physio, home])).toEqual(['p=5', 'h=13']);
    expect(moved('went to physio mon, wed and fri, so 3 more', [physio, home])).toEqual(['p=6']);
    expect(moved('physio was cancelled tues and fri so 2 more to go', [physio, home])).toEqual([]);
  });
  it('reads "got in 2 hrs" as time spent, not as how long something took', () => {
    const guitar = goal('g', 'Guitar practice - 40 hrs', 'hours', 18.5, 40);
    expect(valueOf('got in 2 hrs yesterday', guitar)).toBe(20.5);
    expect(valueOf('squeezed in 1.5 hours before work', guitar)).toBe(20);
    expect(valueOf('finished the song in 2 hrs', guitar)).toBeNull();
    expect(valueOf('got there in 2 hrs', guitar)).toBeNull();
    expect(valueOf("I'll get in 2 hrs tomorrow", guitar)).toBeNull();
  });
  it('gives money "got paid" beside several money goals to the one goal of earning', () => {
    const visa = goal('v', 'Pay off the Visa', '$', 800, 2000);
    const trip = goal('t', 'Vacation savings $1,500', '$', 450, 1500);
    const gigs = goal('f', 'Freelance income $5,000', '$', 2100, 5000);
    expect(moved('got paid 500 bucks for a logo', [visa, trip, gigs])).toEqual(['f=2600']);
    expect(moved('was paid $250 for the edit, sent $100 somewhere', [visa, trip, gigs])).toEqual(['f=2350']);
    expect(moved('paid $200 and got $50 back', [visa, trip, gigs])).toEqual([]);
    expect(moved('got paid $500', [visa, trip, { ...gigs, id: 'e', title: 'Earn $5,000 tutoring' }, gigs])).toEqual([]);
  });
  it('reads a time said of another activity ("a 2 hr ride, 48 km") as how long that goal\'s occasion took', () => {
    const bike = goal('b', 'Cycle 1,000 km this year', 'km', 640, 1000);
    const gym = goal('s', 'Strength training - 24 hrs total', 'hours', 9, 24);
    expect(moved('did a 2 hr ride, 48 km. plus 45 min lifting', [bike, gym])).toEqual(['b=688', 's=9.75']);
    expect(moved('1 hr ride, 20 km', [bike, gym])).toEqual(['b=660']);
    expect(moved('2 hr ride and a 30 km ride', [bike, gym])).toEqual([]);
    expect(moved('2 hr ride. 48 km', [bike, gym])).toEqual([]);
    const any = goal('x', 'Exercise 50 hours', 'hours', 9, 50);
    expect(moved('did a 2 hr ride, 48 km', [bike, any])).not.toContain('x=11');
  });
  it('counts the weekdays listed after the goal\'s verb, typos and all, as that many sessions', () => {
    const lift = { ...goal('l', 'Lift 3x/wk - 36 sessions', 'sessions', 20, 36), type: 'habit' as const };
    expect(valueOf('lifted tuesdy thrusday and satuday, felt strong', lift)).toBe(23);
    expect(valueOf('lifted mon and thurs', lift)).toBe(22);
    expect(valueOf("didn't lift tuesday or friday", lift)).toBeNull();
    expect(valueOf('gym was packed tuesday and friday', lift)).toBeNull();
    expect(valueOf('ran tuesday and friday', lift)).toBeNull();
  });
  it('reads a person taken out as no money taken out ("dad took me out for 2 hrs")', () => {
    const drive = goal('d', 'Log 40 hours of supervised driving', 'hours', 17, 40);
    expect(valueOf('dad took me out sat for 2 hrs and sun for 1.5', drive)).toBe(20.5);
    expect(valueOf('mum took us out for 3 hrs on the motorway', drive)).toBe(20);
    const fund = goal('f', 'Save $1,500 for the trip', '$', 640, 1500);
    expect(valueOf('took 100 out for the vet, then saved 50', fund)).toBeNull();
  });
  it('reads occasions of an amount each, right after the same amount, as how it was made up', () => {
    const med = goal('m', 'Meditate 10 hours this month', 'hours', 4.5, 10);
    expect(valueOf('45 mins this week, 3 sits of 15 min', med)).toBe(5.25);
    expect(valueOf('45 mins this week, 2 sits of 15 min', med)).toBe(5.75);
    expect(valueOf('45 mins this week, 3 sits of 15 min on sunday', med)).toBe(6);
    expect(valueOf('45 mins monday. 3 sessions of 15 min', med)).toBe(6);
  });
  it('reads "between 20 and 30" as a range, no amount', () => {
    const vocab = goal('v', 'Learn 500 Spanish words', 'words', 215, 500);
    expect(valueOf('learned between 15 and 20 words', vocab)).toBeNull();
    expect(valueOf('vocab somewhere between twenty and thirty new words', vocab)).toBeNull();
    expect(valueOf('learned 20 words between tuesday and friday', vocab)).toBe(235);
  });
  it('gives times of a thing given up to that goal\'s lapses, not to another goal counted in times', () => {
    const gym = { ...goal('g', 'Gym 3x/wk', 'sessions', 15, 36), type: 'incremental' as const };
    const out = { ...goal('o', 'No eating out', 'days', 9, 30), type: 'habit' as const };
    expect(moved('ate out twice too. but made it to the gym 3 times', [gym, out])).toEqual(['g=18']);
    expect(moved('ate out 3 times', [gym, out])).toEqual([]);
    expect(moved('gym x3 | eating out fri & sat', [gym, out])).toEqual(['g=18']);
  });
  it('gives "so 2 more" after a list to no goal when the list named the doings of several goals, and in place of the list when it named one', () => {
    const physio = { ...goal('p', 'Go to 8 physio appointments', 'appointments', 3, 8), type: 'incremental' as const };
    const home = { ...goal('h', 'Home exercise program — 20 sessions', 'sessions', 9, 20), type: 'habit' as const };
    expect(moved('went to physio tues and did the exercises fri so thats 2 more', [physio, home])).toEqual([]);
    expect(moved('went to physio tues and did the exercises fri. so thats 2 more', [physio, home])).toEqual([]);
    expect(moved('did the exercises tues and fri so thats 2 more', [physio, home])).toEqual(['h=11']);
    const net = { ...goal('n', 'Go to 10 networking events', 'events', 3, 10), type: 'incremental' as const };
    expect(valueOf('went to a meetup tuesday and a dinner friday, so 2 more', net)).toBe(5);
    expect(valueOf('went to a meetup tuesday and a breakfast thing friday', net)).toBe(4);
  });
  it('reads "music stuff" beside piano and music theory goals as either one', () => {
    const piano = goal('p', '20 hrs piano practice', 'hours', 7, 20);
    const theory = goal('t', '20 hrs music theory study', 'hours', 9, 20);
    expect(moved('music stuff 3 hrs yday', [piano, theory])).toEqual([]);
    expect(moved('theory stuff 3 hrs yday', [piano, theory])).toEqual(['t=12']);
    expect(moved('piano stuff 2 hrs', [piano, theory])).toEqual(['p=9']);
  });
  it('reads a sentence of nothing but the amount just said as said again', () => {
    const eggs = { ...goal('e', 'Sell 60 dozen eggs at the gate', 'dozen', 22, 60), type: 'incremental' as const };
    const fence = { ...goal('f', 'Walk the boundary fences weekly', 'walks', 5, 12), type: 'habit' as const };
    expect(moved('sold a dozen dozen at the market. twelve dozen!', [eggs, fence])).toEqual(['e=34']);
    expect(moved('sold 12 dozen. 12 dozen again friday', [eggs, fence])).toEqual(['e=46']);
    expect(moved('sold 5 dozen monday, 5 dozen friday', [eggs, fence])).toEqual(['e=32']);
  });
  it('lets a correction go on with the goal an ordinal counted', () => {
    const songs = { ...goal('s', 'Learn the 8 songs for the gig set', 'songs', 3, 8), type: 'incremental' as const };
    expect(valueOf("got Jolene down, that's song 5 of 8?? no wait 4", songs)).toBe(4);
    expect(valueOf("that's song 5 of 8. no wait, 4", songs)).toBe(4);
    expect(valueOf("that's song 5 of 8", songs)).toBe(5);
  });
  it('reads "two dozen" as 24 unless a goal counts in dozens', () => {
    const candles = { ...goal('c', 'Sell 300 candles on Etsy', 'candles', 112, 300), type: 'incremental' as const };
    expect(valueOf('sold two dozen candles at the fair', candles)).toBe(136);
    expect(valueOf('sold 3 dozen at the market', candles)).toBe(148);
    expect(valueOf('sold a dozen', candles)).toBe(124);
  });
  it('reads a share "of" a title word as the goal\'s, whatever a typo could make of the word', () => {
    const punch = { ...goal('p', 'Finish the kitchen reno punch list (40 items)', 'items', 22, 40), type: 'incremental' as const };
    expect(valueOf('75% of the punch list done now, tiler comes back weds', punch)).toBe(30);
    expect(valueOf('75% through the lunch rush', punch)).toBeNull();
  });
  it('gives occasions alone ("twice.") to the one goal of a check-in that counts occasions, not to one of giving up', () => {
    const choir = { ...goal('c', 'Go to choir rehearsal', 'rehearsals', 10, 24), type: 'habit' as const };
    expect(valueOf('twice.', choir)).toBe(12);
    expect(valueOf('3 times this week', choir)).toBe(13);
    expect(valueOf('ate out twice', choir)).toBeNull();
    const takeout = { ...goal('t', 'No takeout', 'days', 9, 30), type: 'habit' as const };
    expect(valueOf('twice.', takeout)).toBeNull();
    expect(valueOf('twice.', goal('m', 'Meditate 10 hours', 'hours', 4, 10))).toBeNull();
  });
  it('reads "frm" as "from"', () => {
    const loan = goal('l', 'Pay off student loan $12,000', '$', 5400, 12000);
    const side = goal('s', 'Side hustle income $3,000', '$', 870, 3000);
    expect(moved('paied 250 on the lone, and made 180 frm dog walkng', [loan, side])).toEqual(['l=5650', 's=1050']);
  });
  it('reads a bare amount with its unit as done when the reply lists the other goals\' amounts as done, and only then', () => {
    const fiction = goal('f', 'Read 500 pages of fiction', 'pages', 200, 500);
    const outline = goal('o', 'Thesis outline — 200 pages', 'pages', 60, 200);
    expect(moved('90 pgs of the outline, fiction only 30', [fiction, outline])).toEqual(['f=230', 'o=150']);
    expect(moved('fiction just 25 pages. outline 90 pgs', [fiction, outline])).toEqual(['f=225', 'o=150']);
    // A total said for the other goal, or no other amount at all, leaves the number in doubt.
    expect(moved('90 pgs of the outline, fiction at 230 pages now', [fiction, outline])).toEqual(['f=230']);
    expect(moved('90 pgs of the outline', [fiction, outline])).toEqual([]);
    // A number after a noun is a place in a row ("song 4"), not an amount.
    const guitar = goal('g', 'Practice guitar 30 hours', 'hours', 12, 30);
    const songs = { ...goal('s', 'Learn 10 songs', 'songs', 3, 10), type: 'incremental' as const };
    expect(moved('put in 2 hrs on guitar and nailed song 4', [guitar, songs])).toEqual(['g=14']);
  });
  it('reads a goal\'s unit "m" as metres', () => {
    const swim = goal('s', 'Swim 10,000 metres this month', 'm', 4200, 10000);
    expect(valueOf('did 1.5 km tonight at the Y', swim)).toBe(5700);
    expect(valueOf('swam 2 km', swim)).toBe(6200);
    expect(valueOf('did 1.5 km tonight', goal('m', 'Meditate 600 minutes', 'min', 200, 600))).toBeNull();
  });
  it('takes a rate in the title ("2 events a month") for how often, not for the goal\'s span', () => {
    const events = { ...goal('e', 'Go to 2 networking events a month (12 this year)', 'events', 4, 12), type: 'incremental' as const };
    expect(valueOf('went to 3 events this month', events)).toBe(7);
    expect(valueOf('ran 28 km this month', goal('r', 'Run 40 km this month', 'km', 20, 40))).toBe(28);
    expect(valueOf('ran 8 km this month', goal('r', 'Run 5 km a month (60 this year)', 'km', 20, 60))).toBe(28);
  });
  it('ends a list of weekdays at a day a clause of its own is about ("wed was late"), and weighs no clock time as an amount', () => {
    const bed = { ...goal('b', 'Nights in bed by 11pm (goal 25 this month)', 'nights', 9, 25), type: 'habit' as const };
    expect(valueOf('made it mon tue and thu, wed was late', bed)).toBe(12);
    expect(valueOf('made it mon tue and thu, wed was 12:40 bc of the baby', bed)).toBe(12);
    expect(valueOf('lights out at 10pm mon and wed', bed)).toBe(11);
    // A plural subject after a list is the list's own days; a day alone before "was" lists nothing.
    expect(valueOf('mon, tue and wed were all good', bed)).toBe(12);
    expect(valueOf('made it mon, tue was a mess', bed)).toBeNull();
    const steps = { ...goal('s', 'Walk 8,000 steps a day', 'days', 11, 30), type: 'habit' as const };
    expect(valueOf('hit it tue and fri, sat was a write-off', steps)).toBe(13);
  });
  it('counts the goal\'s own doing on one when, with no number, as one occasion', () => {
    const grandma = { ...goal('g', 'Call grandma weekly', 'calls', 3, 12), type: 'habit' as const };
    expect(valueOf('called grandma yesterday', grandma)).toBe(4);
    expect(valueOf("didn't call grandma sunday", grandma)).toBeNull();
    expect(valueOf('will call grandma sunday', grandma)).toBeNull();
    expect(valueOf('called grandma sat and sun', grandma)).toBeNull();
    expect(valueOf("went to grandma's sunday", grandma)).toBeNull();
    expect(moved('called the bank monday, ran 5k tuesday', [grandma, goal('r', 'Run 100 km', 'km', 20, 100)])).toEqual(['r=25']);
    const choir = { ...goal('c', 'Attend choir practice', 'sessions', 3, 20), type: 'incremental' as const };
    expect(valueOf('went to choir practice thursday', choir)).toBe(4);
    expect(valueOf('going to choir practice thursday', choir)).toBeNull();
  });
  it('drops an aside in brackets about someone else\'s number', () => {
    const followers = goal('f', 'Get to 10k Instagram followers', 'followers', 7400, 10000);
    expect(valueOf("we're at 7.9k followers now (my sister's shop is at 9k lol)", followers)).toBe(7900);
    expect(valueOf('ran 12k sunday (my brother did 20 lol)', goal('r', 'Run 200 km', 'km', 50, 200))).toBe(62);
    expect(valueOf('saved 200 (the wife put in 100 too)', goal('s', 'Save $2,000', '$', 500, 2000))).toBe(700);
  });
  it('reads an application sent to so many places as that many applications, only for a goal counted in applications', () => {
    const apply = { ...goal('a', 'Apply to 30 jobs', 'applications', 5, 30), type: 'incremental' as const };
    expect(valueOf('sent my cv to 4 companies this week', apply)).toBe(9);
    expect(valueOf('sent it to 3 friends for feedback', apply)).toBeNull();
    expect(valueOf('gonna send my resume to 3 places', apply)).toBeNull();
    expect(valueOf('sent it to 3 places', { ...goal('q', 'Query 15 literary agents', 'agents', 6, 15), type: 'incremental' as const })).toBeNull();
  });
  it('gives money made on a named place of selling to the one goal of earning, not a count made on a day', () => {
    const card = goal('c', 'Pay down the credit card', '$', 1200, 4000);
    const side = goal('s', 'Side hustle income $3,000', '$', 740, 3000);
    expect(moved('made 250 on ebay, paid 100 on the card', [card, side])).toEqual(['c=1300', 's=990']);
    expect(moved('made 95 off ebay', [card, side])).toEqual(['s=835']);
    expect(moved('made 3 on the weekend', [card, side, { ...goal('k', 'Cook at home instead of takeout', 'nights', 8, 20), type: 'habit' as const }])).toEqual([]);
    expect(moved('made 2 on friday', [{ ...goal('p', 'Sell 20 paintings', 'paintings', 2, 20), type: 'incremental' as const }, side])).toEqual([]);
  });
  it('reads "one", a word, then a thing a goal counts as one of it, whatever follows', () => {
    const uke = { ...goal('u', 'Learn 50 songs on ukulele', 'songs', 18, 50), type: 'incremental' as const };
    expect(valueOf('learned 12 new chords but only one full song lol', uke)).toBe(19);
    expect(valueOf('nailed one new song haha', uke)).toBe(19);
    const books = { ...goal('b', 'Read 24 books', 'books', 5, 24), type: 'incremental' as const };
    expect(valueOf('read one whole book omg', books)).toBe(6);
    expect(valueOf("one day i'll read more books", books)).toBeNull();
  });
});

describe('local milestones', () => {
  it('split a numeric target in quarters and a task in steps', () => {
    expect(milestonesFor({ ...walk, milestones: [] }).map((m) => [m.title, m.targetValue, m.targetPercentage])).toEqual([
      ['Reach 25 km', 25, 25],
      ['Reach 50 km', 50, 50],
      ['Reach 75 km', 75, 75],
      ['Reach 100 km', 100, 100],
    ]);
    expect(milestonesFor(task)).toHaveLength(4);
    expect(milestonesFor(task).every((m) => m.targetValue === null)).toBe(true);
  });

  it('proposes the milestones after the done ones, never one already done', () => {
    const done = (title: string, targetValue: number | null) => ({ title, targetValue, completed: true });
    const open = (title: string, targetValue: number | null) => ({ title, targetValue, completed: false });
    const steps = (goal: AiGoal, milestones: AiGoal['milestones']) => milestonesFor({ ...goal, milestones }).map((m) => m.title);
    // A done value passes the steps up to it; steps not done yet may be proposed again (the coach may replace them).
    expect(steps(walk, [done('Reach 25 km', 25), open('Reach 50 km', 50)])).toEqual(['Reach 50 km', 'Reach 75 km', 'Reach 100 km']);
    expect(steps(walk, [done('First long walk', 30)])).toEqual(['Reach 50 km', 'Reach 75 km', 'Reach 100 km']);
    expect(steps(walk, [done('All of it', 100)])).toEqual([]);
    // Without a target, as many first steps are passed as milestones are done, and a done title is never repeated.
    expect(steps(task, [done('Book the venue', null)])).toEqual(['Complete the first step', 'Build momentum', `Finish "${task.title}"`]);
    expect(steps(task, [done('complete the first step', null)])).toEqual(['Build momentum', `Finish "${task.title}"`]);
    expect(steps(task, [done('a', null), done('b', null), done('c', null), done('d', null), done('e', null)])).toEqual([`Finish "${task.title}"`]);
  });

  it("holds any provider's proposals to the done milestones", () => {
    const proposal = (title: string, targetValue: number | null) => ({ title, targetValue });
    const proposals = [proposal('Reach 10 km', 10), proposal(' reach 20 KM', 20), proposal('Reach 30 km', 30), proposal('Stretch daily', null)];
    const milestones = [
      { title: 'Reach 20 km', targetValue: 15, completed: true },
      { title: 'Reach 30 km', targetValue: 30, completed: false },
    ];
    // Done title (any case and spacing) and values at or below the highest done target go; a not-done title may come again.
    expect(afterDoneMilestones(proposals, milestones, 40).map((p) => p.title)).toEqual(['Reach 30 km', 'Stretch daily']);
    // Without a numeric target only the titles count.
    expect(afterDoneMilestones(proposals, milestones, null).map((p) => p.title)).toEqual(['Reach 10 km', 'Reach 30 km', 'Stretch daily']);
    expect(doneMilestonesReachTarget(milestones, 40)).toBe(false);
    expect(doneMilestonesReachTarget(milestones, 15)).toBe(true);
    expect(doneMilestonesReachTarget(milestones, null)).toBe(false);
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
