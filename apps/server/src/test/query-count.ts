import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import type { TestApp } from './harness.js';

export interface QueryCountingApp {
  app: FastifyInstance;
  /** Sends a GET and answers its status, its JSON body and how many queries it ran. */
  get(
    url: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: unknown; queries: number }>;
  /** Sends any request (a write too) and answers the same. */
  request(options: InjectOptions): Promise<{ status: number; body: unknown; queries: number }>;
  close(): Promise<void>;
}

/**
 * A second app on the test app's database whose every query is counted, to prove a
 * request runs a bounded number of queries whatever the page size (no N+1).
 */
export async function queryCountingApp(
  t: TestApp,
  config: Partial<AppConfig> = {},
): Promise<QueryCountingApp> {
  let queries = 0;
  const db = t.database.db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries += 1;
      return args.result;
    },
  });
  const app = await buildApp({
    config: { ...t.config, ...config },
    database: { ...t.database, db },
    secrets: t.secrets,
    logger: false,
  });
  await app.ready();
  return {
    app,
    async get(url, headers) {
      queries = 0;
      const res = await app.inject({ url, headers });
      return { status: res.statusCode, body: res.json() as unknown, queries };
    },
    async request(options) {
      queries = 0;
      const res = await app.inject(options);
      return { status: res.statusCode, body: res.json() as unknown, queries };
    },
    close: () => app.close(),
  };
}
