// CPU time from /proc, for the load test and the CPU benches (Linux only).
//
// A Node server's limit is its main thread, the one that runs the event loop: JavaScript,
// parsing, serialising and every synchronous SQLite statement run there. The process's own
// figure also counts its other threads (libuv's pool running sharp/libvips for photos and
// argon2 for sign-ins, V8's garbage-collector helpers), which run on another core and can
// push the process past 100% of one core while the event loop still has room. So the load
// test judges the main thread and reports the whole process and the machine beside it.
import { readFileSync } from 'node:fs';

/** Clock ticks a second in /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Seconds of CPU (user + system) in a /proc `stat` file's text. */
export function cpuSecondsOfStat(text) {
  // the command name (field 2) is in parentheses and may hold spaces: read after the last ')'
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** A process's CPU seconds over all its threads, and its resident memory (NaN once gone). */
export function processUsage(pid) {
  try {
    const cpu = cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return { cpu, rssMb: Number(rss ?? 0) / 1024 };
  } catch {
    return { cpu: NaN, rssMb: NaN };
  }
}

/**
 * The CPU seconds of a process's main thread alone: the task whose thread id is the process
 * id (NaN once gone).
 */
export function mainThreadCpu(pid) {
  try {
    return cpuSecondsOfStat(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}

/** The machine's busy and total clock ticks over all cores, from /proc/stat. */
export function machineUsage() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const numbers = ticks.map(Number);
  const idle = numbers[3] + (numbers[4] ?? 0);
  const total = numbers.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
