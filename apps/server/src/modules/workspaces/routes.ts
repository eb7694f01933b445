import { z } from 'zod';
import {
  WORKSPACE_FLAGS,
  WORKSPACE_TYPES,
  connectionRequestSchema,
  workspaceCreateSchema,
  workspaceSettingsSchema,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import {
  idParams,
  intIdFromPath,
  listAnswer,
  pagingFields,
  pagingQuery,
  security,
  userIdFromPath,
} from '../../http/route-schemas.js';
import type { ZodApp } from '../../http/zod-app.js';
import { connectionAnswer } from '../connections/answers.js';
import { contactCardAnswer } from '../users/people-answers.js';
import type { WorkspaceService } from './service.js';

const tags = ['workspaces'];
/** Lists are paged (docs/notes/workspaces.md); members in the database. */
const PAGING = { defaultItemsPerPage: 30, maxItemsPerPage: 100 };

const workspaceType = z.enum(WORKSPACE_TYPES);
const flagAnswers = Object.fromEntries(WORKSPACE_FLAGS.map((f) => [f, z.boolean()])) as Record<
  (typeof WORKSPACE_FLAGS)[number],
  z.ZodBoolean
>;
const workspaceAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  name: z.string(),
  workspace_type: workspaceType,
  role: z.enum(['admin', 'member']),
  maximum_users: z.number().nullable(),
  members_count: z.number(),
  ...flagAnswers,
});
const detailAnswer = workspaceAnswer.extend({
  admins: z.array(z.object({ id: z.number(), '@id': z.string(), name: z.string() })),
});
const createdAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  name: z.string(),
  workspace_type: workspaceType,
  account_user: z.string(),
  secure_token: z.string(),
});
const memberAnswer = contactCardAnswer.extend({ is_admin: z.boolean() });
const membersQuery = z.object({ ...pagingFields, search: z.string().max(100).optional() }).loose();
const memberParams = z.object({ id: z.string().max(64), userId: z.string().max(64) });
const workspaceId = (value: string) => intIdFromPath(value, () => notFound('workspace.notFound'));

/**
 * Workspaces and groups (docs/notes/workspaces.md). The writes on a workspace need the admin
 * right of a delegate acting for an account; making one is for the person themself.
 */
export function registerWorkspaceRoutes(
  app: ZodApp,
  guard: AuthGuard,
  workspaces: WorkspaceService,
): void {
  app.post(
    '/api/create-workspace',
    {
      preParsing: guard.required,
      config: { right: 'none' },
      schema: {
        tags,
        security,
        summary:
          'Make a workspace or group: you become its admin; the answer carries the secure_token to switch in',
        body: workspaceCreateSchema,
        response: { 201: createdAnswer },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await workspaces.create(authOf(request), request.body)),
  );

  app.get(
    '/api/user/workspace',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'The workspaces and groups you administer or belong to (paged)',
        querystring: pagingQuery,
        response: { 200: listAnswer(workspaceAnswer) },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { items, total } = await workspaces.list(authOf(request), {
        limit: paging.itemsPerPage,
        offset: paging.offset,
      });
      return sendCollection(request, reply, items, total);
    },
  );

  app.get(
    '/api/user/workspace-connections',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'The workspaces you are connected with, and how (admin or member)',
        response: {
          200: z.object({
            workspaces: z.array(
              z.object({
                id: z.number(),
                '@id': z.string(),
                name: z.string(),
                workspace_type: workspaceType,
                role: z.enum(['admin', 'member']),
              }),
            ),
          }),
        },
      },
    },
    async (request) => workspaces.connections(authOf(request)),
  );

  app.get(
    '/api/workspace/:id',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'A workspace you administer or belong to: its flags, limit and admins',
        params: idParams,
        response: { 200: detailAnswer },
      },
    },
    async (request) => workspaces.get(authOf(request), workspaceId(request.params.id)),
  );

  app.get(
    '/api/workspace/:id/members',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'The members (paged, searchable by name), with the contact fields the share flags allow',
        params: idParams,
        querystring: membersQuery,
        response: { 200: listAnswer(memberAnswer) },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { items, total } = await workspaces.members(
        authOf(request),
        workspaceId(request.params.id),
        { limit: paging.itemsPerPage, offset: paging.offset, search: request.query.search },
      );
      return sendCollection(request, reply, items, total);
    },
  );

  app.patch(
    '/api/workspace/:id',
    {
      preParsing: guard.required,
      config: { right: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Change the name and the requirement and share flags (admins)',
        params: idParams,
        body: workspaceSettingsSchema,
        response: { 200: detailAnswer },
      },
    },
    async (request) =>
      workspaces.update(authOf(request), workspaceId(request.params.id), request.body),
  );

  app.post(
    '/api/workspace/:id/invite',
    {
      preParsing: guard.required,
      config: { right: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Invite a member by e-mail (admins): they join when they accept',
        params: idParams,
        body: connectionRequestSchema,
        response: { 200: connectionAnswer, 201: connectionAnswer },
      },
    },
    async (request, reply) => {
      const { connection, created } = await workspaces.invite(
        authOf(request),
        workspaceId(request.params.id),
        request.body,
      );
      return reply.code(created ? 201 : 200).send(connection);
    },
  );

  app.delete(
    '/api/workspace/:id/members/:userId',
    {
      preParsing: guard.required,
      config: { right: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Remove a member and their delegation (admins); the last admin stays',
        params: memberParams,
      },
    },
    async (request, reply) => {
      await workspaces.removeMember(
        authOf(request),
        workspaceId(request.params.id),
        userIdFromPath(request.params.userId),
      );
      return reply.code(204).send();
    },
  );
}
