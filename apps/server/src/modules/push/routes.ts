import { z } from 'zod';
import type { AuthGuard } from '../../http/auth.js';
import { ApiError } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { PushService } from './service.js';

const tags = ['push'];
const security = [{ bearer: [] }];

const subscriptionAnswer = z.object({
  id: z.number(),
  endpoint: z.string(),
  topics: z.array(z.string()),
});

export function registerPushRoutes(app: ZodApp, guard: AuthGuard, push: PushService): void {
  app.get(
    '/api/push/vapid-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
        response: { 200: z.object({ public_key: z.string() }) },
      },
    },
    async () => ({ public_key: push.vapidPublicKey() }),
  );

  app.post(
    '/api/push_token',
    {
      config: { right: 'settings' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          "Store this browser's push subscription (token: the PushSubscription as JSON); " +
          'it is on the news topic',
        body: z.object({
          token: z.union([z.string().max(8000), z.record(z.string(), z.unknown())]),
        }),
        response: { 200: subscriptionAnswer, 201: subscriptionAnswer },
      },
    },
    async (request, reply) => {
      const { answer, created } = await push.subscribe(
        authOf(request).userId,
        request.body.token,
        request.headers['user-agent'],
      );
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  // A wildcard: the value may be an endpoint URL, whose encoded form is longer than a
  // path parameter may be and may hold slashes.
  app.delete(
    '/api/push_token/*',
    {
      config: { right: 'settings' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Remove one of your push subscriptions (its id, or its endpoint URL-encoded)',
        params: z.object({ '*': z.string().max(6000) }),
      },
    },
    async (request, reply) => {
      const value = request.params['*'];
      if (value === '') throw new ApiError(404, 'push.subscriptionNotFound');
      await push.unsubscribe(authOf(request).userId, value);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/memo/:id/push-notification',
    {
      config: { right: 'memos' },
      preParsing: guard.required,
      schema: {
        tags: ['memos', ...tags],
        security,
        summary:
          'Send a push about the memo to the people who may see it (author or collection ' +
          'owner; once per memo every 10 minutes)',
        params: z.object({ id: z.string().max(64) }),
        response: { 202: z.object({ recipients: z.number() }) },
      },
    },
    async (request, reply) => {
      const memoId = intIdFromIri(request.params.id, 'memo');
      if (memoId === undefined) throw new ApiError(404, 'memo.notFound');
      const recipients = await push.pushMemo(authOf(request).userId, memoId);
      return reply.code(202).send({ recipients });
    },
  );
}
