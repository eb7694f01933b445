import { Anchor, Avatar, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import {
  IconCalendarDue,
  IconCalendarEvent,
  IconClock,
  IconEyeOff,
  IconMapPin,
  IconPaperclip,
  IconPinFilled,
} from '@tabler/icons-react';
import type { Memo } from '@memoria/domain';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate, formatDateTime } from '../../i18n/format';
import { MemoAttachmentsLazy as MemoAttachments } from '../media/memo-attachments-lazy';
import { MemoMenu } from './memo-menu';
import { CommentsLink } from '../comments/comments-link';
import { ReactionControl } from '../reactions/reaction-control';
import { RelativeTimeLabel } from '../../ui/relative-time-label';
import { fileCount, hashtagPath, isPinned, memoPath, plainText } from './memo-text';
import { progressOf } from './todo-header';

export interface MemoCardProps {
  memo: Memo;
  /** visitors and /p routes: links stay public and no actions are offered */
  isPublic?: boolean;
  /** the collection the list belongs to (pin state and pin/unpin calls are per collection) */
  collectionId?: string;
  /** among a list's first cards: its pictures load at once */
  firstScreen?: boolean;
}

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

/**
 * One memo in a list (docs/SCREENS.md, Lists and forms): the author's picture and name, when
 * (relative, the exact moment in its title) and in which collection; pinned and scheduled
 * badges, title, excerpt, checklist progress, tags as hashtag links, location, dates, the
 * reaction control and the comments link, with the context menu. A memo of a muted
 * collection is folded away until asked for.
 */
export function MemoCard({
  memo,
  isPublic = false,
  collectionId,
  firstScreen = false,
}: MemoCardProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [reveal, setReveal] = useState(false);
  const excerpt = plainText(memo.description);
  const progress = progressOf(memo.memo_todos);
  const files = fileCount(memo);
  const scheduled = memo.isScheduled && memo.status === 'scheduled';

  if (memo.isHidden && !reveal) {
    return (
      <Paper withBorder radius="md" px="md" py="sm" data-testid="memo-card-hidden">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconEyeOff size={16} aria-hidden style={{ flex: 'none' }} />
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {t('memos.card.hidden', { name: memo.collection?.name ?? '' })}
            </Text>
          </Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setReveal(true)}
            style={{ flex: 'none' }}
            data-testid="memo-card-reveal"
          >
            {t('memos.card.hiddenShow')}
          </Button>
        </Group>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="memo-card" data-memo-id={memo.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }} data-testid="memo-byline">
            {/* the name is beside it: the picture adds nothing for a screen reader */}
            <Avatar src={memo.author.picture} alt="" size={36} radius="xl" aria-hidden>
              {memo.author.label}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end" data-testid="memo-author">
                {memo.author.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                <RelativeTimeLabel value={memo.createdAt} span data-testid="memo-time" />
                {/* the "·" stays with the time when the line wraps */}
                {memo.collection && '\u00a0· '}
                {memo.collection && t('memos.card.inCollection', { name: memo.collection.name })}
              </Text>
            </Stack>
          </Group>
          {!isPublic && <MemoMenu memo={memo} collectionId={collectionId} />}
        </Group>

        {(isPinned(memo) || scheduled) && (
          <Group gap={6}>
            {isPinned(memo) && (
              <Badge
                size="sm"
                variant="light"
                leftSection={<IconPinFilled size={12} aria-hidden />}
                data-testid="memo-pinned"
              >
                {t('memos.card.pinned')}
              </Badge>
            )}
            {scheduled && (
              <Badge
                size="sm"
                variant="light"
                color="orange"
                leftSection={<IconClock size={12} aria-hidden />}
                data-testid="memo-scheduled"
              >
                {t('memos.card.scheduled')}
              </Badge>
            )}
          </Group>
        )}
        <Anchor
          component={Link}
          to={memoPath(memo, { isPublic })}
          fw={600}
          size="lg"
          c="var(--mantine-color-text)"
          style={{ overflowWrap: 'anywhere' }}
          aria-label={t('memos.card.open', { title: memo.title })}
          data-testid="memo-card-title"
        >
          {memo.title}
        </Anchor>

        {excerpt && (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {excerpt}
          </Text>
        )}

        <MemoAttachments memo={memo} compact access={{ isPublic }} eager={firstScreen} />

        {progress.total > 0 && (
          <Group gap="xs" wrap="nowrap" data-testid="memo-progress">
            <Progress
              value={(progress.done / progress.total) * 100}
              size="sm"
              style={{ flex: 1, maxWidth: 200 }}
              aria-hidden
            />
            <Text size="xs" c="dimmed">
              {t('memos.card.todos', { done: progress.done, total: progress.total })}
            </Text>
          </Group>
        )}

        {memo.memo_tags.length > 0 && (
          <Group gap={6}>
            {memo.memo_tags.map((tag) => (
              <Anchor
                key={tag}
                component={Link}
                to={hashtagPath(tag, { isPublic })}
                size="sm"
                data-testid="memo-tag"
              >
                #{tag}
              </Anchor>
            ))}
          </Group>
        )}

        <Group gap="md">
          {memo.isScheduled && memo.memo_scheduled && (
            <Meta icon={<IconClock size={14} aria-hidden />}>
              {t('memos.card.scheduledFor', { date: formatDateTime(memo.memo_scheduled, locale) })}
            </Meta>
          )}
          {memo.date_event && (
            <Meta icon={<IconCalendarEvent size={14} aria-hidden />}>
              {t('memos.card.event', { date: formatDateTime(memo.date_event, locale) })}
            </Meta>
          )}
          {memo.date_todo_due && (
            <Meta icon={<IconCalendarDue size={14} aria-hidden />}>
              {t('memos.card.due', { date: formatDate(memo.date_todo_due, locale) })}
            </Meta>
          )}
          {memo.location && (
            <Meta icon={<IconMapPin size={14} aria-hidden />}>
              {memo.location.description ||
                `${memo.location.latitude.toFixed(4)}, ${memo.location.longitude.toFixed(4)}`}
            </Meta>
          )}
          {files > 0 && (
            <Meta icon={<IconPaperclip size={14} aria-hidden />}>
              {t('memos.card.files', { count: files })}
            </Meta>
          )}
        </Group>

        {!isPublic && memo.can_see_engagement && (
          <Group justify="space-between" gap="xs" wrap="wrap" data-testid="memo-engagement">
            <ReactionControl memo={memo} />
            <CommentsLink memo={memo} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
