import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COLLECTION_PICTURE_MAX_MB,
  LIMITS,
  MEGABYTE,
  MESSENGER_DELEGATE_RIGHT,
  type AttachmentKind,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { ApiError, violation } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { Viewer } from '../audience/index.js';
import { attachmentAnswer } from './answers.js';
import type { OwnerPath } from './present.js';
import type { UserPictureKind } from './store.js';
import { sendStoredFile } from './serve.js';
import {
  CLEANUP_EVERY_MS,
  CLEANUP_JOB,
  PURGE_JOB,
  type MediaService,
  type PurgePayload,
  type UploadTarget,
} from './service.js';
import type { JobQueue } from '../../jobs/queue.js';
import { VIDEO_JOB, type VideoJobPayload } from './video-job.js';
import { PHOTO_JOB, type PhotoJobPayload } from './photo-job.js';
import { attachmentIdOf, filePart } from './upload-parts.js';
import { guardUploadScope } from './upload-scope.js';
import { createDocumentService } from './documents.js';
import { registerDocumentRoutes, registerDocumentUpload } from './documents-routes.js';
import { mayUseExtendedPublicProfile } from '../users/service.js';

const tags = ['media'];
const security = [{ bearer: [] }];

const idParams = z.object({ id: z.string().max(20) });
const fileQuery = z.object({
  variant: z.string().max(10).optional(),
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
  collection_sec_link: z.string().max(100).optional(),
  memo_sec_link: z.string().max(100).optional(),
});

/**
 * Queues the recurring cleanup of uploads never attached (media.cleanup) at `runAt`; one
 * waiting run at most (its unique key). The server calls it when it starts its job loop.
 */
export async function scheduleMediaCleanup(
  jobs: JobQueue,
  runAt: Date = new Date(Date.now() + CLEANUP_EVERY_MS),
): Promise<void> {
  await jobs.enqueue(CLEANUP_JOB, {}, { runAt, uniqueKey: CLEANUP_JOB, maxAttempts: 3 });
}

/**
 * Media routes (docs/API.md, Calls): uploads (multipart, in a plugin of their own so
 * only these routes accept multipart bodies) and the files themselves.
 */
export async function registerMediaRoutes(
  app: FastifyInstance,
  guard: AuthGuard,
  media: MediaService,
  options: { uploadLimitMb: number; jobs: JobQueue },
): Promise<void> {
  const uploadLimit = options.uploadLimitMb * MEGABYTE;
  options.jobs.register<PurgePayload>(PURGE_JOB, (payload) => media.purge(payload));
  options.jobs.register(CLEANUP_JOB, async () => {
    await media.cleanupUnattached();
    // Recurring: the next run is queued once this one did its work.
    await scheduleMediaCleanup(options.jobs, new Date(Date.now() + CLEANUP_EVERY_MS));
  });
  options.jobs.register<PhotoJobPayload>(PHOTO_JOB, (payload) => media.makePhotoVariants(payload));
  options.jobs.register<VideoJobPayload>(VIDEO_JOB, (payload, job) =>
    media.convertVideo(payload, job),
  );
  const documents = createDocumentService(media.database, media, options.jobs);

  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: uploadLimit, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    guardUploadScope(scope);
    const zapp = scope.withTypeProvider<ZodTypeProvider>();

    async function upload(
      request: FastifyRequest,
      target: Omit<UploadTarget, 'memoId'>,
      memoField?: string,
    ) {
      const userId = authOf(request).userId;
      const { part, field } = await filePart(request, target.maxBytes);
      let memoId: number | null = null;
      const memoRef = memoField ? field(memoField) : undefined;
      if (memoRef !== undefined && memoRef !== '') {
        const id = intIdFromIri(memoRef, 'memo');
        if (id === undefined) {
          part.file.destroy();
          throw violation('memo', 'validation.invalid');
        }
        memoId = await media.memoForUpload(userId, id).catch((error: unknown) => {
          part.file.destroy();
          throw error;
        });
      }
      const row = await media.upload(
        userId,
        { fileName: part.filename || 'file', stream: part.file },
        { ...target, memoId },
      );
      return media.presentAttachment(row, { userId });
    }

    zapp.post(
      '/api/collection/picture',
      {
        preParsing: guard.required,
        config: { right: 'collections', uploadForm: [] },
        schema: {
          tags,
          security,
          summary: 'Upload a collection picture (multipart field `file`; a photo, at most 80 MB)',
          response: { 201: attachmentAnswer },
        },
      },
      async (request, reply) => {
        const answer = await upload(request, {
          kind: 'photo',
          owner: 'collection',
          collectionId: null,
          maxBytes: Math.min(uploadLimit, COLLECTION_PICTURE_MAX_MB * MEGABYTE),
        });
        return reply.code(201).send(answer);
      },
    );

    zapp.post(
      '/api/thread/picture',
      {
        preParsing: guard.required,
        config: { uploadForm: [], right: MESSENGER_DELEGATE_RIGHT },
        schema: {
          tags,
          security,
          summary:
            'Upload a conversation picture (multipart field `file`; a photo, at most 80 MB); a thread create or PATCH then names it as thread_picture',
          response: { 201: attachmentAnswer },
        },
      },
      async (request, reply) => {
        const answer = await upload(request, {
          kind: 'photo',
          owner: 'thread',
          collectionId: null,
          maxBytes: Math.min(uploadLimit, COLLECTION_PICTURE_MAX_MB * MEGABYTE),
        });
        return reply.code(201).send(answer);
      },
    );

    for (const type of ['photo', 'document'] as const) {
      zapp.post(
        `/api/message/${type}`,
        {
          preParsing: guard.required,
          config: { uploadForm: [], right: MESSENGER_DELEGATE_RIGHT },
          schema: {
            tags,
            security,
            summary: `Upload a ${type} for a message (multipart field \`file\`); the send then lists it in message_${type}s`,
            response: { 201: attachmentAnswer },
          },
        },
        async (request, reply) => {
          const answer = await upload(request, {
            kind: type,
            owner: 'message',
            collectionId: null,
            maxBytes: uploadLimit,
          });
          return reply.code(201).send(answer);
        },
      );
    }

    zapp.post(
      '/api/memo/photo',
      {
        preParsing: guard.required,
        config: { right: 'memos', uploadForm: ['memo'] },
        schema: {
          tags,
          security,
          summary:
            'Upload a memo photo (multipart: optional field `memo` first, then `file`); without `memo` it is attached when the memo is saved with it in memo_photos',
          response: { 201: attachmentAnswer },
        },
      },
      async (request, reply) => {
        const answer = await upload(
          request,
          { kind: 'photo', owner: 'memo', collectionId: null, maxBytes: uploadLimit },
          'memo',
        );
        return reply.code(201).send(answer);
      },
    );

    zapp.post(
      '/api/memo/video',
      {
        preParsing: guard.required,
        config: { right: 'memos', uploadForm: ['memo'] },
        schema: {
          tags,
          security,
          summary:
            'Upload a memo video or audio file (multipart: optional field `memo` first, then `file`); answered with status processing until the media.video job has converted it (H.264/AAC MP4, poster frame) and made it ready',
          response: { 201: attachmentAnswer },
        },
      },
      async (request, reply) => {
        const answer = await upload(
          request,
          { kind: 'video', owner: 'memo', collectionId: null, maxBytes: uploadLimit },
          'memo',
        );
        return reply.code(201).send(answer);
      },
    );

    zapp.post(
      '/api/user/picture',
      {
        preParsing: guard.required,
        config: { right: 'profile', uploadForm: [] },
        schema: {
          tags,
          security,
          summary:
            "Upload the signed-in account's picture (multipart field `file`; a photo, at most 80 MB; variants up to 1200w); it replaces the previous one",
          response: { 201: attachmentAnswer },
        },
      },
      async (request, reply) => {
        const userId = authOf(request).userId;
        const answer = await upload(request, {
          kind: 'photo',
          owner: 'avatar',
          collectionId: null,
          maxBytes: Math.min(uploadLimit, COLLECTION_PICTURE_MAX_MB * MEGABYTE),
          finish: (trx, attachmentId) => media.replaceAvatar(trx, userId, attachmentId),
        });
        return reply.code(201).send(answer);
      },
    );

    // The profile cover, the public profile banner and the public profile's own picture:
    // photos of a minimum height (docs/RULES.md, Public profile), each replacing the previous one.
    const personalPicture = (
      url: string,
      kind: 'cover' | 'banner' | 'public_picture',
      minHeight: number,
      summary: string,
    ) =>
      zapp.post(
        url,
        {
          // the public profile's pictures are the delegated right public_profile's (docs/RULES.md)
          config: { right: kind === 'cover' ? 'profile' : 'public_profile' },
          preParsing: guard.required,
          schema: { tags, security, summary, response: { 201: attachmentAnswer } },
        },
        async (request, reply) => {
          const userId = authOf(request).userId;
          // the banner belongs to the extended public profile (docs/RULES.md, Public profile)
          if (
            kind === 'banner' &&
            !(await mayUseExtendedPublicProfile(media.database.db, userId))
          ) {
            throw new ApiError(403, 'publicProfile.subscriptionRequired', {
              extra: { error: 'subscription required' },
            });
          }
          const answer = await upload(request, {
            kind: 'photo',
            owner: kind,
            collectionId: null,
            maxBytes: Math.min(uploadLimit, COLLECTION_PICTURE_MAX_MB * MEGABYTE),
            minHeight,
            finish: (trx, attachmentId) =>
              media.replaceUserPicture(trx, userId, kind, attachmentId),
          });
          return reply.code(201).send(answer);
        },
      );
    personalPicture(
      '/api/user/cover',
      'cover',
      LIMITS.coverMinHeight,
      `Upload the signed-in account's profile cover (multipart field \`file\`; a photo at least ${LIMITS.coverMinHeight}px high); it replaces the previous one`,
    );
    personalPicture(
      '/api/profile/banner',
      'banner',
      LIMITS.coverMinHeight,
      `Upload the public profile banner (multipart field \`file\`; a photo at least ${LIMITS.coverMinHeight}px high); it replaces the previous one`,
    );
    personalPicture(
      '/api/profile/picture',
      'public_picture',
      LIMITS.publicPictureMinHeight,
      `Upload the public profile's own picture (multipart field \`file\`; a photo at least ${LIMITS.publicPictureMinHeight}px high); it replaces the previous one`,
    );

    registerDocumentUpload(zapp, guard, media, documents, uploadLimit);
  });

  const zapp = app.withTypeProvider<ZodTypeProvider>();
  const serve = (owner: OwnerPath, type: AttachmentKind) =>
    zapp.get(
      `/api/${owner}/${type}/:id`,
      {
        preParsing: guard.optional,
        schema: {
          tags,
          summary: `A ${type} file${type === 'photo' ? ' (variant 40w, 80w, 220w, 550w, 900w)' : ''}: with a session, a secret link, or a signed secure_url`,
          params: idParams,
          querystring: fileQuery,
        },
      },
      async (request, reply) => {
        const q = request.query;
        const viewer: Viewer = {
          userId: request.auth?.userId ?? null,
          collectionSecret: q.collection_sec_link ?? null,
          memoSecret: q.memo_sec_link ?? null,
        };
        const { file, cacheControl } = await media.fileForRequest(
          owner,
          type,
          attachmentIdOf(request.params.id),
          q,
          viewer,
        );
        return sendStoredFile(request, reply, media.storage, file, cacheControl);
      },
    );
  registerDocumentRoutes(zapp, guard, documents);
  zapp.delete(
    '/api/user/picture',
    {
      config: { right: 'profile' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: "Remove the signed-in account's picture (frees its storage)",
      },
    },
    async (request, reply) => {
      const removed = await media.deleteAvatar(authOf(request).userId);
      if (!removed) throw new ApiError(404, 'media.notFound');
      return reply.code(204).send();
    },
  );
  const deletePicture = (url: string, kinds: UserPictureKind[], summary: string) =>
    zapp.delete(
      url,
      {
        config: { right: kinds.includes('avatar') ? 'profile' : 'public_profile' },
        preParsing: guard.required,
        schema: { tags, security, summary, params: idParams },
      },
      async (request, reply) => {
        const id = attachmentIdOf(request.params.id);
        await media.deleteUserPicture(authOf(request).userId, id, kinds);
        return reply.code(204).send();
      },
    );
  deletePicture(
    '/api/user/picture/:id',
    ['avatar', 'cover'],
    "Remove one of the signed-in account's pictures (its picture or its cover) by id",
  );
  deletePicture('/api/profile/banner/:id', ['banner'], 'Remove the public profile banner by id');
  deletePicture(
    '/api/profile/picture/:id',
    ['public_picture'],
    "Remove the public profile's own picture by id",
  );
  serve('collection', 'photo');
  serve('user', 'photo');
  serve('thread', 'photo');
  // DELETE /api/message/{type}/{id} is the messenger's: the thread hears of it
  for (const type of ['photo', 'document'] as const) serve('message', type);
  for (const type of ['photo', 'video', 'document'] as const) {
    serve('memo', type);
    zapp.delete(
      `/api/memo/${type}/:id`,
      {
        config: { right: 'memos' },
        preParsing: guard.required,
        schema: {
          tags,
          security,
          summary: `Remove a memo ${type} (marked deleted with action delete; frees storage)`,
          params: idParams,
        },
      },
      async (request, reply) => {
        await media.deleteMemoAttachment(
          authOf(request).userId,
          type,
          attachmentIdOf(request.params.id),
        );
        return reply.code(204).send();
      },
    );
  }
}
