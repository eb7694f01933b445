/**
 * Media (issue 4). Other modules use the service (createMediaService(ctx)):
 * attachPictureToCollection, attachToMemo, presentAttachment, loadAttachmentsForMemos,
 * pictureUrlFor, deleteAttachments, removeUserFiles.
 */
export {
  createMediaService,
  PURGE_JOB,
  type MediaService,
  type MemoAttachmentLists,
} from './service.js';
export { registerMediaRoutes } from './routes.js';
export type { AttachmentRow } from './store.js';
