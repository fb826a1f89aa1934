/**
 * What a reply talks about besides numbers: pain, illness, missed days, low mood, time pressure,
 * blockers and wins. Read by the summary (insights, concerns), the follow-up (what to address first)
 * and the next check-in (what to remember).
 */

export interface Topics {
  /** A body part in pain ("knee"), "pain" when none is named, null when no pain. */
  pain: string | null;
  illness: boolean;
  /** Days or sessions missed ("skipped 2 days"). */
  missed: string | null;
  lowMood: boolean;
  timePressure: boolean;
  /** Something still to do that holds a goal back, as a verb phrase ("book physio", "get physio booked"). */
  blocker: string | null;
  /** A win in the client's words ("personal best"). */
  win: boolean;
  /** Wants to stop or be left alone. */
  optOut: boolean;
  /** Asks the coach something ("can we move friday's call to 4?"): the coach has to answer, not the assistant. */
  question: boolean;
}

const BODY = 'knee|knees|back|lower back|ankle|shoulder|hip|neck|foot|feet|wrist|hamstring|calf|calves|shin|shins|elbow|head|legs?|toe|achilles|stomach|chest';
const HURT = 'hurt\\w*|pain\\w*|sore|ache\\w*|aching|injur\\w*|tweak\\w*|twinge\\w*|strain\\w*|pulled|swollen|flared?(?: up)?|playing up|acting up';

const PAIN_AFTER = new RegExp(`\\b(?:my |the )?(${BODY})\\b[^.!?\\n]{0,25}?\\b(?:${HURT})`, 'i');
const PAIN_BEFORE = new RegExp(`\\b(?:${HURT})\\b[^.!?\\n]{0,12}?\\b(?:my |the |a )?(${BODY})\\b`, 'i');
const PAIN_ANY = /\b(injur\w*|pain|painful|sore|hurts?|hurting|ached?|aching|sprain\w*|migraine)\b/i;
const NOT_PAIN = /\b(no|not|without)\s+(\w+\s+)?(pain|sore|hurt\w*|injur\w*)\b/i;

const ILLNESS = /\b(sick|ill|flu|fever|covid|a cold|the cold|virus|unwell|stomach bug|food poisoning|migraine)\b/i;
const MISSED = /\b(missed|skipped|skip|blew off|bailed on)\b\s*((?:my|the|a|two|three|four|five|\d+|a couple of|couple|few|all|every|both)\s+)?(\w+)?/i;
const NOT_DONE = /\b(didn'?t|did not|couldn'?t|could not|haven'?t|have not|never|no)\b[^.!?\n]{0,20}?\b(run|ran|walk|go|gym|train|workout|work out|exercise|meditate|read|write|study|practice|practise|swim|cycle|ride)\b/i;
const LOW_MOOD = /\b(tired|exhausted|drained|stressed|stress|anxious|anxiety|down|sad|low|depressed|overwhelmed|unmotivated|demotivated|frustrat\w*|discouraged|burn(ed|t)? out|rough|awful|terrible|miserable|struggl\w*|hard week|tough week|give up|giving up|want to quit|wanna quit|pointless|hopeless|ugh|meh)\b|😞|😔|😢|😭|😩|😫|🙁|☹️|😣|😖/i;
const TIME = /\b(busy|swamped|slammed|no time|hectic|crazy week|work(?:'s| is| has been| was)? (?:crazy|insane|mad|nuts)|crazy at work|work(ing)? late|overtime|deadline|travel(l?ing)?|on the road)\b/i;
const BLOCKER = /\b(?:still (?:need|have|got) to|still gotta|need to|have to|haven'?t (?:yet )?|have not (?:yet )?|yet to|still haven'?t|didn'?t get (?:a chance )?to|waiting (?:on|for))\s+([a-z][a-z' ]{2,40}?)(?=\s*(?:[.!?,;:)\n]|$|\b(?:but|and|so|because|cause|cuz|yet|today|tomorrow|this week|lol)\b))/i;
const STILL_NOT = /\b([a-z]+)\s+(?:is\s+)?still not\s+([a-z]+ed)\b/i;
const WIN = /\b(personal best|pb|pr|new record|proud|nailed it|crushed it|smashed it|best week|finally)\b|🎉|🏆|💪|🥳/i;
/**
 * Three words or more right before a question mark (since the last stop or comma), in any language:
 * "guess what?" and "ran 5 km, right?" are no questions to answer.
 */
const QUESTION = /(?:^|[.!?,;\n])\s*\S+\s+\S+\s+[^.!?,;\n]*\?/;
const OPT_OUT = /\b(stop texting|leave me alone|stop asking|stop messaging|unsubscribe|don'?t text|not interested)\b|^\s*stop\s*$/i;

export function topicsOf(text: string): Topics {
  const t = text.replace(/[’‘]/g, "'");
  const part = PAIN_AFTER.exec(t)?.[1] ?? PAIN_BEFORE.exec(t)?.[1];
  const pain = NOT_PAIN.test(t) && !part ? null : part ? part.toLowerCase() : PAIN_ANY.test(t) ? 'pain' : null;
  const missedMatch = MISSED.exec(t);
  const missed = missedMatch ? missedMatch[0].trim().toLowerCase() : NOT_DONE.exec(t)?.[0].trim().toLowerCase() ?? null;
  const blockerMatch = BLOCKER.exec(t);
  const stillNot = STILL_NOT.exec(t);
  const blocker = blockerMatch ? blockerMatch[1]!.trim().toLowerCase() : stillNot ? `get ${stillNot[1]!.toLowerCase()} ${stillNot[2]!.toLowerCase()}` : null;
  return {
    pain,
    illness: ILLNESS.test(t),
    missed,
    lowMood: LOW_MOOD.test(t),
    timePressure: TIME.test(t),
    blocker: blocker && blocker.split(' ').length <= 7 ? blocker : null,
    win: WIN.test(t),
    optOut: OPT_OUT.test(t),
    question: QUESTION.test(t),
  };
}

/** "knee" → "your knee"; the generic "pain" stays as it is. */
export const painPhrase = (pain: string) => (pain === 'pain' ? 'the pain' : `your ${pain}`);
