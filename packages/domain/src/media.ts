import { LIMITS } from './constants.js';
import type { AttachmentKind } from './attachment.js';

/**
 * Upload rules of docs/DOMAIN.md, Validation and the media constants of docs/RULES.md, Limits:
 * which extensions belong to which kind, the photo variants, and the limits. The server checks the
 * content (magic bytes) as well; these lists are what the extension alone may claim.
 */

export const PHOTO_EXTENSIONS = [
  'heic',
  'heif',
  'png',
  'jpeg',
  'jpg',
  'jfif',
  'tiff',
  'tif',
  'bmp',
  'svg',
  'gif',
  'webp',
  'avif',
] as const;

export const VIDEO_EXTENSIONS = [
  '3gp',
  'mp4',
  'm4v',
  'mov',
  'mpeg',
  'mpg',
  'avi',
  'webm',
  'mkv',
  'wmv',
  'ogv',
] as const;

export const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'wav', 'ogg', 'aac', 'flac'] as const;

/** Documents: the video and audio types plus office, text and archive files. */
export const DOCUMENT_EXTENSIONS = [
  ...VIDEO_EXTENSIONS,
  ...AUDIO_EXTENSIONS,
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'csv',
  'txt',
  'zip',
  'rtf',
  'odt',
  'ods',
  'odp',
  'eml',
  'md',
  'json',
  'xml',
] as const;

export const EXTENSIONS_BY_KIND: Record<AttachmentKind, readonly string[]> = {
  photo: PHOTO_EXTENSIONS,
  video: [...VIDEO_EXTENSIONS, ...AUDIO_EXTENSIONS],
  document: DOCUMENT_EXTENSIONS,
};

/** The lower-cased extension of a file name without the dot ('' when there is none). */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Whether the file name's extension is one the kind accepts (docs/DOMAIN.md, Validation). */
export function extensionFits(kind: AttachmentKind, fileName: string): boolean {
  return EXTENSIONS_BY_KIND[kind].includes(fileExtension(fileName));
}

/** The `accept` attribute of a file input for the kind. */
export function acceptAttribute(kind: AttachmentKind): string {
  return EXTENSIONS_BY_KIND[kind].map((ext) => `.${ext}`).join(',');
}

/** Photo variants (docs/RULES.md, Limits), webp, by width; avatars also get 1200w. */
export const PHOTO_VARIANTS = ['40w', '80w', '220w', '550w', '900w'] as const;
export const AVATAR_PHOTO_VARIANTS = [...PHOTO_VARIANTS, '1200w'] as const;
export type PhotoVariant = (typeof AVATAR_PHOTO_VARIANTS)[number];
/** The variant a single picture URL shows (collection covers, video posters). */
export const DEFAULT_PHOTO_VARIANT: PhotoVariant = '550w';

export function isPhotoVariant(value: unknown): value is PhotoVariant {
  return typeof value === 'string' && (AVATAR_PHOTO_VARIANTS as readonly string[]).includes(value);
}

/** The width in pixels of a variant name like '550w'. */
export const variantWidth = (variant: PhotoVariant): number => Number(variant.slice(0, -1));

export const ATTACHMENT_STATUSES = ['processing', 'ready', 'failed', 'deleted'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

/** What an attachment belongs to. */
export const ATTACHMENT_OWNERS = [
  'memo',
  'collection',
  'avatar',
  'cover',
  'banner',
  /** the public profile's own picture (docs/RULES.md, Public profile) */
  'public_picture',
  'thread',
  'message',
] as const;
export type AttachmentOwner = (typeof ATTACHMENT_OWNERS)[number];

export const MEGABYTE = 1024 * 1024;

/**
 * Collection pictures: at most this many MB (docs/RULES.md, Limits: "Collection picture max size:
 * 80").
 */
export const COLLECTION_PICTURE_MAX_MB = LIMITS.collectionPictureMaxSize;

/**
 * Signed media URLs (secure_url) are valid between one and two of these windows: the
 * expiry is rounded so one URL stays the same (and cacheable) for a whole window.
 */
export const SECURE_URL_WINDOW_SECONDS = 60 * 60;

/** Location and description suggestions read from a photo's metadata (docs/DOMAIN.md, Entities). */
export interface PhotoSuggestions {
  location: { latitude: number; longitude: number } | null;
  description: string | null;
}
