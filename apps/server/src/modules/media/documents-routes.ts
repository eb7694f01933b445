import { z } from 'zod';
import { COLLECTION_ID_PATTERN, type AttachmentKind } from '@memoria/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthGuard } from '../../http/auth.js';
import { ApiError, violation } from '../../http/errors.js';
import { parsePaging, sendCollection } from '../../http/hydra.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { Viewer } from '../audience/index.js';
import { attachmentAnswer } from './answers.js';
import type { DocumentService } from './documents.js';
import type { MediaService } from './service.js';
import { attachmentIdOf, filePart, type FilePart } from './upload-parts.js';

const tags = ['media'];
const security = [{ bearer: [] }];
const DESCRIPTION_MAX = 1000;
const MAX_ITEMS_PER_PAGE = 100;

const idParams = z.object({ id: z.string().max(64) });
const secret = z.string().max(128).optional();
const listQuery = z.object({
  page: z.string().max(20).optional(),
  itemsPerPage: z.string().max(20).optional(),
  offset: z.string().max(20).optional(),
  collection_sec_link: secret,
  memo_sec_link: secret,
});
const patchBody = z
  .object({
    description: z.string().max(DESCRIPTION_MAX, 'validation.tooLong').nullable().optional(),
    sequence_number: z.number().int().min(0).max(1_000_000).optional(),
  })
  .nullish();

const pagingOf = (query: unknown) => {
  const paging = parsePaging(query, {
    defaultItemsPerPage: 30,
    maxItemsPerPage: MAX_ITEMS_PER_PAGE,
  });
  return { offset: paging.offset, limit: paging.itemsPerPage };
};
const viewerOf = (
  request: FastifyRequest,
  query: { collection_sec_link?: string; memo_sec_link?: string },
  visitorOnly = false,
): Viewer => ({
  userId: visitorOnly ? null : (request.auth?.userId ?? null),
  collectionSecret: query.collection_sec_link || null,
  memoSecret: query.memo_sec_link || null,
});

/** The optional multipart fields of a document upload, read before its file. */
function documentFields({ part, field }: FilePart) {
  const fail = (error: Error): never => {
    part.file.destroy();
    throw error;
  };
  const ref = (name: string, kind?: string): number | null => {
    const raw = field(name)?.trim();
    if (raw === undefined || raw === '') return null;
    return intIdFromIri(raw, kind) ?? fail(violation(name, 'validation.invalid'));
  };
  const description = field('description')?.trim() || null;
  if (description !== null && description.length > DESCRIPTION_MAX) {
    fail(violation('description', 'validation.tooLong'));
  }
  return {
    memoId: ref('memo', 'memo'),
    replaceId: ref('replace_document_id'),
    description,
  };
}

/**
 * POST /api/memo/document, registered in the multipart scope of the media routes:
 * fields `memo` (IRI or id), `replace_document_id` (the document this is a new version
 * of) and `description`, all before `file`.
 */
export function registerDocumentUpload(
  app: ZodApp,
  guard: AuthGuard,
  media: MediaService,
  documents: DocumentService,
  uploadLimit: number,
): void {
  app.post(
    '/api/memo/document',
    {
      preParsing: guard.required,
      config: { right: 'memos', uploadForm: ['memo', 'replace_document_id', 'description'] },
      schema: {
        tags,
        security,
        summary:
          'Upload a memo document (multipart: optional `memo`, `replace_document_id`, `description`, then `file`); with replace_document_id it becomes the new version of that document',
        response: { 201: attachmentAnswer },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).userId;
      const parts = await filePart(request, uploadLimit);
      const fields = documentFields(parts);
      const plan = await documents.plan(userId, fields).catch((error: unknown) => {
        parts.part.file.destroy();
        throw error;
      });
      const row = await media.upload(
        userId,
        { fileName: parts.part.filename || 'file', stream: parts.part.file },
        {
          kind: 'document',
          owner: 'memo',
          memoId: null,
          collectionId: null,
          maxBytes: uploadLimit,
          finish: documents.finisher(userId, plan),
        },
      );
      return reply.code(201).send(media.presentAttachment(row, { userId }));
    },
  );
}

/** Description and order of memo attachments, document versions, a collection's documents. */
export function registerDocumentRoutes(
  app: ZodApp,
  guard: AuthGuard,
  documents: DocumentService,
): void {
  for (const type of ['photo', 'video', 'document'] as const satisfies AttachmentKind[]) {
    app.patch(
      `/api/memo/${type}/:id`,
      {
        config: { right: 'memos' },
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary: `Change the description or sequence_number of a memo ${type} (its uploader or the memo's author)`,
          params: idParams,
          body: patchBody,
          response: { 200: attachmentAnswer },
        },
      },
      async (request) =>
        documents.update(
          authOf(request).userId,
          type,
          attachmentIdOf(request.params.id),
          request.body ?? {},
        ),
    );
  }

  app.get(
    '/api/memo/document/:id/versions',
    {
      preParsing: guard.optional,
      schema: {
        tags,
        summary:
          'The kept older versions of a document (preserve_documents_version), newest first; hydra with Accept: application/ld+json',
        params: idParams,
        querystring: listQuery,
      },
    },
    async (request, reply) => {
      const page = await documents.versions(
        viewerOf(request, request.query),
        attachmentIdOf(request.params.id),
        pagingOf(request.query),
      );
      return sendCollection(request, reply, page.members, page.total);
    },
  );

  const collectionDocuments =
    (visitorOnly: boolean) =>
    async (
      request: FastifyRequest<{ Params: { id: string }; Querystring: z.infer<typeof listQuery> }>,
      reply: FastifyReply,
    ) => {
      if (!COLLECTION_ID_PATTERN.test(request.params.id)) {
        throw new ApiError(404, 'collection.notFound');
      }
      const page = await documents.ofCollection(
        viewerOf(request, request.query, visitorOnly),
        request.params.id,
        pagingOf(request.query),
      );
      return sendCollection(request, reply, page.members, page.total);
    };
  const listSchema = (visitor: boolean) => ({
    preParsing: visitor ? undefined : guard.optional,
    schema: {
      tags,
      summary:
        'The current documents of the memos of a collection the caller may see (each with `memo` and `has_versions`), newest first',
      params: idParams,
      querystring: listQuery,
    },
  });
  app.get('/api/collection/:id/document', listSchema(false), collectionDocuments(false));
  app.get('/api/p/collection/:id/document', listSchema(true), collectionDocuments(true));
}
