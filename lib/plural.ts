const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/** "1 call", "2 calls", "1,204 check-ins": a count with its noun in the right number (Intl plural rules). */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${numbers.format(n)} ${rules.select(n) === 'one' ? singular : plural}`;
}
