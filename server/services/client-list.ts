import { and, asc, count, desc, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  BAD_ENGAGEMENT,
  CLIENT_PAGE_SIZE,
  CLIENT_SORT_OPTIONS,
  ENGAGEMENT_WINDOW_DAYS,
  LOW_MOTIVATION,
  PHONE_SEARCH_MIN_DIGITS,
  QUIET_AFTER_DAYS,
  UNANSWERED_STATUSES,
  decodeCursor,
  encodeCursor,
  searchDigits,
  type ClientFilter,
  type ClientSort,
  type SortDirection,
} from '@/lib/client-list';
import type { ClientListQuery, ClientPage } from '@/lib/schemas/clients';
import { getDb } from '../db/client';
import { checkIns, clients } from '../db/schema';
import { clientDtos, type CoachRef } from './clients';

const DAY_MS = 86_400_000;

/** The list's latest check-in: not one still to come, nor a cancelled one. */
const LISTED_CHECK_IN = sql`${checkIns.status} not in ('scheduled', 'cancelled')`;

/** `column` of the client's newest check-in among `which`, as a one-row subquery (check_ins_client_idx, newest first). */
function latestCheckInOf(coachId: string, column: SQL, which: SQL = LISTED_CHECK_IN): SQL {
  return sql`(select ${column} from ${checkIns}
    where ${checkIns.clientId} = ${clients.id} and ${checkIns.coachId} = ${coachId} and ${which}
    order by ${checkIns.createdAt} desc limit 1)`;
}

/** The SQL of each filter of lib/client-list.ts, with its numbers from there. */
export function filterCondition(filter: ClientFilter, coachId: string, now: Date): SQL | undefined {
  switch (filter) {
    case 'active':
      return eq(clients.checkInsHeld, false);
    case 'on_hold':
      return eq(clients.checkInsHeld, true);
    case 'quiet':
      return and(
        eq(clients.checkInsHeld, false),
        isNotNull(clients.lastCheckInAt),
        or(isNull(clients.lastResponseAt), lt(clients.lastResponseAt, new Date(now.getTime() - QUIET_AFTER_DAYS * DAY_MS))),
      );
    case 'needs_attention': {
      const sadReply = latestCheckInOf(
        coachId,
        sql`${checkIns.motivation} = ${LOW_MOTIVATION} or ${checkIns.engagementAssessment} = ${BAD_ENGAGEMENT}`,
        sql`${checkIns.respondedAt} is not null`,
      );
      const unanswered = latestCheckInOf(coachId, sql`${checkIns.status}::text in (${sql.join(UNANSWERED_STATUSES.map((s) => sql`${s}`), sql`, `)})`);
      return sql`(${sadReply} is true or ${unanswered} is true)`;
    }
  }
}

/** `%`, `_` and `\` match themselves in a search, not as LIKE wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(q: string): SQL | undefined {
  if (q === '') return undefined;
  const pattern = likePattern(q);
  const digits = searchDigits(q);
  return or(
    sql`(${clients.firstName} || ' ' || ${clients.lastName}) ilike ${pattern}`,
    sql`${clients.email} ilike ${pattern}`,
    digits.length >= PHONE_SEARCH_MIN_DIGITS ? sql`regexp_replace(coalesce(${clients.phone}, ''), '\\D', '', 'g') like ${likePattern(digits)}` : undefined,
  );
}

/** One column of the list's order: its SQL, its direction, and how a cursor's value is cast back. */
interface OrderPart {
  expr: SQL;
  dir: SortDirection;
  cast: (value: string | number) => SQL;
}

const asText = (value: string | number) => sql`${String(value)}`;
const asTimestamp = (value: string | number) => sql`${String(value)}::timestamptz`;
const asInt = (value: string | number) => sql`${Number(value)}::int`;

/**
 * The sort key of each sort, as SQL: never null (a client never checked in sorts as the oldest),
 * so the keyset comparison below holds for every row.
 */
function sortKey(sort: ClientSort, now: Date): OrderPart[] {
  switch (sort) {
    case 'name':
      return [
        { expr: sql`${clients.firstName}`, dir: 'asc', cast: asText },
        { expr: sql`${clients.lastName}`, dir: 'asc', cast: asText },
      ];
    case 'lastCheckIn':
      return [{ expr: sql`coalesce(${clients.lastCheckInAt}, 'epoch'::timestamptz)`, dir: 'asc', cast: asTimestamp }];
    case 'engagement': {
      const since = new Date(now.getTime() - ENGAGEMENT_WINDOW_DAYS * DAY_MS).toISOString();
      // check_ins_client_replied_idx (client, responded_at where a reply exists) answers it per client.
      const expr = sql`(select count(*)::int from ${checkIns} where ${checkIns.clientId} = ${clients.id} and ${checkIns.clientResponse} is not null and ${checkIns.respondedAt} >= ${since}::timestamptz)`;
      return [{ expr, dir: 'asc', cast: asInt }];
    }
  }
}

/**
 * Rows strictly after the cursor in the order of `parts` (each with its own direction): the row
 * comparison spelt out, since Postgres's (a, b) > (x, y) takes one direction for all.
 */
function after(parts: OrderPart[], values: (string | number)[]): SQL {
  const beyond = (p: OrderPart, v: string | number) => (p.dir === 'asc' ? sql`${p.expr} > ${p.cast(v)}` : sql`${p.expr} < ${p.cast(v)}`);
  const alternatives = parts.map((part, i) => and(...parts.slice(0, i).map((p, j) => sql`${p.expr} = ${p.cast(values[j]!)}`), beyond(part, values[i]!))!);
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * One page of the coach's active clients: searched, filtered and sorted in SQL, cut by a keyset
 * cursor (the sort key and the id of the last row shown), then only the page's clients get their
 * goals, check-ins and bubbles (clientDtos). The total counts the whole filtered set.
 */
export async function listClientPage(coach: CoachRef, query: ClientListQuery, now = new Date()): Promise<ClientPage> {
  const db = getDb();
  const sort = query.sort ?? 'name';
  const dir = query.dir ?? CLIENT_SORT_OPTIONS[sort].defaultDir;
  const limit = query.limit ?? CLIENT_PAGE_SIZE;
  // The sort's direction applies to its key; ties fall back to the name A to Z, then the id, so the order is total.
  const keyParts: OrderPart[] = [...sortKey(sort, now).map((p) => ({ ...p, dir })), ...(sort === 'name' ? [] : sortKey('name', now))];
  const parts: OrderPart[] = [...keyParts, { expr: sql`${clients.id}`, dir: sort === 'name' ? dir : 'asc', cast: (v) => sql`${String(v)}::uuid` }];
  const where = and(
    eq(clients.coachId, coach.id),
    eq(clients.archived, false),
    query.filter ? filterCondition(query.filter, coach.id, now) : undefined,
    searchCondition(query.q ?? ''),
  );
  // The schema checked the cursor and its sort; decoding again keeps the handler free of it.
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const [rows, [totalRow]] = await Promise.all([
    db
      // json_build_array writes a timestamp with Postgres's microseconds, which a JS Date would round away and so repeat a row.
      .select({ client: clients, key: sql<(string | number)[]>`json_build_array(${sql.join(keyParts.map((p) => p.expr), sql`, `)})` })
      .from(clients)
      .where(and(where, cursor ? after(parts, [...cursor.key, cursor.id]) : undefined))
      .orderBy(...parts.map((p) => (p.dir === 'asc' ? asc(p.expr) : desc(p.expr))))
      .limit(limit + 1),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ sort, dir, key: last.key, id: last.client.id }) : null;
  return { clients: await clientDtos(coach, page.map((r) => r.client), now), nextCursor, total: totalRow?.n ?? 0 };
}
