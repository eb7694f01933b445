import { IconRosetteDiscountCheck, IconUsers } from '@tabler/icons-react';
import type { Connection, ContactCard } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { ConnectionCard } from './connection-card';
import { ConnectionMenu } from './connection-menu';
import { EmptyState, ListState, NoResults } from './list-state';
import { PeopleList } from './people-list';
import { useConnectionList, useIdentifiedContacts, type IdentifiedEntry } from './queries';
import { isFollowing, personMatches, type TabProps } from './tab-props';
import { DelegationsPanel } from './delegations-panel';

const nameOf = (connection: Connection) => connection.user?.name ?? connection.user_to_email ?? '';

/** One active connection with its context menu. */
function ActiveCard({
  connection,
  props,
  showOfficialName = false,
}: {
  connection: Connection;
  props: TabProps;
  showOfficialName?: boolean;
}) {
  const person = connection.user;
  if (!person) return null;
  return (
    <ConnectionCard
      person={person}
      query={props.query}
      favourite={connection.favourite_id !== null}
      workspaceContact={connection.workspace_contact}
      showOfficialName={showOfficialName}
      data-testid={`connection-${person.id}`}
      menu={
        <ConnectionMenu
          person={person}
          actions={props.actions}
          connection={connection}
          following={isFollowing(props.following, person.id)}
          favouriteId={connection.favourite_id}
          canDelegate={props.canDelegate}
        />
      }
    />
  );
}

/** /connections: active connections, favourites first, by letter above 20. */
export function ActiveTab(props: TabProps) {
  const { t } = useTranslation();
  const list = useConnectionList('active');
  const all = list.data?.pages.flatMap((page) => page.items) ?? [];
  const items = all.filter((c) => c.user && personMatches(c.user, props.query));
  return (
    <ListState query={list}>
      {all.length === 0 ? (
        <EmptyState icon={<IconUsers size={32} />} text={t('connections.empty.active')} />
      ) : items.length === 0 ? (
        <NoResults />
      ) : (
        <PeopleList
          items={items}
          itemKey={(c) => c.id}
          name={nameOf}
          grouped
          pinned={(c) => c.favourite_id !== null}
          renderItem={(connection) => <ActiveCard connection={connection} props={props} />}
          data-testid="active-list"
        />
      )}
    </ListState>
  );
}

/** An entry of /api/identified_contacts as a connection when it is one. */
function asConnection(entry: IdentifiedEntry): Connection | null {
  return 'status' in entry && 'user_outbound' in entry ? entry : null;
}

function asCard(entry: IdentifiedEntry): ContactCard | null {
  const connection = asConnection(entry);
  return connection ? connection.user : (entry as ContactCard);
}

/** Verified connections: the official name with a checkmark. */
export function VerifiedTab(props: TabProps) {
  const { t } = useTranslation();
  const list = useIdentifiedContacts();
  const all = list.data?.pages.flatMap((page) => page.items) ?? [];
  const items = all.filter((entry) =>
    personMatches(asCard(entry), props.query, asCard(entry)?.name_official),
  );
  return (
    <ListState query={list}>
      {all.length === 0 ? (
        <EmptyState
          icon={<IconRosetteDiscountCheck size={32} />}
          text={t('connections.empty.verifiedUsers')}
        />
      ) : items.length === 0 ? (
        <NoResults />
      ) : (
        <PeopleList
          items={items}
          itemKey={(entry) => asCard(entry)?.id ?? String(entry['@id'])}
          name={(entry) => asCard(entry)?.name ?? ''}
          renderItem={(entry) => {
            const connection = asConnection(entry);
            const person = asCard(entry);
            if (!person) return null;
            if (connection) {
              return <ActiveCard connection={connection} props={props} showOfficialName />;
            }
            return (
              <ConnectionCard
                person={person}
                query={props.query}
                showOfficialName
                data-testid={`connection-${person.id}`}
                menu={
                  <ConnectionMenu
                    person={person}
                    actions={props.actions}
                    following={isFollowing(props.following, person.id)}
                  />
                }
              />
            );
          }}
          data-testid="verified-list"
        />
      )}
    </ListState>
  );
}

/**
 * /connections/delegations: the delegations the account gave and holds, and the audit of
 * what delegates did (delegations-panel.tsx).
 */
export function DelegationsTab(_props: TabProps) {
  return <DelegationsPanel />;
}
