import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendarDue,
  IconCalendarEvent,
  IconClock,
  IconMapPin,
  IconPencil,
  IconPinFilled,
} from '@tabler/icons-react';
import type { Memo } from '@memoria/domain';
import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useSession } from '../../session/use-session';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate, formatDateTime } from '../../i18n/format';
import { ErrorPage } from '../../ui/error-page';
import { PageLoader } from '../../ui/page-loader';
import { useDeferredPending } from '../../ui/deferred-pending';
import { showApiError } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';
import { MemoDescription } from './memo-description';
import { MemoEditorHost, openMemoEditor } from './memo-editor-launcher';
import { MemoMenu } from './memo-menu';
import { hashtagPath, isPinned, profilePath } from './memo-text';
import { useToggleTodo } from './mutations';
import { useMemoDetail, type MemoAccess } from './queries';
import { MemoAttachments } from '../media/memo-attachments';
import { ReactionsBar } from '../reactions/reactions-bar';
import { fromServer } from './todo-list';
import { pageWidth } from '../../ui/page-width';
import { loadChunk } from '../../ui/lazy-page';
import { AfterPaint } from '../../ui/after-paint';

// The comments below the memo (their form, menus and dialogs: thirteen files with the popups'
// code) load once the memo has been drawn, not while its first paint waits (docs/PERFORMANCE.md,
// Lighthouse, fourth and eighth rounds). A lazy component starts its import when it renders,
// so it is rendered only after that paint (AfterPaint).
const CommentsSection = lazy(() =>
  loadChunk(() => import('../comments/comments-section')).then((m) => ({
    default: m.CommentsSection,
  })),
);

// The checklist (Checkbox, Textarea and the editor's own code: six files) loads only for a memo
// that has one; the boot script preloads it when the memo's answer lists todos
// (build/boot-preload.ts). Until it is in, the page keeps its loader: nothing shifts.
const TodoEditor = lazy(() =>
  loadChunk(() => import('./todo-editor')).then((m) => ({ default: m.TodoEditor })),
);

const LocationPicker = lazy(() =>
  import('./editor/location-picker').then((m) => ({ default: m.LocationPicker })),
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={2} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Meta({
  icon,
  children,
  testId,
}: {
  icon: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** An item after the author in the line under the title, led by its "·". */
function MetaItem({ children, nowrap }: { children: ReactNode; nowrap?: boolean }) {
  return (
    <Text span inherit c="dimmed">
      {'\u00a0· '}
      <span style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>{children}</span>
    </Text>
  );
}

function MemoView({ memo, isPublic }: { memo: Memo; isPublic: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const toggle = useToggleTodo();
  const [mapOpen, setMapOpen] = useState(false);
  const todos = useMemo(() => fromServer(memo.memo_todos), [memo.memo_todos]);
  // Collaborators may tick items when the collection allows it; the server decides.
  const canTick =
    !isPublic && (memo.can_edit || Boolean(memo.collection?.collaboration_on_checklist));
  usePageTitle(memo.title);

  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };

  return (
    <Stack gap="lg" {...pageWidth('content')} data-testid="memo-page">
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={back} px="xs">
          {t('memos.view.back')}
        </Button>
        {!isPublic && (
          <Group gap="xs">
            {memo.can_edit && (
              <Button
                variant="light"
                leftSection={<IconPencil size={16} />}
                onClick={() => openMemoEditor({ memo })}
                data-testid="memo-edit"
              >
                {t('memos.view.edit')}
              </Button>
            )}
            <MemoMenu memo={memo} onDeleted={() => void navigate('/', { replace: true })} />
          </Group>
        )}
      </Group>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Group gap={6}>
              {isPinned(memo) && (
                <Badge variant="light" leftSection={<IconPinFilled size={12} aria-hidden />}>
                  {t('memos.card.pinned')}
                </Badge>
              )}
              {memo.isScheduled && memo.status === 'scheduled' && (
                <Badge
                  variant="light"
                  color="orange"
                  leftSection={<IconClock size={12} aria-hidden />}
                >
                  {t('memos.card.scheduled')}
                </Badge>
              )}
            </Group>
            <Title
              order={1}
              size="h2"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="memo-view-title"
            >
              {memo.title}
            </Title>
            <Group gap="xs" wrap="nowrap">
              <Avatar src={memo.author.picture} size={28} radius="xl">
                {memo.author.label}
              </Avatar>
              {/* One line of text, not flex items: it wraps between words, and each "·" is
                  tied to the word before it, so a wrapped line never starts with one. */}
              <Text size="sm" style={{ minWidth: 0 }} data-testid="memo-view-meta">
                {isPublic ? (
                  memo.author.name
                ) : (
                  <Anchor component={Link} to={profilePath(memo.author.id)} inherit>
                    {memo.author.name}
                  </Anchor>
                )}
                {memo.collection && (
                  <MetaItem>
                    {t('memos.card.inCollection', { name: memo.collection.name })}
                  </MetaItem>
                )}
                <MetaItem nowrap>
                  {t('memos.view.createdAt', { date: formatDate(memo.createdAt, locale) })}
                </MetaItem>
              </Text>
            </Group>
          </Stack>

          {memo.description && <MemoDescription html={memo.description} isPublic={isPublic} />}
          <MemoAttachments memo={memo} access={{ isPublic }} eager />

          {todos.length > 0 && (
            <Section title={t('memos.view.todos')}>
              <TodoEditor
                items={todos}
                editable={false}
                canUpdate={canTick}
                onToggle={(item, closed) => {
                  if (item.id === undefined) return;
                  toggle.mutate(
                    { memoId: memo.id, todoId: item.id, closed },
                    { onError: showApiError },
                  );
                }}
              />
            </Section>
          )}

          {memo.memo_tags.length > 0 && (
            <Section title={t('memos.view.tags')}>
              <Group gap="xs">
                {memo.memo_tags.map((tag) => (
                  <Anchor
                    key={tag}
                    component={Link}
                    to={hashtagPath(tag, { isPublic })}
                    data-testid="memo-tag"
                  >
                    #{tag}
                  </Anchor>
                ))}
              </Group>
            </Section>
          )}

          {(memo.date_event || memo.memo_scheduled || memo.date_todo_due || memo.location) && (
            <Stack gap="xs">
              {memo.isScheduled && memo.memo_scheduled && (
                <Meta icon={<IconClock size={16} aria-hidden />} testId="memo-view-scheduled">
                  {t('memos.card.scheduledFor', {
                    date: formatDateTime(memo.memo_scheduled, locale),
                  })}
                </Meta>
              )}
              {memo.date_event && (
                <Meta icon={<IconCalendarEvent size={16} aria-hidden />}>
                  {t('memos.card.event', { date: formatDateTime(memo.date_event, locale) })}
                </Meta>
              )}
              {memo.date_todo_due && (
                <Meta icon={<IconCalendarDue size={16} aria-hidden />}>
                  {t('memos.card.due', { date: formatDate(memo.date_todo_due, locale) })}
                </Meta>
              )}
              {memo.location && (
                <Group gap="xs">
                  <Meta icon={<IconMapPin size={16} aria-hidden />} testId="memo-view-location">
                    {memo.location.description ||
                      t('memos.location.coordinates', {
                        lat: memo.location.latitude.toFixed(5),
                        lng: memo.location.longitude.toFixed(5),
                      })}
                  </Meta>
                  <Button variant="subtle" size="compact-sm" onClick={() => setMapOpen(true)}>
                    {t('memos.view.showMap')}
                  </Button>
                </Group>
              )}
            </Stack>
          )}
          {!isPublic && <ReactionsBar memo={memo} />}
        </Stack>
      </Paper>
      {!isPublic && (
        <AfterPaint>
          <Suspense fallback={null}>
            <CommentsSection memo={memo} />
          </Suspense>
        </AfterPaint>
      )}
      {mapOpen && memo.location && (
        <Suspense fallback={null}>
          <LocationPicker opened readOnly value={memo.location} onClose={() => setMapOpen(false)} />
        </Suspense>
      )}
      {!isPublic && <MemoEditorHost />}
    </Stack>
  );
}

function MemoScreen({ publicRoute }: { publicRoute: boolean }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const session = useSession();
  const smt = params.get('smt') ?? undefined;
  // Visitors, and everyone on /p routes, read through the public API.
  const access: MemoAccess = { isPublic: publicRoute || session?.kind !== 'full', smt };
  const memoId = Number(id);
  const query = useMemoDetail(memoId, access);
  const loading = useDeferredPending(query.status);

  if (!Number.isInteger(memoId) || memoId <= 0) return <ErrorPage status={404} resource="memo" />;
  if (loading || query.isPending) return <PageLoader />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 500;
    if (smt && (status === 403 || status === 404)) {
      return <ErrorPage status={status} publicLink />;
    }
    if (status === 404) return <ErrorPage status={404} resource="memo" />;
    if (status === 403 || status === 401) {
      return (
        <ErrorPage
          status={status}
          message={isApiError(query.error) ? query.error.serverMessage : undefined}
        />
      );
    }
    return <ErrorPage status={500} />;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <MemoView memo={query.data} isPublic={Boolean(access.isPublic)} />
    </Suspense>
  );
}

/** /memo/:id — a memo for signed-in users (or anyone holding its secret link, ?smt=). */
export function MemoPage() {
  return <MemoScreen publicRoute={false} />;
}

/** /p/memo/:id — the public variant: visitors, and signed-in users through the public API. */
export function PublicMemoPage() {
  return <MemoScreen publicRoute />;
}
