import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** The layers of docs/architecture.md: an import may only point down. */
const layer = (files, forbidden) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map(({ group, message }) => ({ group, message })),
      },
    ],
  },
});
const SERVER = { group: ['@/server', '@/server/*', '**/server/*'], message: 'The browser side (components, lib) never imports from server/: use the zod schemas and types in lib/.' };
const UI = { group: ['@/components/*', '@/app/*', '**/components/*'], message: 'Only pages and components use components/ and app/.' };
const SERVICES = { group: ['@/server/services/*', '**/services/*'], message: 'Providers are called by services, never the other way round.' };

/*
 * Process-wide state lives in server/runtime.ts only (docs/operations.md, "Process-wide state"):
 * the environment is read, never written, after start, and nothing else hangs values on globalThis.
 */
const ENV = "[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']";
const envWrites = [
  {
    selector: `AssignmentExpression > MemberExpression.left${ENV}`,
    message: 'Do not write process.env: record values resolved at start in server/runtime.ts (read them through server/config.ts), or pass `env:` to a child process.',
  },
  {
    selector: "AssignmentExpression > MemberExpression.left[object.name='process'][property.name='env']",
    message: 'Do not replace process.env: pass `env:` to a child process instead.',
  },
  {
    selector: "CallExpression[callee.object.name='Object'][callee.property.name=/^(assign|defineProperty|defineProperties)$/][arguments.0.object.name='process'][arguments.0.property.name='env']",
    message: 'Do not write process.env: record values resolved at start in server/runtime.ts, or pass `env:` to a child process.',
  },
  {
    selector: `UnaryExpression[operator='delete'] > MemberExpression.argument${ENV}`,
    message: 'Do not delete from process.env: pass `env:` to a child process instead.',
  },
];
const GLOBAL = "[name=/^(globalThis|global)$/]";
const globalState = [
  {
    selector: `:matches(TSAsExpression, TSTypeAssertion, TSSatisfiesExpression) > Identifier.expression${GLOBAL}`,
    message: 'Process-wide state goes in a slot of server/runtime.ts, not on a globalThis cast.',
  },
  {
    selector: `AssignmentExpression > MemberExpression.left[object.name=/^(globalThis|global)$/]`,
    message: 'Process-wide state goes in a slot of server/runtime.ts, not on globalThis.',
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      'no-restricted-syntax': ['error', ...envWrites, ...globalState],
    },
  },
  layer(['components/**/*.{ts,tsx}'], [SERVER]),
  layer(['lib/**/*.{ts,tsx}'], [SERVER, UI]),
  layer(['server/**/*.ts'], [UI]),
  layer(['server/providers/**/*.ts'], [UI, SERVICES]),
  // The registry itself is the one place that holds state on globalThis.
  { files: ['server/runtime.ts'], rules: { 'no-restricted-syntax': ['error', ...envWrites] } },
  // Test and benchmark harnesses set their own environment before loading app modules (Playwright's
  // config, so its workers inherit the port).
  { files: ['tests/**', 'bench/**', 'playwright.config.ts'], rules: { 'no-restricted-syntax': ['error', ...globalState] } },
  { ignores: ['.next/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'drizzle/**', 'next-env.d.ts'] },
];

export default config;
