/**
 * Media (issue 4). Other modules use the service (createMediaService(ctx)):
 * attachPictureToCollection, attachToMemo, presentAttachment, loadAttachmentsForMemos,
 * pictureUrlFor, deleteAttachments, deleteMemoAttachments, removeUserFiles.
 * Routes: registerMedia, that is registerMediaRoutes (uploads, files, video job, documents)
 * and registerLinkRoutes (image proxy and link previews through the guarded fetch client).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import { registerLinkRoutes } from './proxy-routes.js';
import { registerMediaRoutes } from './routes.js';
import { createMediaService } from './service.js';

export {
  CLEANUP_JOB,
  createMediaService,
  PURGE_JOB,
  type MediaService,
  type MemoAttachmentLists,
} from './service.js';
export { registerMediaRoutes, scheduleMediaCleanup } from './routes.js';
export { registerLinkRoutes } from './proxy-routes.js';
export { VIDEO_JOB } from './video-job.js';
export { NEW_DOCUMENT_EVENT, REPLACED_DOCUMENT_EVENT, type MemoDocument } from './documents.js';
export { currentAvatarId, type AttachmentRow } from './store.js';

/** Uploads, files, documents and the video job; the image proxy and link previews. */
export async function registerMedia(
  app: FastifyInstance,
  guard: AuthGuard,
  ctx: AppContext,
): Promise<void> {
  await registerMediaRoutes(app, guard, createMediaService(ctx), {
    uploadLimitMb: ctx.config.uploadLimitMb,
    jobs: ctx.jobs,
  });
  registerLinkRoutes(app.withTypeProvider<ZodTypeProvider>(), guard, ctx.config);
}
