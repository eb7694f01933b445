import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { ApiError } from '../../http/errors.js';
import { activateConnection } from './activation.js';
import { deleteConnection, validInvitationsTo, connectionBetween, setInbound } from './store.js';
import { blockedEitherWay } from '../blocks/service.js';

/**
 * Called once an account proves its address (signup verification): every valid invitation
 * sent to that address becomes an active connection with the new account, and each sender
 * is told that it was accepted. An invitation the sender can no longer take (a block, the
 * sender's maximum_users) stays as an inbound request the new user may answer.
 * Answers the ids of the connections made.
 */
export async function connectInvitedUser(
  database: { db: Kysely<DatabaseSchema>; dialect: DialectHelpers },
  userId: number,
  email: string,
  /** delivers the accepted_connection events once each activation has committed */
  activity?: { dispatch(eventIds: readonly number[]): void },
): Promise<number[]> {
  const { db } = database;
  const invitations = await validInvitationsTo(
    db,
    database.dialect,
    email.toLowerCase(),
    new Date(),
  );
  const connected: number[] = [];
  for (const invitation of invitations) {
    const sender = invitation.user_outbound_id;
    if (sender === userId) continue;
    if (await blockedEitherWay(db, sender, userId)) continue;
    const existing = await connectionBetween(db, sender, userId);
    if (existing?.status === 'active') {
      await db.transaction().execute((trx) => deleteConnection(trx, invitation));
      continue;
    }
    try {
      await activateConnection(database, invitation, userId, {
        replaces: existing ? [existing] : [],
        activity,
      });
      connected.push(invitation.id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // max users reached: the invitation waits as a request to the new account
      await setInbound(db, invitation.id, userId);
    }
  }
  return connected;
}
