import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_FILTERS, CLIENT_SORTS, QUIET_AFTER_DAYS, encodeCursor, type ClientFilter, type ClientSort } from '@/lib/client-list';
import type { ClientList, ClientPage, ClientStats } from '@/lib/schemas/clients';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { createClient, newCoach, DAY_MS, type Coach } from './helpers-workspace';

/**
 * The client list at any size (issue 19, decision 0093): pages by a keyset cursor through 120
 * clients with many equal sort keys, each sort both ways, each filter, the search, the refusals,
 * and the stat cards in aggregate. The clients are written straight to the database: creating 120
 * through the API would cost seconds and test nothing here.
 */

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const N = 120;
/** Six first names and two last names: most sort keys are shared by many clients. */
const FIRST = ['Ada', 'Bea', 'Cy', 'Dee', 'Eli', 'Flo'];
const ANCHOR = new Date('2026-01-05T12:00:00.000Z');

interface Seeded {
  id: string;
  first: string;
  last: string;
  held: boolean;
  lastCheckIn: Date | null;
  lastResponse: Date | null;
  replies: number;
  sad: boolean;
  unanswered: boolean;
}

let coach: Coach;
let other: Coach;
let seeded: Seeded[];
let archivedId: string;

async function page(query: string, token = coach.token) {
  const res = await request<ClientPage & ErrorBody>('GET', `/coach/clients?${query}`, { token });
  return res;
}

/** Every client of a sort and filter, a page at a time, as the dashboard scrolls. */
async function pageThrough(query: string, limit = 17): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const res = await page(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.clients.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.clients.map((c) => c.id));
    totals.push(res.body.total);
    cursor = res.body.nextCursor;
    if (!cursor) return { ids, totals };
  }
  throw new Error('the cursor never ended');
}

/** The instant the clients were seeded: their replies are a day or QUIET_AFTER_DAYS + 2 days before it, so the
 * rolling windows the filters use (days since a reply, not calendar days) are two days clear of any edge. */
let seededAt: number;

beforeAll(async () => {
  seededAt = Date.now();
  coach = await newCoach(request, outboxDir, db, { plan: 'beta' });
  other = await newCoach(request, outboxDir, db, { plan: 'beta' });
  seeded = [];
  const rows = Array.from({ length: N }, (_, i) => ({
    coach_id: coach.id,
    first_name: FIRST[i % FIRST.length]!,
    last_name: i % 2 === 0 ? 'Same' : 'Tie',
    email: `list-${i}-${coach.id.slice(0, 8)}@clients.test`,
    phone: `+1555${String(7000000 + i)}`,
    check_ins_held: i % 10 === 0,
    // A third never checked in; the others share five instants, microseconds apart for two of them.
    last_check_in_at: i % 3 === 0 ? null : new Date(ANCHOR.getTime() + (i % 5) * 3_600_000),
    last_response_at: i % 4 === 0 ? new Date(seededAt - (QUIET_AFTER_DAYS + 2) * DAY_MS) : i % 4 === 1 ? null : new Date(seededAt - DAY_MS),
  }));
  const inserted = await db<{ id: string; first_name: string; last_name: string }[]>`insert into clients ${db(rows)} returning id, first_name, last_name`;
  // Microseconds a JS Date cannot hold: a cursor that rounded them would repeat or skip a row.
  await db`update clients set last_check_in_at = last_check_in_at + interval '7 microseconds' where id = any(${db.array(inserted.filter((_, i) => i % 5 === 4).map((r) => r.id))}::uuid[])`;
  const checkIns: Record<string, unknown>[] = [];
  inserted.forEach((r, i) => {
    const replies = i % 4;
    for (let k = 0; k < replies; k++) {
      const at = new Date(seededAt - (k + 2) * DAY_MS);
      checkIns.push({ coach_id: coach.id, client_id: r.id, status: 'completed', sent_at: at, responded_at: at, created_at: at, client_response: `Reply ${k}`, motivation: i % 7 === 0 && k === 0 ? 'low' : 'high' });
    }
    // An old reply outside the engagement window counts for nothing.
    checkIns.push({ coach_id: coach.id, client_id: r.id, status: 'completed', sent_at: new Date(seededAt - 60 * DAY_MS), responded_at: new Date(seededAt - 60 * DAY_MS), created_at: new Date(seededAt - 60 * DAY_MS), client_response: 'Old', motivation: 'high' });
    if (i % 9 === 0) checkIns.push({ coach_id: coach.id, client_id: r.id, status: 'no_response', sent_at: new Date(seededAt - DAY_MS / 2), responded_at: null, created_at: new Date(seededAt - DAY_MS / 2), client_response: null, motivation: null });
    seeded.push({
      id: r.id,
      first: r.first_name,
      last: r.last_name,
      held: rows[i]!.check_ins_held,
      lastCheckIn: rows[i]!.last_check_in_at,
      lastResponse: rows[i]!.last_response_at,
      replies,
      sad: i % 7 === 0 && replies > 0,
      unanswered: i % 9 === 0,
    });
  });
  await db`insert into check_ins ${db(checkIns)}`;
  const [archived] = await db<{ id: string }[]>`insert into clients (coach_id, first_name, last_name, email, archived) values (${coach.id}, 'Ada', 'Archived', 'archived@clients.test', true) returning id`;
  archivedId = archived!.id;
  await createClient(request, other, { firstName: 'Ada', lastName: 'Same', email: 'ada-other@clients.test', phone: '+15557000001' });
});

const byId = (id: string) => seeded.find((s) => s.id === id)!;
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const nameOrder = (a: Seeded, b: Seeded) => cmp(a.first, b.first) || cmp(a.last, b.last);
const checkInKey = (s: Seeded) => s.lastCheckIn?.getTime() ?? 0;

/** The order each sort promises: its key in the asked direction, then the name A to Z, then the id. */
function expectedOrder(sort: ClientSort, dir: 'asc' | 'desc', clients: Seeded[]): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  const sorted = [...clients].sort((a, b) => {
    if (sort === 'name') return sign * (nameOrder(a, b) || cmp(a.id, b.id));
    const key = sort === 'engagement' ? cmp(a.replies, b.replies) : cmp(checkInKey(a), checkInKey(b));
    return sign * key || nameOrder(a, b) || cmp(a.id, b.id);
  });
  return sorted.map((s) => s.id);
}

/** Last check-ins a few microseconds apart sort as Postgres sees them; the test's Dates hold milliseconds. */
function sameUpToMicroseconds(actual: string[], expected: string[], sort: ClientSort) {
  if (sort !== 'lastCheckIn') return expect(actual).toEqual(expected);
  const group = (ids: string[]) => ids.map((id) => `${checkInKey(byId(id))}`);
  expect(group(actual)).toEqual(group(expected));
  expect([...actual].sort()).toEqual([...expected].sort());
}

const FILTERS: Record<ClientFilter, (s: Seeded, now: number) => boolean> = {
  active: (s) => !s.held,
  on_hold: (s) => s.held,
  quiet: (s, now) => !s.held && s.lastCheckIn !== null && (s.lastResponse === null || s.lastResponse.getTime() < now - QUIET_AFTER_DAYS * DAY_MS),
  needs_attention: (s) => s.sad || s.unanswered,
};

describe('GET /coach/clients with paging', () => {
  it.each(CLIENT_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'pages through every client once by %s %s, ties broken by name and id',
    async (sort, dir) => {
      const { ids, totals } = await pageThrough(`sort=${sort}&dir=${dir}`);
      expect(new Set(ids).size).toBe(ids.length);
      expect(totals.every((t) => t === N)).toBe(true);
      sameUpToMicroseconds(ids, expectedOrder(sort, dir, seeded), sort);
    },
  );

  it.each(CLIENT_FILTERS)('filters %s, counting the filtered set', async (filter) => {
    const expected = seeded.filter((s) => FILTERS[filter](s, seededAt));
    expect(expected.length).toBeGreaterThan(0);
    const { ids, totals } = await pageThrough(`filter=${filter}`, 50);
    expect(totals[0]).toBe(expected.length);
    expect(ids).toEqual(expectedOrder('name', 'asc', expected));
  });

  it('searches names, e-mails and the digits of phone numbers, with the filter', async () => {
    const ada = seeded.filter((s) => s.first === 'Ada');
    const res = await page('q=%20ada%20sa');
    expect(res.status).toBe(200);
    expect(res.body.clients.map((c) => c.id).sort()).toEqual(ada.filter((s) => s.last === 'Same').map((s) => s.id).sort());

    const target = seeded[42]!;
    const byEmail = await page(`q=${encodeURIComponent(`LIST-42-${coach.id.slice(0, 8)}`)}`);
    expect(byEmail.body.clients.map((c) => c.id)).toEqual([target.id]);
    const byPhone = await page(`q=${encodeURIComponent('(555) 700-0042')}`);
    expect(byPhone.body.clients.map((c) => c.id)).toEqual([target.id]);
    expect(byPhone.body.total).toBe(1);

    // LIKE wildcards are taken literally.
    expect((await page('q=%25')).body.total).toBe(0);
    const held = await page('q=ada&filter=on_hold');
    expect(held.body.clients.every((c) => c.firstName === 'Ada' && c.checkInsHeld)).toBe(true);
    expect(held.body.total).toBe(ada.filter((s) => s.held).length);
  });

  it("never shows another coach's clients or an archived one", async () => {
    const { ids } = await pageThrough('q=ada', 100);
    expect(ids).not.toContain(archivedId);
    expect(ids.every((id) => seeded.some((s) => s.id === id))).toBe(true);
    const theirs = await page('q=ada', other.token);
    expect(theirs.body.clients.map((c) => c.email)).toEqual(['ada-other@clients.test']);
  });

  it('gives a page the list view of each client and the default page size', async () => {
    const res = await page('sort=name');
    expect(res.body.clients).toHaveLength(50);
    expect(res.body.nextCursor).toEqual(expect.any(String));
    const first = res.body.clients[0]!;
    expect(first.weeklyCheckIns).toHaveLength(7);
    expect(first).toHaveProperty('latestCheckIn');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['sort=mood', 'sort'],
    ['dir=up', 'dir'],
    ['filter=vip', 'filter'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${encodeCursor({ sort: 'name', dir: 'asc', key: ['Ada', 'Same'], id: 'x' })}`, 'cursor'],
    [`sort=engagement&cursor=${encodeCursor({ sort: 'name', dir: 'asc', key: ['Ada', 'Same'], id: '00000000-0000-4000-8000-000000000000' })}`, 'cursor'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const res = await page(query);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.details?.[0]?.field).toBe(field);
  });

  it('answers the whole list, unpaged, without parameters', async () => {
    const res = await request<ClientList>('GET', '/coach/clients', { token: coach.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['clients']);
    expect(res.body.clients).toHaveLength(N);
    expect(res.body.clients.map((c) => c.id).sort()).toEqual(seeded.map((s) => s.id).sort());
    const names = res.body.clients.map((c) => [c.firstName, c.lastName] as const);
    expect(names.every((n, i) => i === 0 || cmp(names[i - 1]![0], n[0]) < 0 || (names[i - 1]![0] === n[0] && cmp(names[i - 1]![1], n[1]) <= 0))).toBe(true);
  });
});

describe('GET /coach/client-stats', () => {
  it('counts the cards in aggregate: slots per weekday, the next check-ins, this week and the latest check-ins', async () => {
    const small = await newCoach(request, outboxDir, db, { timezone: 'UTC' });
    const a = await createClient(request, small, { firstName: 'Ana', lastName: 'Stats', scheduledCheckIns: [{ time: '09:00', days: [0, 3] }] });
    const b = await createClient(request, small, { firstName: 'Ben', lastName: 'Stats', email: 'ben-stats@clients.test', scheduledCheckIns: [{ time: '10:00', days: [3] }] });
    await request('POST', `/coach/clients/${b.id}/hold-checkins`, { token: small.token });
    const res = await request<ClientStats>('GET', '/coach/client-stats', { token: small.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.clients).toBe(2);
    // Ben is on hold: only Ana's Monday and Thursday slots count, and only hers come next.
    expect(res.body.scheduled.perDay).toEqual([1, 0, 0, 1, 0, 0, 0]);
    expect(res.body.scheduled.total).toBe(2);
    expect(res.body.scheduled.next.length).toBeGreaterThanOrEqual(2);
    expect(res.body.scheduled.next.every((n) => n.clientId === a.id)).toBe(true);
    const times = res.body.scheduled.next.map((n) => n.at);
    expect([...times].sort()).toEqual(times);
    expect(res.body.responding.awaiting).toEqual([{ clientId: a.id, clientName: 'Ana Stats' }]);
    expect(res.body.responding.awaitingTotal).toBe(1);

    const big = await request<ClientStats>('GET', '/coach/client-stats', { token: coach.token });
    expect(big.body.clients).toBe(N);
    expect(big.body.filters).toEqual(Object.fromEntries(CLIENT_FILTERS.map((f) => [f, seeded.filter((c) => FILTERS[f](c, seededAt)).length])));
    expect(big.body.recent).toHaveLength(5);
    const ats = big.body.recent.map((r) => r.at);
    expect([...ats].sort().reverse()).toEqual(ats);
  });
});
