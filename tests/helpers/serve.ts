import fs from 'node:fs';
import { startStack } from './stack';
import { UNCAUGHT_LOG } from '../e2e/uncaught';

fs.mkdirSync('test-results', { recursive: true });
fs.rmSync(UNCAUGHT_LOG, { force: true });
/** Playwright's webServer: the whole stack on E2E_PORT until Playwright stops it. */
const stack = await startStack(
  {
    // Short-lived access tokens make every browser test cross token expiry and refresh.
    ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TTL ?? '6',
    // The push settings test stubs PushManager with endpoints on this (unresolvable) test host.
    PUSH_SERVICE_HOSTS_EXTRA: 'push.example.test',
  },
  Number(process.env.E2E_PORT ?? 3210),
  // The global teardown fails the run for these: the webServer's own exit cannot.
  (report) => fs.appendFileSync(UNCAUGHT_LOG, `${report}\n`),
);
process.stdout.write(`e2e stack on ${stack.baseUrl}, outbox ${stack.outboxDir}\n`);
fs.writeFileSync('test-results/stack.json', JSON.stringify({ baseUrl: stack.baseUrl, outboxDir: stack.outboxDir, databaseUrl: stack.databaseUrl }));
// Uncaught exceptions are already in UNCAUGHT_LOG for the teardown; stop() failing for them changes nothing here.
const stop = () => void stack.stop().catch(() => undefined).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
