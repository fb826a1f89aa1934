/**
 * Number words and number shapes rewritten as digits, so the reader has one thing to look for:
 * "twice" → "2 times", "half an hour" → "0.5 hours", "a dozen" → "12", "10,000" → "10000",
 * "6.5k steps" → "6500 steps", "two and a half" → "2.5", "$40" → "40 $".
 */

const SMALL: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

const SMALL_RE = Object.keys(SMALL).join('|');
const TENS_RE = Object.keys(TENS).join('|');
/** "twenty five", "twenty-five", "forty", "seven", "a hundred", "three hundred", "two thousand". */
const WORD_NUMBER = new RegExp(`\\b(?:(a|${SMALL_RE}|(?:${TENS_RE})(?:[- ](?:${SMALL_RE}))?)\\s+(hundred|thousand)(?:\\s+(?:and\\s+)?((?:${TENS_RE})(?:[- ](?:${SMALL_RE}))?|${SMALL_RE}))?|((?:${TENS_RE})(?:[- ](?:${SMALL_RE}))?)|(${SMALL_RE}))\\b`, 'gi');

function wordValue(word: string): number {
  const w = word.toLowerCase();
  if (w === 'a') return 1;
  if (w in SMALL) return SMALL[w]!;
  const [tens, unit] = w.split(/[- ]/);
  return (TENS[tens!] ?? 0) + (unit ? (SMALL[unit] ?? 0) : 0);
}

const FRACTIONS: [RegExp, string][] = [
  [/\b(?:an?|one) hour and a half\b/gi, '1.5 hours'],
  [/\b(?:an?|one) and a half hours?\b/gi, '1.5 hours'],
  [/\bhalf (?:an|a) hour\b/gi, '0.5 hours'],
  [/\bhalf hour\b/gi, '0.5 hours'],
  [/\b(?:a|one) quarter (?:of an|hour)\b/gi, '0.25 hours'],
  [/\bhalf a dozen\b/gi, '6'],
  [/\bhalf (?:a|one) (mile|marathon|km|kilometre|kilometer|book|page|day)\b/gi, '0.5 $1'],
  [/\b(?:a|one) dozen\b/gi, '12'],
  [/\bdozen\b/gi, '12'],
  [/\b(?:a )?couple(?: of)?\b/gi, '2'],
  [/\bonce\b/gi, '1 times'],
  [/\btwice\b/gi, '2 times'],
  [/\bthrice\b/gi, '3 times'],
  [/\b(?:an|one) hour\b/gi, '1 hours'],
  [/\ba (mile|km|kilometre|kilometer|book|session|workout|class|run|walk|swim|page|chapter|glass|call|application)\b/gi, '1 $1'],
];

/** Rewrites the text with digits for number words; everything else is left as it was (lower-cased). */
export function digitise(input: string): string {
  let t = input.toLowerCase().replace(/[’‘`]/g, "'");
  // Thousands separators and spoken thousands: 10,000 / 10 000 → 10000; 6.5k / 10k steps → 6500 / 10000 steps.
  t = t.replace(/\b(\d{1,3})(?:,(\d{3}))+\b/g, (m) => m.replace(/,/g, ''));
  t = t.replace(/\b(\d{1,3}) (\d{3})\b(?= steps)/g, '$1$2');
  t = t.replace(/\b(\d+(?:\.\d+)?)k\s+(steps?|words?|\$|usd|dollars?|bucks)\b/g, (_, n: string, u: string) => `${Math.round(Number(n) * 1000)} ${u}`);
  t = t.replace(/\$\s?(\d+(?:\.\d+)?)(k\b)?/g, (_, n: string, k: string | undefined) => `${k ? Math.round(Number(n) * 1000) : n} $`);
  t = t.replace(/½/g, '.5').replace(/(\d)\.5\b/g, '$1.5');
  t = t.replace(/\b(\d+)\s*(?:and a half|&\s*a half|½)/g, (_, n: string) => `${Number(n) + 0.5}`);
  t = t.replace(new RegExp(`\\b(${SMALL_RE}|an?)\\s+and\\s+a\\s+half\\b`, 'gi'), (_, w: string) => `${wordValue(w) + 0.5}`);
  for (const [re, to] of FRACTIONS) t = t.replace(re, to);
  t = t.replace(WORD_NUMBER, (m, mult: string | undefined, scale: string | undefined, rest: string | undefined, tens: string | undefined, small: string | undefined) => {
    if (scale) return String(wordValue(mult!) * (scale.toLowerCase() === 'hundred' ? 100 : 1000) + (rest ? wordValue(rest) : 0));
    if (tens) return String(wordValue(tens));
    if (small) {
      // "one" as a pronoun ("the blue one", "one of those days") is no number.
      if (small.toLowerCase() === 'one') return m;
      return String(wordValue(small));
    }
    return m;
  });
  return t;
}
