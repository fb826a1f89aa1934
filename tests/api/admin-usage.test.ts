import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BreakdownAnswer, ErrorsAnswer, TopUsersAnswer, UsageStatsAnswer, UsageTrendsAnswer } from '@/lib/schemas/admin';
import { client } from '../helpers/http';
import { openDb, type Db } from './helpers-auth';
import { insertCoach, signedInAdmin, whenStable, type CoachRow, type TestAdmin } from './admin-helpers';

/**
 * Product §2.3 API usage stat, Trend row, Service breakdown row, Error stat, Top user and Platform
 * stats, §2.7 Administrator: every figure checked against rows this file writes by SQL into March
 * 2021, a month no other test writes to.
 */
const request = client(inject('baseUrl'));
let db: Db;
let admin: TestAdmin;
let coachA: CoachRow;
let coachB: CoachRow;

const RANGE = 'startDate=2021-03-01&endDate=2021-03-31&timezone=UTC';

interface UsageRow {
  service: string;
  operation: string;
  status: 'success' | 'error';
  statusCode: number | null;
  ms: number;
  cost: number;
  error: string | null;
  userId: string | null;
  at: string;
}

const rows: UsageRow[] = [];
const add = (row: Partial<UsageRow> & Pick<UsageRow, 'service' | 'at'>, times = 1) => {
  for (let i = 0; i < times; i += 1) rows.push({ operation: 'call', status: 'success', statusCode: 200, ms: 100, cost: 0, error: null, userId: null, ...row });
};

beforeAll(async () => {
  db = openDb(inject('databaseUrl'));
  admin = await signedInAdmin(request, db);
  coachA = await insertCoach(db, { firstName: 'Usage', lastName: 'Alpha' });
  coachB = await insertCoach(db, { firstName: 'Usage', lastName: 'Beta' });

  // OpenAI: 10 successes (one after 03:00 UTC on the 2nd: 1 March in New York), 5 errors.
  for (let i = 0; i < 9; i += 1) add({ service: 'openai', operation: 'chat.completions', ms: 200 + i * 100, cost: 0.001, userId: coachA.id, at: '2021-03-02T12:00:00Z' });
  add({ service: 'openai', operation: 'chat.completions', ms: 500, cost: 0.002, userId: null, at: '2021-03-02T03:00:00Z' });
  add({ service: 'openai', operation: 'chat.completions', status: 'error', statusCode: 429, ms: 50, error: 'Rate limit A', userId: coachA.id, at: '2021-03-03T10:00:00Z' }, 2);
  add({ service: 'openai', operation: 'chat.completions', status: 'error', statusCode: 429, ms: 50, error: 'Rate limit B', userId: coachA.id, at: '2021-03-03T10:00:00Z' });
  add({ service: 'openai', operation: 'chat.completions', status: 'error', statusCode: 429, ms: 50, error: 'Rate limit C', userId: coachA.id, at: '2021-03-03T10:00:00Z' });
  add({ service: 'openai', operation: 'embeddings', status: 'error', statusCode: 500, ms: 1000, error: 'Server error', userId: coachA.id, at: '2021-03-31T23:59:00Z' });
  // Twilio: 5 successes and one error without a status code.
  add({ service: 'twilio', operation: 'messages.create', statusCode: 201, ms: 300, cost: 0.0079, userId: coachB.id, at: '2021-03-05T09:00:00Z' }, 5);
  add({ service: 'twilio', operation: 'messages.create', status: 'error', statusCode: null, ms: 900, error: 'Unreachable destination', userId: coachB.id, at: '2021-03-05T09:30:00Z' });
  // Just outside the range on both sides: never counted.
  add({ service: 'openai', operation: 'chat.completions', ms: 99999, cost: 9, userId: coachA.id, at: '2021-02-28T23:59:59Z' });
  add({ service: 'openai', operation: 'chat.completions', ms: 99999, cost: 9, userId: coachA.id, at: '2021-04-01T00:00:00Z' });

  for (const r of rows) {
    await db`
      insert into api_usage (user_id, service, operation, status, status_code, response_ms, cost_usd, error_message, created_at)
      values (${r.userId}, ${r.service}, ${r.operation}, ${r.status}, ${r.statusCode}, ${r.ms}, ${r.cost}, ${r.error}, ${r.at})`;
  }
});

afterAll(async () => {
  await db`delete from api_usage where created_at >= '2021-02-01' and created_at < '2021-05-01'`;
  await db.end();
});

const inMarch = (r: UsageRow) => r.at >= '2021-03-01' && r.at < '2021-04-01';
function expected(service: string) {
  const list = rows.filter((r) => r.service === service && inMarch(r));
  const success = list.filter((r) => r.status === 'success').length;
  return {
    total: list.length,
    success,
    failed: list.length - success,
    rate: Math.round((success / list.length) * 1000) / 10,
    avg: Math.round(list.reduce((a, r) => a + r.ms, 0) / list.length),
    cost: list.reduce((a, r) => a + r.cost, 0),
  };
}

describe('GET /admin/usage/stats', () => {
  it('answers per service: calls, successes, failures, rate, average time, cost and statuses', async () => {
    const res = await request<UsageStatsAnswer>('GET', `/admin/usage/stats?${RANGE}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.stats.map((s) => s.service)).toEqual(['openai', 'twilio']);
    const openai = expected('openai');
    expect(openai).toMatchObject({ total: 15, success: 10, failed: 5, rate: 66.7 });
    const stat = res.body.stats[0]!;
    expect(stat).toMatchObject({
      _id: 'openai',
      service: 'openai',
      totalCount: 15,
      totalCalls: 15,
      successCalls: 10,
      failedCalls: 5,
      successRate: 66.7,
      avgResponseTime: openai.avg,
      overallAvgTime: openai.avg,
    });
    expect(stat.totalCost).toBeCloseTo(openai.cost, 6);
    expect(stat.overallTotalCost).toBeCloseTo(0.011, 6);
    expect(stat.statuses).toEqual([
      { status: 'success', count: 10, errorMessages: [], distinctErrorMessages: 0 },
      { status: 'error', count: 5, errorMessages: ['Rate limit A', 'Rate limit B'], distinctErrorMessages: 4 },
    ]);
    const twilio = expected('twilio');
    expect(res.body.stats[1]).toMatchObject({ totalCalls: 6, successCalls: 5, failedCalls: 1, successRate: 83.3, avgResponseTime: twilio.avg });
    expect(res.body.stats[1]!.totalCost).toBeCloseTo(0.0395, 6);
    expect(res.body.totals).toMatchObject({ totalCalls: 21, successCalls: 15, failedCalls: 6, successRate: 71.4 });
    expect(res.body.totals.totalCost).toBeCloseTo(0.0505, 6);
  });

  it('defaults to the last 30 days and refuses a start after the end', async () => {
    const fallback = await request<UsageStatsAnswer>('GET', '/admin/usage/stats', { token: admin.token });
    expect(fallback.status).toBe(200);
    const span = Date.parse(fallback.body.endDate) - Date.parse(fallback.body.startDate);
    expect(span).toBe(30 * 24 * 60 * 60 * 1000);
    const bad = await request<{ error: string }>('GET', '/admin/usage/stats?startDate=2021-04-01&endDate=2021-03-01', { token: admin.token });
    expect(bad.status).toBe(400);
    const garbage = await request('GET', '/admin/usage/stats?startDate=yesterday', { token: admin.token });
    expect(garbage.status).toBe(400);
    const zone = await request('GET', `/admin/usage/stats?startDate=2021-03-01&endDate=2021-03-31&timezone=Mars/Olympus`, { token: admin.token });
    expect(zone.status).toBe(400);
  });

  it.each([
    ['endDate=9999-12-31', 'endDate'],
    ['startDate=-000001-01-01T00:00:00Z', 'startDate'],
    ['startDate=0050-06-01', 'startDate'],
    ['startDate=0050-06-01T00:00:00Z', 'startDate'],
    ['startDate=2021-03-01&endDate=%2B275760-09-13T00:00:00Z', 'endDate'],
    ['startDate=1999-06-01&endDate=2021-03-31', 'startDate'],
  ])('answers 400 naming the field for a date outside the report bounds (%s) on every report', async (query, field) => {
    const reports = ['usage/stats', 'usage/trends', 'usage/breakdown', 'usage/errors', 'users/top', 'revenue/stats', 'revenue/analytics'];
    for (const report of reports) {
      const res = await request<{ error: string; message: string; details?: { path: string; message: string }[] }>('GET', `/admin/${report}?${query}`, { token: admin.token });
      expect(res.status, `${report}?${query}`).toBe(400);
      expect(JSON.stringify(res.body), report).toContain(field);
      expect(JSON.stringify(res.body), report).toContain('Use a date between 2000-01-01 and 2099-12-31');
    }
  });
});

describe('GET /admin/usage/trends', () => {
  it('answers calls per day and service, newest first, with the interval', async () => {
    const res = await request<UsageTrendsAnswer>(
      'GET',
      `/admin/usage/trends?${RANGE}`,
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.interval).toBe('day');
    expect(res.body.trends.map((t) => [t._id.date, t._id.service, t.count, t.successCount, t.errorCount])).toEqual([
      ['2021-03-31', 'openai', 1, 0, 1],
      ['2021-03-05', 'twilio', 6, 5, 1],
      ['2021-03-03', 'openai', 4, 0, 4],
      ['2021-03-02', 'openai', 10, 10, 0],
    ]);
    expect(res.body.trends[3]!.totalCost).toBeCloseTo(0.011, 6);
  });

  it('places buckets in the asked timezone and picks the interval from the span', async () => {
    const ny = await request<UsageTrendsAnswer>(
      'GET',
      '/admin/usage/trends?startDate=2021-03-01&endDate=2021-03-31&timezone=America/New_York',
      { token: admin.token },
    );
    expect(ny.status).toBe(200);
    const openaiDays = ny.body.trends.filter((t) => t._id.service === 'openai').map((t) => [t._id.date, t.count]);
    // 03:00 UTC on the 2nd is the evening of the 1st in New York; midnight UTC on 1 April is still 31 March there.
    expect(openaiDays).toEqual([
      ['2021-03-31', 2],
      ['2021-03-03', 4],
      ['2021-03-02', 9],
      ['2021-03-01', 1],
    ]);
    const hourly = await request<UsageTrendsAnswer>('GET', '/admin/usage/trends?startDate=2021-03-05&endDate=2021-03-05&timezone=UTC', {
      token: admin.token,
    });
    expect(hourly.body.interval).toBe('hour');
    expect(hourly.body.trends.map((t) => t._id.date)).toEqual(['2021-03-05T09:00']);
    const weekly = await request<UsageTrendsAnswer>('GET', '/admin/usage/trends?startDate=2021-01-01&endDate=2021-06-30', { token: admin.token });
    expect(weekly.body.interval).toBe('week');
    const monthly = await request<UsageTrendsAnswer>(
      'GET',
      '/admin/usage/trends?startDate=2020-01-01&endDate=2021-12-31&timezone=UTC',
      { token: admin.token },
    );
    expect(monthly.body.interval).toBe('month');
    expect(monthly.body.trends.filter((t) => t._id.date === '2021-03').map((t) => [t._id.service, t.count])).toEqual([
      ['openai', 15],
      ['twilio', 6],
    ]);
  });
});

describe('GET /admin/usage/breakdown', () => {
  it('answers per service with success rate in percent, share and operations', async () => {
    const res = await request<BreakdownAnswer>('GET', `/admin/usage/breakdown?${RANGE}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.breakdown[0]).toMatchObject({
      service: 'openai',
      count: 15,
      successCount: 10,
      errorCount: 5,
      successRate: 66.7,
      avgResponseTime: expected('openai').avg,
      share: 71.4,
    });
    expect(res.body.breakdown[0]!.operations).toEqual([
      { operation: 'chat.completions', count: 14, successCount: 10, errorCount: 4, avgResponseTime: Math.round((5400 + 500 + 4 * 50) / 14), totalCost: 0.011 },
      { operation: 'embeddings', count: 1, successCount: 0, errorCount: 1, avgResponseTime: 1000, totalCost: 0 },
    ]);
    expect(res.body.breakdown[1]).toMatchObject({ service: 'twilio', count: 6, successCount: 5, errorCount: 1, successRate: 83.3, share: 28.6 });
  });
});

describe('GET /admin/usage/errors', () => {
  it('answers error rate and totals per service, errors by type with up to two sample messages', async () => {
    const res = await request<ErrorsAnswer>('GET', `/admin/usage/errors?${RANGE}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.errorStats).toEqual([
      {
        service: 'openai',
        errorRate: 33.3,
        totalErrors: 5,
        totalCalls: 15,
        statuses: [
          { status: '429', statusCode: 429, count: 4, errorMessages: ['Rate limit A', 'Rate limit B'], distinctErrorMessages: 3 },
          { status: '500', statusCode: 500, count: 1, errorMessages: ['Server error'], distinctErrorMessages: 1 },
        ],
      },
      {
        service: 'twilio',
        errorRate: 16.7,
        totalErrors: 1,
        totalCalls: 6,
        statuses: [{ status: 'error', statusCode: null, count: 1, errorMessages: ['Unreachable destination'], distinctErrorMessages: 1 }],
      },
    ]);
  });
});

describe('GET /admin/users/top', () => {
  it('answers the accounts with the most calls, with name, cost and average time; unknown for calls without one', async () => {
    const res = await request<TopUsersAnswer>('GET', `/admin/users/top?${RANGE}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.topUsers.map((u) => [u.userId, u.userName, u.count])).toEqual([
      [coachA.id, 'Usage Alpha', 14],
      [coachB.id, 'Usage Beta', 6],
      [null, null, 1],
    ]);
    const a = rows.filter((r) => r.userId === coachA.id && inMarch(r));
    expect(res.body.topUsers[0]).toMatchObject({ email: coachA.email, avgResponseTime: Math.round(a.reduce((s, r) => s + r.ms, 0) / a.length) });
    expect(res.body.topUsers[0]!.totalCost).toBeCloseTo(0.009, 6);
  });
});

describe('GET /admin/platform/stats', () => {
  it('answers user, client, goal and check-in figures and a 30-day check-in trend equal to the database', async () => {
    // A dataset of its own on top of whatever else is there: a coach with clients, goals and check-ins.
    const coach = await insertCoach(db, { lastLogin: new Date() });
    const [active] = await db<{ id: string }[]>`insert into clients (coach_id, first_name, last_name) values (${coach.id}, 'Pat', 'Active') returning id`;
    await db`insert into clients (coach_id, first_name, last_name, archived) values (${coach.id}, 'Old', 'Archived', true)`;
    const [goal] = await db<{ id: string }[]>`insert into goals (coach_id, client_id, title) values (${coach.id}, ${active!.id}, 'Run') returning id`;
    await db`insert into goals (coach_id, client_id, title, status, completed_at) values (${coach.id}, ${active!.id}, 'Walk', 'completed', now())`;
    await db`
      insert into check_ins (coach_id, client_id, goal_id, status, sent_at, responded_at)
      values (${coach.id}, ${active!.id}, ${goal!.id}, 'responded', now() - interval '2 days', now() - interval '2 days'),
             (${coach.id}, ${active!.id}, ${goal!.id}, 'no_response', now() - interval '40 days', null),
             (${coach.id}, ${active!.id}, ${goal!.id}, 'scheduled', null, null)`;

    const fromSql = async () => {
      const [t] = await db<Record<string, number>[]>`
        select
          (select count(*)::int from users where role = 'coach' and deleted_at is null) as "totalUsers",
          (select count(*)::int from users u where role = 'coach' and deleted_at is null and (last_login >= now() - interval '30 days'
              or exists (select 1 from sessions s where s.user_id = u.id and s.last_active >= now() - interval '30 days'))) as "activeUsers",
          (select count(*)::int from clients) as "totalClients",
          (select count(*)::int from clients where archived) as "archivedClients",
          (select count(*)::int from goals) as "totalGoals",
          (select count(*)::int from goals where status = 'incomplete' and not archived) as "activeGoals",
          (select count(*)::int from goals where status = 'completed') as "completedGoals",
          (select count(*)::int from check_ins where sent_at is not null) as "totalCheckIns",
          (select count(*)::int from check_ins where responded_at is not null) as "respondedCheckIns"`;
      const trend = await db<{ day: string; count: number }[]>`
        select to_char(date_trunc('day', sent_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as count
        from check_ins where sent_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '29 days'
        group by 1`;
      // Today as the database sees it: a read straddling midnight differs before and after, and is read again.
      const [clock] = await db<{ today: string }[]>`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as today`;
      return { counts: t!, today: clock!.today, trend: Object.fromEntries(trend.map((r) => [r.day, r.count])) as Record<string, number> };
    };
    type Platform = {
      userStats: Record<string, number>;
      clientStats: Record<string, number>;
      goalStats: Record<string, number>;
      checkInStats: { totalCheckIns: number; respondedCheckIns: number; checkInTrends: { _id: string; count: number }[] };
    };
    await whenStable(
      fromSql,
      () => request<Platform>('GET', '/admin/platform/stats?timezone=UTC', { token: admin.token }),
      (res, { counts: e, today, trend: days }) => {
        expect(res.status).toBe(200);
        const b = res.body;
        expect(b.userStats).toMatchObject({ totalUsers: e.totalUsers, activeUsers: e.activeUsers, activeRate: Math.round((e.activeUsers! / e.totalUsers!) * 1000) / 10 });
        expect(b.clientStats).toMatchObject({ totalClients: e.totalClients, archivedClients: e.archivedClients });
        expect(b.goalStats).toMatchObject({
          totalGoals: e.totalGoals,
          activeGoals: e.activeGoals,
          completedGoals: e.completedGoals,
          goalCompletionRate: Math.round((e.completedGoals! / e.totalGoals!) * 1000) / 10,
        });
        expect(b.checkInStats).toMatchObject({ totalCheckIns: e.totalCheckIns, respondedCheckIns: e.respondedCheckIns });
        const trend = b.checkInStats.checkInTrends;
        expect(trend).toHaveLength(30);
        expect(trend.at(-1)!._id).toBe(today);
        for (const day of trend) expect(day.count, day._id).toBe(days[day._id] ?? 0);
      },
    );
  });
});
