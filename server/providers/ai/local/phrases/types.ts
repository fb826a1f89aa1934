import type { ClientLanguage } from '@/lib/languages';

export type Tone = 'direct' | 'supportive' | 'analytical' | 'friendly';
export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** A goal's unit as a question names it: the plural word, and its gender where the language needs it ("cuántas páginas"). */
export interface UnitWord {
  word: string;
  feminine: boolean;
}

/** A unit word in one language: "paso" / "pasos". */
export interface UnitForms {
  one: string;
  many: string;
  feminine?: boolean;
}

/**
 * Every sentence the local writer sends a client, in one language. Lists are the variants a seed
 * picks from; each language keeps the same number of variants per tone, so variety is equal.
 */
export interface Phrases {
  language: ClientLanguage;
  /** Greetings by tone; `day` is the weekday in this language, null when unknown. */
  opening: Record<Tone, (first: string, part: PartOfDay, day: string | null) => string[]>;
  /** "Monday" → "lunes". */
  weekdays: Record<string, string>;
  memory: {
    /** Two variants about a pain named by `painPhrase`. */
    pain: (pain: string) => string[];
    illness: string;
    /** The client's own words for what was still to do. */
    blocker: (blocker: string) => string;
    tough: string;
    momentum: string;
  };
  /** The topic reader's English body part: "knee" → "your knee" ("la rodilla"); "pain" (none named) → "the pain". */
  painPhrase: (pain: string) => string;
  /** Where one goal stands, in a list of goals. */
  standingOpen: (title: string) => string;
  standingTitled: (title: string, of: string) => string;
  /** "4,200 of your 10,000 steps for "Walk"" when the unit is not in the title. */
  whereTitled: (of: string, title: string) => string;
  /** Three variants of "Last I have you at …". */
  soFar: (where: string) => string[];
  nextStop: (milestone: string) => string;
  single: {
    milestoneDirect: (m: string) => string;
    milestone: (m: string) => string;
    goalDirect: (title: string) => string;
    /** Two variants. */
    goal: (title: string) => string[];
    dailyNoUnit: string;
    dailyDirect: (unit: UnitWord) => string;
    /** Two variants. */
    daily: (unit: UnitWord) => string[];
    currencyDirect: string;
    currency: string;
    noUnitDirect: string;
    noUnit: string;
    unitDirect: (unit: UnitWord) => string;
    unitAnalytical: (unit: UnitWord) => string;
    /** Two variants. */
    unit: (unit: UnitWord) => string[];
  };
  global: Record<Tone, string[]>;
  noGoals: { direct: string; other: string };
  /** "Where things stand: a; b and c." */
  whereThingsStand: (list: string[]) => string;
  quickCheckIn: (count: number) => string;
  ack: {
    highDirect: (first: string) => string[];
    high: (first: string) => string[];
    low: (first: string) => string[];
    neutral: (first: string) => string[];
  };
  progress: {
    reached: (title: string) => string;
    untitled: (of: string) => string;
    titled: (title: string, of: string) => string;
    done: (title: string) => string;
    allLogged: string;
  };
  unclear: string;
  next: {
    pain: (pain: string) => string;
    illness: string;
    /** The client asked something: the coach answers it, the assistant only says it was passed on. */
    question: (coach: string) => string;
    blocker: (blocker: string) => string;
    lowSupportive: string;
    low: string;
    milestoneDirect: (m: string) => string;
    milestone: (m: string) => string;
    keepDirect: string;
    /** Three variants. */
    keep: string[];
  };
  /** "4,200 of your 10,000 steps" (your) or "4,200 of 10,000 steps". */
  ofTarget: (now: string, target: string, your: boolean) => string;
  /** Common English unit words (singular or plural) → [singular, plural] here; others are kept as written. */
  units: Record<string, UnitForms>;
}
