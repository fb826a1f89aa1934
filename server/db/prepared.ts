import { getDb, type Database } from './client';

/**
 * A query Drizzle builds once per database handle and Postgres plans once per connection. Drizzle
 * runs an unnamed query through postgres.js unprepared, so every call was built in JS and parsed
 * and planned by Postgres again: on the hottest reads (the session check of every request, the
 * client rows of the list, the check-in history) that cost more CPU than running them
 * (docs/performance.md, "Hot reads built once"). Values come as `sql.placeholder(name)`, lists as
 * one array parameter (`= any(…)`), so the text never changes with the input.
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
