import { startStack } from './stack';

/** Playwright's webServer: the whole stack on E2E_PORT until Playwright stops it. */
const stack = await startStack(
  {
    // Short-lived access tokens make every browser test cross token expiry and refresh.
    ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TTL ?? '6',
    // Serves the test-only check-in loop page (app/(app)/dashboard/e2e-check-in).
    E2E_HARNESS: '1',
  },
  Number(process.env.E2E_PORT ?? 3210),
);
process.stdout.write(`e2e stack on ${stack.baseUrl}, outbox ${stack.outboxDir}\n`);
const fs = await import('node:fs');
fs.mkdirSync('test-results', { recursive: true });
fs.writeFileSync('test-results/stack.json', JSON.stringify({ baseUrl: stack.baseUrl, outboxDir: stack.outboxDir, databaseUrl: stack.databaseUrl }));
const stop = () => void stack.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
