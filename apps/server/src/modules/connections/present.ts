import type { Kysely } from 'kysely';
import {
  NOTHING_SHARED,
  type Connection,
  type ConnectionViewStatus,
  type WorkspaceSharedFields,
} from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import { isoTime, readBool } from '../../db/dialect.js';
import { favouriteIdsFor, type ConnectionRow } from './store.js';
import { sharedContactFields } from '../workspaces/shared-fields.js';
import {
  contactCardOf,
  loadPeople,
  pictureOf,
  summaryOf,
  type PersonRow,
} from '../users/people.js';

type Db = Kysely<DatabaseSchema>;

/**
 * A connection's status from the viewer's side (docs/DOMAIN.md, Entities): the one
 * derivation, used by connection lists and profiles alike.
 */
export function viewStatus(
  row: { status: string; user_outbound_id: number },
  viewer: number,
): ConnectionViewStatus {
  if (row.status === 'active') return 'active';
  if (row.status === 'rejected') return 'cancelled';
  return row.user_outbound_id === viewer ? 'outcome' : 'income';
}

export function otherIdOf(row: ConnectionRow, viewer: number): number | null {
  return row.user_outbound_id === viewer ? row.user_inbound_id : row.user_outbound_id;
}

function present(
  row: ConnectionRow,
  viewer: number,
  people: Map<number, PersonRow>,
  favourites: Map<number, number>,
  sharedWith: Map<number, WorkspaceSharedFields>,
): Connection | null {
  const outbound = people.get(row.user_outbound_id);
  if (!outbound) return null;
  const inbound = row.user_inbound_id === null ? undefined : people.get(row.user_inbound_id);
  const status = viewStatus(row, viewer);
  const sender = row.user_outbound_id === viewer;
  // A request sent to an address shows the sender only that address until the receiver
  // accepts: whether the address has an account, and whose, is not the sender's to know.
  const addressOnly = sender && row.user_to_email !== null && status !== 'active';
  const otherId = addressOnly ? null : otherIdOf(row, viewer);
  const other = otherId === null ? undefined : people.get(otherId);
  // what a workspace both belong to shares with the viewer (docs/notes/workspaces.md)
  const shared = (other && sharedWith.get(other.id)) || NOTHING_SHARED;
  const card = other ? contactCardOf(other, status === 'active') : null;
  return {
    id: row.id,
    '@id': `/api/connection/${row.id}`,
    status,
    user_inbound: inbound && !addressOnly ? summaryOf(inbound) : null,
    user_outbound: summaryOf(outbound),
    user:
      card && other
        ? {
            ...card,
            usermail: card.usermail ?? (shared.email ? other.usermail : null),
            phone_number: card.phone_number ?? (shared.phone ? other.phone_number : null),
          }
        : null,
    workspace_contact: shared.email || shared.phone || shared.memberInfo,
    user_id: other?.id ?? null,
    // the address the sender typed is theirs to see; the receiver sees it only when shared
    user_to_email: sender ? row.user_to_email : null,
    personal_message: row.personal_message,
    created_at: isoTime(row.created_at) ?? '',
    accepted_at: isoTime(row.accepted_at),
    rejected_at: isoTime(row.rejected_at),
    watching: readBool(sender ? row.watching_by_outbound : row.watching_by_inbound),
    auto_accepted: readBool(row.auto_accepted),
    private: false,
    favourite_id: other ? (favourites.get(other.id) ?? null) : null,
    picture: other ? pictureOf(other) : null,
    label: other ? summaryOf(other).label : (row.user_to_email ?? '').slice(0, 1).toUpperCase(),
    url: other ? `/profile/${other.id}` : null,
    ...(sender && row.status === 'requested' ? { valid_until: isoTime(row.valid_until) } : {}),
  };
}

/** Connections as the viewer sees them, people and favourites loaded in one query each. */
export async function presentConnections(
  db: Db,
  viewer: number,
  rows: ConnectionRow[],
): Promise<Connection[]> {
  const ids = rows.flatMap((r) =>
    r.user_inbound_id === null ? [r.user_outbound_id] : [r.user_outbound_id, r.user_inbound_id],
  );
  const others = rows.map((r) => otherIdOf(r, viewer)).filter((id): id is number => id !== null);
  const [people, favourites, shared] = await Promise.all([
    loadPeople(db, ids),
    favouriteIdsFor(db, viewer, others),
    sharedContactFields(db, viewer, others),
  ]);
  return rows
    .map((row) => present(row, viewer, people, favourites, shared))
    .filter((c): c is Connection => c !== null);
}

export async function presentConnection(
  db: Db,
  viewer: number,
  row: ConnectionRow,
): Promise<Connection> {
  const [connection] = await presentConnections(db, viewer, [row]);
  if (!connection) throw new Error(`connection ${row.id} lost its sender`);
  return connection;
}
