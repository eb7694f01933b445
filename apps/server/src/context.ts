import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import type { Secrets } from './secrets.js';
import type { Mailer } from './mail/mailer.js';
import type { FailureLimiter } from './http/rate-limit.js';
import type { PasswordHasher } from './modules/auth/passwords.js';
import type { JobQueue } from './jobs/queue.js';
import type { RealtimeHub } from './realtime/hub.js';
import type { ActivityDispatcher } from './events/dispatch.js';
import type { WarmUp } from './db/warm.js';

/** What services need from the running app; built once in buildApp. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  secrets: Secrets;
  mailer: Mailer;
  limiter: FailureLimiter;
  passwords: PasswordHasher;
  log: FastifyBaseLogger;
  /** the durable job queue: modules register handlers in buildApp and enqueue work */
  jobs: JobQueue;
  /** live delivery to open sockets (realtime module) */
  realtime: RealtimeHub;
  /** after-commit delivery of recorded activity events (notifications module) */
  activity: ActivityDispatcher;
  /** the modules' hot statements, run before the server listens (db/warm.ts) */
  warmUp: WarmUp;
}
