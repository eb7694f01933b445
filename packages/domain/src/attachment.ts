import type { PhotoSuggestions, PhotoVariant } from './media.js';

/** A photo, video or document on a memo or collection (docs/DOMAIN.md, Entities: Attachment). */
export const ATTACHMENT_KINDS = ['photo', 'video', 'document'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export interface Attachment {
  id: number;
  '@id': string;
  type: AttachmentKind;
  content_url: string;
  /** a short-lived URL that carries its own access grant; refreshed through the memo */
  secure_url: string | null;
  /**
   * Photos (and video posters): a signed URL per variant the viewer may load, for
   * <img srcset>; null for documents.
   */
  secure_urls: Partial<Record<PhotoVariant, string>> | null;
  file_name: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  ratio: number;
  description: string | null;
  sequence_number: number;
  length: number | null;
  size: number;
  /** 'processing' | 'ready' | 'failed' | 'deleted' */
  status: string;
  action: 'delete' | null;
  replace_document_id: number | null;
  replaced_by_document_id: number | null;
  error: string | null;
  created_at: string;
  user: number;
  /** location and description read from the photo's metadata; only its uploader gets them */
  suggestions?: PhotoSuggestions;
}
