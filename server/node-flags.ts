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
