import type { AiGoal, GoalProgress } from '../types';
import { digitise } from './numbers';
import { formatNumber, isDaily, quantity, trackable } from './text';
import { conversion, familyOf } from './units';

/**
 * The local reader of a reply: per goal, the new value (or done) it reports. A number goes to a goal
 * by its unit (with synonyms and exact conversions) or by the goal's title words in the same clause;
 * when it could belong to more than one goal and the reply does not say which, it goes to none and
 * is reported as unattributed. A goal's value never goes down unless the reply states a total.
 */

export interface Reading {
  progress: GoalProgress[];
  /** For the coach: what could not be tied to one goal. */
  unattributed: string[];
  /** Goals the reply says explicitly had nothing ("didn't run at all"). */
  saidNothing: string[];
}

type Mode = 'increment' | 'total' | 'percent' | 'remainder';

interface Mention {
  value: number;
  /** The word after the number: a unit, or any word ("5 coffees"), '' at the end. */
  unit: string;
  percent: boolean;
  clause: string;
  /** Text of the clause before the number. */
  before: string;
  after: string;
}

// ---------------------------------------------------------------------------------------------
// Words of a goal's title

const STOP = new Set(
  'a an the of to my per day days daily week weekly month monthly year every each least at by in on for and or with from this that your goal goals get do go be is are more than times time total into out up new least most keep stay hit reach make'.split(' '),
);
const IRREGULAR: Record<string, string> = {
  ran: 'run', running: 'run', runs: 'run', jog: 'run', jogged: 'run', jogging: 'run', wrote: 'writ', written: 'writ', slept: 'sleep', swam: 'swim', swum: 'swim',
  drank: 'drink', rode: 'ride', biked: 'cycl', bike: 'cycl', biking: 'cycl', ride: 'cycl', rides: 'cycl', cycled: 'cycl', spent: 'spend',
  meditation: 'medit', meditate: 'medit', meditated: 'medit', meditating: 'medit', meditations: 'medit', sat: 'medit',
  lifted: 'lift', lifting: 'lift', weights: 'lift', gym: 'gym', studied: 'studi', study: 'studi', studying: 'studi',
  saved: 'sav', save: 'sav', saving: 'sav', savings: 'sav', applied: 'appli', apply: 'appli', applying: 'appli', applications: 'appli', application: 'appli', apps: 'appli',
  read: 'read', reading: 'read', books: 'book', novel: 'book', novels: 'book', walked: 'walk', walking: 'walk', walks: 'walk', steps: 'step',
  water: 'water', hydrat: 'water', pushups: 'pushup', 'push-ups': 'pushup', situps: 'situp', yoga: 'yoga', journaled: 'journal', journaling: 'journal',
  called: 'call', calls: 'call', calling: 'call', posted: 'post', posts: 'post', pages: 'page', pgs: 'page',
};

export function stem(word: string): string {
  const w = word.toLowerCase().replace(/[^a-z-]/g, '');
  if (IRREGULAR[w]) return IRREGULAR[w];
  let s = w.replace(/(ations?|ings?|ed|es|s|e)$/, '');
  if (s.length < 3) s = w;
  s = s.replace(/([bdgmnprt])\1$/, '$1').replace(/y$/, 'i');
  return s.slice(0, 5);
}

/** The telling words of a goal's title (and unit), stemmed. */
export function titleWords(goal: AiGoal): Set<string> {
  const words = `${goal.title}`.toLowerCase().match(/[a-z][a-z'-]+/g) ?? [];
  return new Set(words.filter((w) => !STOP.has(w) && w.length > 2).map(stem));
}

/** Edit distance ≤ 1 (tolerant matching of a typo'd word against a title word). */
function near(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1 || Math.min(a.length, b.length) < 4) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function mentionsGoal(text: string, goal: AiGoal): boolean {
  const keys = titleWords(goal);
  const words = text.match(/[a-z][a-z'-]+/g) ?? [];
  return words.some((w) => !STOP.has(w) && [...keys].some((k) => near(stem(w), k) || (w.length >= 5 && near(w.slice(0, k.length), k) && k.length >= 4)));
}

// ---------------------------------------------------------------------------------------------
// Numbers in clauses

const CLAUSE_SPLIT = /(?:[.!?;\n]+|,\s*(?:and|but|then|plus)?\s*|\s+(?:and|but|plus|also|then|&)\s+)/;

/** A number that is a date, a time of day, an ordinal, a year or a phone number is no progress. */
function notAQuantity(before: string, after: string, value: number): boolean {
  if (/^\s*(?::\d|am\b|pm\b|a\.m|p\.m|o'?clock|st\b|nd\b|rd\b|th\b|\/\d|-\d|h\d)/.test(after)) return true;
  if (/\b(at|by|around|until|till|til|before|after)\s*$/.test(before) && !/^\s*(%|\w+)/.test(after.replace(/^\s*(am|pm)\b/, ''))) return true;
  if (/\b(at|by|around|until|before|after|from)\s*$/.test(before) && /^\s*(am|pm|:)/.test(after)) return true;
  if (/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*$/.test(before)) return true;
  if (/\b(week|day|chapter|level|lesson|module|unit|step|phase|round|room|bus|route|version|v|#|no\.?|number)\s*$/.test(before) && !/^\s*(more|of|\/)/.test(after)) return true;
  if (value >= 1900 && value <= 2100 && !/^\s*[a-z$]/.test(after)) return true;
  return false;
}

function mentionsIn(clause: string): Mention[] {
  const out: Mention[] = [];
  for (const m of clause.matchAll(/(\d+(?:\.\d+)?)\s*(%|percent\b|per cent\b)?\s*(?:(?:more|extra|additional|whole|full|total|straight|solid|new|of)\s+)?([a-z$][a-z'$]*)?/g)) {
    const at = m.index;
    const before = clause.slice(0, at);
    const after = clause.slice(at + m[1]!.length);
    const value = Number(m[1]);
    if (notAQuantity(before, after, value)) continue;
    out.push({ value, unit: (m[3] ?? '').toLowerCase(), percent: Boolean(m[2]), clause, before, after });
  }
  return out;
}

const NEGATION = /\b(didn'?t|did not|don'?t|couldn'?t|could not|haven'?t|have not|hasn'?t|wasn'?t|never|not|no|zero|nothing|none|nada|skipped|missed)\b/;
const TOTAL = /\b(total|in all|so far|altogether|all together|overall|now at|now on|up to|am at|i'?m at|im at|sitting at|at|reached|hit|brings? me to|brought me to|puts? me at|makes? it|made it|that'?s|currently|now|out of|of)\b|\/\s*\d/;
const INCREMENT = /\b(another|more|extra|additional|added|add|again|plus)\b|\+\s*\d/;
const REMAINDER = /^\s*(?:\w+\s+)?(?:more\s+)?(?:to go|left|remaining|away|short|missing)\b/;

function modeOf(m: Mention): Mode {
  if (m.percent) return 'percent';
  if (REMAINDER.test(m.after.replace(/^\s*[a-z$]+(?=\s+(to go|left|remaining|away|short))/, ''))) return 'remainder';
  const near = `${m.before.slice(-30)} ${m.after.slice(0, 25)}`;
  if (INCREMENT.test(near)) return 'increment';
  if (TOTAL.test(m.before.slice(-25)) || /^\s*(?:[a-z$]+\s+)?(in total|total|so far|overall|altogether|now|of\s+\d|\/\s*\d|out of)\b/.test(m.after)) return 'total';
  return 'increment';
}

// ---------------------------------------------------------------------------------------------
// Attribution

interface Claim {
  goal: AiGoal;
  mode: Mode;
  value: number;
  factor: number;
}

function candidatesByUnit(m: Mention, goals: AiGoal[]): { goal: AiGoal; factor: number }[] {
  if (!m.unit) return [];
  const out: { goal: AiGoal; factor: number }[] = [];
  for (const g of goals) {
    if (!g.unit) continue;
    const f = conversion(m.unit, g.unit) ?? (near(familyOf(m.unit), familyOf(g.unit)) ? 1 : null);
    if (f !== null) out.push({ goal: g, factor: f });
  }
  return out;
}

const DONE = /\b(done|did it|finished|finally did|completed|complete|booked|sent|submitted|signed up|registered|sorted|scheduled|called|booked in|handed in|paid|bought|filed|made the call|got it done|ticked off|checked off|nailed it)\b|✅|✔️|☑️/;
const NOT_DONE = /\b(not yet|still not|still haven'?t|haven'?t|have not|didn'?t|did not|not done|not booked|not finished|nope|no luck|yet to|still need|still have to|need to|gonna|going to|will|tomorrow|next week|almost|nearly|half)\b/;

function taskDone(goal: AiGoal, clauses: string[], onlyGoal: boolean, whole: string): boolean {
  const relevant = clauses.filter((c) => mentionsGoal(c, goal));
  if (relevant.some((c) => DONE.test(c) && !NOT_DONE.test(c))) return true;
  // A check-in about this one goal: "Done!" needs no title word.
  return onlyGoal && relevant.length === 0 && DONE.test(whole) && !NOT_DONE.test(whole);
}

export function readReply(reply: string, goals: AiGoal[], isGlobal: boolean): Reading {
  const text = digitise(reply);
  const clauses = text.split(CLAUSE_SPLIT).map((c) => c.trim()).filter(Boolean);
  const numeric = goals.filter(trackable);
  const claims: Claim[] = [];
  const unattributed: string[] = [];
  const saidNothing = new Set<string>();

  for (const clause of clauses) {
    const mentions = mentionsIn(clause);
    const named = numeric.filter((g) => mentionsGoal(clause, g));
    if (mentions.length === 0) {
      // "didn't run at all", "no progress on the book"
      if (NEGATION.test(clause)) for (const g of named) saidNothing.add(g.id);
      continue;
    }
    for (const m of mentions) {
      if (NEGATION.test(m.before.slice(-30)) || m.value === 0) {
        for (const g of named) saidNothing.add(g.id);
        continue;
      }
      let candidates = candidatesByUnit(m, numeric);
      if (m.unit && candidates.length === 0 && !m.percent) {
        // A unit no goal has ("3 coffees", "2 kids") is not progress, unless its word is a goal's title word ("3 runs").
        const byTitle = numeric.filter((g) => mentionsGoal(m.unit, g));
        if (byTitle.length === 1 && !hasOtherUnit(byTitle[0]!, m.unit)) candidates = [{ goal: byTitle[0]!, factor: 1 }];
        else if (!/^(today|yesterday|this|last|so|in|total|now|more|this|done|already|and|but|to|left|times?)$/.test(m.unit)) continue;
      }
      if (candidates.length === 0) {
        const pool = named.length > 0 ? named : !isGlobal || numeric.length === 1 ? numeric : [];
        candidates = pool.map((g) => ({ goal: g, factor: 1 }));
        if (candidates.length === 0 && numeric.length > 1) {
          unattributed.push(`"${formatNumber(m.value)}${m.percent ? '%' : m.unit ? ` ${m.unit}` : ''}" mentioned but it is not clear for which goal; not recorded.`);
          continue;
        }
      }
      if (candidates.length > 1) {
        const narrowed = candidates.filter((c) => named.includes(c.goal));
        if (narrowed.length === 1) candidates = narrowed;
      }
      if (candidates.length === 1) {
        const c = candidates[0]!;
        claims.push({ goal: c.goal, mode: modeOf(m), value: m.value, factor: c.factor });
      } else if (candidates.length > 1) {
        const titles = candidates.map((c) => `"${c.goal.title}"`).join(' and ');
        unattributed.push(`${formatNumber(m.value)}${m.unit ? ` ${m.unit}` : ''} mentioned but it could be for ${titles}; not recorded.`);
      }
    }
  }

  const progress: GoalProgress[] = [];
  for (const g of numeric) {
    const mine = claims.filter((c) => c.goal.id === g.id);
    if (mine.length === 0) continue;
    const value = valueOf(g, mine);
    if (value === null) continue;
    saidNothing.delete(g.id);
    progress.push({ goalId: g.id, value, completed: false });
  }
  const onlyGoal = goals.length === 1;
  for (const g of goals.filter((x) => !trackable(x))) {
    if (taskDone(g, clauses, onlyGoal, text)) progress.push({ goalId: g.id, value: null, completed: true });
  }
  return { progress, unattributed, saidNothing: [...saidNothing] };
}

function hasOtherUnit(goal: AiGoal, word: string): boolean {
  return Boolean(goal.unit && familyOf(goal.unit) !== familyOf(word) && conversion(word, goal.unit) === null && /^(km|mi|min|mins|hours?|hrs?|lbs?|kg|pages?|steps?)$/.test(word));
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The goal's new value from what the reply said about it; null when it would lower it without a stated total. */
function valueOf(g: AiGoal, claims: Claim[]): number | null {
  const target = g.target!;
  const explicit = [...claims].reverse().find((c) => c.mode !== 'increment');
  let value: number;
  let stated = false;
  if (explicit) {
    const n = explicit.value * explicit.factor;
    if (explicit.mode === 'percent') value = (target * Math.min(explicit.value, 100)) / 100;
    else if (explicit.mode === 'remainder') value = target - n;
    else {
      value = n;
      stated = true;
    }
  } else {
    const sum = claims.reduce((s, c) => s + c.value * c.factor, 0);
    // A daily goal's number for the day is the day's count, not something to add to.
    value = isDaily(g) ? sum : g.currentValue + sum;
  }
  value = round(value);
  if (value < 0 || !Number.isFinite(value)) return null;
  if (value < g.currentValue && !stated) return null;
  if (value === g.currentValue && !stated) return null;
  return value;
}

/** "4,200 → 6,500 steps" for the coach. */
export const change = (g: AiGoal, to: number) => `${formatNumber(g.currentValue)} → ${quantity(g, to)}`;
