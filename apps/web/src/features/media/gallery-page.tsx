import { ActionIcon, FocusTrap, Loader, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import type { Attachment } from '@memoria/domain';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useSession } from '../../session/use-session';
import { useTranslation } from '../../i18n';
import { ErrorPage } from '../../ui/error-page';
import { PageLoader } from '../../ui/page-loader';
import { showError } from '../../ui/toasts';
import { useMemoDetail, type MemoAccess } from '../memos/queries';
import { galleryItems, galleryPath, isProcessing, pictureUrl, srcSetOf } from './attachments';
import classes from './gallery.module.css';
import { useVideoPolling } from './use-video-polling';

const SWIPE_PX = 50;

function Item({ item }: { item: Attachment }) {
  const { t } = useTranslation();
  if (item.type === 'video') {
    if (isProcessing(item) || item.status === 'failed') {
      return (
        <div
          className={classes.pending}
          data-testid={item.status === 'failed' ? 'video-failed' : 'video-pending'}
        >
          {item.status !== 'failed' && <Loader color="white" />}
          <Text c="white">
            {t(
              item.status === 'failed'
                ? 'media.view.conversionFailed'
                : 'media.view.conversionPending',
            )}
          </Text>
        </div>
      );
    }
    return (
      <video
        key={item.id}
        src={item.secure_url ?? undefined}
        poster={pictureUrl(item, '900w') || undefined}
        controls
        playsInline
        preload="metadata"
        onError={() => showError(t('media.gallery.videoPlayError'))}
        data-testid="gallery-video"
      />
    );
  }
  return (
    <img
      key={item.id}
      src={pictureUrl(item, '900w')}
      srcSet={srcSetOf(item)}
      sizes="100vw"
      alt={item.description ?? item.file_name}
      data-testid="gallery-photo"
    />
  );
}

/**
 * /memo/:id/gallery/:itemId (and /p/...): the memo's photos and videos full screen, with
 * arrow keys and swipes to move, Escape to close (back to the memo).
 */
export function GalleryPage() {
  const { t } = useTranslation();
  const { id, itemId } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const publicRoute = location.pathname.startsWith('/p/');
  const smt = params.get('smt') ?? undefined;
  const access: MemoAccess = { isPublic: publicRoute || session?.kind !== 'full', smt };
  const memoId = Number(id);
  const query = useMemoDetail(memoId, access);
  const memo = query.data;
  useVideoPolling(memo ?? { id: memoId, memo_videos: [] }, access);
  const items = useMemo(() => (memo ? galleryItems(memo) : []), [memo]);
  const index = items.findIndex((item) => String(item.id) === itemId);
  const touchStart = useRef<number | null>(null);

  const search = location.search;
  const close = useCallback(
    () => void navigate(`${publicRoute ? '/p' : ''}/memo/${memoId}${search}`),
    [navigate, publicRoute, memoId, search],
  );
  const go = useCallback(
    (step: number) => {
      if (index < 0 || items.length < 2) return;
      const target = items[(index + step + items.length) % items.length];
      if (target)
        void navigate(`${galleryPath(memoId, target.id, publicRoute)}${search}`, { replace: true });
    },
    [index, items, navigate, memoId, publicRoute, search],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') close();
      else if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'ArrowRight') go(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close, go]);

  if (!Number.isInteger(memoId) || memoId <= 0) return <ErrorPage status={404} resource="memo" />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 500;
    return <ErrorPage status={status === 403 || status === 404 ? status : 500} resource="memo" />;
  }
  const item = items[index];

  return (
    <FocusTrap active>
      <div
        className={classes.stage}
        role="dialog"
        aria-modal
        aria-label={memo?.title ?? t('media.gallery.title')}
        data-testid="gallery"
      >
        <div className={classes.bar}>
          <Text size="sm" c="white" truncate>
            {item ? t('media.gallery.position', { index: index + 1, total: items.length }) : ''}
            {memo ? ` · ${memo.title}` : ''}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray.0"
            size="lg"
            onClick={close}
            aria-label={t('media.gallery.close')}
            data-autofocus
          >
            <IconX />
          </ActionIcon>
        </div>
        <div
          className={classes.body}
          onTouchStart={(event) => {
            touchStart.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={(event) => {
            const start = touchStart.current;
            const end = event.changedTouches[0]?.clientX;
            touchStart.current = null;
            if (start === null || end === undefined) return;
            if (end - start > SWIPE_PX) go(-1);
            else if (start - end > SWIPE_PX) go(1);
          }}
        >
          {item ? <Item item={item} /> : <Text c="white">{t('media.gallery.notFound')}</Text>}
          {items.length > 1 && index >= 0 && (
            <>
              <ActionIcon
                className={`${classes.nav} ${classes.prev}`}
                variant="filled"
                color="dark"
                size="xl"
                radius="xl"
                onClick={() => go(-1)}
                aria-label={t('media.gallery.previous')}
              >
                <IconChevronLeft />
              </ActionIcon>
              <ActionIcon
                className={`${classes.nav} ${classes.next}`}
                variant="filled"
                color="dark"
                size="xl"
                radius="xl"
                onClick={() => go(1)}
                aria-label={t('media.gallery.next')}
              >
                <IconChevronRight />
              </ActionIcon>
            </>
          )}
        </div>
      </div>
    </FocusTrap>
  );
}
