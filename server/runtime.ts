import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { PaymentsProvider } from './providers/payments/types';

/**
 * The one place that holds process-wide state (docs/operations.md, "Process-wide state").
 *
 * WHY: one server process runs two copies of the server code. `server/index.ts` is loaded by tsx;
 * Next's compiled bundle (route handlers, the proxy) holds its own copy of every module it imports.
 * A module-level `let` therefore exists twice, and the route handlers would see an empty queue or
 * open a second database pool. What both copies must share lives here, on one `globalThis` key
 * (`Symbol.for` gives both graphs the same symbol), and nowhere else: the lint rule in
 * eslint.config.mjs forbids `globalThis` casts and `process.env` writes outside this file.
 *
 * Slots (objects made once per process; each is created lazily by its owner module or set at start):
 * - `db`       the postgres.js pool and Drizzle handle (server/db/client.ts)
 * - `queue`    the running pg-boss instance, when workers run (server/jobs/queue.ts)
 * - `realtime` the Socket.IO server and its instance id, when realtime runs (server/realtime/index.ts)
 * - `payments` the payments provider, Stripe or local (server/providers/payments/index.ts)
 * - `stripe`   the Stripe SDK client and the key it was made with (server/providers/payments/stripe.ts)
 * - `logger`   the pino logger (server/log.ts)
 *
 * Settings (values resolved while the process starts, which the environment cannot say in advance;
 * read them through server/config.ts, which falls back to the environment):
 * - `databaseUrl` the database in use: DATABASE_URL, or the embedded database started at start-up
 * - `socketPort`  the port Socket.IO really bound (SOCKET_PORT=0 picks a free one)
 * - `jwtSecret`   JWT_SECRET, or the secret kept in DATA_DIR/jwt-secret (server/auth/secret.ts)
 *
 * The process environment is never written after start: start-up puts what it resolves here.
 */

/**
 * The slots by name. `db` and `realtime` are declared by their owners (server/db/client.ts,
 * server/realtime/index.ts) with `declare module`: those modules use this one, which stays below
 * them, so it does not import their types.
 */
export interface RuntimeSlots {
  queue: PgBoss;
  payments: PaymentsProvider;
  stripe: { key: string; client: Stripe };
  logger: Logger;
}

export interface RuntimeSettings {
  databaseUrl: string;
  socketPort: number;
  jwtSecret: string;
}

interface Registry {
  slots: Partial<RuntimeSlots>;
  settings: Partial<RuntimeSettings>;
}

const KEY = Symbol.for('cadence.runtime');

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [KEY]?: Registry };
  holder[KEY] ??= { slots: {}, settings: {} };
  return holder[KEY];
}

/** The object in a slot, or undefined when none was set (no queue in a script, say). */
export function getSlot<K extends keyof RuntimeSlots>(name: K): RuntimeSlots[K] | undefined {
  return registry().slots[name];
}

/** Puts an object in a slot; undefined empties it (a stopped queue, a closed pool). */
export function setSlot<K extends keyof RuntimeSlots>(name: K, value: RuntimeSlots[K] | undefined): void {
  if (value === undefined) delete registry().slots[name];
  else registry().slots[name] = value;
}

/** The object in a slot, made by `create` the first time any module graph asks. */
export function slotOrCreate<K extends keyof RuntimeSlots>(name: K, create: () => RuntimeSlots[K]): RuntimeSlots[K] {
  const slots = registry().slots;
  const existing = slots[name];
  if (existing !== undefined) return existing;
  const created = create();
  slots[name] = created;
  return created;
}

/** A setting resolved at start, or undefined when start-up has not resolved it (scripts, tests). */
export function getSetting<K extends keyof RuntimeSettings>(name: K): RuntimeSettings[K] | undefined {
  return registry().settings[name];
}

/** A setting that must have been resolved by now: reading it earlier is a bug, and says so. */
export function requireSetting<K extends keyof RuntimeSettings>(name: K, hint: string): RuntimeSettings[K] {
  const value = registry().settings[name];
  if (value === undefined) throw new Error(`Runtime setting '${name}' was read before it was set: ${hint}`);
  return value;
}

/** Records settings resolved at start (server/index.ts, scripts/lib/database.ts, server/auth/secret.ts). */
export function setSettings(values: Partial<RuntimeSettings>): void {
  const settings = registry().settings;
  for (const [name, value] of Object.entries(values) as [keyof RuntimeSettings, RuntimeSettings[keyof RuntimeSettings] | undefined][]) {
    if (value === undefined) delete settings[name];
    else Object.assign(settings, { [name]: value });
  }
}
