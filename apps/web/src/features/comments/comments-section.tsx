import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { Memo, MemoComment } from '@memoria/domain';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '../../api/errors';
import { useTranslation } from '../../i18n';
import { showApiError, showSuccess } from '../../ui/toasts';
import { loadChunk } from '../../ui/lazy-page';
import type { ConfirmRequest } from '../connections/confirm-dialog';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { useMemoLive } from './live';
import { useComments, useCreateComment, useDeleteComment, useWatchMemoComments } from './queries';

// The confirmation (Modal, its overlay and scroll lock) loads when a deletion is first asked
// for: a memo's page no longer fetches it after its first paint.
const ConfirmDialog = lazy(() =>
  loadChunk(() => import('../connections/confirm-dialog')).then((m) => ({
    default: m.ConfirmDialog,
  })),
);

/**
 * The comments under a memo (docs/API.md, Calls): the top-level comments oldest first, each
 * with its answers on demand; writing, answering, editing and deleting (after a
 * confirmation); watching the memo's comments. Seen by the author's connections and
 * followers only; new comments of others arrive live.
 */
export function CommentsSection({ memo }: { memo: Memo }) {
  const { t } = useTranslation();
  const comments = useComments(memo.id, memo.can_see_engagement);
  const create = useCreateComment(memo.id);
  const remove = useDeleteComment(memo.id);
  const watch = useWatchMemoComments();
  const [replyTo, setReplyTo] = useState<{ thread: number; to: MemoComment } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  // mounted from the first request on, so that it closes with its transition
  const [confirmAsked, setConfirmAsked] = useState(false);
  useMemoLive(memo.id, 'comment');
  const { hash } = useLocation();
  const section = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** watches for a deleted comment to leave the page, to move the focus on (see focusOnAfter) */
  const deleteWatch = useRef<MutationObserver | null>(null);
  const loaded = comments.isSuccess;
  // Opened from a card's comments link (/memo/{id}#comments): show the comments.
  useEffect(() => {
    if (hash === '#comments' && loaded) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);
  useEffect(() => () => deleteWatch.current?.disconnect(), []);

  if (!memo.can_see_engagement) return null;

  /**
   * A deleted comment takes its actions menu button, which had the focus, with it when the
   * list comes back without it: the focus then goes to the next comment's menu button, else
   * the previous one's, else the box to write a comment, else the heading.
   */
  const focusOnAfter = (deleted: number) => {
    const root = section.current;
    const item = () => root?.querySelector(`[data-comment-id="${deleted}"]`) ?? null;
    const gone = item();
    if (!root || !gone) return;
    const commentOf = (menu: Element) => menu.closest('[data-comment-id]');
    const menus = [...root.querySelectorAll<HTMLElement>('[data-testid="comment-menu"]')].filter(
      (menu) => !gone.contains(menu),
    );
    const follows = (menu: Element) =>
      Boolean(gone.compareDocumentPosition(menu) & Node.DOCUMENT_POSITION_FOLLOWING);
    const order = [
      ...menus.filter(follows),
      ...menus.filter((menu) => !follows(menu)).reverse(),
    ].map((menu) => commentOf(menu)?.getAttribute('data-comment-id'));
    deleteWatch.current?.disconnect();
    const watch = new MutationObserver(() => {
      if (item()) return;
      watch.disconnect();
      // Left alone if the focus went elsewhere meanwhile (not lost, nor in the confirmation).
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (!lost && !active.closest('[role="dialog"]')) return;
      const menuOf = (id: string | null | undefined) => {
        const menu = root.querySelector<HTMLElement>(
          `[data-comment-id="${id}"] [data-testid="comment-menu"]`,
        );
        return menu && commentOf(menu)?.getAttribute('data-comment-id') === id ? menu : null;
      };
      const next =
        order.map(menuOf).find((menu) => menu !== null) ??
        root.querySelector<HTMLElement>(
          '[data-testid="comment-composer"] [data-testid="comment-input"]',
        ) ??
        heading.current;
      next?.focus();
    });
    watch.observe(root, { childList: true, subtree: true });
    deleteWatch.current = watch;
  };

  const askDelete = (comment: MemoComment) => {
    setConfirmAsked(true);
    setConfirm({
      title: t('engagement.comments.deleteTitle'),
      text: t('engagement.comments.deleteText'),
      confirmLabel: t('engagement.comments.delete'),
      onConfirm: () =>
        remove.mutateAsync(comment, {
          onSuccess: () => {
            focusOnAfter(comment.id);
            showSuccess(t('engagement.comments.deleted'));
          },
          onError: showApiError,
        }),
    });
  };

  const reply = (comment: MemoComment) => {
    const thread = comment.parent === null ? comment.id : Number(comment.parent.split('/').pop());
    setReplyTo({ thread, to: comment });
  };

  return (
    <Paper
      ref={section}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      id="comments"
      data-testid="comments"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          {/* The count beside the heading, not in it: read as one name it ran together
              ("Comments1 comment"). */}
          <Group gap="xs" align="baseline">
            <Title ref={heading} tabIndex={-1} order={2} size="h4">
              {t('engagement.comments.title')}
            </Title>
            {memo.comments_number > 0 && (
              <Text c="dimmed" size="sm" data-testid="comments-count">
                {t('engagement.comments.count', { count: memo.comments_number })}
              </Text>
            )}
          </Group>
          <Switch
            checked={memo.notify_me}
            disabled={watch.isPending}
            onChange={() =>
              watch.mutate(memo, {
                onSuccess: (on) =>
                  showSuccess(
                    on ? t('engagement.comments.watching') : t('engagement.comments.notWatching'),
                  ),
                onError: showApiError,
              })
            }
            label={t('engagement.comments.watch')}
            data-testid="comments-watch"
          />
        </Group>

        {memo.can_comment ? (
          <CommentComposer
            memoId={memo.id}
            placeholder={t('engagement.comments.placeholder')}
            submitLabel={t('engagement.comments.send')}
            busy={create.isPending && replyTo === null}
            onSubmit={(description) =>
              create.mutateAsync({ description }, { onError: showApiError })
            }
          />
        ) : (
          <Alert variant="light" color="gray" data-testid="comments-closed">
            {t('engagement.comments.closed')}
          </Alert>
        )}

        <Divider />

        {comments.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('engagement.comments.loading')}
            </Text>
          </Group>
        ) : comments.isError ? (
          <Alert color="red" variant="light" data-testid="comments-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {isApiError(comments.error) && comments.error.serverMessage
                  ? comments.error.serverMessage
                  : t('engagement.comments.loadError')}
              </Text>
              <Button size="xs" variant="light" onClick={() => void comments.refetch()}>
                {t('engagement.comments.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : comments.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="comments-empty">
            {t('engagement.comments.empty')}
          </Text>
        ) : (
          <Stack gap="lg" data-testid="comments-list">
            {comments.data.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                memoId={memo.id}
                canComment={memo.can_comment}
                onReply={reply}
                onDelete={askDelete}
                replyOpen={replyTo?.thread === comment.id}
                replyBusy={create.isPending}
                onReplyCancel={() => setReplyTo(null)}
                onReplySubmit={(description) =>
                  create.mutateAsync(
                    { description, parent: replyTo?.to['@id'] ?? comment['@id'] },
                    { onSuccess: () => setReplyTo(null), onError: showApiError },
                  )
                }
              />
            ))}
          </Stack>
        )}
      </Stack>
      {confirmAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
