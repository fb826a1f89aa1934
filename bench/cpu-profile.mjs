/**
 * Preload that profiles a process and writes a .cpuprofile (Node refuses --cpu-prof in
 * NODE_OPTIONS). Profile the app under load with
 *   BENCH_APP_NODE_OPTIONS="--import ./bench/cpu-profile.mjs" npm run bench
 * (written to CPU_PROFILE_DIR, default .data/bench/prof; open it in Chrome DevTools or speedscope).
 * With CPU_PROFILE_ON_SIGNAL=1 it profiles only between two SIGUSR2 (the scheduler bench sends
 * them at the due minute and when the queue is drained), so the profile holds the drain alone.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = path.resolve(process.env.CPU_PROFILE_DIR ?? '.data/bench/prof');
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });

let running = false;
function start() {
  session.post('Profiler.start');
  running = true;
}
function stop() {
  if (!running) return;
  running = false;
  // The main thread's inspector answers synchronously, so this also works inside an exit handler.
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
}

if (process.env.CPU_PROFILE_ON_SIGNAL === '1') process.on('SIGUSR2', () => (running ? stop() : start()));
else start();
process.on('exit', stop);
