import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { cpuSecondsOfStat, mainThreadCpu, processUsage } from '../../../../bench/load/cpu.mjs';

// The load test's CPU limit (bench/load/run.mjs) judges a server's main thread, the event
// loop, not the whole process: libuv's pool (photo variants, argon2) runs on another core.

/**
 * A child that first keeps a worker thread busy for `ms` of CPU while its main thread waits,
 * then keeps its main thread busy for as long; it prints a line at each boundary and waits
 * for a line on stdin before going on, so the test reads /proc between the phases.
 */
const child = (ms: number) => `
const { Worker } = require('node:worker_threads');
const readline = require('node:readline');
const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
// busy until this process has spent ms more of CPU (all threads: only one is busy at a time)
const spin = 'const s = process.cpuUsage(); for (;;) { const u = process.cpuUsage(s); if (u.user + u.system >= ${ms * 1000}) break; }';
(async () => {
  console.log('ready'); await lines.next();
  await new Promise((resolve) => new Worker(spin, { eval: true }).on('exit', resolve));
  console.log('worker done'); await lines.next();
  new Function(spin)();
  console.log('main done'); await lines.next();
})();
`;

/** /proc/PID/stat's unit (USER_HZ, 100 on Linux) */
const TICK_SECONDS = 0.01;

describe('the load test reads CPU from /proc', () => {
  it('reads user and system ticks after a command name with spaces and parentheses', () => {
    const stat = '4242 (node (x) y) S 1 2 3 4 5 6 7 8 9 10 150 25 0 0 20 0 11 0';
    expect(cpuSecondsOfStat(stat)).toBe(1.75);
  });

  it.runIf(process.platform === 'linux')(
    "counts the main thread's CPU apart from the process's other threads",
    async () => {
      const ms = 400;
      const proc = spawn(process.execPath, ['-e', child(ms)], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const pid = proc.pid!;
      const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
      const next = async () => (await lines.next()).value as string;
      try {
        expect(await next()).toBe('ready');
        const start = { main: mainThreadCpu(pid), all: processUsage(pid).cpu };
        proc.stdin!.write('go\n');
        expect(await next()).toBe('worker done');
        const afterWorker = { main: mainThreadCpu(pid), all: processUsage(pid).cpu };
        proc.stdin!.write('go\n');
        expect(await next()).toBe('main done');
        const afterMain = { main: mainThreadCpu(pid), all: processUsage(pid).cpu };
        proc.stdin!.write('go\n');

        // the worker's busy phase: the process's CPU grew, its main thread's hardly
        expect(afterWorker.all - start.all).toBeGreaterThanOrEqual((ms * 0.9) / 1000);
        expect(afterWorker.main - start.main).toBeLessThan((ms * 0.5) / 1000);
        // the main thread's busy phase: counted as the main thread's
        expect(afterMain.main - afterWorker.main).toBeGreaterThanOrEqual((ms * 0.9) / 1000);
        // /proc counts in 10 ms ticks and the two files are read a moment apart: a tick each
        expect(afterMain.all - afterWorker.all).toBeGreaterThanOrEqual(
          afterMain.main - afterWorker.main - 2 * TICK_SECONDS,
        );
      } finally {
        proc.kill();
      }
    },
  );

  it('gives NaN for a process that is gone', () => {
    expect(mainThreadCpu(2 ** 22 + 1)).toBeNaN();
    expect(processUsage(2 ** 22 + 1).cpu).toBeNaN();
  });
});
