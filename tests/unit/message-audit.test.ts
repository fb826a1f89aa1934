/**
 * Every message text of the product (the message groups of lib/constants.ts, product §1.8 and
 * §2.8) is used: shown by a screen (components/, app/), or answered by the server where the
 * product says the server answers it. A text nobody references is a spec message never shown
 * (issue 20 item 6), so this fails as soon as one becomes unused.
 *
 * Static: it reads the sources as text. A reference is `GROUP.key` (or through an import alias,
 * `import { GROUP as T }` then `T.key`), `GROUP.sub.key` for nested groups, or a destructuring
 * `const { key } = GROUP`. An indexed `GROUP.sub[x]` counts for every key of `sub`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goalEditFailure } from '@/components/workspace/goals/goal-types';
import { isAdminScreen } from '@/components/ui/toaster';
import * as constants from '@/lib/constants';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Exported objects of lib/constants.ts that hold sentences but are not messages. */
const NOT_MESSAGES: Record<string, string> = {
  ADMIN_DATE_RANGES: 'date-range presets: their labels are rendered by mapping over `presets`, not one by one',
  ADMIN_PLANS: 'plan options, labelled from the plan catalogue (lib/plans.ts)',
};

/**
 * Deliberate exceptions: texts that are in the spec's catalogue but no screen can reach, each
 * with why. Keep this list short; a text here is one the product does not show.
 */
const EXCEPTIONS: Record<string, string> = {
  'ADMIN_MESSAGES.crash':
    "the same words as MESSAGES.crash, which app/error.tsx and app/global-error.tsx show on a rendering crash of every screen, the admin's included",
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : walk(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

type Where = 'screen' | 'server' | 'shared';

function whereOf(file: string): Where {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel.startsWith('app/api/') || rel.startsWith('server/')) return 'server';
  if (rel.startsWith('components/') || rel.startsWith('app/')) return 'screen';
  return 'shared';
}

const SOURCES = ['components', 'app', 'server', 'lib']
  .flatMap((dir) => walk(path.join(ROOT, dir)))
  .filter((file) => path.relative(ROOT, file) !== path.join('lib', 'constants.ts'))
  .map((file) => ({ file: path.relative(ROOT, file), where: whereOf(file), text: readFileSync(file, 'utf8') }));

const isSentence = (value: unknown): boolean => (typeof value === 'string' && value.includes(' ')) || typeof value === 'function';

/** Leaves of a group: `key` or `sub.key` paths of its strings and text functions. */
function leaves(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, v]) => {
    if (typeof v === 'string' || typeof v === 'function') return [`${prefix}${key}`];
    if (v && typeof v === 'object' && !Array.isArray(v)) return leaves(v as object, `${prefix}${key}.`);
    return [];
  });
}

function hasSentence(value: unknown): boolean {
  if (isSentence(value)) return true;
  if (value && typeof value === 'object' && !Array.isArray(value)) return Object.values(value).some(hasSentence);
  return false;
}

const isGroup = (name: string, value: unknown): value is Record<string, unknown> =>
  /^[A-Z_]+$/.test(name) && typeof value === 'object' && value !== null && !Array.isArray(value) && hasSentence(value) && !(name in NOT_MESSAGES);
const GROUP_VALUES = new Map<string, Record<string, unknown>>();
for (const [name, value] of Object.entries(constants) as [string, unknown][]) if (isGroup(name, value)) GROUP_VALUES.set(name, value);
const GROUPS = [...GROUP_VALUES.keys()];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names a file uses for `group`: itself, or its alias in an import from the constants module. */
function localNames(text: string, group: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*constants'/g)) {
    for (const part of m[1]!.split(',')) {
      const [imported, local] = part.trim().split(/\s+as\s+/);
      if (imported === group) names.add(local ?? imported);
    }
  }
  return [...names];
}

function referencedIn(text: string, group: string, leaf: string): boolean {
  const parts = leaf.split('.');
  const key = parts.at(-1)!;
  return localNames(text, group).some((local) => {
    if (new RegExp(`\\b${escape(local)}\\??\\.${parts.map(escape).join('\\??\\.')}\\b`).test(text)) return true;
    if (parts.length > 1 && new RegExp(`\\b${escape(local)}\\.${parts.slice(0, -1).map(escape).join('\\.')}\\[`).test(text)) return true;
    if (parts.length > 1) return false;
    return [...text.matchAll(new RegExp(`\\{([^{}]*)\\}\\s*=\\s*${escape(local)}\\b`, 'g'))].some((d) => d[1]!.split(',').some((p) => p.trim().split(/\\s*:\\s*/)[0] === key));
  });
}

/** Every string of the audited groups, to check the product's catalogue against. */
function values(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object' && !Array.isArray(value)) return Object.values(value).flatMap(values);
  return [];
}

/**
 * The message texts of docs/product.md's catalogue (§1.8.2 screen texts, §2.8 error catalogue):
 * back-quoted sentences, less the templates (`{reason}`), elisions (`… client analytics`) and paths.
 */
function productTexts(): string[] {
  const doc = readFileSync(path.join(ROOT, 'docs/product.md'), 'utf8');
  const section = (start: string, end: string) => {
    const from = doc.indexOf(start);
    expect(from, `docs/product.md has "${start}"`).toBeGreaterThanOrEqual(0);
    return doc.slice(from, doc.indexOf(end, from));
  };
  const text = (section('### 1.8.2 Screen texts', '\n## 1.9 ') + section('## 2.8 Error catalogue', '\n## 2.9 ')).replace(/\n\s*/g, ' ');
  return [...new Set([...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!))].filter((t) => /^[A-Z][a-z]* /.test(t) && !/[{…/]/.test(t));
}

const rows = GROUPS.flatMap((group) =>
  leaves(GROUP_VALUES.get(group)!).map((leaf) => ({ id: `${group}.${leaf}`, users: SOURCES.filter((s) => referencedIn(s.text, group, leaf)).map((s) => s.file) })),
);

describe('message audit (issue 20 item 6)', () => {
  it('audits the message groups of lib/constants.ts', () => {
    // The groups are found by their sentences, so a new group is audited without being listed here.
    for (const group of ['MESSAGES', 'SETTINGS_TOASTS', 'WORKSPACE_TOASTS', 'WORKSPACE_GOAL_TOASTS', 'AI_SCHEDULE_TEXTS', 'BILLING_TOASTS', 'ADMIN_MESSAGES', 'ANALYTICS']) {
      expect(GROUPS).toContain(group);
    }
  });

  it('every message of those groups is used by a screen, the server or the code both share', () => {
    const unused = rows.filter((r) => r.users.length === 0 && !(r.id in EXCEPTIONS)).map((r) => r.id);
    expect(unused, 'messages no file references (wire them where the spec shows them, or list them in EXCEPTIONS with a reason)').toEqual([]);
  });

  it('lists as exceptions only messages that are in fact unused', () => {
    const ids = new Set(rows.map((r) => r.id));
    const stale = Object.keys(EXCEPTIONS).filter((id) => !ids.has(id) || rows.find((r) => r.id === id)!.users.length > 0);
    expect(stale).toEqual([]);
  });

  it("every text of docs/product.md's message catalogue is one of the audited constants", () => {
    const texts = productTexts();
    expect(texts.length).toBeGreaterThan(100);
    const known = new Set(GROUPS.flatMap((g) => values(GROUP_VALUES.get(g))));
    expect(texts.filter((t) => !known.has(t))).toEqual([]);
  });
});

describe('which message a failure shows', () => {
  const T = constants.WORKSPACE_GOAL_TOASTS;
  const texts = { unit: T.unitFailed, metric: T.metricFailed, goal: T.updateFailed };

  it('names the goal edit by what it changed (product §2.8)', () => {
    expect(goalEditFailure(['unit'], texts)).toBe('Error updating unit');
    expect(goalEditFailure(['target'], texts)).toBe('Error updating metric');
    expect(goalEditFailure(['target', 'unit'], texts)).toBe('Error updating metric');
    expect(goalEditFailure(['title', 'unit'], texts)).toBe('Failed to update goal');
    expect(goalEditFailure(['targetDate'], texts)).toBe('Failed to update goal');
  });

  it('gives the admin screens their own toast duration (product §2.8: 3 s)', () => {
    for (const p of ['/admin', '/admin/api-reference', '/admin-portal', '/admin-dashboard']) expect(isAdminScreen(p), p).toBe(true);
    for (const p of ['/dashboard', '/settings', '/administrator', '/billing', null]) expect(isAdminScreen(p), String(p)).toBe(false);
    expect(constants.ADMIN_TOAST_DURATION_MS).toBe(3000);
    expect(constants.TOAST_DURATION_MS).toBe(5000);
  });
});
