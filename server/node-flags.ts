import { serverHeapMbSchema } from './config';

/**
 * Node flags of every server process (`npm start`, the test stacks, the benchmarks). V8 reads them
 * only when it starts, so the server runs in a process launched with them.
 *
 * Without a limit V8 let a busy server's heap grow to several times its live set (about 150 MB)
 * before collecting: 709 MB RSS under 50 connections. An old generation of 448 MB alone brought it
 * to 435 MB at a cost of up to 20% throughput; larger semi-spaces give that back, because the
 * short-lived objects of a request then die young instead of being promoted. 16 MB rather than 32:
 * once requests made less garbage (prepared reads), 32 MB cost 35 MB more at the peak for about 5 %
 * less CPU per request (docs/performance.md, Memory).
 */
export function serverNodeFlags(): string[] {
  return [`--max-old-space-size=${serverHeapMbSchema.parse(process.env.SERVER_HEAP_MB || undefined)}`, '--max-semi-space-size=16'];
}

/**
 * Environment of every server process, under the operator's own (which wins). glibc gives each
 * thread that allocates its own malloc arena (up to 8 per core), and an arena keeps what it freed:
 * each of libuv's threads that ran an argon2 hash kept its 19 MiB after the hash. Two arenas bound
 * that to the hashes running at once (docs/performance.md, Memory).
 */
export function serverProcessEnv(): Record<string, string> {
  return { MALLOC_ARENA_MAX: '2' };
}
