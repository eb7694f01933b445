import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { ApiError } from '../../http/errors.js';
import { recordActivity } from '../../events/index.js';
import { checkMaximumUsers, checkWorkspaceMembers } from './requirements.js';
import { activate, deleteConnection, type ConnectionRow } from './store.js';
import { isDuplicate } from '../../db/errors.js';
import { loadPeople } from '../users/people.js';

type Db = Kysely<DatabaseSchema>;

export interface ActivationOptions {
  /** made through a personal QR link */
  autoAccepted?: boolean;
  /** other rows between the two people (an older request) that the activation replaces */
  replaces?: ConnectionRow[];
  /** who is told, and how; by default the sender learns that the receiver accepted */
  event?: { type: string; actorUserId: number; recipientUserId: number };
  /** delivers the recorded event once the activation has committed (ctx.activity) */
  activity?: { dispatch(eventIds: readonly number[]): void };
}

/**
 * Makes `row` active with `inboundId` as receiver, in one transaction: maximum_users of both
 * people, the older rows it replaces, the connection, its two contact rows, and the
 * activity event.
 */
export async function activateConnection(
  database: { db: Db; dialect: DialectHelpers },
  row: ConnectionRow,
  inboundId: number,
  options: ActivationOptions = {},
): Promise<void> {
  const { db, dialect } = database;
  try {
    const eventId = await db.transaction().execute(async (trx) => {
      const people = await loadPeople(trx, [row.user_outbound_id, inboundId]);
      await checkMaximumUsers(trx, [...people.values()]);
      checkWorkspaceMembers([...people.values()], 'user');
      for (const other of options.replaces ?? []) {
        if (other.id !== row.id) await deleteConnection(trx, other);
      }
      await activate(trx, dialect, row, inboundId, options.autoAccepted ?? false);
      return recordActivity(trx, {
        ...(options.event ?? {
          type: 'accepted_connection',
          actorUserId: inboundId,
          recipientUserId: row.user_outbound_id,
        }),
        connectionId: row.id,
      });
    });
    options.activity?.dispatch([eventId]);
  } catch (error) {
    // a concurrent activation of the same pair wrote the contact rows first
    if (isDuplicate(error)) throw new ApiError(409, 'connections.alreadyConnected');
    throw error;
  }
}
