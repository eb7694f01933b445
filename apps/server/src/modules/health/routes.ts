import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { ZodApp } from '../../http/zod-app.js';

export function registerHealthRoutes(app: ZodApp, database: Database): void {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready when the database answers',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      if (await database.ping()) return reply.code(200).send({ status: 'ok' as const });
      return reply.code(503).send({ status: 'unavailable' as const });
    },
  );
}
