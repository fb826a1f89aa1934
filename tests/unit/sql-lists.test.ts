import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { anyOf } from '@/server/db/any-of';
import { preparedText } from '@/server/db/query-rows';
import { checkIns } from '@/server/db/schema';
import { groupBy } from '@/lib/group-by';

const render = (statement: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(statement);

describe('anyOf', () => {
  it('sends a list as one array parameter of the column type, whatever its length', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`);
    const query = render(sql`select 1 from ${checkIns} where ${anyOf(checkIns.id, ids)}`);
    expect(query.sql).toBe('select 1 from "check_ins" where "check_ins"."id" = any($1::uuid[])');
    expect(query.params).toEqual([ids]);
  });

  it('casts to the enum of an enum column', () => {
    expect(render(sql`${anyOf(checkIns.status, ['sent', 'missed'])}`).sql).toBe('"check_ins"."status" = any($1::check_in_status[])');
  });
});

describe('preparedText', () => {
  it('keeps the same text for other values, so the prepared statement is reused', () => {
    const statement = (coachId: string, limit: number) => sql`select * from clients where coach_id = ${coachId} limit ${limit}`;
    const a = preparedText(statement('a', 5));
    const b = preparedText(statement('b', 50));
    expect(a.text).toBe(b.text);
    expect([a.values, b.values, a.prepare]).toEqual([['a', 5], ['b', 50], true]);
  });

  it('refuses a value that would not travel as text', () => {
    expect(() => preparedText(sql`select ${sql.param(new Date(0))}::timestamptz`)).toThrow(/cannot be sent as text/);
  });
});

describe('groupBy', () => {
  it('keeps each group in the order of the input', () => {
    const rows = [
      { client: 'b', n: 1 },
      { client: 'a', n: 2 },
      { client: 'b', n: 3 },
    ];
    expect([...groupBy(rows, (r) => r.client)]).toEqual([
      ['b', [rows[0], rows[2]]],
      ['a', [rows[1]]],
    ]);
  });
});
