import { Alert, Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../api/errors';
import { useTranslation } from '../../i18n';
import { QueryErrorView } from '../../ui/query-error';
import { showApiError } from '../../ui/toasts';
import { ConfirmDialog, type ConfirmRequest } from '../connections/confirm-dialog';
import { flattenMessages } from './cache';
import { Composer } from './composer';
import { meIn, seenBy } from './display';
import { useRemovedFromThread } from './live';
import { MessageList } from './message-list';
import { markThreadRead, useDeleteMessage, useEditMessage, useReactToMessage } from './mutations';
import { useMessages, useThread } from './queries';
import { deliver, sendDraft, type Author } from './send';
import { ThreadHeader } from './thread-header';
import type { Message } from './types';

const MembersPanel = lazy(() =>
  import('./members-panel').then((m) => ({ default: m.MembersPanel })),
);

/** One conversation: its messages, the field to write, the members panel. */
export function ThreadView({
  threadId,
  me,
  showBack,
}: {
  threadId: number;
  me: Author;
  showBack: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const myId = me.id;
  const thread = useThread(threadId);
  const pages = useMessages(threadId);
  const removed = useRemovedFromThread(threadId);
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const react = useReactToMessage(myId);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [membersOpen, setMembersOpen] = useState(false);
  const messages = useMemo(() => flattenMessages(pages.data), [pages.data]);
  const data = thread.data;
  const mine = meIn(data, myId);

  // Read as it arrives: the others' newest message past what the viewer has read.
  const newestOthers =
    [...messages].reverse().find((m) => m.user.id !== myId && m.seq > 0)?.seq ?? 0;
  const readUpTo = mine?.last_read_seq ?? 0;
  useEffect(() => {
    if (newestOthers > readUpTo && document.visibilityState !== 'hidden') {
      markThreadRead(client, threadId, myId).catch(() => undefined);
    }
  }, [client, threadId, myId, newestOthers, readUpTo]);

  const seen = useMemo(() => {
    if (!data) return null;
    const last = [...messages].reverse().find((m) => m.user.id === myId && m.seq > 0);
    if (!last) return null;
    const names = seenBy(data, last).map((user) => user.name);
    return names.length > 0 ? { messageId: last.id, names } : null;
  }, [data, messages, myId]);

  if (removed)
    return (
      <Alert m="md" color="yellow" data-testid="thread-removed">
        {t('messenger.thread.removed')}
      </Alert>
    );
  if (thread.isError) {
    return isApiError(thread.error) && thread.error.status === 404 ? (
      <Alert m="md" color="yellow" data-testid="thread-not-found">
        {t('messenger.thread.notFound')}
      </Alert>
    ) : (
      <QueryErrorView error={thread.error} onRetry={() => void thread.refetch()} />
    );
  }
  if (!data || pages.isPending) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }

  return (
    <>
      <ThreadHeader
        thread={data}
        myId={myId}
        showBack={showBack}
        onMembers={() => setMembersOpen(true)}
      />
      {pages.isError ? (
        <QueryErrorView error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <MessageList
          thread={data}
          messages={messages}
          myId={myId}
          isAdmin={mine?.isAdmin ?? false}
          hasOlder={pages.hasNextPage}
          loadingOlder={pages.isFetchingNextPage}
          onLoadOlder={() => void pages.fetchNextPage()}
          seen={seen}
          onReply={(message) => {
            setEditing(null);
            setReplyTo(message);
          }}
          onEdit={(message) => {
            setReplyTo(null);
            setEditing(message);
          }}
          onDelete={(message) =>
            setConfirm({
              title: t('messenger.thread.deleteTitle'),
              text: t('messenger.thread.deleteBody'),
              confirmLabel: t('messenger.thread.delete'),
              onConfirm: () =>
                remove.mutateAsync(message).catch((error: unknown) => {
                  showApiError(error);
                  throw error;
                }),
            })
          }
          onReact={(message, unicode, undo) =>
            react.mutate({ message, unicode, remove: undo }, { onError: showApiError })
          }
          onRetry={(message) => void deliver(client, message)}
        />
      )}
      <Composer
        threadId={threadId}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        editing={editing}
        onCancelEdit={() => setEditing(null)}
        onSend={(draft) => {
          setReplyTo(null);
          void sendDraft(client, draft, me);
        }}
        onSaveEdit={(message, text) => {
          setEditing(null);
          edit.mutate({ message, text }, { onError: showApiError });
        }}
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      {membersOpen && (
        <Suspense fallback={null}>
          <MembersPanel
            thread={data}
            myId={myId}
            opened={membersOpen}
            onClose={() => setMembersOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
