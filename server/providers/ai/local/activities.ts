import type { AiGoal } from '../types';
import { stem, titleStems, wordsOf } from './goal-names';
import type { Mention } from './mentions';
import { familyOf } from './units';

/**
 * The doings a reply names beside an amount ("python 3 hrs", "walked 3k"): an amount said of another subject or activity
 * than the goal's own is not the goal's.
 */

/**
 * Subjects learnt in hours or pages ("python 3 hrs" is no hour of "Learn French — 100 hours"): an amount beside another one is that one's.
 * Only a title that names its own subject is told apart so ("Study 50 hours" may be python).
 */
const SUBJECTS = new Set(['code', 'french', 'spanish', 'german', 'italian', 'japanese', 'mandarin', 'chinese', 'korean', 'portuguese', 'arabic', 'russian', 'latin', 'math', 'maths', 'chem', 'physics', 'bio', 'calc', 'history', 'guitar', 'piano', 'violin', 'drums', 'cello'].map(stem));

/** Whether the amount is said beside a subject other than the one the goal's title names. */
export function otherSubject(m: Mention, goal: AiGoal): boolean {
  const own = [...titleStems(goal)].filter((k) => SUBJECTS.has(k));
  const here = wordsOf(m.segment).map(stem).filter((k) => SUBJECTS.has(k));
  return own.length > 0 && here.length > 0 && !here.some((k) => own.includes(k));
}

/** Activities a distance or a duration can belong to; one that is not the goal's own says the number is not the goal's. */
const ACTIVITIES = new Set(['run', 'walk', 'hik', 'cycl', 'swim', 'row', 'ski', 'driv', 'ride', 'skat', 'climb', 'paddl', 'yoga', 'stret', 'gym', 'medit', 'read', 'studi', 'write', 'sleep', 'strength', 'lift']);

const TIMED = ['minutes', 'hours'];
const MOVED_OVER = ['km', 'mi', 'meters', 'steps', ...TIMED];
const WORKED_THROUGH = ['pages', 'words', 'chapters', ...TIMED];
/** What each activity's amount may be counted in: "12 pages 😴" (sleep) says how reading ended, not another activity's pages. */
const ACTIVITY_UNITS: Record<string, string[]> = { strength: TIMED, lift: TIMED, sleep: TIMED, yoga: TIMED, stret: TIMED, gym: TIMED, medit: TIMED, read: WORKED_THROUGH, studi: WORKED_THROUGH, write: WORKED_THROUGH };
const MEASURING = new Set([...MOVED_OVER, ...WORKED_THROUGH]);

/** Whether the activity could have been done in the amount's unit (an unknown unit could be anything's). */
const measurableIn = (activity: string, unit: string) => !MEASURING.has(familyOf(unit)) || (ACTIVITY_UNITS[activity] ?? MOVED_OVER).includes(familyOf(unit));

/** Activities that are a kind of another: a hike is a walk (on a trail), so its km are a walking goal's; a walk is no hike. */
const KIND_OF: Record<string, string> = { hik: 'walk' };

export function otherActivity(m: Mention, goal: AiGoal, goals: AiGoal[]): boolean {
  const own = [...titleStems(goal)].filter((k) => ACTIVITIES.has(k));
  // Beside a goal of hiking itself, a hike is that goal's.
  const kindOf = (k: string) => (goals.some((g) => titleStems(g).has(k)) ? undefined : KIND_OF[k]);
  const said = (t: string) => wordsOf(t).map(stem).filter((k) => ACTIVITIES.has(k) && (!m.unit || measurableIn(k, m.unit)));
  const here = said(m.segment).length > 0 ? said(m.segment) : said(m.wide);
  return own.length > 0 && here.length > 0 && !here.some((k) => own.includes(k) || own.includes(kindOf(k) ?? ''));
}
