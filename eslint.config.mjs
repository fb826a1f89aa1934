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

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  layer(['components/**/*.{ts,tsx}'], [SERVER]),
  layer(['lib/**/*.{ts,tsx}'], [SERVER, UI]),
  layer(['server/**/*.ts'], [UI]),
  layer(['server/providers/**/*.ts'], [UI, SERVICES]),
  { ignores: ['.next/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'drizzle/**', 'next-env.d.ts'] },
];

export default config;
