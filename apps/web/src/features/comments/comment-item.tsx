import { Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import type { MemoComment } from '@memoria/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { showApiError } from '../../ui/toasts';
import { CommentComposer } from './comment-composer';
import { CommentMenu } from './comment-menu';
import { CommentText } from './comment-text';
import { useEditComment, useReplies } from './queries';
import classes from './comments.module.css';

export interface CommentItemProps {
  comment: MemoComment;
  memoId: number;
  canComment: boolean;
  /** answering: the thread's top comment answers (replies join it); opener: the button */
  onReply?: (comment: MemoComment, opener?: HTMLElement) => void;
  onDelete: (comment: MemoComment) => void;
  /** the thread under a top-level comment: answers, and the box to write one */
  replyOpen?: boolean;
  onReplySubmit?: (text: string) => Promise<unknown>;
  onReplyCancel?: () => void;
  replyBusy?: boolean;
}

/** One comment: who and when, the text, and what the viewer may do with it. */
export function CommentItem({
  comment,
  memoId,
  canComment,
  onReply,
  onDelete,
  replyOpen = false,
  onReplySubmit,
  onReplyCancel,
  replyBusy = false,
}: CommentItemProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [editing, setEditing] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const edit = useEditComment(memoId);
  const isTop = comment.parent === null;
  const replies = useReplies(memoId, comment.id, isTop && (showReplies || replyOpen));
  const menuButton = useRef<HTMLButtonElement>(null);
  // the menu buttons all say "Actions for this comment": each is described by its comment
  const authorId = useId();
  const textId = useId();
  /** set when the edit box closes: the actions menu button (rendered again) takes the focus */
  const focusMenu = useRef(false);
  /** the "Reply" button that opened this thread's reply box: it takes the focus back */
  const replyOpener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (editing || !focusMenu.current) return;
    focusMenu.current = false;
    menuButton.current?.focus();
  }, [editing]);

  const stopEditing = () => {
    focusMenu.current = true;
    setEditing(false);
  };
  const answer = (target: MemoComment, opener?: HTMLElement) => {
    replyOpener.current = opener ?? null;
    onReply?.(target, opener);
  };
  const focusReplyOpener = () => {
    if (replyOpener.current?.isConnected) replyOpener.current.focus();
  };

  return (
    <Stack gap={6} data-testid="comment" data-comment-id={comment.id}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Avatar src={comment.author.picture} size={32} radius="xl">
          {comment.author.label}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Anchor
              id={authorId}
              component={Link}
              to={`/profile/${comment.author.id}`}
              size="sm"
              fw={600}
            >
              {comment.author.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatDateTime(comment.createdAt, locale)}
              {comment.edited && ` · ${t('engagement.comments.edited')}`}
            </Text>
          </Group>
          {editing ? (
            <CommentComposer
              memoId={memoId}
              initial={comment.description}
              placeholder={t('engagement.comments.placeholder')}
              submitLabel={t('engagement.comments.save')}
              busy={edit.isPending}
              autoFocus
              testId="comment-edit"
              onCancel={stopEditing}
              onSubmit={(description) =>
                edit.mutateAsync(
                  { id: comment.id, description },
                  { onSuccess: stopEditing, onError: showApiError },
                )
              }
            />
          ) : (
            <CommentText id={textId} text={comment.description} />
          )}
          {!editing && (
            <Group gap={4}>
              {canComment && onReply && (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  onClick={(event) => answer(comment, event.currentTarget)}
                  data-testid="comment-reply"
                >
                  {t('engagement.comments.reply')}
                </Button>
              )}
              {isTop && comment.replies_count > 0 && (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  aria-expanded={showReplies}
                  onClick={() => setShowReplies((open) => !open)}
                  data-testid="comment-toggle-replies"
                >
                  {showReplies
                    ? t('engagement.comments.hideReplies')
                    : t('engagement.comments.showReplies', { count: comment.replies_count })}
                </Button>
              )}
            </Group>
          )}
        </Stack>
        {(comment.can_edit || comment.can_delete) && !editing && (
          <CommentMenu
            comment={comment}
            describedBy={`${authorId} ${textId}`}
            buttonRef={menuButton}
            onEdit={() => setEditing(true)}
            onDelete={() => {
              // the confirmation returns the focus to what had it when it opened
              menuButton.current?.focus();
              onDelete(comment);
            }}
          />
        )}
      </Group>
      {isTop && (showReplies || replyOpen) && (
        <Stack gap="sm" className={classes.replies} data-testid="comment-replies">
          {showReplies &&
            (replies.data ?? []).map((reply) => (
              <CommentItem
                key={reply.id}
                comment={reply}
                memoId={memoId}
                canComment={canComment}
                onReply={onReply && answer}
                onDelete={onDelete}
              />
            ))}
          {replyOpen && onReplySubmit && (
            <CommentComposer
              memoId={memoId}
              placeholder={t('engagement.comments.replyPlaceholder')}
              submitLabel={t('engagement.comments.send')}
              busy={replyBusy}
              autoFocus
              testId="reply-composer"
              onCancel={() => {
                focusReplyOpener();
                onReplyCancel?.();
              }}
              onSubmit={async (text) => {
                await onReplySubmit(text);
                setShowReplies(true);
                focusReplyOpener();
              }}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
