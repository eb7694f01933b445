import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const tsx = createRequire(import.meta.url).resolve('tsx');
const shutdownModule = fileURLToPath(new URL('./shutdown.ts', import.meta.url));

/**
 * A process that arms the watcher, then blocks its main thread for good, as a server stuck
 * inside process.exit() does: no timer of its own can run any more.
 */
const STUCK_SOURCE = `
const { killAfter } = await import(${JSON.stringify(shutdownModule)});
killAfter(Number(process.env.KILL_AFTER_MS), (error) => { console.error(error); process.exit(3); });
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
`;

function run(source: string, killAfterMs: number) {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', source], {
    env: { ...process.env, KILL_AFTER_MS: String(killAfterMs) },
    stdio: 'ignore',
  });
  return new Promise<{ signal: NodeJS.Signals | null; code: number | null; elapsed: number }>(
    (resolve) =>
      child.once('exit', (code, signal) =>
        resolve({ code, signal, elapsed: Date.now() - started }),
      ),
  );
}

describe('the exit watcher', () => {
  it('kills a process whose main thread is stuck, after the time given', async () => {
    const { signal, elapsed } = await run(STUCK_SOURCE, 1_000);
    expect(signal).toBe('SIGKILL');
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(elapsed).toBeLessThan(8_000);
  }, 20_000);

  it('goes away with a process that exits by itself, leaving its code alone', async () => {
    const source = `
const { killAfter } = await import(${JSON.stringify(shutdownModule)});
killAfter(60_000, () => process.exit(3));
setTimeout(() => process.exit(7), 200);
`;
    const { code, signal, elapsed } = await run(source, 60_000);
    expect(signal).toBeNull();
    expect(code).toBe(7);
    expect(elapsed).toBeLessThan(8_000);
  }, 20_000);
});
