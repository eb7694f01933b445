import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loadSecrets } from './secrets.js';
import { schedulePurge } from './modules/auth/housekeeping.js';
import { scheduleCallSweep } from './modules/calls/index.js';
import { scheduleTransferSweep } from './modules/transfer/index.js';
import { scheduleMediaCleanup } from './modules/media/index.js';
import { DRAIN_MS, SHUTDOWN_LIMIT_MS, killAfter } from './shutdown.js';
import { runPrimary } from './processes.js';
import { isShutdownRequest } from './process-role.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const secrets = loadSecrets(config.dataDir, config.jwtSecret);
  const processes = config.serverProcesses ?? 1;
  if (processes > 1 && cluster.isPrimary) {
    // the workers run this same file (processes.ts); the secrets file now exists for them
    await runPrimary(processes, async () => {
      const database = openDatabase(config.database);
      try {
        return await migrateToLatest(database);
      } finally {
        await database.destroy();
      }
    });
    return;
  }
  const checkpointsStopped = 'the checkpoint thread stopped; commits checkpoint again';
  let logCheckpointError = (error: unknown) => console.error(checkpointsStopped, error);
  const database = openDatabase(config.database, {
    backgroundCheckpoints: true,
    onBackgroundError: (error) => logCheckpointError(error),
  });
  const applied = await migrateToLatest(database);
  const app = await buildApp({
    config,
    database,
    secrets,
    // Readable logs for a person at a terminal; JSON lines for log collectors otherwise.
    logger: process.stdout.isTTY
      ? {
          level: config.logLevel,
          transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
        }
      : { level: config.logLevel },
  });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  logCheckpointError = (error) => app.log.error({ err: error }, checkpointsStopped);

  const stopPurge = schedulePurge(
    database,
    (removed) => {
      if (removed.sessions + removed.codes + removed.passwordResets > 0) {
        app.log.info({ removed }, 'expired sign-in records purged');
      }
    },
    (error) => app.log.error({ err: error }, 'purging expired sign-in records failed'),
  );

  let closing = false;
  const shutdown = async (signal: string, repeated: 'exit' | 'ignore' = 'exit') => {
    // A second signal ends the process at once.
    if (closing) {
      if (repeated === 'ignore') return;
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Every state ends within the limit: requests get DRAIN_MS, then their connections are
    // cut (a slow upload would keep app.close() waiting); a job or a close that hangs meets
    // the exit timer; an exit that hangs meets the watcher process.
    killAfter(SHUTDOWN_LIMIT_MS, (error) => app.log.error({ err: error }, 'no exit watcher'));
    const force = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS - 1_000);
    force.unref();
    const drain = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
    drain.unref();
    try {
      stopPurge();
      await app.close(); // closes sockets, stops the job loop, then mail and rate limits
      await database.destroy(); // SQLite: the checkpoint thread first, then the connection
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  // Started by `npm start` (scripts/start.mjs) over an IPC channel: the channel closes when
  // that process ends, even by SIGKILL, and the server must not outlive it.
  // A worker of several (processes.ts) has the same channel to its primary, which also asks
  // it to stop that way: a terminal's Ctrl-C reaches every process of the group at once, and
  // a second signal would cut the drain short.
  if (process.channel) {
    process.on('disconnect', () => void shutdown('parent exited'));
    process.on('message', (message: unknown) => {
      if (isShutdownRequest(message)) void shutdown('primary process', 'ignore');
    });
    process.channel.unref(); // the channel alone does not keep the server running
  }

  // The pool's connections opened and the hot statements prepared before the first request
  // (db/warm.ts); a failure costs the first requests that time again, not the start.
  try {
    const warmMs = await app.warm();
    app.log.info({ ms: Math.round(warmMs) }, 'database connections warmed');
  } catch (error) {
    app.log.warn({ err: error }, 'warming the database connections failed');
  }
  await app.listen({ port: config.port, host: config.host });
  // Durable jobs: poll once a second; app.close() stops the loop and waits for the job.
  app.jobs.start({ pollMs: 1000 });
  // Recurring media cleanup (uploads never attached): first run a minute after start.
  await scheduleMediaCleanup(app.jobs, new Date(Date.now() + 60_000));
  // Calls left running by a stopped instance: swept now, then every minute.
  await scheduleCallSweep(app.jobs, new Date());
  // Transfer files nothing refers to any more: swept an hour after start, then hourly.
  await scheduleTransferSweep(app.jobs, new Date(Date.now() + 60 * 60_000));
  app.log.info(
    { database: config.database.kind, dataDir: config.dataDir, publicUrl: config.publicUrl },
    'Memoria is ready',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
