import { z } from 'zod';
import { idFromIri } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { notFound, violation } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import type { ZodApp } from '../../http/zod-app.js';
import { muteAnswer, watchAnswer } from './answers.js';
import type { CollectionFollowService } from './follow-service.js';
import { accountViewer } from './routes.js';
import { collectionNotFound } from './access.js';

const tags = ['collections'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(64) });
const ref = z.union([z.string().max(200), z.number()]);

/** A collection IRI (`/api/collection/{id}`) or bare id → the id; anything else → 404. */
function collectionIdOf(value: unknown): string {
  const id = idFromIri(value, 'collection');
  if (id === undefined) throw collectionNotFound();
  return id;
}

export function registerCollectionFollowRoutes(
  app: ZodApp,
  guard: AuthGuard,
  follows: CollectionFollowService,
): void {
  app.post(
    '/api/muted/collection',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Mute a collection: its memos are marked hidden in your lists',
        body: z.object({ collection: ref }).strict(),
        response: { 201: muteAnswer },
      },
    },
    async (request, reply) => {
      const mute = await follows.mute(
        accountViewer(request),
        collectionIdOf(request.body.collection),
      );
      return reply.code(201).send(mute);
    },
  );

  app.delete(
    '/api/muted/collection/:id',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Unmute (the id of the mute, or of the collection)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await follows.unmute(accountViewer(request), request.params.id);
      return reply.code(204).send();
    },
  );

  // POST /api/content/watching is registered once, by the connections module (it also takes
  // {user_watching}); its {collection} form comes back to follows.watchContent.

  app.post(
    '/api/comment_watching',
    {
      config: { right: 'collections' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Be notified of new comments in a collection ({collection}) or on a memo ({memo})',
        body: z.object({ collection: ref.optional(), memo: ref.optional() }).strict(),
        response: { 201: watchAnswer },
      },
    },
    async (request, reply) => {
      const { collection, memo } = request.body;
      if (collection === undefined && memo === undefined) {
        throw violation('collection', 'validation.required');
      }
      if (collection !== undefined && memo !== undefined) {
        // one watch per call: a collection or a memo
        throw violation('memo', 'validation.unknownField');
      }
      const viewer = accountViewer(request);
      let watch;
      if (collection !== undefined) {
        watch = await follows.watchCollectionComments(viewer, collectionIdOf(collection));
      } else {
        const memoId = intIdFromIri(memo, 'memo');
        if (memoId === undefined) throw notFound();
        watch = await follows.watchMemoComments(viewer, memoId);
      }
      return reply.code(201).send(watch);
    },
  );

  for (const [path, kind] of [
    ['/api/collection/:id/delete-content-watching', 'content'],
    ['/api/collection/:id/delete-comment-watching', 'comment'],
  ] as const) {
    app.delete(
      path,
      {
        config: { right: 'collections' },
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary:
            kind === 'content'
              ? 'Stop being notified of new memos in a collection'
              : 'Stop being notified of new comments in a collection',
          params: idParams,
        },
      },
      async (request, reply) => {
        await follows.unwatch(accountViewer(request), request.params.id, kind);
        return reply.code(204).send();
      },
    );
  }
}
