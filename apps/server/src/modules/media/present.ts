import {
  DEFAULT_PHOTO_VARIANT,
  DEFAULT_RATIOS,
  isPhotoVariant,
  type Attachment,
  type AttachmentKind,
  type PhotoSuggestions,
  type PhotoVariant,
} from '@memoria/domain';
import { isoTime, readCount, readJson } from '../../db/dialect.js';
import type { Viewer } from '../audience/index.js';
import type { StoredVariant } from './photos.js';
import { signMediaPath } from './signing.js';
import type { AttachmentRow } from './store.js';

export type OwnerPath = 'memo' | 'collection' | 'user' | 'thread' | 'message';

/** `/api/{memo|collection|user|thread|message}/{photo|video|document}/{id}` (docs/API.md, Calls: media paths). */
export function mediaPath(owner: OwnerPath, type: AttachmentKind, id: number): string {
  return `/api/${owner}/${type}/${id}`;
}

export function ownerPathOf(row: Pick<AttachmentRow, 'owner_kind'>): OwnerPath {
  if (row.owner_kind === 'collection') return 'collection';
  if (row.owner_kind === 'thread') return 'thread';
  if (row.owner_kind === 'message') return 'message';
  if (
    row.owner_kind === 'avatar' ||
    row.owner_kind === 'cover' ||
    row.owner_kind === 'banner' ||
    row.owner_kind === 'public_picture'
  ) {
    return 'user';
  }
  return 'memo';
}

export function variantsOf(
  row: Pick<AttachmentRow, 'variants'>,
): Partial<Record<PhotoVariant, StoredVariant>> {
  const stored = readJson<Record<string, StoredVariant>>(row.variants, {});
  return Object.fromEntries(Object.entries(stored).filter(([name]) => isPhotoVariant(name)));
}

/**
 * The Attachment of docs/DOMAIN.md, Entities for a viewer who may see it. Photos get a signed URL
 * per variant (`secure_urls`) and the 550w one as `secure_url`; other files get one signed
 * URL of the file, and converted videos their poster frame per variant in `secure_urls`
 * (`{content_url}?variant=550w`). Metadata suggestions (a GPS position!) go to the
 * uploader only.
 */
export function presentAttachment(row: AttachmentRow, viewer: Viewer, key: Buffer): Attachment {
  const type = row.type as AttachmentKind;
  const path = mediaPath(ownerPathOf(row), type, row.id);
  const ready = row.status === 'ready';
  let secureUrls: Partial<Record<PhotoVariant, string>> | null = null;
  let secureUrl: string | null = null;
  if (type === 'photo') {
    secureUrls = {};
    if (ready) {
      for (const variant of Object.keys(variantsOf(row)) as PhotoVariant[]) {
        secureUrls[variant] = signMediaPath(key, path, variant);
      }
      secureUrl = secureUrls[DEFAULT_PHOTO_VARIANT] ?? null;
    }
  } else if (ready) {
    secureUrl = signMediaPath(key, path, '');
    if (type === 'video') {
      // The poster frame of a converted video, in the photo variants (550w for previews).
      const posters = Object.keys(variantsOf(row)) as PhotoVariant[];
      if (posters.length > 0) {
        secureUrls = {};
        for (const variant of posters) secureUrls[variant] = signMediaPath(key, path, variant);
      }
    }
  }
  const answer: Attachment = {
    id: row.id,
    '@id': path,
    type,
    content_url: type === 'photo' ? `${path}?variant=${DEFAULT_PHOTO_VARIANT}` : path,
    secure_url: secureUrl,
    secure_urls: secureUrls,
    file_name: row.file_name,
    mime_type: row.mime_type,
    width: row.width,
    height: row.height,
    ratio: row.ratio ?? (type === 'photo' ? DEFAULT_RATIOS.photo : DEFAULT_RATIOS.video),
    description: row.description,
    sequence_number: row.sequence_number,
    length: row.length,
    size: readCount(row.size),
    status: row.status,
    action: row.action === 'delete' ? 'delete' : null,
    replace_document_id: row.replace_document_id,
    replaced_by_document_id: row.replaced_by_document_id,
    error: row.error,
    created_at: isoTime(row.created_at) ?? '',
    user: row.user_id,
  };
  if (viewer.userId !== null && viewer.userId === row.user_id && type === 'photo') {
    const exif = readJson<{ suggestions?: PhotoSuggestions }>(row.exif, {});
    answer.suggestions = exif.suggestions ?? { location: null, description: null };
  }
  return answer;
}
