import { z } from 'zod';
import { contentWatchingSchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { violation } from '../../http/errors.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { security, userRefFrom } from '../../http/route-schemas.js';
import type { ConnectionService } from './service.js';
import { watchAnswer as collectionWatchAnswer } from '../collections/answers.js';

const watchPersonAnswer = z.object({
  user_watching: z.string(),
  connection: z.string(),
  watching: z.boolean(),
});

/**
 * POST /api/content/watching lives here, once, for both of its forms: {user_watching} (a
 * connection's new content) and {collection} (a collection's new memos), which is handed to
 * `watchCollection` when the collections module provides it.
 */
export function registerContentWatchingRoute(
  app: ZodApp,
  guard: AuthGuard,
  connections: ConnectionService,
  watchCollection?: (
    viewerId: number,
    collection: string | number,
  ) => Promise<z.infer<typeof collectionWatchAnswer>>,
): void {
  app.post(
    '/api/content/watching',
    {
      config: { right: 'connections' },
      preParsing: guard.required,
      schema: {
        tags: ['connections', 'collections'],
        security,
        summary:
          'Be told of new content: of a connection ({user_watching}) or a collection ({collection})',
        body: contentWatchingSchema,
        response: { 201: z.union([watchPersonAnswer, collectionWatchAnswer]) },
      },
    },
    async (request, reply) => {
      const viewerId = authOf(request).userId;
      const { user_watching: user, collection } = request.body;
      if (user !== undefined && collection !== undefined) {
        throw violation('collection', 'validation.unknownField');
      }
      if (collection !== undefined) {
        if (!watchCollection) throw violation('collection', 'validation.invalid');
        return reply.code(201).send(await watchCollection(viewerId, collection));
      }
      const userId = userRefFrom(user, 'user_watching');
      const answer = await connections.watchPerson(viewerId, userId);
      return reply.code(201).send(answer);
    },
  );
}
