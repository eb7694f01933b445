import { Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { Attachment } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { galleryPath, isProcessing, pictureUrl, ratioOf, srcSetOf } from './attachments';
import classes from './photo-grid.module.css';

/** A video tile while it converts: "conversion pending" (docs/DOMAIN.md, Entities). */
export function VideoPending({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={classes.overlay} data-testid={failed ? 'video-failed' : 'video-pending'}>
      {failed ? <IconAlertTriangle size={22} aria-hidden /> : <Loader size="sm" color="white" />}
      <Text size="xs" fw={500} c="white">
        {t(failed ? 'media.view.conversionFailed' : 'media.view.conversionPending')}
      </Text>
    </span>
  );
}

function Tile({
  item,
  memoId,
  isPublic,
  label,
  ratio,
  sizes,
  more,
  search,
  eager,
}: {
  item: Attachment;
  memoId: number;
  isPublic: boolean;
  label: string;
  ratio: number;
  sizes: string;
  more: number;
  search: string;
  eager: boolean;
}) {
  const { t } = useTranslation();
  const pending = isProcessing(item);
  const failed = item.type === 'video' && item.status === 'failed';
  const src = pictureUrl(item);
  return (
    <Link
      to={`${galleryPath(memoId, item.id, isPublic)}${search}`}
      className={classes.tile}
      style={{ aspectRatio: String(ratio) }}
      aria-label={label}
      data-testid="media-tile"
      data-kind={item.type}
    >
      {src && !pending && (
        <img
          src={src}
          srcSet={srcSetOf(item)}
          sizes={sizes}
          alt={item.description ?? ''}
          loading={eager ? undefined : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          width={item.width ?? undefined}
          height={item.height ?? undefined}
        />
      )}
      {item.type === 'video' && !pending && !failed && (
        <span className={classes.play} aria-hidden>
          <IconPlayerPlayFilled size={36} />
        </span>
      )}
      {(pending || failed) && <VideoPending failed={failed} />}
      {more > 0 && (
        <span className={classes.overlay}>
          <Text size="xl" fw={700} c="white">
            {t('media.view.more', { n: more })}
          </Text>
        </span>
      )}
    </Link>
  );
}

/**
 * Photos and videos of a memo as a grid of tiles opening the gallery: responsive images
 * choosing among the 220w/550w/900w variants, lazy loading, the attachment's ratio for a
 * single item and squares otherwise. `limit` shows that many and a +N on the last.
 */
export function PhotoGrid({
  items,
  memoId,
  isPublic = false,
  limit,
  search = '',
  eager = false,
}: {
  items: readonly Attachment[];
  memoId: number;
  isPublic?: boolean;
  limit?: number;
  /** query kept on the gallery links (a secret link's ?smt=) */
  search?: string;
  /**
   * on the first screen: fetched at once and first (a lazy image waits for layout and the
   * intersection observer, and was the screen's largest paint)
   */
  eager?: boolean;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const shown = limit ? items.slice(0, limit) : items;
  const hidden = items.length - shown.length;
  const single = shown.length === 1;
  const columns = single ? 1 : shown.length === 2 || shown.length === 4 ? 2 : 3;
  const photos = items.filter((item) => item.type === 'photo').length;
  const sizes = single
    ? '(max-width: 600px) 100vw, 600px'
    : `(max-width: 600px) ${Math.ceil(100 / columns)}vw, 220px`;
  return (
    <div
      className={classes.grid}
      style={{
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        maxWidth: single ? 600 : undefined,
      }}
      data-testid="photo-grid"
    >
      {shown.map((item, index) => {
        const position = items.indexOf(item);
        const label =
          item.type === 'photo'
            ? t('media.view.photo', { index: position + 1, total: photos })
            : t('media.view.video', { index: position - photos + 1, total: items.length - photos });
        return (
          <Tile
            key={item.id}
            item={item}
            memoId={memoId}
            isPublic={isPublic}
            label={label}
            ratio={single ? ratioOf(item) : 1}
            sizes={sizes}
            more={index === shown.length - 1 ? hidden : 0}
            search={search}
            eager={eager}
          />
        );
      })}
    </div>
  );
}
