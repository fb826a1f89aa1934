/**
 * One time format across the product (issue 20 item 5, decision 0099): screens (components/, app/)
 * write a time of day only through lib/format-time.ts, so no dialog reads "19:00" while the rest
 * reads "7:00 PM". Static: it reads the sources as text and fails on a time-of-day formatting call
 * outside lib/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : walk(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Ways to format a time of day by hand; each belongs in lib/format-time.ts. */
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'toLocaleTimeString', pattern: /\.toLocaleTimeString\s*\(/ },
  { what: 'an hour option of Intl / toLocaleString', pattern: /\bhour\s*:\s*['"](?:numeric|2-digit)['"]/ },
  { what: 'hourCycle / hour12', pattern: /\b(?:hourCycle|hour12)\b/ },
  { what: "a date-fns 'HH:mm' / 'h:mm' pattern", pattern: /['"`][^'"`]*\b(?:HH|hh|h):mm\b[^'"`]*['"`]/ },
  { what: 'a 24-hour time written into a text', pattern: /['"`][^'"`]*\bat [0-2]\d:[0-5]\d\b/ },
  { what: 'date-fns format()', pattern: /import\s*\{[^}]*\bformat\b[^}]*\}\s*from\s*['"]date-fns(?:\/[^'"]*)?['"]/ },
];

function timeFormattingOutsideLib(sources: { file: string; text: string }[]): string[] {
  return sources.flatMap(({ file, text }) =>
    text.split('\n').flatMap((line, i) => FORBIDDEN.filter((f) => f.pattern.test(line)).map((f) => `${file}:${i + 1}: ${f.what}: ${line.trim()}`)),
  );
}

describe('time-of-day formatting lives in lib/format-time.ts', () => {
  it('no screen formats a time of day by itself', () => {
    const sources = ['components', 'app'].flatMap((dir) => walk(path.join(ROOT, dir))).map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'utf8') }));
    expect(sources.length).toBeGreaterThan(50);
    expect(timeFormattingOutsideLib(sources)).toEqual([]);
  });

  it('catches each way of doing it', () => {
    const samples = [
      "now.toLocaleTimeString('en-US')",
      "new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' })",
      "d.toLocaleString('en-GB', { hourCycle: 'h23' })",
      "format(at, 'HH:mm')",
      "import { format } from 'date-fns';",
      "{ label: 'Daily — at 08:00' }",
    ];
    expect(timeFormattingOutsideLib(samples.map((text, i) => ({ file: `sample${i}.tsx`, text })))).toHaveLength(samples.length);
    // A label map keyed by "hour" and a relative-time helper are not time formatting.
    expect(timeFormattingOutsideLib([{ file: 'ok.tsx', text: "const label = { hour: 'hourly' };\nimport { formatDistanceToNowStrict } from 'date-fns';" }])).toEqual([]);
  });
});
