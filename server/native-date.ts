/**
 * Next's server replaces the global `Date` with a wrapper when it loads
 * (next/dist/server/node-environment-extensions/date.js), so that with `cacheComponents` a
 * prerender that reads the clock is caught. Cadence does not turn `cacheComponents` on, so the
 * wrapper catches nothing here, and it made every `new Date(value)` about 8× slower: Drizzle builds
 * one for each timestamp of each row read (2 % of the scheduler's drain; decision 0114).
 */
const NativeDate = globalThis.Date;

/** Puts the `Date` back that this process started with; call it once Next has loaded. */
export function restoreNativeDate(): void {
  // The wrapper copies Date's name: only its source tells it apart (this module imported after Next's server).
  if (!Function.prototype.toString.call(NativeDate).includes('[native code]')) throw new Error('server/native-date.ts must be imported before Next loads');
  if (globalThis.Date === NativeDate) return;
  // eslint-disable-next-line no-restricted-syntax -- a builtin put back, not state of ours
  globalThis.Date = NativeDate;
  Object.defineProperty(NativeDate.prototype, 'constructor', { value: NativeDate, writable: true, enumerable: false, configurable: true });
}
