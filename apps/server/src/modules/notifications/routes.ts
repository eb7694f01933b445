import { z } from 'zod';
import type { AuthGuard } from '../../http/auth.js';
import { ApiError, violation } from '../../http/errors.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { idParams, pagingFields, security, listAnswer } from '../../http/route-schemas.js';
import { notificationAnswer } from './present.js';
import type { NotificationService } from './service.js';
import { GROUP_KEYS } from './types.js';

const tags = ['notifications'];
const PAGING = { defaultItemsPerPage: 20, maxItemsPerPage: 100 };
const listQuery = z.object(pagingFields).loose();
const unreadAnswer = z.object({ count: z.number() });
const counterAnswer = z.object({ unread: z.number() });

const ref = z.union([z.number(), z.string().max(100)]);
/** Which notifications to review: `ids` (or `notifications`) as ids or IRIs, or one `id`. */
const reviewBody = z
  .object({
    ids: z.array(ref).max(1000).optional(),
    notifications: z.array(ref).max(1000).optional(),
    id: ref.optional(),
    notification: ref.optional(),
  })
  .loose();

const groupSetting = z.object({
  group: z.string(),
  types: z.array(z.string()),
  in_app: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
});
const settingsAnswer = z.object({ settings: z.array(groupSetting) });
const settingsBody = z.object({
  settings: z
    .array(
      z.object({
        group: z.enum(GROUP_KEYS as [string, ...string[]]),
        in_app: z.boolean().optional(),
        push: z.boolean().optional(),
        email: z.boolean().optional(),
      }),
    )
    .max(GROUP_KEYS.length * 2),
});

function idsOf(body: z.infer<typeof reviewBody>): number[] {
  const given = [
    ...(body.ids ?? []),
    ...(body.notifications ?? []),
    ...(body.id !== undefined ? [body.id] : []),
    ...(body.notification !== undefined ? [body.notification] : []),
  ];
  if (given.length === 0) throw violation('ids', 'validation.required');
  return given.map((value) => {
    const id = intIdFromIri(value, 'notification');
    if (id === undefined) throw violation('ids', 'validation.invalid');
    return id;
  });
}

function idFromPath(value: string): number {
  const id = intIdFromIri(value, 'notification');
  if (id === undefined) throw new ApiError(404, 'notifications.notFound');
  return id;
}

/** docs/API.md, Calls, and the settings of the /notification-settings screen. */
export function registerNotificationRoutes(
  app: ZodApp,
  guard: AuthGuard,
  notifications: NotificationService,
): void {
  const auth = { preParsing: guard.required };

  app.get(
    '/api/notifications/unread',
    {
      ...auth,
      schema: { tags, security, summary: 'Unread notifications', response: { 200: unreadAnswer } },
    },
    async (request) => ({ count: await notifications.unread(authOf(request).userId) }),
  );

  app.get(
    '/api/notifications',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Your notifications, newest first',
        querystring: listQuery,
        response: { 200: listAnswer(notificationAnswer) },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { members, total } = await notifications.list(authOf(request).userId, {
        limit: paging.itemsPerPage,
        offset: paging.offset,
      });
      return sendCollection(request, reply, members, total);
    },
  );

  app.patch(
    '/api/notifications/review',
    {
      config: { right: 'any' },
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Mark notifications as read',
        body: reviewBody,
        response: { 200: counterAnswer },
      },
    },
    async (request) => ({
      unread: await notifications.review(authOf(request).userId, idsOf(request.body)),
    }),
  );

  app.patch(
    '/api/notifications/bulk/review',
    {
      config: { right: 'any' },
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Mark all notifications as read',
        response: { 200: counterAnswer },
      },
    },
    async (request) => ({ unread: await notifications.reviewAll(authOf(request).userId) }),
  );

  app.patch(
    '/api/notification/:id/unreview',
    {
      config: { right: 'any' },
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Mark a notification as unread',
        params: idParams,
        response: { 200: counterAnswer },
      },
    },
    async (request) => ({
      unread: await notifications.unreview(authOf(request).userId, idFromPath(request.params.id)),
    }),
  );

  app.delete(
    '/api/notification/:id',
    {
      config: { right: 'settings' },
      ...auth,
      schema: { tags, security, summary: 'Delete a notification', params: idParams },
    },
    async (request, reply) => {
      await notifications.remove(authOf(request).userId, idFromPath(request.params.id));
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/notifications/bulk/delete',
    {
      config: { right: 'settings' },
      ...auth,
      schema: { tags, security, summary: 'Delete all notifications' },
    },
    async (request, reply) => {
      await notifications.removeAll(authOf(request).userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/notification-settings',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Notification settings per group of types and channel',
        response: { 200: settingsAnswer },
      },
    },
    async (request) => ({ settings: await notifications.settings(authOf(request).userId) }),
  );

  app.put(
    '/api/notification-settings',
    {
      config: { right: 'settings' },
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Change notification settings',
        body: settingsBody,
        response: { 200: settingsAnswer },
      },
    },
    async (request) => ({
      settings: await notifications.saveSettings(authOf(request).userId, request.body.settings),
    }),
  );
}
