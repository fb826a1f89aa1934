/**
 * Preload that profiles a process until it exits and writes a .cpuprofile (Node refuses
 * --cpu-prof in NODE_OPTIONS). Profile the app under load with
 *   BENCH_APP_NODE_OPTIONS="--import ./bench/cpu-profile.mjs" npm run bench
 * (written to .data/bench/prof; open it in Chrome DevTools or speedscope).
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = path.resolve(process.env.CPU_PROFILE_DIR ?? '.data/bench/prof');
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
// The main thread's inspector answers synchronously, so this works inside an exit handler.
process.on('exit', () => {
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
