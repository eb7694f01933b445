import { z } from 'zod';
import {
  MESSENGER,
  MESSENGER_DELEGATE_RIGHT,
  threadCreateSchema,
  threadPatchSchema,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { threadIdOf } from './access.js';
import type { MembershipService } from './membership.js';
import { byUsersQuery, idParams, listOf, threadAnswer, threadListQuery } from './schemas.js';
import type { ThreadService } from './thread-service.js';

const tags = ['messenger'];
const security = [{ bearer: [] }];
const PAGING = {
  defaultItemsPerPage: MESSENGER.threadsPerPage,
  maxItemsPerPage: MESSENGER.threadsPerPage,
};
const memberParams = z.object({ id: z.string().max(64), userId: z.string().max(64) });

/** Threads: create, read, change, list, leave, mute, read state (docs/notes/messenger.md). */
export function registerThreadRoutes(
  app: ZodApp,
  guard: AuthGuard,
  threads: ThreadService,
  membership: MembershipService,
): void {
  app.post(
    '/api/thread',
    {
      config: { right: MESSENGER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Start a direct or group conversation (409 with the id when it exists)',
        body: threadCreateSchema,
        response: { 201: threadAnswer },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await threads.create(authOf(request), request.body)),
  );

  for (const url of ['/api/user/threads', '/api/thread/search']) {
    app.get(
      url,
      {
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary:
            'The caller’s conversations, newest activity first; search by name, member, text',
          querystring: threadListQuery,
          response: { 200: listOf(threadAnswer) },
        },
      },
      async (request, reply) => {
        const { itemsPerPage, offset } = parsePaging(request.query, PAGING);
        const search = request.query.search?.trim() || null;
        const { members, total } = await membership.list(authOf(request).userId, search, {
          limit: itemsPerPage,
          offset,
        });
        return sendCollection(request, reply, members, total);
      },
    );
  }

  app.get(
    '/api/thread-by-users',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'The direct conversation with that person: its id, or -1',
        querystring: byUsersQuery,
        response: { 200: z.object({ id: z.number() }) },
      },
    },
    async (request) => {
      const raw = request.query['user_ids[]'] ?? request.query.user_ids ?? [];
      return membership.byUsers(authOf(request).userId, Array.isArray(raw) ? raw : [raw]);
    },
  );

  app.get(
    '/api/thread/unread',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Unread messages and conversations with any (muted ones left out)',
        response: { 200: z.object({ unread: z.number(), threads: z.number() }) },
      },
    },
    async (request) => membership.unread(authOf(request).userId),
  );

  app.get(
    '/api/thread/:id',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'One conversation',
        params: idParams,
        response: { 200: threadAnswer },
      },
    },
    async (request) => threads.get(authOf(request).userId, threadIdOf(request.params.id)),
  );

  app.patch(
    '/api/thread/:id',
    {
      config: { right: MESSENGER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Rename, describe, add or remove members, grant or revoke admin (admins only)',
        params: idParams,
        body: threadPatchSchema,
        response: { 200: threadAnswer },
      },
    },
    async (request) => threads.patch(authOf(request), threadIdOf(request.params.id), request.body),
  );

  app.post(
    '/api/thread/:id/exit',
    {
      config: { right: MESSENGER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: { tags, security, summary: 'Leave a conversation', params: idParams },
    },
    async (request, reply) => {
      await membership.exit(authOf(request).userId, threadIdOf(request.params.id));
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/thread/:id/user/:userId',
    {
      config: { right: MESSENGER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: { tags, security, summary: 'Remove a member (admins only)', params: memberParams },
    },
    async (request, reply) => {
      await membership.remove(
        authOf(request).userId,
        threadIdOf(request.params.id),
        request.params.userId,
      );
      return reply.code(204).send();
    },
  );

  for (const [path, muted] of [
    ['mute', true],
    ['un-mute', false],
  ] as const) {
    app.post(
      `/api/thread/:id/${path}`,
      {
        config: { right: MESSENGER_DELEGATE_RIGHT },
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary: muted ? 'Mute a conversation (no push, no e-mail)' : 'Unmute a conversation',
          params: idParams,
          response: { 200: z.object({ thread_id: z.number(), muted: z.boolean() }) },
        },
      },
      async (request) =>
        membership.mute(authOf(request).userId, threadIdOf(request.params.id), muted),
    );
  }

  app.post(
    '/api/thread/:id/read',
    {
      config: { right: MESSENGER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Mark every message of the conversation read',
        params: idParams,
        response: {
          200: z.object({
            thread_id: z.number(),
            last_read_seq: z.number(),
            last_read_at: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => membership.read(authOf(request).userId, threadIdOf(request.params.id)),
  );
}
