import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Columns by their bare names, for the column list of a hand-written insert (`insert into t (…)`). */
export const columnList = (...columns: PgColumn[]): SQL =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
