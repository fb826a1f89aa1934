/**
 * The baseline of `npm run bench`: a bare Node `http` server with node-postgres and no framework
 * that answers the measured requests with the same SQL the services run (the queries of
 * server/auth/guards.ts, services/auth.ts + sessions.ts, clients.ts listClients / clientDtos,
 * client-list.ts listClientPage (sorted by name) and checkins.ts checkInHistory written out as text;
 * the reporting statements of analytics.ts overview and admin-usage.ts usageStats imported from
 * server/services/reporting/queries.ts and client-stats.ts's statements rendered from its builder, the
 * very text the services run), the same argon2 verification and the same jose JWTs. It skips what a framework adds: routing,
 * zod, Drizzle's row mapping (and its query building, but for the stat cards' four statements), Next's
 * request and response objects.
 *
 * Started by bench/run.ts as a child process: DATABASE_URL, PORT, JWT_SECRET; it reports
 * `{ ready, port }` over IPC.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verify } from '@node-rs/argon2';
import { jwtVerify, SignJWT } from 'jose';
import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ENGAGEMENT_POINTS_MAX, RANGE_DAYS, type TimeRange } from '@/lib/analytics';
import { CLIENT_PAGE_SIZE, decodeCursor, encodeCursor } from '@/lib/client-list';
import { addDays, weekDates, zonedTimeToInstant } from '@/lib/zoned-time';
import type { SqlText } from '@/server/db/query-rows';
import { analyticsWindow, trendPeriods } from '@/server/services/analytics';
import { clientStatsStatements } from '@/server/services/client-stats';
import {
  checkInFactsQuery,
  clientCountsQuery,
  clientsReachedQuery,
  goalAggregatesQuery,
  usageErrorSamplesQuery,
  usageStatusFiguresQuery,
} from '@/server/services/reporting/queries';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
const key = new TextEncoder().encode(process.env.JWT_SECRET ?? '');
const ACCESS_TTL_SECONDS = Number(process.env.ACCESS_TOKEN_TTL_SECONDS ?? 900);
const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Renders a statement Drizzle builds in a service to text and parameters (the client-stats statements). */
const dialect = new PgDialect();

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Row = Record<string, unknown>;
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** Rows with camelCase keys, as an API answers them. */
const shape = (rows: Row[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [camel(k), v])));

async function query(text: string, values: unknown[] = []): Promise<Row[]> {
  return (await pool.query<Row>(text, values)).rows;
}

/** A reporting statement of the services (server/services/reporting/queries.ts), run as it is. */
const run = (statement: SqlText) => query(statement.text, statement.values);

// ---- auth ---------------------------------------------------------------------------------------

interface Caller {
  id: string;
  role: string;
  timezone: string;
}

async function authenticate(req: http.IncomingMessage): Promise<Caller> {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) throw new HttpError(401, 'Authentication required');
  let claims: { sub?: string; sid?: unknown };
  try {
    claims = (await jwtVerify(header.slice(7), key, { algorithms: ['HS256'], issuer: 'cadence' })).payload;
  } catch {
    throw new HttpError(401, 'Invalid access token');
  }
  const [row] = await query(
    `select u.*, s.last_active from sessions s inner join users u on u.id = s.user_id
     where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null limit 1`,
    [claims.sid, claims.sub],
  );
  if (!row) throw new HttpError(401, 'Session has ended');
  if (Date.now() - (row.last_active as Date).getTime() > 60_000) await query('update sessions set last_active = now() where id = $1', [claims.sid]);
  return { id: row.id as string, role: row.role as string, timezone: row.timezone as string };
}

async function hitRateLimit(name: string, subject: string, limit: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs).toISOString();
  const [row] = await query(
    `insert into rate_limit_hits (key, window_start, count) values ($1, $2, 1)
     on conflict (key, window_start) do update set count = rate_limit_hits.count + 1 returning count`,
    [`${name}:${subject}`, windowStart],
  );
  if (Number(row?.count) > limit) throw new HttpError(429, 'Too many attempts');
}

async function login(body: { email?: string; password?: string }, ip: string, userAgent: string) {
  if (typeof body.email !== 'string' || typeof body.password !== 'string') throw new HttpError(400, 'email and password are required');
  const email = body.email.toLowerCase();
  await hitRateLimit('login:ip', ip, 30, 900);
  await hitRateLimit('login:account', email, 10, 900);
  const [user] = await query('select * from users where lower(email) = $1 and deleted_at is null limit 1', [email]);
  if (!user || !(await verify(user.password_hash as string, body.password))) throw new HttpError(401, 'Invalid email or password');
  const client = await pool.connect();
  try {
    await client.query('begin');
    const session = await client.query(
      `insert into sessions (user_id, purpose, device, os, browser, user_agent, ip, location, expires_at)
       values ($1, 'sign_in', 'Unknown device', 'Unknown OS', null, $2, $3, 'Unknown location', $4) returning id`,
      [user.id, userAgent.slice(0, 512), ip, new Date(Date.now() + REFRESH_TTL_MS)],
    );
    const sessionId = session.rows[0].id as string;
    const refreshToken = randomBytes(32).toString('base64url');
    await client.query('insert into refresh_tokens (token_hash, session_id) values ($1, $2)', [createHash('sha256').update(refreshToken).digest('hex'), sessionId]);
    const updated = await client.query('update users set last_login = now() where id = $1 returning *', [user.id]);
    await client.query('insert into security_log (user_id, type, details, success, ip, user_agent) values ($1, $2, $3, true, $4, $5)', [user.id, 'login', 'Signed in', ip, userAgent]);
    await client.query('commit');
    const accessToken = await new SignJWT({ sid: sessionId, role: user.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id as string)
      .setIssuer('cadence')
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
      .sign(key);
    const { passwordHash: _omit, twoFactorSecret: _secret, twoFactorRecoveryCodes: _codes, ...publicUser } = shape(updated.rows)[0]!;
    return { body: { token: accessToken, accessToken, refreshToken, user: publicUser }, cookies: [`cadence_at=${accessToken}; Path=/; HttpOnly; SameSite=Lax`, `cadence_rt=${refreshToken}; Path=/api/users; HttpOnly; SameSite=Lax`] };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

// ---- coach reads --------------------------------------------------------------------------------

/** The check-in columns the services answer with (checkInSummaryColumns in server/services/clients.ts). */
const SUMMARY_COLUMNS = `id, client_id, status, created_at, updated_at, scheduled_for, sent_at, responded_at, goal_id, is_global_check_in, cancelled_goals,
  ai_message, client_response, ai_response, coach_summary, insights, executive_summary, motivation, engagement_assessment, concerns, value, failure_reason`;

/**
 * The six reads of clientDtos (server/services/clients.ts) for the given clients of the coach:
 * goals, latest check-in, latest reply, this week's check-ins, AI schedules, slots already planned.
 * Like the rest of the baseline it only renames columns and groups rows: no bubbles projected.
 */
async function clientDtos(coach: Caller, clients: Row[]) {
  if (clients.length === 0) return [];
  const ids = clients.map((c) => c.id);
  const dates = weekDates(coach.timezone, new Date());
  const weekStart = zonedTimeToInstant(coach.timezone, dates[0]!, '00:00');
  const weekEnd = zonedTimeToInstant(coach.timezone, addDays(dates[6]!, 1), '00:00');
  const [goals, latest, replies, week, schedules, planned] = await Promise.all([
    query('select * from goals where coach_id = $1 and client_id = any($2) and archived = false order by created_at', [coach.id, ids]),
    query(
      `select l.* from clients inner join lateral (
         select ${SUMMARY_COLUMNS} from check_ins where check_ins.client_id = clients.id and check_ins.coach_id = $1 and check_ins.status not in ('scheduled', 'cancelled')
         order by check_ins.created_at desc limit 1) l on true
       where clients.coach_id = $1 and clients.id = any($2)`,
      [coach.id, ids],
    ),
    query(
      `select l.* from clients inner join lateral (
         select id, client_id, responded_at, motivation, engagement_assessment from check_ins
         where check_ins.client_id = clients.id and check_ins.coach_id = $1 and check_ins.responded_at is not null
         order by check_ins.created_at desc limit 1) l on true
       where clients.coach_id = $1 and clients.id = any($2)`,
      [coach.id, ids],
    ),
    query(
      `select id, client_id, status, sent_at, scheduled_for, created_at from check_ins
       where coach_id = $1 and client_id = any($2) and coalesce(sent_at, scheduled_for, created_at) >= $3 and coalesce(sent_at, scheduled_for, created_at) < $4
       order by created_at`,
      [coach.id, ids, weekStart, weekEnd],
    ),
    query('select * from schedules where coach_id = $1 and client_id = any($2) and active = true', [coach.id, ids]),
    query(
      `select client_id, dedupe_key from check_ins
       where coach_id = $1 and client_id = any($2) and dedupe_key is not null and coalesce(sent_at, scheduled_for, created_at) > $3`,
      [coach.id, ids, new Date(Date.now() - 86_400_000)],
    ),
  ]);
  const group = (rows: Row[]) => {
    const by = new Map<unknown, Row[]>();
    for (const r of shape(rows)) by.set(r.clientId, [...(by.get(r.clientId) ?? []), r]);
    return by;
  };
  const [goalsBy, latestBy, replyBy, weekBy, schedulesBy, plannedBy] = [goals, latest, replies, week, schedules, planned].map(group);
  return shape(clients).map((c) => ({
    ...c,
    goals: goalsBy!.get(c.id) ?? [],
    latestCheckIn: latestBy!.get(c.id)?.[0] ?? null,
    latestReply: replyBy!.get(c.id)?.[0] ?? null,
    weeklyCheckIns: weekBy!.get(c.id) ?? [],
    schedules: schedulesBy!.get(c.id) ?? [],
    planned: plannedBy!.get(c.id) ?? [],
  }));
}

async function listClients(coach: Caller) {
  return { clients: await clientDtos(coach, await query('select * from clients where coach_id = $1 and archived = false order by first_name, last_name', [coach.id])) };
}

/** GET /api/clients/{id}: the list's view of one client (clients.ts getClientDto). */
async function getClient(coach: Caller, clientId: string) {
  const [client] = await clientDtos(coach, await query('select * from clients where coach_id = $1 and id = $2 order by first_name, last_name', [coach.id, clientId]));
  if (!client) throw new HttpError(404, 'Client not found');
  return { client };
}

/**
 * A page of the list sorted by name (server/services/client-list.ts listClientPage with its
 * defaults): the keyset condition after the cursor's row, the total, then clientDtos for the page.
 */
async function listClientPage(coach: Caller, params: URLSearchParams) {
  const limit = Number(params.get('limit') ?? CLIENT_PAGE_SIZE);
  const encoded = params.get('cursor');
  const cursor = encoded ? decodeCursor(encoded) : null;
  if (encoded && (!cursor || cursor.sort !== 'name' || cursor.dir !== 'asc')) throw new HttpError(400, 'cursor');
  const after = cursor ? 'and (first_name > $3 or (first_name = $3 and last_name > $4) or (first_name = $3 and last_name = $4 and id > $5::uuid))' : '';
  const [rows, [total]] = await Promise.all([
    query(
      `select *, json_build_array(first_name, last_name) as key from clients where coach_id = $1 and archived = false ${after}
       order by first_name asc, last_name asc, id asc limit $2`,
      cursor ? [coach.id, limit + 1, ...cursor.key, cursor.id] : [coach.id, limit + 1],
    ),
    query('select count(*)::int as n from clients where coach_id = $1 and archived = false', [coach.id]),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ sort: 'name', dir: 'asc', key: last.key as string[], id: last.id as string }) : null;
  return { clients: await clientDtos(coach, page.map(({ key: _key, ...client }) => client)), nextCursor, total: total!.n };
}

/** GET /api/coach/client-stats: the four statements of server/services/client-stats.ts, rendered to text and run as they are. */
async function clientStats(coach: Caller) {
  const statements = clientStatsStatements(coach, new Date());
  const rendered = (statement: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return query(text, params);
  };
  const [[schedule], [week], recent, [filters]] = await Promise.all([
    rendered(statements.schedule),
    rendered(statements.week),
    rendered(statements.recent),
    rendered(statements.filters),
  ]);
  const perDay = schedule!.per_day as number[];
  const named = (r: Row) => ({ clientId: r.id ?? r.client_id, clientName: `${r.first_name} ${r.last_name}`.trim() });
  const { clients, ...filterCounts } = filters!;
  return {
    clients,
    filters: filterCounts,
    scheduled: { total: perDay.reduce((sum, n) => sum + n, 0), perDay, next: (schedule!.next as Row[]).map((r) => ({ ...named(r), at: new Date(r.at as string).toISOString() })) },
    responding: {
      responded: week!.responded,
      week: { completed: week!.completed, responded: week!.replied, no_response: week!.no_response, missed: Number(week!.missed_rows) + Number(week!.missed_slots) },
      awaitingTotal: week!.awaiting_total,
      awaiting: (week!.awaiting as Row[]).map(named),
    },
    recent: recent.map((r) => ({ ...named(r), id: r.activity_id, checkInId: r.check_in_id, at: new Date(r.at as string).toISOString(), text: r.text })),
  };
}

async function checkInHistory(coach: Caller, clientId: string, params: URLSearchParams) {
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 50);
  const scope = 'check_ins.client_id = $1 and check_ins.coach_id = $2';
  const [[owned], rows, [total], goals, summaries] = await Promise.all([
    query('select id from clients where id = $1 and coach_id = $2 limit 1', [clientId, coach.id]),
    query(`select ${SUMMARY_COLUMNS} from check_ins where ${scope} order by coalesce(sent_at, scheduled_for, created_at) desc limit $3 offset $4`, [clientId, coach.id, limit, (page - 1) * limit]),
    query(`select count(*)::int as n from check_ins where ${scope}`, [clientId, coach.id]),
    query('select id, title from goals where client_id = $1', [clientId]),
    params.get('withSummaries') === 'true'
      ? query(`select id, executive_summary, created_at, responded_at from check_ins where ${scope} and executive_summary is not null order by created_at desc limit 60`, [clientId, coach.id])
      : Promise.resolve([]),
  ]);
  if (!owned) throw new HttpError(404, 'Client not found');
  const titles = new Map(goals.map((g) => [g.id, g.title]));
  return {
    checkIns: shape(rows).map((c) => ({ ...c, goal: c.goalId ? { id: c.goalId, title: titles.get(c.goalId) } : null })),
    pagination: { page, limit, total: total!.n, pages: Math.max(1, Math.ceil(Number(total!.n) / limit)) },
    executiveSummaries: shape(summaries),
  };
}

async function analyticsOverview(coach: Caller, params: URLSearchParams) {
  const range = (params.get('timeRange') ?? '30d') as TimeRange;
  if (!(range in RANGE_DAYS)) throw new HttpError(400, 'timeRange');
  const w = analyticsWindow(range, coach.timezone);
  const { labels, starts } = trendPeriods(w);
  const [facts, [reached], [clients], goals] = await Promise.all([
    run(checkInFactsQuery(coach.id, [w.previousStart, w.start, ...starts, w.end], 2, labels.length + 1)),
    run(clientsReachedQuery(coach.id, w.start, w.end)),
    run(clientCountsQuery(coach.id, w.start, w.end)),
    run(goalAggregatesQuery(coach.id, w.start, w.end)),
  ]);
  const sum = (k: string) => facts.reduce((acc, r) => acc + Number(r[k]), 0);
  const delivered = sum('delivered');
  const total = goals.find((g) => g.total);
  return {
    totalClients: clients!.current,
    totalCheckIns: delivered,
    avgResponseTime: sum('secondsCount') > 0 ? sum('secondsSum') / sum('secondsCount') / 60 : null,
    clientRetention: Number(clients!.base) > 0 ? (100 * (Number(clients!.base) - Number(clients!.churned))) / Number(clients!.base) : null,
    engagementScore: delivered > 0 ? (100 * sum('points')) / (ENGAGEMENT_POINTS_MAX * delivered) : null,
    checkInFrequency: Number(reached!.n) > 0 ? delivered / Number(reached!.n) / (w.days / 7) : null,
    goalCompletionRate: total && Number(total.count) > 0 ? (100 * Number(total.completed)) / Number(total.count) : null,
    responseRate: delivered > 0 ? (100 * sum('answered')) / delivered : null,
    trends: facts,
  };
}

// ---- admin --------------------------------------------------------------------------------------

async function usageStats(params: URLSearchParams) {
  const to = params.get('endDate') ? new Date(params.get('endDate')!) : new Date();
  const from = params.get('startDate') ? new Date(params.get('startDate')!) : new Date(to.getTime() - 30 * 86_400_000);
  const range = { from, to };
  const [statuses, samples] = await Promise.all([run(usageStatusFiguresQuery(range)), run(usageErrorSamplesQuery(range, 'status'))]);
  const byService = new Map<unknown, { service: unknown; total: number; success: number; msSum: number; cost: number }>();
  for (const s of statuses) {
    const t = byService.get(s.service) ?? { service: s.service, total: 0, success: 0, msSum: 0, cost: 0 };
    t.total += Number(s.count);
    if (s.status === 'success') t.success += Number(s.count);
    t.msSum += Number(s.ms_sum);
    t.cost += Number(s.cost);
    byService.set(s.service, t);
  }
  const totals = [...byService.values()].sort((a, b) => b.total - a.total);
  return {
    stats: totals.map((t) => ({
      ...t,
      statuses: statuses.filter((s) => s.service === t.service).map((s) => ({ ...s, errorMessages: samples.filter((m) => m.service === s.service && m.status === s.status).map((m) => m.error_message) })),
    })),
    startDate: from.toISOString(),
    endDate: to.toISOString(),
  };
}

// ---- server -------------------------------------------------------------------------------------

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

const CHECK_INS_PATH = /^\/api\/dashboard\/client-checkins\/([0-9a-f-]{36})$/;
const CLIENT_PATH = /^\/api\/clients\/([0-9a-f-]{36})$/;

async function answer(req: http.IncomingMessage): Promise<{ body: unknown; cookies?: string[] }> {
  const url = new URL(req.url ?? '/', 'http://baseline');
  const forwarded = req.headers['x-forwarded-for'];
  const ip = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() ?? req.socket.remoteAddress ?? 'unknown';
  if (req.method === 'POST' && url.pathname === '/api/users/login') return login((await readBody(req)) as { email?: string; password?: string }, ip, req.headers['user-agent'] ?? '');
  if (req.method !== 'GET') throw new HttpError(404, 'Not found');
  const caller = await authenticate(req);
  if (url.pathname === '/api/coach/clients') return { body: url.search === '' ? await listClients(caller) : await listClientPage(caller, url.searchParams) };
  if (url.pathname === '/api/coach/client-stats') return { body: await clientStats(caller) };
  const client = CLIENT_PATH.exec(url.pathname);
  if (client) return { body: await getClient(caller, client[1]!) };
  const checkIns = CHECK_INS_PATH.exec(url.pathname);
  if (checkIns) return { body: await checkInHistory(caller, checkIns[1]!, url.searchParams) };
  if (url.pathname === '/api/dashboard/analytics/overview') return { body: await analyticsOverview(caller, url.searchParams) };
  if (url.pathname === '/api/admin/usage/stats') {
    if (caller.role !== 'admin' && caller.role !== 'super_admin') throw new HttpError(403, 'Admin privileges required');
    return { body: await usageStats(url.searchParams) };
  }
  throw new HttpError(404, 'Not found');
}

const server = http.createServer((req, res) => {
  answer(req).then(
    ({ body, cookies }) => {
      res.writeHead(200, { 'content-type': 'application/json', ...(cookies ? { 'set-cookie': cookies } : {}) });
      res.end(JSON.stringify(body));
    },
    (error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error(error);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: status, message: error instanceof Error ? error.message : String(error) }));
    },
  );
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ ready: true, port: (server.address() as AddressInfo).port });
});

process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
