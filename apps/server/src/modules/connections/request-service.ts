import {
  CONNECTION_TOKEN_VALID_DAYS,
  type Connection,
  type ConnectionInvitationAnswer,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readBool, readTime } from '../../db/dialect.js';
import { ApiError, violation } from '../../http/errors.js';
import { recordActivity } from '../../events/index.js';
import { activateConnection } from './activation.js';
import { presentConnection } from './present.js';
import { checkMaximumUsers, checkMessage, checkRequesterProfile } from './requirements.js';
import {
  findByTokenHash,
  findOpenInvitation,
  insertRequest,
  invitationsSentSince,
  renewInvitation,
  connectionBetween,
  type ConnectionRow,
  getConnection,
} from './store.js';
import { newInvitationToken, plausibleToken, tokenHash, validUntilFrom } from './tokens.js';
import {
  findPerson,
  findPersonByEmail,
  isAvailable,
  localeOf,
  summaryOf,
  type PersonRow,
} from '../users/people.js';
import { blockedEitherWay } from '../blocks/service.js';

/** Invitations to addresses without an account one person may send per day. */
export const INVITATIONS_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export const linkInvalid = () => new ApiError(404, 'connections.linkInvalid');

/**
 * Connection requests (docs/SCREENS.md, Lists and forms; docs/DOMAIN.md, States; docs/API.md,
 * Calls): by email to an account or, for an address without one, an invitation with a token link;
 * direct requests from a profile; accepting an emailed link.
 */
export function createRequestService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const { publicUrl } = ctx.config;

  async function viewerPerson(viewerId: number): Promise<PersonRow> {
    const person = await findPerson(db, viewerId);
    if (!person) throw new ApiError(401, 'error.unauthorized');
    return person;
  }

  /** An existing row between the two decides before a new request is written. */
  async function settleExisting(
    sender: PersonRow,
    target: PersonRow,
    path: string,
  ): Promise<ConnectionRow | null> {
    const existing = await connectionBetween(db, sender.id, target.id);
    if (!existing) return null;
    if (existing.status === 'active') throw violation(path, 'connections.alreadyConnected');
    if (existing.user_outbound_id === sender.id) {
      throw violation(path, 'connections.alreadyRequested');
    }
    // They asked first (or the sender declined them earlier): asking back accepts theirs.
    await activateConnection(ctx.database, existing, sender.id, { activity: ctx.activity });
    return existing;
  }

  async function requestToPerson(
    sender: PersonRow,
    target: PersonRow,
    message: string | null,
    path: string,
    email: string | null,
  ): Promise<{ connection: Connection; created: boolean }> {
    if (!isAvailable(target)) throw violation(path, 'connections.cannotConnect');
    if (await blockedEitherWay(db, sender.id, target.id)) {
      throw violation(path, 'connections.cannotConnect');
    }
    const accepted = await settleExisting(sender, target, path);
    if (accepted) {
      const row = await connectionBetween(db, sender.id, target.id);
      return {
        connection: await presentConnection(db, sender.id, row ?? accepted),
        created: false,
      };
    }
    checkRequesterProfile(sender, target, path);
    checkMessage(target, message, 'personal_message');
    await checkMaximumUsers(db, [target]);

    const { token, hash } = newInvitationToken();
    let eventId = 0;
    const id = await db.transaction().execute(async (trx) => {
      const newId = await insertRequest(trx, dialect, {
        outboundId: sender.id,
        inboundId: target.id,
        email,
        message,
        tokenHash: hash,
        validUntil: validUntilFrom(new Date()),
      });
      eventId = await recordActivity(trx, {
        type: 'new_connection',
        actorUserId: sender.id,
        recipientUserId: target.id,
        connectionId: newId,
      });
      return newId;
    });
    ctx.activity.dispatch([eventId]);
    await ctx.mailer.send({
      to: target.usermail,
      locale: localeOf(target),
      template: 'connectionRequest',
      params: {
        name: target.name,
        sender: sender.name,
        message: message ?? undefined,
        link: `${publicUrl}/connections/accept/${token}`,
        days: CONNECTION_TOKEN_VALID_DAYS,
      },
    });
    return { connection: await presentOwn(sender.id, id), created: true };
  }

  async function presentOwn(viewerId: number, id: number): Promise<Connection> {
    const row = await getConnection(db, id);
    return presentConnection(db, viewerId, row);
  }

  /** Requests by e-mail, to an account or not, count against one daily limit. */
  async function checkDailyLimit(sender: PersonRow, now: Date): Promise<void> {
    const since = new Date(now.getTime() - DAY_MS);
    const sent = await invitationsSentSince(db, dialect, sender.id, since);
    if (sent >= INVITATIONS_PER_DAY) throw new ApiError(429, 'connections.tooManyInvitations');
  }

  /**
   * An invitation to an address without an account. `deliver: false` writes it without
   * mailing it: for an address whose account the sender may not reach, so that the answer
   * looks like any other invitation and tells nothing about the address.
   */
  async function invite(
    sender: PersonRow,
    email: string,
    message: string | null,
    { deliver }: { deliver: boolean },
  ): Promise<{ connection: Connection; created: boolean }> {
    const now = new Date();
    const open = await findOpenInvitation(db, sender.id, email);
    const openValidUntil = open ? readTime(open.valid_until) : null;
    if (open && (openValidUntil === null || openValidUntil > now)) {
      throw violation('user_to_email', 'connections.alreadyRequested');
    }
    await checkDailyLimit(sender, now);

    const { token, hash } = newInvitationToken();
    const validUntil = validUntilFrom(now);
    let id: number;
    if (open) {
      // The old link ran out: the same invitation gets a new link.
      await renewInvitation(db, dialect, open.id, hash, validUntil, message);
      id = open.id;
    } else {
      id = await insertRequest(db, dialect, {
        outboundId: sender.id,
        inboundId: null,
        email,
        message,
        tokenHash: hash,
        validUntil,
      });
    }
    if (!deliver) return { connection: await presentOwn(sender.id, id), created: true };
    await ctx.mailer.send({
      to: email,
      // the address has no account and so no language yet: the sender's is the best guess
      locale: localeOf(sender),
      template: 'connectionInvitation',
      params: {
        name: email,
        sender: sender.name,
        message: message ?? undefined,
        link: `${publicUrl}/p/connections/accept/${token}`,
        days: CONNECTION_TOKEN_VALID_DAYS,
      },
    });
    return { connection: await presentOwn(sender.id, id), created: true };
  }

  return {
    /** POST /api/connection {user_to_email, personal_message}. */
    async requestByEmail(
      viewerId: number,
      input: { user_to_email: string; personal_message: string | null },
    ) {
      const sender = await viewerPerson(viewerId);
      const email = input.user_to_email;
      if (email === sender.usermail.toLowerCase()) {
        throw violation('user_to_email', 'connections.ownEmail');
      }
      const target = await findPersonByEmail(db, email);
      // The answer must not tell whether the address has an account (see docs/RULES.md,
      // Connection requests): the same status and fields either way, the person shown only once
      // they accept (present.ts).
      // An account that never verified its address is invited like an unknown address: the
      // connection is made once the owner of the address proves it (connectInvitedUser).
      if (!target || !readBool(target.is_active)) {
        return invite(sender, email, input.personal_message, { deliver: true });
      }
      if (!isAvailable(target) || (await blockedEitherWay(db, sender.id, target.id))) {
        return invite(sender, email, input.personal_message, { deliver: false });
      }
      const existing = await connectionBetween(db, sender.id, target.id);
      if (!existing) await checkDailyLimit(sender, new Date());
      return requestToPerson(sender, target, input.personal_message, 'user_to_email', email);
    },

    /** POST /api/connection-direct without a QR token: a request by account id. */
    async requestById(viewerId: number, targetId: number, message: string | null) {
      const sender = await viewerPerson(viewerId);
      if (targetId === viewerId) throw violation('user_outbound', 'connections.ownEmail');
      const target = await findPerson(db, targetId);
      if (!target || !isAvailable(target) || (await blockedEitherWay(db, viewerId, targetId))) {
        throw new ApiError(404, 'social.userNotFound');
      }
      return requestToPerson(sender, target, message, 'user_outbound', null);
    },

    /** GET /api/connection-token/{value}/accept: the link of a request or invitation email. */
    async acceptByToken(viewerId: number, token: string): Promise<Connection> {
      if (!plausibleToken(token)) throw linkInvalid();
      const row = await findByTokenHash(db, tokenHash(token));
      const validUntil = row ? readTime(row.valid_until) : null;
      if (!row || row.status === 'active' || (validUntil !== null && validUntil <= new Date())) {
        throw linkInvalid();
      }
      if (row.user_outbound_id === viewerId) throw new ApiError(403, 'connections.ownLink');
      if (row.user_inbound_id !== null && row.user_inbound_id !== viewerId) {
        throw new ApiError(403, 'connections.linkForOtherAccount');
      }
      if (await blockedEitherWay(db, viewerId, row.user_outbound_id)) throw linkInvalid();
      const existing = await connectionBetween(db, viewerId, row.user_outbound_id);
      if (existing?.status === 'active') throw new ApiError(409, 'connections.alreadyConnected');
      await activateConnection(ctx.database, row, viewerId, {
        replaces: existing && existing.id !== row.id ? [existing] : [],
        activity: ctx.activity,
      });
      return presentOwn(viewerId, row.id);
    },

    /** GET /api/p/connection-invitation/{value}: who invited, for the accept-by-link page. */
    async invitation(viewerId: number | null, token: string): Promise<ConnectionInvitationAnswer> {
      if (!plausibleToken(token)) throw linkInvalid();
      const row = await findByTokenHash(db, tokenHash(token));
      const validUntil = row ? readTime(row.valid_until) : null;
      // Signing up through an invitation uses it up; the invited person still lands on its
      // page afterwards and is told they are connected.
      const connected =
        row?.status === 'active' && viewerId !== null && row.user_inbound_id === viewerId;
      if (
        !row ||
        (row.status === 'active' && !connected) ||
        (!connected && validUntil !== null && validUntil <= new Date())
      ) {
        throw linkInvalid();
      }
      const sender = await findPerson(db, row.user_outbound_id);
      if (!sender || !isAvailable(sender)) throw linkInvalid();
      if (viewerId !== null && (await blockedEitherWay(db, viewerId, sender.id))) {
        throw linkInvalid();
      }
      return {
        user_outbound: summaryOf(sender),
        user_to_email: row.user_to_email,
        personal_message: row.personal_message,
        valid_until: validUntil ? validUntil.toISOString().replace(/Z$/, '+00:00') : null,
        has_account: row.user_inbound_id !== null,
        connected,
      };
    },
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
