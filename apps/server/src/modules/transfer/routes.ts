import { z } from 'zod';
import {
  TRANSFER,
  TRANSFER_DELEGATE_RIGHT,
  TRANSFER_STATES,
  transferCreateSchema,
  transferMailSchema,
  transferUnlockSchema,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { listOf } from '../comments/answers.js';
import { sendStoredFile } from '../media/serve.js';
import type { TransferService } from './service.js';

const tags = ['transfer'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(64) });
const fileParams = z.object({
  id: z.string().max(64),
  index: z.coerce.number().int().min(0).max(TRANSFER.filesMax),
});

const publicInfo = z.object({
  id: z.string(),
  expires_at: z.string(),
  downloads_left: z.number(),
  file_count: z.number(),
  total_size: z.number(),
  needs_password: z.boolean(),
  filing: z.enum(['filing', 'filed']).optional(),
  memo: z.string().optional(),
});
const summary = z.object({
  id: z.string(),
  status: z.enum(TRANSFER_STATES),
  collection: z.string().nullable(),
  memo: z.string().nullable(),
  filing_error: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  file_count: z.number(),
  total_size: z.number(),
  downloads: z.number(),
  max_downloads: z.number(),
  has_password: z.boolean(),
});
const PAGING = { defaultItemsPerPage: TRANSFER.pageSize, maxItemsPerPage: TRANSFER.pageSize };

/** File transfer calls (docs/notes/file-transfer.md); the tus endpoint is in uploads.ts. */
export function registerTransferRoutes(app: ZodApp, guard: AuthGuard, transfers: TransferService) {
  app.post(
    '/api/transfers',
    {
      config: { right: TRANSFER_DELEGATE_RIGHT },
      preParsing: guard.optional,
      schema: {
        tags,
        summary:
          'Start a transfer: the encrypted manifest, the encrypted size of each file and the rules; answers one tus upload URL per file',
        body: transferCreateSchema,
        response: {
          201: z.object({
            id: z.string(),
            expires_at: z.string(),
            uploads: z.array(z.object({ index: z.number(), upload_url: z.string() })),
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await transfers.create(request.body, {
          ownerId: request.auth?.userId ?? null,
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/api/transfers/:id/complete',
    {
      config: { right: TRANSFER_DELEGATE_RIGHT },
      preParsing: guard.optional,
      schema: {
        tags,
        summary:
          'Open the link once every file is uploaded (409 while one is missing); a collection transfer is queued to become a memo instead (`filing`; its state shows in the caller’s transfers)',
        params: idParams,
        response: { 200: publicInfo },
      },
    },
    async (request) => transfers.complete(request.params.id, request.auth?.userId ?? null),
  );

  app.post(
    '/api/transfers/:id/mail',
    {
      config: {
        right: TRANSFER_DELEGATE_RIGHT,
        // the daily allowance of recipients is the real bound; this stops hammering
        rateLimit: { max: 10, timeWindow: '1 minute' },
      },
      preParsing: guard.optional,
      schema: {
        tags,
        summary:
          'Mail the link to up to 10 addresses, by its sender only: the browser hands the whole link (with its key) over for these mails, which the server neither stores nor logs',
        params: idParams,
        body: transferMailSchema,
        response: {
          200: z.object({ sent: z.number(), recipients_left: z.number() }),
        },
      },
    },
    async (request) =>
      transfers.mailLink(
        request.params.id,
        request.body,
        { ownerId: request.auth?.userId ?? null, ip: request.ip },
        request.locale,
      ),
  );

  app.get(
    '/api/transfers/:id',
    {
      schema: {
        tags,
        summary:
          'What a transfer link shows before the password: size, files, time and downloads left',
        params: idParams,
        response: { 200: publicInfo },
      },
    },
    async (request) => transfers.info(request.params.id),
  );

  app.post(
    '/api/transfers/:id/download',
    {
      // A download reads, it changes nothing of the account a delegate acts for.
      config: { right: 'any', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Count one download (after the password) and answer the encrypted manifest and a token that reads the files',
        params: idParams,
        body: transferUnlockSchema,
        response: {
          200: z.object({
            manifest: z.string(),
            files: z.array(z.object({ index: z.number(), size: z.number() })),
            token: z.string(),
            downloads_left: z.number(),
          }),
        },
      },
    },
    async (request) => transfers.download(request.params.id, request.body.password),
  );

  app.get(
    '/api/transfers/:id/files/:index',
    {
      schema: {
        tags,
        summary:
          'One encrypted file of a transfer, with byte ranges, for the holder of a download token',
        params: fileParams,
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const file = await transfers.fileToRead(
        request.params.id,
        request.params.index,
        request.query.token,
      );
      return sendStoredFile(
        request,
        reply,
        transfers.storage,
        {
          key: file.key,
          size: file.size,
          contentType: 'application/octet-stream',
          fileName: `${file.id}.bin`,
          disposition: 'attachment',
          etag: `"t${file.id}-${file.size}"`,
        },
        'private, no-store',
      );
    },
  );

  app.get(
    '/api/user/transfers',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'The caller’s transfers, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100000).optional(),
          itemsPerPage: z.coerce.number().int().min(1).max(TRANSFER.pageSize).optional(),
        }),
        response: { 200: listOf(summary) },
      },
    },
    async (request, reply) => {
      const { itemsPerPage, offset } = parsePaging(request.query, PAGING);
      const { members, total } = await transfers.listMine(
        authOf(request).userId,
        { limit: itemsPerPage, offset },
        request.locale,
      );
      return sendCollection(request, reply, members, total);
    },
  );

  app.delete(
    '/api/transfers/:id',
    {
      config: { right: TRANSFER_DELEGATE_RIGHT },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Delete one of the caller’s transfers early',
        params: idParams,
      },
    },
    async (request, reply) => {
      await transfers.deleteMine(authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );
}
