/**
 * Preload that turns on V8's one-line-per-collection trace (pause, what was copied and promoted,
 * bytes allocated since the last one) on the process's standard output, which the bench shows:
 *   BENCH_APP_NODE_OPTIONS="--import ./bench/gc-trace.mjs" npm run bench
 * Node refuses --trace-gc-nvp in NODE_OPTIONS; V8 reads it at each collection, so setting it here works.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--trace-gc-nvp');
