import { defineConfig } from '@playwright/test';

// A port per run (kept in the environment so Playwright's workers see the same one): several
// checkouts can run their browser tests side by side.
// 3659 is on the fetch standard's list of bad ports: Node's fetch refuses it, so it is skipped.
const FETCH_BAD_PORT = 3659;
const picked = 3200 + (process.pid % 700);
process.env.E2E_PORT ??= String(picked === FETCH_BAD_PORT ? picked + 1 : picked);
const port = Number(process.env.E2E_PORT);

/** Specs that sign in as the one test admin, change what every coach sees, or re-seed the demo coach. */
const SHARED_STATE_SPECS = [
  'accessibility.spec.ts',
  'admin.spec.ts',
  'analytics.spec.ts',
  'api-reference.spec.ts',
  'auth.spec.ts',
  'billing.spec.ts',
  'escaping.spec.ts',
  'messages.spec.ts',
  'timezones-announcements.spec.ts',
  'viewport-sweep.spec.ts',
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/uncaught.ts',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two browsers at once: one test alone keeps the two cores half busy (it mostly waits on the
  // server, debounces and the engine), so two halve the run. Files that share state across coaches
  // (the one admin account and its theme, platform-wide screens and announcements, the demo coach) run one at a
  // time in their own project; every other file uses its own coach, client IP and clients.
  workers: 2,
  // The one-at-a-time files first (Playwright hands out files in project order): they run on one
  // worker while the other takes the rest, instead of alone at the end.
  projects: [
    { name: 'shared-state', testMatch: SHARED_STATE_SPECS, workers: 1 },
    { name: 'own-coach', testIgnore: SHARED_STATE_SPECS },
  ],
  // One retry for Chromium itself: Debian's build has, rarely, hung closing a context after a
  // passing test. A test failing twice still fails the run; one failing once is listed as flaky.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'npx tsx tests/helpers/serve.ts',
    url: `http://localhost:${port}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
