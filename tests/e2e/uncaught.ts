import fs from 'node:fs';

/** Where the browser-test stack writes the app's uncaught exceptions (tests/helpers/serve.ts). */
export const UNCAUGHT_LOG = 'test-results/uncaught-exceptions.log';

/** Playwright's global teardown: an uncaught exception in the app fails the browser tests too. */
export default function failOnUncaught(): void {
  const reports = fs.existsSync(UNCAUGHT_LOG) ? fs.readFileSync(UNCAUGHT_LOG, 'utf8').trim() : '';
  if (reports) throw new Error(`The app had uncaught exception(s) during the browser tests:\n${reports}`);
}
