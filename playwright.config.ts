import { defineConfig } from '@playwright/test';

// A port per run (kept in the environment so Playwright's workers see the same one): several
// checkouts can run their browser tests side by side.
// 3659 is on the fetch standard's list of bad ports: Node's fetch refuses it, so it is skipped.
const FETCH_BAD_PORT = 3659;
const picked = 3200 + (process.pid % 700);
process.env.E2E_PORT ??= String(picked === FETCH_BAD_PORT ? picked + 1 : picked);
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/uncaught.ts',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry for Chromium itself: Debian's build has, rarely, hung closing a context after a
  // passing test. A test failing twice still fails the run; one failing once is listed as flaky.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    // A failed test's retry records the trace: recording every passing test's (retain-on-failure)
    // costs CPU on every action, and this suite is CPU-bound on two cores.
    trace: 'on-first-retry',
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
