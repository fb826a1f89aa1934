import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from 'pino';
import { getSetting, getSlot, requireSetting, setSettings, setSlot, slotOrCreate } from '@/server/runtime';

/** A stand-in for any slot's object; the registry never looks inside. */
const fakeLogger = (name: string) => ({ name }) as unknown as Logger;

afterEach(() => {
  setSlot('logger', undefined);
  setSettings({ databaseUrl: undefined, socketPort: undefined, jwtSecret: undefined });
});

describe('runtime registry (server/runtime.ts)', () => {
  it('keeps what was set in a slot until it is emptied', () => {
    expect(getSlot('logger')).toBeUndefined();
    const logger = fakeLogger('a');
    setSlot('logger', logger);
    expect(getSlot('logger')).toBe(logger);
    setSlot('logger', undefined);
    expect(getSlot('logger')).toBeUndefined();
  });

  it('creates a slot object once and hands the same one to every later caller', () => {
    const create = vi.fn(() => fakeLogger('made'));
    const first = slotOrCreate('logger', create);
    const second = slotOrCreate('logger', create);
    expect(second).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('records settings resolved at start and forgets one set to undefined', () => {
    setSettings({ databaseUrl: 'postgres://x@127.0.0.1:1/db', socketPort: 8123 });
    expect(getSetting('databaseUrl')).toBe('postgres://x@127.0.0.1:1/db');
    expect(requireSetting('socketPort', 'test')).toBe(8123);
    setSettings({ socketPort: undefined });
    expect(getSetting('socketPort')).toBeUndefined();
    expect(getSetting('databaseUrl')).toBe('postgres://x@127.0.0.1:1/db');
  });

  it('fails clearly when a required setting is read before start-up set it', () => {
    expect(() => requireSetting('socketPort', 'Socket.IO has not started')).toThrow("Runtime setting 'socketPort' was read before it was set: Socket.IO has not started");
  });

  it('is one registry for two copies of the module (the tsx server and the Next bundle)', async () => {
    vi.resetModules();
    const other = await import('@/server/runtime');
    vi.resetModules();
    const another = await import('@/server/runtime');
    expect(other).not.toBe(another);
    const logger = fakeLogger('shared');
    other.setSlot('logger', logger);
    another.setSettings({ socketPort: 9001 });
    expect(another.getSlot('logger')).toBe(logger);
    expect(getSlot('logger')).toBe(logger);
    expect(other.requireSetting('socketPort', 'test')).toBe(9001);
  });
});

describe('settings read through server/config.ts', () => {
  it('prefers what start-up resolved over the environment, and names a missing socket port', async () => {
    const { databaseUrl, jwtSecret, socketPort } = await import('@/server/config');
    setSettings({ databaseUrl: 'postgres://embedded@127.0.0.1:2/cadence', jwtSecret: 's'.repeat(40) });
    expect(databaseUrl()).toBe('postgres://embedded@127.0.0.1:2/cadence');
    expect(jwtSecret()).toBe('s'.repeat(40));
    expect(() => socketPort()).toThrow(/socketPort' was read before it was set/);
    setSettings({ socketPort: 8200 });
    expect(socketPort()).toBe(8200);
  });
});
