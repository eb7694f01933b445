import type { Kysely } from 'kysely';
import type { Connection, ConnectionPatch, ContactCounts } from '@memoria/domain';
import { iri } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { countsFor, countsOf } from './counts-store.js';
import { ApiError, forbidden, violation } from '../../http/errors.js';
import { activateConnection } from './activation.js';
import { otherIdOf, presentConnection, presentConnections } from './present.js';
import {
  deleteConnection,
  findConnection,
  listConnections,
  markRejected,
  updateConnection,
  type ListFilter,
  type ConnectionRow,
  deleteConnectionsBetween,
  findContact,
  findContactConnection,
} from './store.js';
import { blockedEitherWay } from '../blocks/service.js';

const connectionNotFound = () => new ApiError(404, 'connections.notFound');

/**
 * Answering, removing and listing connections; contact counts; watching a contact's
 * new content (docs/DOMAIN.md, States: Connection; docs/API.md, Calls).
 */
export function createConnectionService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  /** The row, when the viewer is one of its two people and no block stands between them. */
  async function ownRow(viewerId: number, id: number): Promise<ConnectionRow> {
    const row = await findConnection(db, id);
    if (!row || (row.user_outbound_id !== viewerId && row.user_inbound_id !== viewerId)) {
      throw connectionNotFound();
    }
    const other = otherIdOf(row, viewerId);
    if (other !== null && (await blockedEitherWay(db, viewerId, other))) {
      throw connectionNotFound();
    }
    return row;
  }

  async function reload(viewerId: number, id: number): Promise<Connection> {
    const row = await findConnection(db, id);
    if (!row) throw connectionNotFound();
    return presentConnection(db, viewerId, row);
  }

  async function contactRow(viewerId: number, userId: number) {
    return findContactConnection(db, viewerId, userId);
  }

  async function setWatching(viewerId: number, row: ConnectionRow, watching: boolean) {
    const side = row.user_outbound_id === viewerId ? 'watching_by_outbound' : 'watching_by_inbound';
    await updateConnection(db, dialect, row.id, { [side]: watching });
  }

  return {
    async get(viewerId: number, id: number): Promise<Connection> {
      return presentConnection(db, viewerId, await ownRow(viewerId, id));
    },

    /** GET /api/connection/{id}/accept: the receiver accepts (also a request they declined). */
    async accept(viewerId: number, id: number): Promise<Connection> {
      const row = await ownRow(viewerId, id);
      if (row.user_inbound_id !== viewerId) throw forbidden('connections.onlyReceiver');
      if (row.status === 'active') throw new ApiError(409, 'connections.alreadyConnected');
      await activateConnection(ctx.database, row, viewerId, { activity: ctx.activity });
      return reload(viewerId, id);
    },

    /** GET /api/connection/{id}/reject: the receiver declines; listed as cancelled. */
    async reject(viewerId: number, id: number): Promise<Connection> {
      const row = await ownRow(viewerId, id);
      if (row.user_inbound_id !== viewerId) throw forbidden('connections.onlyReceiver');
      if (row.status !== 'requested') throw new ApiError(409, 'connections.notPending');
      await markRejected(db, dialect, id);
      return reload(viewerId, id);
    },

    /** DELETE /api/connection/{id}: cancel a request, remove a declined one or a connection. */
    async remove(viewerId: number, id: number): Promise<void> {
      const row = await ownRow(viewerId, id);
      await db.transaction().execute((trx) => deleteConnection(trx, row));
    },

    /** PATCH /api/connection/{id}: watching (active), personal_message (sender, pending). */
    async patch(viewerId: number, id: number, patch: ConnectionPatch): Promise<Connection> {
      const row = await ownRow(viewerId, id);
      if (patch.watching !== undefined && row.status !== 'active') {
        throw violation('watching', 'connections.notConnected');
      }
      if (patch.personal_message !== undefined) {
        if (row.user_outbound_id !== viewerId) throw forbidden();
        if (row.status !== 'requested') throw new ApiError(409, 'connections.notPending');
      }
      await db.transaction().execute(async (trx) => {
        if (patch.watching !== undefined) {
          const side =
            row.user_outbound_id === viewerId ? 'watching_by_outbound' : 'watching_by_inbound';
          await updateConnection(trx, dialect, row.id, { [side]: patch.watching });
        }
        if (patch.personal_message !== undefined) {
          await updateConnection(trx, dialect, row.id, {
            personal_message: patch.personal_message || null,
          });
        }
      });
      return reload(viewerId, id);
    },

    async list(
      viewerId: number,
      filter: ListFilter,
    ): Promise<{ members: Connection[]; total: number }> {
      const { rows, total } = await listConnections(db, dialect, viewerId, filter);
      return { members: await presentConnections(db, viewerId, rows), total };
    },

    /** GET /api/user/contact/count (docs/DOMAIN.md, Entities: Contact stats). */
    counts(userId: number): Promise<ContactCounts> {
      return contactCounts(ctx, userId);
    },

    /** POST /api/content/watching {user_watching}: be told of a contact's new content. */
    async watchPerson(viewerId: number, userId: number) {
      const row = await contactRow(viewerId, userId);
      if (!row || (await blockedEitherWay(db, viewerId, userId))) {
        throw violation('user_watching', 'connections.notConnected');
      }
      await setWatching(viewerId, row, true);
      return {
        user_watching: iri('user', userId),
        connection: `/api/connection/${row.id}`,
        watching: true,
      };
    },

    /** DELETE /api/user/{id}/delete-content-watching. */
    async unwatchPerson(viewerId: number, userId: number): Promise<void> {
      const row = await contactRow(viewerId, userId);
      if (!row) throw new ApiError(404, 'connections.notConnected');
      await setWatching(viewerId, row, false);
    },
  };
}

/** Contact stats of one person (docs/DOMAIN.md, Entities): see counts-store.ts. */
export function contactCounts(
  ctx: Pick<AppContext, 'database'>,
  userId: number,
): Promise<ContactCounts> {
  return countsOf(ctx.database.db, ctx.database.dialect, userId);
}

/** Contact stats of several people at once, by person (for profiles and discover). */
export function contactCountsFor(
  ctx: Pick<AppContext, 'database'>,
  ids: number[],
): Promise<Map<number, ContactCounts>> {
  return countsFor(ctx.database.db, ctx.database.dialect, ids);
}

export type ConnectionService = ReturnType<typeof createConnectionService>;

/** Connections and contact rows between a and b removed, for a block: call it inside the block's transaction. */
export function dropConnectionsBetween(
  db: Kysely<DatabaseSchema>,
  a: number,
  b: number,
): Promise<void> {
  return deleteConnectionsBetween(db, a, b);
}

/** `viewer` has `other` among their contacts (an active connection), for other modules. */
export function hasContact(db: Kysely<DatabaseSchema>, viewer: number, other: number) {
  return findContact(db, viewer, other);
}
