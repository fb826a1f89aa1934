import { is, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { getDb, getSql } from './client';

/**
 * A statement as text with positional parameters ($1, $2…): the form a raw pg client runs too, so
 * the bench baseline (bench/baseline-server.ts) executes the very SQL the services do.
 */
export interface SqlText {
  text: string;
  values: (string | number | boolean | null)[];
  /**
   * Run as a named prepared statement on each connection, as postgres.js runs its tagged queries
   * (Drizzle's execute does not): parsed once per connection, and planned as Postgres decides
   * for prepared statements.
   */
  prepare?: boolean;
}

const dialect = new PgDialect();

/**
 * A statement Drizzle built, as text to run prepared: for a statement whose text does not change
 * with its values (no `sql.raw` of them, lists of a fixed length), so Postgres parses it once per
 * connection instead of on every request.
 */
export function preparedText(statement: SQL): SqlText {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const values = params.map((value) => {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    throw new TypeError(`preparedText: a ${typeof value} parameter cannot be sent as text`);
  });
  return { text, values, prepare: true };
}

/** A query Drizzle builds, a statement as text, or a postgres.js tagged query (not yet awaited). */
export type RowQuery = SQL | SqlText | PromiseLike<readonly unknown[]>;

function run(query: RowQuery): PromiseLike<readonly unknown[]> {
  if (is(query, SQL)) return getDb().execute(query);
  if ('text' in query) return getSql().unsafe(query.text, query.values, { prepare: query.prepare ?? false });
  return query;
}

/**
 * Runs a reporting query and parses every row with the row schema, so a renamed column or a
 * changed type fails here, loudly, instead of flowing on as undefined. Through this driver
 * timestamps arrive as text (Drizzle turns their parsing off) and int and float8 as numbers; the
 * queries cast their aggregates, so plain schemas suffice and parsing stays cheap.
 */
export async function queryRows<S extends z.ZodType>(rowSchema: S, query: RowQuery): Promise<z.output<S>[]> {
  const found = await run(query);
  return found.map((row) => rowSchema.parse(row));
}
