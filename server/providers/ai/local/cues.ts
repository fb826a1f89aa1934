
/** Words around a number that say how to take it: a correction, a plan, a guess, a price, a repeat, someone else's doing. */

/** "actually strava says 4.2", "wait no, 2050", "wait 275", "sorry, 24", "wait it was 4 not 5": the number that follows replaces the one just said. */
export const CORRECTION = /^(?:(?:well,? )?actually|wait,? no|no wait|(?:oh )?wait,? (?:it|that) (?:was|'s|is)|(?:oh )?wait(?=,?\s*\$?\d+(?:\.\d+)?(?:\s*[a-z$]+)?$)|no,? sorry|sorry,? (?:i mean|i meant|meant|it was|make that)|sorry(?=,?\s*(?:\d|$))|well(?=,?\s*\d+(?:\.\d+)?(?:\s+[a-z]+)?$)|i mean|i meant|correction|scratch that|oops|make that)\b/;

/**
 * "did 23 calls (sorry, 21)", "ran 5k, wait that's wrong, 4", "ran 5k. oh wait, it was 4": a correction word ending a clause
 * corrects with the clause after it; so does a clause that is only "no", "nope" or "wait" ("ran 5k - no, 4").
 */
export const CORRECTION_AT_END = /[(\s](?:sorry|oops|wait,? no|no wait|that'?s wrong|that was wrong|my bad)\s*$|^(?:no|nope|(?:oh )?wait)$/;

export const UNSURE = /\b(?:not sure|not certain|no idea)\b/g;
/** "total is", "strava total for the challenge is": a tally said of its stretch, where the goal stands (before "is"/"was"). */
export const TALLY_OF = '(?:count|total|tally|balance)(?: (?:for|of|on|in) (?:the |my |this )?(?!(?:week|day|weekend|today|morning|evening|night|run|ride|walk|swim|session|workout)\\b)[a-z]+(?: [a-z]+)?)?';
export const NEGATION = /\b(untouched|no change|unchanged|didn'?t|did not|don'?t|couldn'?t|could not|haven'?t|have not|hasn'?t|wasn'?t|never|not|no|zero|nothing|none|nada|skipped|missed)\b/;
/** Plans and intentions, not things done: "gonna", "about to", "planned 3", "supposed to do 3", "wanted to run 10k", "booked 3 sessions"; "wanted 15 calls" is a want, no deed. */
/** "gonna send the portfolio to the other 2 galleries next week": a plan governs its whole deed, however far the number ("going to the gym", "not gonna lie" are no plan of a deed). */
export const PLANNED_DEED = /\b(gonna|gona|gunna|going to|about to|plan(?:ning)? to|i'?ll)\s+(?!(?:be|lie|the|a|an|my|our)\b)[a-z]+\b[^.!?]*$/;
/** "shoudl of been 200", "would have been 5", "wuold've been 100": what would have been, however the modal is typed, is nothing done. */
export const COUNTERFACTUAL = /\b[a-z]+(?:\s+(?:have|hav|of|'ve)|'ve)\s+been\s*$/;
export const FUTURE = /\b(gonna|gona|gunna|going to|about to|will|i'?ll|plan to|planning to|planning|planned|plan was|supposed to|meant to|wanted(?: to)?|hoped to|hoping to|hoping for|trying to|try to|tried to|aimed for|aiming for|going for|(?:goal|aim|target|plan) (?:was|is)|booked|scheduled|signed up for|registered for|entered|training for|want to|wanna|hope to|aim to|aiming|tomorrow|next week|next time|tonight i|should|could|might|would|shoulda|coulda|woulda)\b[^.!?]*$/;
/**
 * A hedge anywhere in the clause abstains: the client does not know the number, so neither can we ("maybe", "4 or 5", a question).
 * "about 30", "25 ish", "roughly 2,400 words" are the number as clients count it, and are taken.
 */
/** "8k steps, maybe 9", "5k, maybe more": a guess said right after an amount puts that amount in doubt too. */
export const HEDGED_NEXT = /^(?:maybe|perhaps|possibly|or|could be|might be|might have been)\s+(?:[a-z]+\s+)?(?:\d|more\b|less\b)/;
export const HEDGE = /\b(maybe|dunno|not sure|or so|give or take|something like|lost count|lost track|didn'?t track|no idea)\b|\b\d+(?:\.\d+)?\s*(?:[a-z]+\s+)?or\s+\d|\?/;
/** "I think", "I reckon": doubt about a count, but how a share is always judged ("about 60% there I reckon" is taken). */
export const OPINION = /\b(i think|i guess|i reckon|probably)\b/;
/** "nearly 10k", "over 5 km", "at least 3", "almost ran 10k": not the number said, one way or the other; "~10k" is a guess at it. */
export const APPROX = /\b(like|nearly|almost|close to|over|under|at least|more than|less than)\s*$|~\s*$|\b(?:almost|nearly) [a-z]+\s*$/;
/** "did like 3 hrs": "like" right after "did" and before an amount is a filler, not a guess ("it's like 40 mins", "did like 5" still guess). */
export const FILLER_LIKE = /\bdid\s+like\s*$/;
export const INCOME = /\b(?:bonus|pay ?check|salary|wages|refund|tax return|got paid|a raise)\b/;
/** "made 215 from the etsy shop": money earned, said with its own verb. */
export const EARNED = /\b(?:made|earned|sold|got paid|brought in|netted|took in)\b/;
export const PUT_ASIDE = /\b(?:sav\w*|into|put|moved|transferred|deposit\w*|stashed)\b/;
/**
 * "took out 100", "took 100 out for the vet", "dipped into it", "paid it out of the tax savings", "used 300 from the fund": money taken
 * back out of what was saved. "dad took me out for 2 hrs" takes a person out, not money.
 */
export const WITHDRAWAL = /\b(?:withdrew|withdrawn|withdraw|(?:pulled|took|taken|take) (?!(?:me|us|him|her|them)\b)(?:\S+ ){0,2}out|dipped into|(?:paid|spent|used|covered|took) (?:\S+ ){0,3}(?:out of|from) (?:the|my|our) (?:\S+ ){0,2}(?:savings|fund|stash|pot|jar))\b/;
export const SPEND = /\b(ate|cost|costs|spent|spend|paid|pay|bill|bills|billed|charged|charge|charges|repair|bought|price|rent|fees?|fine|ticket|per month|a month|lost|owe|owed|owing|debt|treated (?:myself|ourselves|me)|splurged)\b|\/\s?mo(nth)?\b/;
/** A weekday, short or whole ("tue", "thurs", "saturday"), as a pattern to build others with. */
export const WEEKDAY = '(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?';
/** When something was done: "4 on sunday" is still an amount on its own. */
export const WHEN = new RegExp(`^${WEEKDAY}s?$|^(weekend|morning|evening|afternoon|night|tonight|today|yesterday|week|am|pm)$`);
export const WHEN_IN = new RegExp(`\\b${WEEKDAY}s?\\b|\\b(weekend|morning|evening|afternoon|night|tonight|today|yesterday|week)\\b`);
/** Verbs and words of a done amount: in a one-goal check-in, a bare number needs one of these (or to stand alone) to be progress. */
export const DOING = /\b(did|done|do|went|made|make|got|get|logged|completed|finished|managed|hit|added|put|sent|moved|transferred|deposited|paid|knocked|clocked|racked|another|more|extra|on top(?! of)|up|at|now|total|so far|reached|today|yesterday|this week|last week)\b/;
/** "$40 after fees": the amount is what is left once the fees are paid, a net, so the fees are no price of it. */
export const NET_OF_FEES = /\b(?:after|minus|less|net of) (?:the |all |any )?fees\b/g;
export const PURCHASE = /\b(ate|cost|costs|spent|spend|bought|buy|charged|price|rent|fees?|fine|ticket|repair|treated (?:myself|ourselves|me)|splurged)\b/;
/** "a dozen times since our last chat": done since the last check-in, so an amount to add, never where the goal stands. */
export const SINCE_LAST = /^[^.!?;]*?\bsince (?:(?:our|my|the|your) )?(?:last (?:chat|talk|check[- ]?in|message|text|time|update)|we (?:last )?(?:spoke|talked|chatted|texted))\b/;
export const STREAK = /^\s*days?\s+(?:today|now|straight|in a row|and counting|clean|sober|strong)\b/;
/** "on each of those days", "per session", "on both days": an amount repeated an uncounted number of times. */
export const MULTIPLIED_AFTER = /^\s*[a-z$]*\s+(?:[a-z]+\s+){0,3}(?:on each|each|every|per|on both)\b(?! (?:my|the|his|her)\b)/;
/** A clause ending on occasions ("every morning", "6 mornings this week"): the amount said next is each one's. */
export const OCCASIONS_ENDING = /(?:\b(?:every|each) (?:day|morning|night|evening)|\bdaily|\b\d+ (?:days|mornings|nights|evenings|times))(?: this week)?\s*$/;
/** "4 workouts, a mix of pool and running": one amount shared between activities. */
export const SHARED = /\b(?:mix of|mixed|split between|combined|between the two|across both)\b/;
/** "did that 3 times", "x3": the whole clause's amount happened several times. */
export const REPEATED = /\b(?:did|done|do) (?:that|it|this|those) (?:\d+|twice|several|a few|a couple of) times\b|\bx\s?\d\b/;

/**
 * "I binged 120 pages", "we knocked 40": the client's own past doing, right before the amount, is what was done this time.
 * Passing a mark ("I passed 120") or counting is where it stands; needing, wanting or missing is nothing done.
 */
export const DID_AMOUNT = /\b(?:i|we) (?:just |also )?(?!(?:passed|crossed|reached|topped|surpassed|exceeded|counted|tallied|totall?ed|averaged|needed|wanted|expected|estimated|started|missed|skipped|cancell?ed|planned|owed)\b)[a-z]{3,}ed\s*$/;

export const INCLUDED = /\b(?:already )?(?:included|counted in(?: that| it| the total)?)\b/;
/** "41 incl the 20 miler", "including my long run of 20", "with the 20 miler": a part of the amount said before it. */
export const INCLUDING = /\b(?:(?:including|incl|inc)\.?(?:\s+(?:the|my|a|that|this|those|these))?|with (?:the|a|my))\s*$/;
/** "1 session last week (told you already)", "the 6 hrs I told you about": a number the coach has had, not news. */
export const ALREADY_REPORTED = /\b(?:told you(?: already| before| last time)|already told you|(?:you|u) (?:already (?:have|had|got|know)|(?:have|had|'ve) already got)|already (?:reported|said|mentioned)|(?:as|like) i said (?:before|last time)|(?:last (?:week|time)|before) i (?:told you|said|reported))\b|\d[^,]*\b(?:that |which )?i (?:told you about|mentioned(?: before| already| last time)?)\s*(?:$|(?:was|were)\b)/;

export const OTHERS = /^(?:who|she|he|they|her|his|their|(?:my|our|the) (?:wife|husband|partner|bf|gf|boyfriend|girlfriend|friend|friends|sister|brother|bro|sis|cousin|buddy|bestie|neighbou?r|son|daughter|kid|kids|children|mom|mum|dad|parents|team|coworker|colleague|boss|trainer|teacher|tutor|instructor|sponsor|therapist|doctor|physio|mentor|roommate|flatmate))\b(?! and i\b)/;
export const AWAY = /\b(gained|gain|put on|back up|up)\b/;
/** Words that count occasions of whatever the sentence names ("2 times", "4 nights"); "workouts" names its own activity. */
export const GENERIC_OCCASION = /^(?:times?|x|nights?|days?|mornings?|evenings?|occasions?|sessions?|sittings?)$/;

/** A goal of not doing something ("No takeout", "Stay alcohol-free"): "no takeout" is its progress, not a denial of it. */
export const ABSTAINING = /\b(no|not|without|free|sober|dry|quit|stop|avoid|clean|skip|cut out|less)\b/;
