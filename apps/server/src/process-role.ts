import cluster from 'node:cluster';

// Which server process this is when there are several (SERVER_PROCESSES; processes.ts runs
// the primary): the worker's number, and the request the primary sends it to stop.

/** The worker's number (1..n), which the hub's messages carry; set by the primary. */
export const PROCESS_NUMBER_ENV = 'MEMORIA_PROCESS_NUMBER';

/** This process's number among the server processes; 0 when it is the only one. */
export function processNumber(): number {
  return cluster.isWorker ? Number(process.env[PROCESS_NUMBER_ENV]) || 0 : 0;
}

/** What the primary sends a worker to make it drain and stop (main.ts). */
export const SHUTDOWN_REQUEST = { kind: 'memoria:shutdown' } as const;

export function isShutdownRequest(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { kind?: unknown }).kind === SHUTDOWN_REQUEST.kind
  );
}
