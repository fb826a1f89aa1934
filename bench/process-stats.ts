import { execSync } from 'node:child_process';
import fs from 'node:fs';

/** CPU time and memory of process trees, read from /proc (Linux). */

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

interface ProcInfo {
  ppid: number;
  comm: string;
  /** utime + stime + cutime + cstime: its own CPU and that of its children already ended. */
  ticks: number;
}

function snapshot(): Map<number, ProcInfo> {
  const all = new Map<number, ProcInfo>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      all.set(Number(entry), { ppid: Number(fields[1]), comm: stat.slice(stat.indexOf('(') + 1, close), ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  return all;
}

/** A process and all its descendants. */
function tree(all: Map<number, ProcInfo>, root: number): number[] {
  const found = all.has(root) ? [root] : [];
  for (let i = 0; i < found.length; i++) {
    for (const [pid, p] of all) if (p.ppid === found[i]) found.push(pid);
  }
  return found;
}

/** CPU milliseconds spent so far by a process tree. */
export function treeCpuMs(root: number): number {
  const all = snapshot();
  return (tree(all, root).reduce((sum, pid) => sum + all.get(pid)!.ticks, 0) * 1000) / CLOCK_TICKS;
}

/**
 * CPU milliseconds spent so far by a process's main thread (its thread id is its pid): where a
 * Node server runs every request's JavaScript, one at a time, unlike its GC and libuv helpers.
 */
export function mainThreadCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) of every process this script started (app servers, Postgres and its backends),
 * not of the script itself. Unlike wall time it hardly depends on what else the machine runs.
 */
export function stackCpuMs(): number {
  return treeCpuMs(process.pid) - (process.cpuUsage().user + process.cpuUsage().system) / 1000;
}

/** The pid of the first child of this process whose command name starts with `name`. */
export function childNamed(name: string): number | undefined {
  for (const [pid, p] of snapshot()) if (p.ppid === process.pid && p.comm.startsWith(name)) return pid;
  return undefined;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Samples the resident memory of a process tree every `everyMs` until stopped; the peak is the
 * larger of the highest sum sampled and the root's own high-water mark (VmHWM).
 */
export function sampleRss(root: number, everyMs = 250): { peakMb(): number; stop(): { peakMb: number } } {
  let peakKb = 0;
  const sample = () => {
    const sum = tree(snapshot(), root).reduce((total, pid) => total + statusKb(pid, 'VmRSS'), 0);
    peakKb = Math.max(peakKb, sum, statusKb(root, 'VmHWM'));
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    peakMb: () => Math.round(peakKb / 1024),
    stop() {
      clearInterval(timer);
      sample();
      return { peakMb: Math.round(peakKb / 1024) };
    },
  };
}
