import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/database.js';
import type { Secrets } from './secrets.js';
import { createMailer, type MailTransport } from './mail/mailer.js';
import { createFailureLimiter, waitForRedis } from './http/rate-limit.js';
import { registerRequestContext } from './http/request-context.js';
import { registerJsonParsers } from './http/content-types.js';
import {
  frameworkErrorHandler,
  registerErrorHandling,
  type NotFoundFallback,
} from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerAnswerCache } from './http/answer-cache.js';
import { registerApiDocs } from './http/docs.js';
import { registerWebApp } from './http/web-app.js';
import { createAuthGuard } from './http/auth.js';
import { createPasswordHasher } from './modules/auth/passwords.js';
import { createAuthDeps } from './modules/auth/deps.js';
import { createWarmUp } from './db/warm.js';
import { registerAuth } from './modules/auth/index.js';
import { registerUsers } from './modules/users/index.js';
import { registerDelegationRights, registerDelegations } from './modules/delegations/index.js';
import { registerCollections } from './modules/collections/index.js';
import { registerHealthRoutes } from './modules/health/routes.js';
import { registerConnections } from './modules/connections/index.js';
import { registerWorkspaces } from './modules/workspaces/index.js';
import { registerFollows } from './modules/follows/index.js';
import { registerBlocks } from './modules/blocks/index.js';
import { registerFavourites } from './modules/favourites/index.js';
import { registerProfiles } from './modules/profiles/index.js';
import { registerReports } from './modules/reports/index.js';
import { registerMemos } from './modules/memos/routes.js';
import { registerMedia } from './modules/media/index.js';
import { createJobQueue, type JobQueue } from './jobs/queue.js';
import { createRealtimeHub, registerRealtime } from './realtime/index.js';
import { processNumber } from './process-role.js';
import { registerMessenger } from './modules/messenger/index.js';
import { createActivityDispatcher } from './events/dispatch.js';
import { registerComments } from './modules/comments/index.js';
import { registerReactions } from './modules/reactions/index.js';
import { registerCalls } from './modules/calls/index.js';
import { registerNotifications } from './modules/notifications/index.js';
import { registerPush } from './modules/push/index.js';
import { registerFeed } from './modules/feed/index.js';
import { registerDiscover } from './modules/discover/index.js';
import { registerAccount } from './modules/account/index.js';
import { registerIdentity } from './modules/identity/index.js';
import { registerTransfer } from './modules/transfer/index.js';
import { registerSubscriptions } from './modules/subscriptions/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue; main.ts starts its poll loop, tests call runDue() or start(). */
    jobs: JobQueue;
    /**
     * When every notification delivery started so far has ended: deliveries run after the
     * commit, so a test that listens on sockets waits here for the earlier requests' ones.
     */
    activitySettled(): Promise<void>;
    /**
     * Runs the modules' hot statements on every database connection (db/warm.ts); main.ts
     * calls it before listen. Answers how long it took, in ms.
     */
    warm(): Promise<number>;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** an open, migrated database; the caller closes it */
  database: Database;
  secrets: Secrets;
  /** Fastify logger option; defaults to the configured level */
  logger?: FastifyServerOptions['logger'];
  /** replaces SMTP/outbox delivery (tests read mail from here) */
  mailTransport?: MailTransport;
  /** failures allowed before 429 (default AUTH.failuresBeforeLockout; see http/rate-limit.ts) */
  failureLimit?: number;
}

/** A hop count becomes the function form Fastify's types accept. */
function trustProxyOption(value: AppConfig['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/** JSON request bodies; uploads have their own limits in their own routes. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, secrets } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: frameworkErrorHandler,
    // Trailing slashes and duplicate slashes reach the same route.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const limiter = createFailureLimiter({
    redisUrl: config.redisUrl,
    points: options.failureLimit,
    inCluster: processNumber() > 0,
  });
  await limiter.ready();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
    transport: options.mailTransport,
  });
  const ctx: AppContext = {
    config,
    database,
    secrets,
    mailer,
    limiter,
    passwords: createPasswordHasher(config.passwordHashing),
    log: app.log,
    // Not started here: main.ts polls; tests drive runDue() (or start()) themselves.
    jobs: createJobQueue({ database, log: app.log }),
    realtime: await createRealtimeHub(config, app.log),
    activity: createActivityDispatcher((error) =>
      app.log.error({ err: error }, 'activity delivery failed'),
    ),
    warmUp: createWarmUp(database),
  };
  app.decorate('jobs', ctx.jobs);
  app.decorate('activitySettled', () => ctx.activity.settled());
  app.decorate('warm', () => ctx.warmUp.run());

  const fallback: { current?: NotFoundFallback } = {};
  registerRequestContext(app);
  registerJsonParsers(app);
  registerErrorHandling(app, fallback);
  registerNulGuard(app);
  registerAnswerCache(app, {
    changes: database.changes,
    // Also with several instances (REDIS_URL): they share one database and see each other's
    // commits through it (PostgreSQL notifications, SQLite's data_version) within
    // milliseconds, about as late as a read that began just before the commit would be.
    maxBytes: config.answerCacheMb * 1024 * 1024,
  });
  await registerSecurityHeaders(app, { mapTileUrl: config.mapTileUrl });

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  redis?.on('error', () => undefined);
  if (redis) await waitForRedis(redis);
  await app.register(rateLimit, {
    global: true,
    max: config.globalRateLimitPerMinute,
    timeWindow: '1 minute',
    // Load balancers probe health often from one address; the web app's files (one page
    // load fetches dozens of lazy chunks) are static and cost nothing to serve.
    allowList: (request) => request.url === '/api/health' || !request.url.startsWith('/api/'),
    ...(redis ? { redis, skipOnError: true } : {}),
  });
  await registerApiDocs(app, config.publicUrl);

  const deps = createAuthDeps(ctx);
  const guard = createAuthGuard(deps.sessions);
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  registerDelegationRights(app, ctx);
  registerHealthRoutes(zapp, database);
  registerAuth(zapp, guard, deps);
  registerUsers(zapp, guard, deps);
  registerDelegations(zapp, guard, deps);
  registerConnections(zapp, guard, ctx);
  registerWorkspaces(zapp, guard, ctx);
  registerFollows(zapp, guard, ctx);
  registerBlocks(zapp, guard, ctx);
  registerFavourites(zapp, guard, ctx);
  registerProfiles(zapp, guard, ctx);
  registerReports(zapp, guard, ctx);
  registerCollections(zapp, guard, ctx);
  registerMemos(zapp, guard, ctx);
  await registerMedia(app, guard, ctx);
  registerComments(zapp, guard, ctx);
  registerReactions(zapp, guard, ctx);
  registerFeed(zapp, guard, ctx);
  registerDiscover(zapp, guard, ctx);
  registerPush(zapp, guard, ctx);
  registerNotifications(zapp, guard, ctx);
  registerAccount(zapp, guard, ctx);
  await registerTransfer(app, zapp, guard, ctx);
  registerIdentity(zapp, guard, ctx);
  await registerSubscriptions(app, zapp, guard, ctx);
  const messenger = registerMessenger(zapp, guard, ctx);
  const calls = registerCalls(zapp, guard, ctx);
  await registerRealtime(app, guard, ctx, messenger.socketHandlers, calls);

  fallback.current = await registerWebApp(app, config.webDist);

  app.addHook('onClose', async () => {
    // The job in progress finishes before what it may use is closed.
    await ctx.jobs.stop();
    await ctx.activity.settled();
    await ctx.realtime.close();
    mailer.close();
    await limiter.close();
    redis?.disconnect();
  });
  return app;
}
