import { z } from 'zod';
import { delegationCreateSchema, delegationPatchSchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import {
  idParams,
  intIdFromPath,
  listAnswer,
  pagingQuery,
  security,
} from '../../http/route-schemas.js';
import { notFound } from '../../http/errors.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { RoleService } from './role-service.js';

const tags = ['delegations'];
/** Both lists are paged in the database (docs/API.md, Delegations). */
const PAGING = { defaultItemsPerPage: 50, maxItemsPerPage: 100 };

const flags = {
  admin: z.boolean(),
  profile: z.boolean(),
  public_profile: z.boolean(),
  settings: z.boolean(),
  connections: z.boolean(),
  collections: z.boolean(),
  memos: z.boolean(),
  workspaces: z.boolean(),
};
const delegationAnswer = z.object({
  id: z.number(),
  account_user: z.string(),
  delegate_user: z.string(),
  created_at: z.string(),
  ...flags,
});
const listItemAnswer = delegationAnswer.extend({
  account_name: z.string(),
  delegate_name: z.string(),
  direction: z.enum(['given', 'held']),
  secure_token: z.string().nullable(),
});
const auditAnswer = z.object({
  id: z.number(),
  account_user: z.string(),
  delegate_user: z.string(),
  delegate_name: z.string(),
  method: z.string(),
  route: z.string(),
  status: z.number(),
  created_at: z.string(),
});
const delegationId = (value: string) => intIdFromPath(value, () => notFound('delegation.notFound'));

/**
 * /api/account/role (docs/API.md, Delegations). Managing needs the account itself or, for a
 * delegate acting for it, the admin right (declared `right: 'admin'`, checked by the rights hook).
 */
export function registerRoleRoutes(app: ZodApp, guard: AuthGuard, roles: RoleService): void {
  app.get(
    '/api/account/role',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'The live delegations your account gave and those it holds (paged; the secure token only on those you hold)',
        querystring: pagingQuery,
        response: { 200: listAnswer(listItemAnswer) },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { items, total } = await roles.list(authOf(request), {
        limit: paging.itemsPerPage,
        offset: paging.offset,
      });
      return sendCollection(request, reply, items, total);
    },
  );

  app.get(
    '/api/account/role/audit',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary:
          'The writes delegates made while acting for your account, newest first (paged; the account or a delegate with admin)',
        querystring: pagingQuery,
        response: { 200: listAnswer(auditAnswer) },
      },
    },
    async (request, reply) => {
      const paging = parsePaging(request.query, PAGING);
      const { items, total } = await roles.audit(authOf(request), {
        limit: paging.itemsPerPage,
        offset: paging.offset,
      });
      return sendCollection(request, reply, items, total);
    },
  );

  app.post(
    '/api/account/role',
    {
      preParsing: guard.required,
      config: { right: 'admin' },
      schema: {
        tags,
        security,
        summary:
          'Delegate your account to an active connection (201), or update the live delegation of that pair (200)',
        body: delegationCreateSchema,
        response: { 200: delegationAnswer, 201: delegationAnswer },
      },
    },
    async (request, reply) => {
      const { created, delegation } = await roles.createOrUpdate(authOf(request), request.body);
      return reply.code(created ? 201 : 200).send(delegation);
    },
  );

  app.patch(
    '/api/account/role/:id',
    {
      preParsing: guard.required,
      config: { right: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Change the rights of a delegation your account gave',
        params: idParams,
        body: delegationPatchSchema,
        response: { 200: delegationAnswer },
      },
    },
    async (request) => roles.patch(authOf(request), delegationId(request.params.id), request.body),
  );

  app.delete(
    '/api/account/role/:id',
    {
      preParsing: guard.required,
      config: { right: 'admin' },
      schema: {
        tags,
        security,
        summary:
          'Revoke a delegation your account gave; the sessions acting through it end at once',
        params: idParams,
      },
    },
    async (request, reply) => {
      await roles.revoke(authOf(request), delegationId(request.params.id));
      return reply.code(204).send();
    },
  );
}
