import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreNativeDate } from '@/server/native-date';

const require = createRequire(import.meta.url);

describe("the process's own Date after Next's server loads", () => {
  const own = globalThis.Date;
  afterAll(() => {
    // eslint-disable-next-line no-restricted-syntax -- the builtin put back for the next test file
    globalThis.Date = own;
  });

  it("is put back, with its prototype's constructor, after Next's wrapper replaced it", () => {
    // What Next's server does when it loads (node-environment.js).
    require('next/dist/server/node-environment-extensions/date');
    expect(globalThis.Date).not.toBe(own);
    expect(new Date(0).constructor).not.toBe(own);

    restoreNativeDate();
    expect(globalThis.Date).toBe(own);
    expect(new Date(0).constructor).toBe(own);
    expect(new Date(86_400_000).toISOString()).toBe('1970-01-02T00:00:00.000Z');
  });

  it('is only put back while the app leaves cacheComponents off (the wrapper serves it)', () => {
    expect(fs.readFileSync(path.join(process.cwd(), 'next.config.mjs'), 'utf8')).not.toMatch(/\bcacheComponents\s*:/);
  });
});
