import { z } from 'zod';
import { DEFAULT_INBOUND_EMAIL_DOMAIN } from '../lib/email';
import { getSetting, requireSetting } from './runtime';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The server's V8 old-generation limit in MB; read before the server starts (server/node-flags.ts). */
export const serverHeapMbSchema = z.coerce.number().int().min(256).default(448);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  SOCKET_PORT: z.coerce.number().int().min(0).max(65535).default(8085),
  APP_URL: optionalString,
  DATABASE_URL: optionalString,
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  DATA_DIR: z.string().default('.data'),
  OUTBOX_DIR: optionalString,
  JWT_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  DB_POOL_MAX: z.coerce.number().int().min(1).default(10),
  SERVER_HEAP_MB: serverHeapMbSchema,
  TRUST_PROXY: bool,
  RATE_LIMIT_DISABLED: bool,
  ADMIN_EMAIL: z.string().email().default('admin@cadence.local'),
  ADMIN_PASSWORD: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EMAIL_FROM: z.string().default('Cadence <no-reply@cadence.local>'),
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalString,
  /** Signing secret (whsec_…) of the Resend webhook; when set, an unsigned or forged event is refused. */
  RESEND_WEBHOOK_SECRET: optionalString,
  /** The receiving domain of reply addresses on check-in e-mails (its MX points at Resend; decision 0081). */
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name, e.g. reply.example.com')
    .default(DEFAULT_INBOUND_EMAIL_DOMAIN),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** Seconds one AI request may take before it is abandoned (and retried once by the SDK). */
  OPENAI_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** Price of the configured model per 1K tokens; overrides the table (a model it does not know costs 0). */
  AI_PRICE_INPUT_PER_1K_USD: z.coerce.number().min(0).optional(),
  AI_PRICE_OUTPUT_PER_1K_USD: z.coerce.number().min(0).optional(),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: optionalString,
  TWILIO_BASE_URL: optionalString,
  /** Our WhatsApp sender at Twilio, `whatsapp:+1…` (decision 0084); without it WhatsApp clients get their fallback channel. */
  TWILIO_WHATSAPP_FROM: optionalString,
  /** The approved WhatsApp template (Content SID, HX…) a check-in uses outside the 24-hour session window. */
  TWILIO_WHATSAPP_TEMPLATE_SID: optionalString,
  /** Seconds one Twilio request may take before it is abandoned (and the send retried). */
  TWILIO_TIMEOUT_SECONDS: z.coerce.number().positive().default(15),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_API_BASE: optionalString,
  /** Web Push (VAPID) keys, base64url; without them a pair is generated once into DATA_DIR/vapid.json. Several instances must share them. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who push services contact about this sender: mailto: or https: (RFC 8292); APP_URL when it is https, else mailto:ADMIN_EMAIL. */
  VAPID_SUBJECT: optionalString,
  /**
   * More push service hosts to accept subscriptions for, comma-separated (a self-hosted push service;
   * the test stacks' fake one). The browsers' own services are always accepted (PUSH_SERVICE_HOSTS).
   */
  PUSH_SERVICE_HOSTS_EXTRA: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  JOBS_DISABLED: bool,
  /** A sent check-in with no reply after this many hours becomes no_response. */
  NO_RESPONSE_WINDOW_HOURS: z.coerce.number().positive().default(24),
  /** How many provider calls (AI writes and hand-overs) for check-ins one instance makes at the same time. */
  CHECKIN_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
  /** How many check-ins one fetch of the send worker takes and sends together (one claim, one set of reads and writes). */
  CHECKIN_SEND_BATCH: z.coerce.number().int().min(1).max(1000).default(400),
  /** How many send batches one instance works on at the same time (pg-boss fetch loops of the send queue). */
  CHECKIN_SEND_LOOPS: z.coerce.number().int().min(1).max(16).default(4),
  /** Messages per second from each of our SMS and WhatsApp numbers (carriers' limit per sender); unset sends unpaced. */
  SMS_SENDER_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).optional(),
  /** A check-in send that failed for a passing reason (timeout, 5xx, 429) is tried this many more times. */
  CHECKIN_SEND_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** First delay before such a retry, doubled (with jitter) at each attempt. */
  CHECKIN_RETRY_DELAY_SECONDS: z.coerce.number().positive().default(20),
  /** How long a worker's claim on a check-in holds; a crashed worker's rows are taken over after it. */
  CHECKIN_CLAIM_LEASE_SECONDS: z.coerce.number().positive().default(300),
  /** A due check-in still unsent this long after its job was queued gets a new job (a lost job). */
  CHECKIN_REQUEUE_SECONDS: z.coerce.number().positive().default(120),
  /** Extra scheduler passes every N seconds in each instance, on top of the pg-boss minute cron (tests, benchmarks). */
  SCHEDULER_TICK_SECONDS: z.coerce.number().positive().optional(),
}).refine((env) => env.TWILIO_TIMEOUT_SECONDS <= env.CHECKIN_CLAIM_LEASE_SECONDS * 0.4, {
  // A paced text waits up to half the lease, and its call must end before the claim lapses with a
  // tenth to spare (server/services/engine/runtime.ts, handOverDeadlineMs).
  path: ['CHECKIN_CLAIM_LEASE_SECONDS'],
  message: 'must be at least 2.5 times TWILIO_TIMEOUT_SECONDS, so that a text is handed over well within its claim',
});

export type Config = z.infer<typeof envSchema> & { appUrl: string; outboxDir: string };

let cached: Config | undefined;

/** Validates every environment variable once; a bad value stops the process with the field named. */
export function config(): Config {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  cached = {
    ...env,
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    outboxDir: env.OUTBOX_DIR ?? `${env.DATA_DIR}/outbox`,
  };
  return cached;
}

/** Tests and the start script change the environment before anything reads it; this forgets the old read. */
export function resetConfig(): void {
  cached = undefined;
}

/*
 * Values start-up resolves (server/runtime.ts keeps them; the environment is never written). These
 * are the only readers: the registry first, then the environment the process was started with.
 */

/** The database in use: the one start-up chose (the embedded one when DATABASE_URL is unset), else DATABASE_URL. */
export function databaseUrl(): string {
  const url = getSetting('databaseUrl') ?? config().DATABASE_URL;
  if (!url) throw new Error('No database: DATABASE_URL is not set and no embedded database was started (server/index.ts, scripts/lib/database.ts).');
  return url;
}

/** The port Socket.IO really listens on (SOCKET_PORT=0 picks a free one); the browser learns it from the page's CSP and /api/realtime/config. */
export function socketPort(): number {
  return requireSetting('socketPort', 'server/index.ts starts Socket.IO before it serves any request');
}

/** JWT_SECRET, or the secret start-up read from DATA_DIR (server/auth/secret.ts). */
export function jwtSecret(): string | undefined {
  return getSetting('jwtSecret') ?? config().JWT_SECRET;
}
