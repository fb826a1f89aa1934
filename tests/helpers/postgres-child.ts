import { startEmbeddedPostgres } from '../../server/db/embedded';

/**
 * An embedded Postgres in its own process (tests/helpers/postgres.ts starts it): a test can stop
 * and start the database under a running app. SIGTERM stops the database, then the process.
 */
const [dir, port] = process.argv.slice(2);
const database = await startEmbeddedPostgres(dir!, Number(port));
process.send?.({ ready: true, url: database.url });
process.once('SIGTERM', () => void database.stop().then(() => process.exit(0)));
