import { spawn } from 'node:child_process';

/** From the signal, the process is gone within this long, whatever state it is in. */
export const SHUTDOWN_LIMIT_MS = 9_000;
/** Requests still running (a slow upload) get this long before their connections are cut. */
export const DRAIN_MS = 4_000;

/**
 * The watcher: SIGKILLs the server after the time given unless the server goes first (its
 * IPC channel then closes, and the watcher exits with it).
 */
const WATCHER_SOURCE = `
const [pid, ms] = process.argv.slice(1).map(Number);
process.on('disconnect', () => process.exit(0));
setTimeout(() => {
  try { process.kill(pid, 'SIGKILL'); } catch {}
  process.exit(0);
}, ms);
`;

/**
 * Ends this process from outside after `ms`. A timer inside cannot: a server was seen stuck
 * in process.exit() itself, its main thread waiting on a lock (exit joins worker threads,
 * and one blocked in native code never returns), so no timer of its could fire any more. A
 * small watcher process of its own group (a signal to the server's group does not reach it)
 * does not depend on this event loop. It holds nothing open here: the server exits as usual.
 */
export function killAfter(ms: number, onError: (error: unknown) => void): void {
  try {
    const watcher = spawn(
      process.execPath,
      ['-e', WATCHER_SOURCE, String(process.pid), String(ms)],
      {
        detached: true,
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        windowsHide: true,
      },
    );
    watcher.on('error', onError);
    watcher.unref();
    watcher.channel?.unref();
  } catch (error) {
    onError(error);
  }
}
