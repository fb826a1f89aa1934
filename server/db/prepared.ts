import { getDb, type Database } from './client';

/**
 * A query Drizzle builds once per database handle instead of on every call. On the hottest reads
 * (the session check of every request, the client rows of the list) building the SQL cost more CPU
 * than Postgres spent running it (docs/performance.md, "Queries built once"); the statement itself
 * is prepared by the driver either way. Values come as `sql.placeholder(name)`, lists as one array
 * parameter (`= any(…)`), so the text never changes with the input.
 */
export function preparedQuery<Q>(build: (db: Database) => Q): () => Q {
  const built = new WeakMap<Database, Q>();
  return () => {
    const db = getDb();
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
