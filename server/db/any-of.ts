import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($1::type[])`: membership in a list as one array parameter. Drizzle's `inArray`
 * writes one parameter per value, and at a send batch's 400 ids building those statements was the
 * largest share of the scheduler's JavaScript (docs/performance.md, "The drain on slower
 * hardware"); Postgres also plans one array faster than 400 parameters. Only for columns
 * whose values go to the driver as they are and whose type is named plainly (uuid, text, and enums
 * of the public schema with plain names); an empty list matches nothing.
 */
export function anyOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(column.getSQLType())}[])`;
}
