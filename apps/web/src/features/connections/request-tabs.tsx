import { Button, Text } from '@mantine/core';
import { IconInbox, IconSend } from '@tabler/icons-react';
import type { Connection } from '@memoria/domain';
import { useState } from 'react';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { showApiError, showSuccess } from '../../ui/toasts';
import { ConnectionCard } from './connection-card';
import { ConnectionMenu } from './connection-menu';
import { EmptyState, ListState, NoResults } from './list-state';
import { PeopleList } from './people-list';
import {
  useAcceptConnection,
  useConnectionList,
  useRejectConnection,
  useRemoveConnection,
} from './queries';
import { isFollowing, personMatches, type TabProps } from './tab-props';

function Note({ connection, sent }: { connection: Connection; sent: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const date = formatDate(connection.created_at, locale);
  return (
    <>
      <Text size="xs" c="dimmed">
        {sent ? t('connections.card.sentOn', { date }) : t('connections.card.receivedOn', { date })}
        {sent && connection.valid_until && (
          <>
            {' '}
            ·{' '}
            {t('connections.card.validUntil', { date: formatDate(connection.valid_until, locale) })}
          </>
        )}
      </Text>
      {connection.personal_message && (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-testid="personal-message">
          <Text span fw={600} size="sm">
            {t('connections.card.message')}:{' '}
          </Text>
          {connection.personal_message}
        </Text>
      )}
    </>
  );
}

/** Requests received: accept or decline. */
export function IncomeTab(props: TabProps) {
  const { t } = useTranslation();
  const list = useConnectionList('income');
  const accept = useAcceptConnection();
  const reject = useRejectConnection();
  const [busy, setBusy] = useState<number | null>(null);
  const all = list.data?.pages.flatMap((page) => page.items) ?? [];
  const items = all.filter((c) => personMatches(c.user, props.query));

  const answer = async (connection: Connection, yes: boolean) => {
    setBusy(connection.id);
    try {
      if (yes) {
        await accept.mutateAsync(connection.id);
        showSuccess(t('connections.toast.accepted', { name: connection.user?.name ?? '' }));
      } else {
        await reject.mutateAsync(connection.id);
        showSuccess(t('connections.toast.rejected'));
      }
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ListState query={list}>
      {all.length === 0 ? (
        <EmptyState icon={<IconInbox size={32} />} text={t('connections.empty.income')} />
      ) : items.length === 0 ? (
        <NoResults />
      ) : (
        <PeopleList
          items={items}
          itemKey={(c) => c.id}
          name={(c) => c.user?.name ?? ''}
          renderItem={(connection) => {
            const person = connection.user;
            return (
              <ConnectionCard
                person={person}
                fallbackName={connection.user_outbound.name}
                query={props.query}
                note={<Note connection={connection} sent={false} />}
                workspaceContact={connection.workspace_contact}
                data-testid={`request-${connection.id}`}
                actions={
                  <>
                    <Button
                      size="xs"
                      loading={busy === connection.id && accept.isPending}
                      disabled={busy === connection.id}
                      onClick={() => void answer(connection, true)}
                      data-testid="request-accept"
                    >
                      {t('connections.card.accept')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      loading={busy === connection.id && reject.isPending}
                      disabled={busy === connection.id}
                      onClick={() => void answer(connection, false)}
                      data-testid="request-reject"
                    >
                      {t('connections.card.reject')}
                    </Button>
                  </>
                }
                menu={
                  person && (
                    <ConnectionMenu
                      person={person}
                      actions={props.actions}
                      following={isFollowing(props.following, person.id)}
                      favouriteId={connection.favourite_id}
                    />
                  )
                }
              />
            );
          }}
          data-testid="income-list"
        />
      )}
    </ListState>
  );
}

/** Requests sent (to people or to addresses): withdraw. */
export function OutcomeTab(props: TabProps) {
  const { t } = useTranslation();
  const list = useConnectionList('outcome');
  const cancel = useRemoveConnection();
  const [busy, setBusy] = useState<number | null>(null);
  const all = list.data?.pages.flatMap((page) => page.items) ?? [];
  const items = all.filter((c) => personMatches(c.user, props.query, c.user_to_email));

  const withdraw = async (connection: Connection) => {
    setBusy(connection.id);
    try {
      await cancel.mutateAsync(connection.id);
      showSuccess(t('connections.toast.cancelled'));
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ListState query={list}>
      {all.length === 0 ? (
        <EmptyState icon={<IconSend size={32} />} text={t('connections.empty.outcome')} />
      ) : items.length === 0 ? (
        <NoResults />
      ) : (
        <PeopleList
          items={items}
          itemKey={(c) => c.id}
          name={(c) => c.user?.name ?? c.user_to_email ?? ''}
          renderItem={(connection) => {
            const person = connection.user;
            return (
              <ConnectionCard
                person={person}
                fallbackName={connection.user_to_email ?? ''}
                query={props.query}
                note={<Note connection={connection} sent />}
                data-testid={`sent-${connection.id}`}
                actions={
                  <Button
                    size="xs"
                    variant="default"
                    loading={busy === connection.id}
                    onClick={() => void withdraw(connection)}
                    data-testid="request-cancel"
                  >
                    {t('connections.card.cancel')}
                  </Button>
                }
                menu={
                  person && (
                    <ConnectionMenu
                      person={person}
                      actions={props.actions}
                      following={isFollowing(props.following, person.id)}
                      favouriteId={connection.favourite_id}
                    />
                  )
                }
              />
            );
          }}
          data-testid="outcome-list"
        />
      )}
    </ListState>
  );
}
