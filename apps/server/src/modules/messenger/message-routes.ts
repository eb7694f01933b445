import { z } from 'zod';
import {
  MESSENGER,
  MESSENGER_DELEGATE_RIGHT,
  messageCreateSchema,
  messagePatchSchema,
  messageReactionSchema,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { signAccessToken } from '../auth/tokens.js';
import { threadIdOf } from './access.js';
import type { MessageService } from './message-service.js';
import {
  idParams,
  listOf,
  messageAnswer,
  messagesQuery,
  reactionQuery,
  reactionsAnswer,
  sendAnswer,
} from './schemas.js';

const tags = ['messenger'];
const security = [{ bearer: [] }];
const PAGING = { defaultItemsPerPage: MESSENGER.messagesPerPage, maxItemsPerPage: 100 };

/** Messages and the chat token (docs/notes/messenger.md, Calls and Delivery guarantees). */
export function registerMessageRoutes(
  app: ZodApp,
  guard: AuthGuard,
  messages: MessageService,
  jwtKey: Uint8Array,
): void {
  app.post(
    '/api/thread/message',
    {
      config: { right: MESSENGER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Send a message; a retry with the same key answers the same message',
        body: messageCreateSchema,
        response: { 201: sendAnswer },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await messages.send(authOf(request), request.body)),
  );

  app.get(
    '/api/thread/:id/messages',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Messages, newest page first (each page oldest to newest); after_seq resumes',
        params: idParams,
        querystring: messagesQuery,
        response: { 200: listOf(messageAnswer) },
      },
    },
    async (request, reply) => {
      const { itemsPerPage, offset } = parsePaging(request.query, PAGING);
      const after = request.query.after_seq;
      const { members, total } = await messages.page(
        authOf(request).userId,
        threadIdOf(request.params.id),
        { limit: itemsPerPage, offset, afterSeq: after === undefined ? undefined : Number(after) },
      );
      return sendCollection(request, reply, members, total);
    },
  );

  app.patch(
    '/api/thread/message/:id',
    {
      config: { right: MESSENGER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Edit your message (the earlier text is kept in edit_history)',
        params: idParams,
        body: messagePatchSchema,
        response: { 200: messageAnswer },
      },
    },
    async (request) => messages.edit(authOf(request), request.params.id, request.body.description),
  );

  app.delete(
    '/api/thread/message/:id',
    {
      config: { right: MESSENGER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Delete a message (its author, or a group admin)',
        params: idParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => messages.remove(authOf(request), request.params.id),
  );

  for (const type of ['photo', 'document'] as const) {
    app.delete(
      `/api/message/${type}/:id`,
      {
        config: { right: MESSENGER_DELEGATE_RIGHT },
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary: `Remove a ${type} of one's own message (frees its storage; the thread hears of it)`,
          params: idParams,
        },
      },
      async (request, reply) => {
        await messages.removeFile(authOf(request).userId, type, request.params.id);
        return reply.code(204).send();
      },
    );
  }

  app.patch(
    '/api/thread/message/:id/reaction',
    {
      config: { right: MESSENGER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'React with one emoji, or take the reaction back with ?remove=true',
        params: idParams,
        querystring: reactionQuery,
        body: messageReactionSchema,
        response: { 200: reactionsAnswer },
      },
    },
    async (request) =>
      messages.react(
        authOf(request).userId,
        request.params.id,
        request.body.unicode,
        request.query.remove === 'true',
      ),
  );

  app.get(
    '/api/chat-token',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'A short-lived token the socket accepts (same session)',
        response: { 200: z.object({ chat_token: z.string() }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const chat_token = await signAccessToken(
        jwtKey,
        {
          userId: auth.userId,
          sessionId: auth.sessionId,
          scope: auth.scope,
          rootUserId: auth.rootUserId,
        },
        MESSENGER.chatTokenSeconds,
      );
      return { chat_token };
    },
  );
}
