/**
 * Preload that samples what a process allocates, garbage included, and writes a .heapprofile (open
 * it in Chrome DevTools, Memory tab). Sample the app between two SIGUSR2, during one load window:
 *   BENCH_APP_NODE_OPTIONS="--import ./bench/allocation-profile.mjs" npm run bench
 *   kill -USR2 <app pid>; sleep 8; kill -USR2 <app pid>
 * (written to ALLOCATION_PROFILE_DIR, default .data/bench/prof). V8's sampling heap profiler
 * keeps only live objects unless told otherwise; what a request costs the collector is its garbage.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = path.resolve(process.env.ALLOCATION_PROFILE_DIR ?? '.data/bench/prof');
const session = new inspector.Session();
session.connect();

let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    return;
  }
  running = false;
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (error) return;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${process.pid}-${Date.now()}.heapprofile`), JSON.stringify(result.profile));
  });
});
