/**
 * Media (issue 4). Other modules use the service (createMediaService(ctx)):
 * attachPictureToCollection, attachToMemo, presentAttachment, loadAttachmentsForMemos,
 * pictureUrlFor, deleteAttachments, deleteMemoAttachments, removeUserFiles.
 * Routes: registerMediaRoutes (uploads, files, video job, documents) and
 * registerLinkRoutes (image proxy and link previews through the guarded fetch client).
 */
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
