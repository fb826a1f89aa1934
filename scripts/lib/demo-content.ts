/**
 * The demo coach's book of clients and the copy of their check-in conversations. Plain data and
 * small text builders; scripts/seed-demo.ts turns them into rows.
 */
import type { Random } from './random';

export type DemoGoalType = 'task' | 'progress' | 'habit';
export type Mood = 'low' | 'medium' | 'high';
export type Engagement = 'great' | 'okay' | 'bad';
export type DemoClientStatus = 'active' | 'on_hold' | 'inactive';

export interface DemoGoal {
  title: string;
  type: DemoGoalType;
  description: string;
  /** Numeric goals only; task goals track their milestones. */
  target?: number;
  /** Plural unit; 'USD' is shown as dollars. */
  unit?: string;
  unitOne?: string;
  /** Values are rounded to this step (e.g. 50 for dollars). */
  step?: number;
  /** Reads after "How's …" / "How did … go", e.g. "your mileage". */
  noun: string;
  /** Share of the target (or of the milestones) reached by now; 1 completes the goal. */
  reached: number;
  completedDaysAgo?: number;
  /** When the goal was added, if later than the client's start. */
  startsDaysAgo?: number;
  milestones: string[];
  /** The one edit in its version history; the previous values go into the initial version. */
  edit: { daysAgo: number; changeNote: string; previousTitle?: string; previousTarget?: number };
}

export interface DemoSlot {
  /** 0 = Monday … 6 = Sunday. */
  day: number;
  time: string;
  enabled?: boolean;
}

export interface DemoClient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  timezone: string;
  status: DemoClientStatus;
  joinedDaysAgo: number;
  slots: DemoSlot[];
  /** Chance of a reply, at the start and at the end of the 8 weeks (linear in between). */
  responseRate: [number, number];
  /** Motivation score 0-1, start and end. */
  motivation: [number, number];
  /** Typical minutes until the reply, start and end. */
  replyMinutes: [number, number];
  heldDaysAgo?: number;
  archivedDaysAgo?: number;
  /** Weekday whose slot is a global (all goals) weekly review. */
  globalReviewDay?: number;
  /** Also gets AI schedule rows. */
  aiSchedule?: boolean;
  goals: DemoGoal[];
}

export const DEMO_COACH = {
  firstName: 'Dana',
  lastName: 'Rivers',
  username: 'dana.rivers',
  phone: '+16175550142',
  title: 'Performance Coach',
  company: 'Rivers Performance Coaching',
  location: 'Boston, MA',
  timezone: 'America/New_York',
  coachingSurvey: {
    coachingStyle: 'Supportive but direct: small weekly commitments, reviewed honestly.',
    clientExpectations: 'Reply to check-ins the same day and bring one win and one obstacle to each session.',
    motivationApproach: 'Celebrate streaks, shrink the next step when energy is low, tie goals back to their why.',
    feedbackStyle: 'Short and specific, always with a concrete next action.',
    challengeApproach: 'Name the obstacle, adjust the plan rather than the goal, and check in sooner.',
  },
} as const;

export const DEMO_CLIENTS: DemoClient[] = [
  {
    firstName: 'Maya',
    lastName: 'Chen',
    email: 'maya.chen@example.com',
    phone: '+12125550134',
    timezone: 'America/New_York',
    status: 'active',
    joinedDaysAgo: 84,
    slots: [
      { day: 0, time: '08:30' },
      { day: 2, time: '08:30' },
      { day: 4, time: '08:30' },
      { day: 5, time: '10:00', enabled: false },
    ],
    responseRate: [0.92, 0.97],
    motivation: [0.75, 0.88],
    replyMinutes: [25, 12],
    aiSchedule: true,
    goals: [
      {
        title: 'Run 150 miles this quarter',
        type: 'progress',
        description: 'Build an aerobic base before the half marathon: mostly easy runs, one long run a week.',
        target: 150,
        unit: 'miles',
        unitOne: 'mile',
        noun: 'your mileage',
        reached: 0.78,
        milestones: ['First 40 miles', 'Halfway: 75 miles', '110 miles', '150 miles'],
        edit: { daysAgo: 30, changeNote: 'Raised the target after a strong first month', previousTarget: 120 },
      },
      {
        title: 'Meditate 10 minutes a day',
        type: 'habit',
        description: 'Ten minutes with the app, any time of day.',
        target: 30,
        unit: 'sessions',
        unitOne: 'session',
        noun: 'your meditation practice',
        reached: 1,
        completedDaysAgo: 12,
        milestones: ['10 sessions', '20 sessions', '30 sessions'],
        edit: { daysAgo: 40, changeNote: 'Reworded: any time of day counts', previousTitle: 'Meditate every morning' },
      },
      {
        title: 'Register for the Brooklyn Half Marathon',
        type: 'task',
        description: 'Pick the race, check the training plan fits, and register before early-bird pricing ends.',
        noun: 'the race registration',
        reached: 1,
        completedDaysAgo: 38,
        milestones: ['Pick a race date', 'Check the training plan fits', 'Register and pay'],
        edit: { daysAgo: 50, changeNote: 'Added the early-bird deadline to the description' },
      },
    ],
  },
  {
    firstName: 'Marcus',
    lastName: 'Johnson',
    email: 'marcus.johnson@example.com',
    phone: '+13125550187',
    timezone: 'America/Chicago',
    status: 'active',
    joinedDaysAgo: 120,
    slots: [
      { day: 0, time: '12:00' },
      { day: 3, time: '12:00' },
      { day: 5, time: '10:00' },
    ],
    responseRate: [0.86, 0.88],
    motivation: [0.58, 0.66],
    replyMinutes: [70, 50],
    globalReviewDay: 5,
    aiSchedule: true,
    goals: [
      {
        title: 'Pay off $6,000 of credit card debt',
        type: 'progress',
        description: 'Avalanche method: highest interest card first, extra payment every payday.',
        target: 6000,
        unit: 'USD',
        step: 50,
        noun: 'the card balance',
        reached: 0.62,
        milestones: ['$1,500 paid', '$3,000 paid', '$4,500 paid', 'Debt free'],
        edit: { daysAgo: 70, changeNote: 'Added the store card balance', previousTarget: 5000 },
      },
      {
        title: 'Cook dinner at home 4 nights a week',
        type: 'habit',
        description: 'Plan meals on Sunday; leftovers count.',
        target: 32,
        unit: 'dinners',
        unitOne: 'dinner',
        noun: 'cooking at home',
        reached: 0.7,
        milestones: ['8 dinners', '16 dinners', '24 dinners', '32 dinners'],
        edit: {
          daysAgo: 45,
          changeNote: 'Lowered from 5 to 4 nights a week',
          previousTitle: 'Cook dinner at home 5 nights a week',
          previousTarget: 40,
        },
      },
    ],
  },
  {
    firstName: 'Priya',
    lastName: 'Patel',
    email: 'priya.patel@example.com',
    phone: '+14155550162',
    timezone: 'America/Los_Angeles',
    status: 'active',
    joinedDaysAgo: 70,
    slots: [
      { day: 0, time: '09:00' },
      { day: 3, time: '09:00' },
    ],
    responseRate: [0.45, 0.93],
    motivation: [0.32, 0.8],
    replyMinutes: [300, 35],
    goals: [
      {
        title: 'Launch design portfolio website',
        type: 'task',
        description: 'A simple site with three case studies, live on her own domain.',
        noun: 'the portfolio site',
        reached: 0.75,
        milestones: ['Choose a template', 'Write three case studies', 'Get feedback from two designers', 'Publish on a custom domain'],
        edit: { daysAgo: 35, changeNote: 'Split the case studies into their own milestone' },
      },
      {
        title: 'Apply to 20 product design roles',
        type: 'progress',
        description: 'Tailored applications only; referrals count double in spirit, once in the tally.',
        target: 20,
        unit: 'applications',
        unitOne: 'application',
        noun: 'the job search',
        reached: 0.55,
        startsDaysAgo: 40,
        milestones: ['5 applications', '10 applications', '15 applications', '20 applications'],
        edit: { daysAgo: 20, changeNote: 'Widened the search to include contract roles', previousTarget: 15 },
      },
    ],
  },
  {
    firstName: 'James',
    lastName: "O'Connor",
    email: 'james.oconnor@example.com',
    phone: '+16465550119',
    timezone: 'Europe/London',
    status: 'active',
    joinedDaysAgo: 95,
    slots: [
      { day: 0, time: '07:30' },
      { day: 2, time: '07:30' },
      { day: 4, time: '07:30' },
    ],
    responseRate: [0.95, 0.3],
    motivation: [0.8, 0.22],
    replyMinutes: [20, 420],
    goals: [
      {
        title: 'Lose 12 kg before summer',
        type: 'progress',
        description: 'Calorie target from the dietitian, weigh-in every Monday.',
        target: 12,
        unit: 'kg',
        unitOne: 'kg',
        noun: 'your weight loss',
        reached: 0.38,
        milestones: ['3 kg down', '6 kg down', '9 kg down', '12 kg down'],
        edit: { daysAgo: 60, changeNote: 'Agreed a 12 kg target with the dietitian', previousTarget: 10 },
      },
      {
        title: 'Gym three times a week',
        type: 'habit',
        description: 'Any 45-minute session counts, home workouts included.',
        target: 36,
        unit: 'workouts',
        unitOne: 'workout',
        noun: 'your gym sessions',
        reached: 0.45,
        milestones: ['12 workouts', '24 workouts', '36 workouts'],
        edit: { daysAgo: 50, changeNote: 'Home workouts count too' },
      },
    ],
  },
  {
    firstName: 'Sofia',
    lastName: 'Martinez',
    email: 'sofia.martinez@example.com',
    phone: '+13035550148',
    timezone: 'America/Denver',
    status: 'active',
    joinedDaysAgo: 100,
    slots: [
      { day: 1, time: '18:00' },
      { day: 3, time: '18:00' },
      { day: 6, time: '17:00' },
    ],
    responseRate: [0.9, 0.96],
    motivation: [0.7, 0.9],
    replyMinutes: [35, 18],
    aiSchedule: true,
    goals: [
      {
        title: 'Practice Spanish 20 minutes a day',
        type: 'habit',
        description: 'App lessons on weekdays, a podcast or conversation class at the weekend.',
        target: 60,
        unit: 'sessions',
        unitOne: 'session',
        noun: 'your Spanish practice',
        reached: 0.8,
        milestones: ['15 sessions', '30 sessions', '45 sessions', '60 sessions'],
        edit: { daysAgo: 44, changeNote: 'Added weekend sessions', previousTarget: 50 },
      },
      {
        title: 'Read 12 books this year',
        type: 'progress',
        description: 'Fiction and non-fiction alternate; audiobooks count.',
        target: 12,
        unit: 'books',
        unitOne: 'book',
        noun: 'your reading',
        reached: 1,
        completedDaysAgo: 6,
        milestones: ['3 books', '6 books', '9 books', '12 books'],
        edit: { daysAgo: 52, changeNote: 'Ahead of pace, raised to 12', previousTarget: 10 },
      },
    ],
  },
  {
    firstName: 'Kenji',
    lastName: 'Watanabe',
    email: 'kenji.watanabe@example.com',
    phone: '+12065550173',
    timezone: 'Asia/Tokyo',
    status: 'active',
    joinedDaysAgo: 78,
    slots: [
      { day: 0, time: '21:00' },
      { day: 2, time: '21:00' },
      { day: 5, time: '09:00' },
    ],
    responseRate: [0.76, 0.72],
    motivation: [0.5, 0.56],
    replyMinutes: [120, 150],
    goals: [
      {
        title: 'Ship 4 releases of the side project',
        type: 'progress',
        description: 'A release is a tagged version with release notes.',
        target: 4,
        unit: 'releases',
        unitOne: 'release',
        noun: 'the side project',
        reached: 0.5,
        milestones: ['First release', 'Second release', 'Third release', 'Fourth release'],
        edit: { daysAgo: 30, changeNote: 'Clarified that a release means a tagged version' },
      },
      {
        title: 'Give a talk at the team meetup',
        type: 'task',
        description: 'Twenty minutes on what the side project taught him about testing.',
        noun: 'the meetup talk',
        reached: 1,
        completedDaysAgo: 20,
        milestones: ['Pick a topic', 'Draft the slides', 'Dry run with a colleague', 'Give the talk'],
        edit: { daysAgo: 45, changeNote: 'The meetup slot is a full talk', previousTitle: 'Give a lightning talk at the team meetup' },
      },
    ],
  },
  {
    firstName: 'Aisha',
    lastName: 'Bello',
    email: 'aisha.bello@example.com',
    phone: '+19175550126',
    timezone: 'America/New_York',
    status: 'active',
    joinedDaysAgo: 65,
    slots: [
      { day: 1, time: '19:00' },
      { day: 4, time: '19:00' },
    ],
    responseRate: [0.7, 0.3],
    motivation: [0.42, 0.22],
    replyMinutes: [180, 380],
    goals: [
      {
        title: 'In bed by 11pm on weeknights',
        type: 'habit',
        description: 'Phone charging outside the bedroom from 10:30.',
        target: 40,
        unit: 'nights',
        unitOne: 'night',
        noun: 'bedtime',
        reached: 0.3,
        milestones: ['10 nights', '20 nights', '30 nights', '40 nights'],
        edit: { daysAgo: 25, changeNote: 'Moved bedtime to 11pm to be realistic', previousTitle: 'In bed by 10:30pm on weeknights' },
      },
      {
        title: 'Save a $3,000 emergency fund',
        type: 'progress',
        description: 'Automatic transfer on payday plus any side income.',
        target: 3000,
        unit: 'USD',
        step: 50,
        noun: 'the emergency fund',
        reached: 0.25,
        milestones: ['$750 saved', '$1,500 saved', '$2,250 saved', '$3,000 saved'],
        edit: { daysAgo: 30, changeNote: 'Lowered the target to keep it achievable', previousTarget: 5000 },
      },
    ],
  },
  {
    firstName: 'Ethan',
    lastName: 'Brooks',
    email: 'ethan.brooks@example.com',
    phone: '+19075550155',
    timezone: 'America/Anchorage',
    status: 'active',
    joinedDaysAgo: 16,
    slots: [
      { day: 0, time: '06:45' },
      { day: 2, time: '06:45' },
      { day: 4, time: '06:45' },
      { day: 6, time: '08:00' },
    ],
    responseRate: [0.9, 0.86],
    motivation: [0.76, 0.7],
    replyMinutes: [30, 45],
    goals: [
      {
        title: 'Strength training 3 times a week',
        type: 'habit',
        description: 'Squat, press, deadlift program; log the top set weights.',
        target: 36,
        unit: 'sessions',
        unitOne: 'session',
        noun: 'strength training',
        reached: 0.17,
        milestones: ['9 sessions', '18 sessions', '27 sessions', '36 sessions'],
        edit: { daysAgo: 10, changeNote: 'Added the target weights to the description' },
      },
    ],
  },
  {
    firstName: 'Olivia',
    lastName: 'Nguyen',
    email: 'olivia.nguyen@example.com',
    phone: '+18085550191',
    timezone: 'Pacific/Honolulu',
    status: 'on_hold',
    joinedDaysAgo: 90,
    heldDaysAgo: 11,
    slots: [
      { day: 2, time: '10:00' },
      { day: 5, time: '10:00' },
    ],
    responseRate: [0.86, 0.6],
    motivation: [0.6, 0.45],
    replyMinutes: [60, 200],
    aiSchedule: true,
    goals: [
      {
        title: 'Write 30,000 words of the novel draft',
        type: 'progress',
        description: 'First act only; editing waits until the draft is done.',
        target: 30000,
        unit: 'words',
        unitOne: 'word',
        step: 250,
        noun: 'the draft',
        reached: 0.41,
        milestones: ['7,500 words', '15,000 words', '22,500 words', '30,000 words'],
        edit: { daysAgo: 60, changeNote: 'Scoped to the first act', previousTarget: 50000 },
      },
    ],
  },
  {
    firstName: 'Daniel',
    lastName: 'Kim',
    email: 'daniel.kim@example.com',
    phone: '+17735550108',
    timezone: 'America/Chicago',
    status: 'inactive',
    joinedDaysAgo: 110,
    archivedDaysAgo: 22,
    slots: [
      { day: 0, time: '08:00' },
      { day: 3, time: '08:00' },
    ],
    responseRate: [0.7, 0.15],
    motivation: [0.5, 0.2],
    replyMinutes: [90, 600],
    goals: [
      {
        title: 'Log 20 no-spend days a month',
        type: 'habit',
        description: 'Groceries and bills excepted.',
        target: 20,
        unit: 'days',
        unitOne: 'day',
        noun: 'no-spend days',
        reached: 0.35,
        milestones: ['5 days', '10 days', '15 days', '20 days'],
        edit: { daysAgo: 50, changeNote: 'Lowered to 20 days a month', previousTarget: 25 },
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Message copy

export function formatAmount(goal: DemoGoal, value: number): string {
  if (goal.unit === 'USD') return `$${value.toLocaleString('en-US')}`;
  const unit = value === 1 ? (goal.unitOne ?? goal.unit ?? '') : (goal.unit ?? '');
  return `${value.toLocaleString('en-US')} ${unit}`.trim();
}

export function formatDelay(minutes: number): string {
  const total = Math.max(1, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total - hours * 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export interface MessageContext {
  first: string;
  weekday: string;
  /** null for a global (all goals) check-in. */
  goal: DemoGoal | null;
  mood: Mood;
  /** Running total, formatted (numeric goals). */
  amount: string;
  /** What this reply added, formatted, and its number (habit goals). */
  delta: string;
  deltaValue: number;
  targetText: string;
  pct: number;
  /** Task goals: the milestone being worked on, and whether this reply finished it. */
  milestone: string;
  finishedMilestone: boolean;
}

type Line = (c: MessageContext) => string;

const GLOBAL_QUESTIONS: Line[] = [
  (c) => `Hi ${c.first}! Weekly review: how did this week go across your goals? Anything to celebrate or rethink?`,
  (c) => `Hey ${c.first}, end-of-week check-in 🙂 What went well, and what got in the way?`,
  (c) => `Happy ${c.weekday}, ${c.first}! One win and one obstacle from this week?`,
];

const QUESTIONS: Record<DemoGoalType, Line[]> = {
  progress: [
    (c) => `Hi ${c.first}! Quick check-in on "${c.goal?.title}": where are you at now?`,
    (c) => `Hey ${c.first}, happy ${c.weekday}! What's the latest number for ${c.goal?.noun}?`,
    (c) => `Hi ${c.first}, how's ${c.goal?.noun} looking since we last talked?`,
    (c) => `${c.first}, time for your check-in 🙂 Any movement on "${c.goal?.title}"?`,
  ],
  habit: [
    (c) => `Hi ${c.first}! How many ${c.goal?.unit} since our last check-in?`,
    (c) => `Hey ${c.first}, happy ${c.weekday}! How did ${c.goal?.noun} go since last time?`,
    (c) => `Hi ${c.first}, checking in on "${c.goal?.title}". How's the streak going?`,
  ],
  task: [
    (c) => `Hi ${c.first}! How's "${c.goal?.title}" coming along? Last time we were on "${c.milestone}".`,
    (c) => `Hey ${c.first}, any progress on "${c.milestone}"?`,
    (c) => `Happy ${c.weekday}, ${c.first}! What's the next step on ${c.goal?.noun}, and is anything blocking it?`,
  ],
};

const GLOBAL_REPLIES: Record<Mood, Line[]> = {
  high: [() => 'Great week: hit pretty much everything I planned.', () => 'Really good! Feeling on top of things for once.'],
  medium: [() => 'Mixed. Good start, fell off a bit by Thursday.', () => 'Okay week. Some wins, some misses.'],
  low: [() => 'Not great. Work ate everything this week.', () => "Pretty bad week honestly, didn't do much."],
};

const NUMERIC_REPLIES: Record<Mood, Line[]> = {
  high: [
    (c) => `${c.amount} now! Felt really good this week.`,
    (c) => `Up to ${c.amount} 🙌 ahead of where I planned.`,
    (c) => `Just hit ${c.amount}. Feeling strong.`,
    (c) => `${c.amount}! Best week in a while.`,
  ],
  medium: [
    (c) => `About ${c.amount}. Slower week but still moving.`,
    (c) => `${c.amount}. Work got busy so a bit less than I wanted.`,
    (c) => `At ${c.amount}, steady, nothing exciting.`,
  ],
  low: [
    (c) => `Only ${c.amount}. Rough week honestly.`,
    (c) => `Still around ${c.amount}. Haven't had the energy.`,
    (c) => `${c.amount}. I keep falling behind.`,
  ],
};

const HABIT_REPLIES: Record<Mood, Line[]> = {
  high: [
    (c) => `${c.delta} since last time! It's getting easier.`,
    (c) => `Did ${c.delta}, on a roll 🔥`,
    (c) => `${c.delta}, and I actually looked forward to them.`,
  ],
  medium: [(c) => `${c.delta}. Missed one but ok.`, (c) => `Got ${c.delta} in. Could be better, could be worse.`],
  low: [(c) => `Just ${c.delta} this time. Struggling to fit it in.`, (c) => `${c.delta}. Not great, to be honest.`],
};

const HABIT_NONE: Line[] = [() => 'None since last time, sorry.', () => 'Zero this time. Life got in the way.', () => "Didn't manage any. I'll get back on it tomorrow."];

const TASK_REPLIES: Record<'finished' | Mood, Line[]> = {
  finished: [(c) => `Finished "${c.milestone}"! ✅`, (c) => `"${c.milestone}" is done, on to the next step.`],
  high: [(c) => `Making good progress on "${c.milestone}", should be done in a few days.`],
  medium: [(c) => `Chipped away at "${c.milestone}", maybe halfway there.`, (c) => `Still working on "${c.milestone}", busy week though.`],
  low: [(c) => `Haven't touched "${c.milestone}" yet. Too much going on.`, (c) => `Honestly stuck on "${c.milestone}".`],
};

const EXTRAS: Record<Mood, { text: string; concern?: string }[]> = {
  high: [{ text: ' Slept really well too.' }, { text: ' Feeling motivated!' }, { text: ' Thanks for the nudge.' }],
  medium: [{ text: ' Busy week at work.' }, { text: ' Bit tired but fine.' }],
  low: [
    { text: ' Work has been brutal.', concern: 'High work stress' },
    { text: ' The kids have been sick all week.', concern: 'Family illness disrupting the routine' },
    { text: ' Not sleeping well.', concern: 'Poor sleep' },
    { text: " Honestly I'm not feeling it lately.", concern: 'Motivation dropping' },
  ],
};

const NUMERIC_FOLLOW_UPS: Record<Mood, Line[]> = {
  high: [
    (c) => `Love it, ${c.first}! That's ${c.pct}% of the way to ${c.targetText}. Keep that rhythm going 💪`,
    () => "Fantastic, you're clearly building momentum. Same plan for the next few days?",
  ],
  medium: [
    (c) => `Steady wins it, ${c.first}. You're at ${c.pct}%. What's one thing that would make the next few days easier?`,
    () => 'Thanks for the update! Progress is progress. Want to block a time in your calendar for the next one?',
  ],
  low: [
    (c) => `Thanks for being honest, ${c.first}. Tough weeks happen. What's one small step you could take tomorrow?`,
    (c) => `That sounds like a lot. Let's shrink it for the next few days: even one ${c.goal?.unitOne ?? 'step'} counts. Sound ok?`,
  ],
};

const GENERAL_FOLLOW_UPS: Record<Mood, Line[]> = {
  high: [(c) => `That's great to hear, ${c.first}! What's the next step you're most excited about?`],
  medium: [(c) => `Thanks ${c.first}. What's one thing you could do this week to keep it moving?`],
  low: [(c) => `Thanks for telling me, ${c.first}. No judgement. What would make the next step feel smaller?`],
};

export function checkInQuestion(c: MessageContext, rng: Random): string {
  return rng.pick(c.goal ? QUESTIONS[c.goal.type] : GLOBAL_QUESTIONS)(c);
}

/** The client's reply and, for a worried reply, the concern it raises. */
export function clientReply(c: MessageContext, rng: Random): { text: string; concern?: string } {
  let lines: Line[];
  if (!c.goal) lines = GLOBAL_REPLIES[c.mood];
  else if (c.goal.type === 'task') lines = TASK_REPLIES[c.finishedMilestone ? 'finished' : c.mood];
  else if (c.goal.type === 'habit') lines = c.deltaValue === 0 ? HABIT_NONE : HABIT_REPLIES[c.mood];
  else lines = NUMERIC_REPLIES[c.mood];
  const text = rng.pick(lines)(c);
  if (!rng.chance(c.mood === 'low' ? 0.6 : 0.3)) return { text };
  const extra = rng.pick(EXTRAS[c.mood]);
  return { text: text + extra.text, concern: extra.concern };
}

export function followUp(c: MessageContext, rng: Random): string {
  const numeric = c.goal !== null && c.goal.type !== 'task';
  return rng.pick(numeric ? NUMERIC_FOLLOW_UPS[c.mood] : GENERAL_FOLLOW_UPS[c.mood])(c);
}

export function coachSummary(c: MessageContext, delayMinutes: number, concern: string | undefined): string {
  const delay = formatDelay(delayMinutes);
  let text: string;
  if (!c.goal) text = `${c.first} shared a weekly review (motivation ${c.mood}), replying after ${delay}.`;
  else if (c.goal.type === 'task')
    text = `${c.first} ${c.finishedMilestone ? 'finished' : 'is working on'} "${c.milestone}" for "${c.goal.title}", replying after ${delay}.`;
  else if (c.goal.type === 'habit')
    text = `${c.first} logged ${c.delta} for "${c.goal.title}" (${c.amount} in total, ${c.pct}% of target), replying after ${delay}.`;
  else text = `${c.first} reported ${c.amount} on "${c.goal.title}" (${c.pct}% of target), replying after ${delay}. Motivation ${c.mood}.`;
  return concern ? `${text} Flagged: ${lower(concern)}.` : text;
}

const MOOD_INSIGHTS: Record<Mood, string[]> = {
  high: ['Momentum building week over week', 'Confident, upbeat tone', 'Ahead of weekly pace', 'Routine is sticking'],
  medium: ['Progress steady but below plan', 'Mentions competing priorities', 'Consistent, if unspectacular'],
  low: ['Low energy in replies', 'At risk of dropping the habit', 'Could use a smaller next step', 'Worth a personal call this week'],
};

export function insightsFor(mood: Mood, delayMinutes: number, milestoneReached: string | undefined, rng: Random): string[] {
  const list = rng.sample(MOOD_INSIGHTS[mood], rng.int(1, 2));
  if (delayMinutes <= 30) list.push('Replied within half an hour');
  else if (delayMinutes >= 240) list.push('Slow reply (over 4 hours)');
  if (milestoneReached) list.unshift(`Reached milestone "${milestoneReached}"`);
  return list.slice(0, 3);
}
