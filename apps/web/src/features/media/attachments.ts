import type { Attachment, Memo } from '@memoria/domain';

/**
 * What users see: not deleted, not replaced by a newer version, in their order (docs/DOMAIN.md,
 * States).
 */
export function visible(list: readonly Attachment[]): Attachment[] {
  return list
    .filter(
      (item) =>
        item.status !== 'deleted' &&
        item.action !== 'delete' &&
        item.replaced_by_document_id === null,
    )
    .sort((a, b) => a.sequence_number - b.sequence_number);
}

/** The gallery's items: photos, then videos. */
export function galleryItems(memo: Pick<Memo, 'memo_photos' | 'memo_videos'>): Attachment[] {
  return [...visible(memo.memo_photos), ...visible(memo.memo_videos)];
}

const SRCSET_VARIANTS = ['220w', '550w', '900w'] as const;

/** srcset from the signed variant URLs (220w, 550w, 900w) for <img> (memo and message photos). */
export function srcSetOf(item: Pick<Attachment, 'secure_urls'>): string | undefined {
  const urls = item.secure_urls;
  if (!urls) return undefined;
  const parts = SRCSET_VARIANTS.flatMap((variant) => {
    const url = urls[variant];
    return url ? [`${url} ${variant}`] : [];
  });
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** One picture URL: the variant asked for, else the largest available, else secure_url. */
export function pictureUrl(item: Attachment, variant: '220w' | '550w' | '900w' = '550w') {
  const urls = item.secure_urls ?? {};
  return urls[variant] ?? urls['900w'] ?? urls['550w'] ?? urls['220w'] ?? item.secure_url ?? '';
}

/**
 * width / height (defaults of docs/DOMAIN.md, Entities: photo 1, video 1.75), kept within a sane
 * band for tiles.
 */
export function ratioOf(item: Attachment): number {
  const fallback = item.type === 'photo' ? 1 : 1.75;
  const ratio = item.ratio > 0 ? item.ratio : fallback;
  return Math.min(2.5, Math.max(0.5, ratio));
}

export const isProcessing = (item: Attachment) =>
  item.type === 'video' && item.status === 'processing';

export function galleryPath(memoId: number, itemId: number, isPublic = false): string {
  return `${isPublic ? '/p' : ''}/memo/${memoId}/gallery/${itemId}`;
}
