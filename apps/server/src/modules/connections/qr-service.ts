import type { Connection, ConnectionTokenAnswer, QrConnectionAnswer } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime, readBool, readTime } from '../../db/dialect.js';
import { ApiError } from '../../http/errors.js';
import { recordActivity } from '../../events/index.js';
import { activateConnection } from './activation.js';
import { presentConnection, viewStatus } from './present.js';
import { checkMaximumUsers, checkRequesterProfile } from './requirements.js';
import { findConnection, insertActive, connectionBetween } from './store.js';
import { linkInvalid } from './request-service.js';
import { newNonce, personalToken, plausibleToken, tokenHash, validUntilFrom } from './tokens.js';
import { isDuplicate } from '../../db/errors.js';
import { findPerson, isAvailable, summaryOf, type PersonRow } from '../users/people.js';
import { blockedEitherWay } from '../blocks/service.js';
import { findTokenByHash, findTokenOf, saveToken } from './token-store.js';

/**
 * The personal QR connection token (docs/API.md, Calls; docs/RULES.md, Limits: "QR invite valid 14
 * days"): whoever opens its link and confirms is connected at once (auto_accepted).
 */
export function createQrService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const key = ctx.secrets.codePepper;

  const answer = (token: string, validUntil: Date): ConnectionTokenAnswer => ({
    token,
    valid_until: isoTime(validUntil) ?? '',
    url: `${ctx.config.publicUrl}/connections/accept/${token}?qr=1`,
  });

  /** The owner of a live token, when the viewer may see them. */
  async function ownerOf(value: string, viewerId: number | null) {
    if (!plausibleToken(value)) throw linkInvalid();
    const row = await findTokenByHash(db, tokenHash(value));
    const validUntil = row ? readTime(row.valid_until) : null;
    if (!row || !validUntil || validUntil <= new Date()) throw linkInvalid();
    const owner = await findPerson(db, row.user_id);
    if (!owner || !isAvailable(owner)) throw linkInvalid();
    if (viewerId !== null && viewerId !== owner.id) {
      if (await blockedEitherWay(db, viewerId, owner.id)) throw linkInvalid();
    }
    return { owner, validUntil };
  }

  async function connectTo(viewerId: number, owner: PersonRow): Promise<Connection> {
    if (owner.id === viewerId) throw new ApiError(403, 'connections.ownLink');
    const scanner = await findPerson(db, viewerId);
    if (!scanner) throw new ApiError(401, 'error.unauthorized');
    checkRequesterProfile(scanner, owner, 'connection_token');
    const event = {
      type: 'auto_accepted_connection',
      actorUserId: viewerId,
      recipientUserId: owner.id,
    };
    const existing = await connectionBetween(db, viewerId, owner.id);
    if (existing?.status === 'active') throw new ApiError(409, 'connections.alreadyConnected');
    let id: number;
    if (existing) {
      // A request between them is settled by the link: it becomes the connection.
      const inbound = existing.user_outbound_id === viewerId ? owner.id : viewerId;
      await activateConnection(ctx.database, existing, inbound, {
        autoAccepted: true,
        event,
        activity: ctx.activity,
      });
      id = existing.id;
    } else {
      try {
        let eventId = 0;
        id = await db.transaction().execute(async (trx) => {
          await checkMaximumUsers(trx, [scanner, owner]);
          const newId = await insertActive(trx, dialect, viewerId, owner.id, null);
          eventId = await recordActivity(trx, { ...event, connectionId: newId });
          return newId;
        });
        ctx.activity.dispatch([eventId]);
      } catch (error) {
        if (isDuplicate(error)) throw new ApiError(409, 'connections.alreadyConnected');
        throw error;
      }
    }
    const row = await findConnection(db, id);
    if (!row) throw new ApiError(404, 'connections.notFound');
    return presentConnection(db, viewerId, row);
  }

  return {
    /** GET /api/connection-token[?refresh=1]: the viewer's token; refresh replaces it. */
    async token(userId: number, refresh: boolean): Promise<ConnectionTokenAnswer> {
      const now = new Date();
      const row = await findTokenOf(db, userId);
      const validUntil = row ? readTime(row.valid_until) : null;
      if (row && validUntil && validUntil > now && !refresh) {
        return answer(personalToken(key, userId, row.nonce), validUntil);
      }
      const nonce = newNonce();
      const token = personalToken(key, userId, nonce);
      const until = validUntilFrom(now);
      await saveToken(db, dialect, userId, row?.id ?? null, {
        nonce,
        tokenHash: tokenHash(token),
        validUntil: until,
        createdAt: now,
      });
      return answer(token, until);
    },

    /** GET /api/qr_connection/{value}: whose token this is (visitors too). */
    async show(viewerId: number | null, value: string): Promise<QrConnectionAnswer> {
      const { owner, validUntil } = await ownerOf(value, viewerId);
      const own = viewerId === owner.id;
      let status: QrConnectionAnswer['connection_status'] = null;
      if (viewerId !== null && !own) {
        const existing = await connectionBetween(db, viewerId, owner.id);
        if (existing) status = viewStatus(existing, viewerId);
      }
      return {
        user: {
          ...summaryOf(owner),
          name_official: readBool(owner.user_identified) ? owner.name_official : null,
          user_identified: readBool(owner.user_identified),
        },
        valid_until: isoTime(validUntil) ?? '',
        connection_status: status,
        own,
      };
    },

    /** GET /api/qr_connection/{value}/confirm: connect at once with the token's owner. */
    async confirm(viewerId: number, value: string): Promise<Connection> {
      const { owner } = await ownerOf(value, viewerId);
      return connectTo(viewerId, owner);
    },

    /** POST /api/connection-direct with the person's token: the same as confirming it. */
    async confirmFor(viewerId: number, targetId: number, value: string): Promise<Connection> {
      const { owner } = await ownerOf(value, viewerId);
      if (owner.id !== targetId) throw linkInvalid();
      return connectTo(viewerId, owner);
    },
  };
}

export type QrService = ReturnType<typeof createQrService>;
