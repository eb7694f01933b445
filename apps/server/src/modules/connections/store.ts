import { sql, type Kysely, type Selectable, type SqlBool, type Expression } from 'kysely';
import type { ConnectionListStatus, ConnectionUserType } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import type { ConnectionsTable } from '../../db/schema-social.js';
import { readCount, type DialectHelpers } from '../../db/dialect.js';
import { likePattern } from '../../db/text-search.js';

type Db = Kysely<DatabaseSchema>;
export type ConnectionRow = Selectable<ConnectionsTable>;

/** The newest connection row between two people, in either direction. */
export function connectionBetween(
  db: Db,
  a: number,
  b: number,
): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('connections')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('user_outbound_id', '=', a), eb('user_inbound_id', '=', b)]),
        eb.and([eb('user_outbound_id', '=', b), eb('user_inbound_id', '=', a)]),
      ]),
    )
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function findConnection(db: Db, id: number): Promise<ConnectionRow | undefined> {
  return db.selectFrom('connections').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByTokenHash(db: Db, hash: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom('connections').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** The sender's open invitation to an address without an account. */
export function findOpenInvitation(
  db: Db,
  senderId: number,
  email: string,
): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('connections')
    .selectAll()
    .where('user_outbound_id', '=', senderId)
    .where('user_inbound_id', 'is', null)
    .where('user_to_email', '=', email)
    .where('status', '=', 'requested')
    .executeTakeFirst();
}

/** Open invitations to an address, still valid at `now`, oldest first. */
export function validInvitationsTo(
  db: Db,
  d: DialectHelpers,
  email: string,
  now: Date,
): Promise<ConnectionRow[]> {
  return db
    .selectFrom('connections')
    .selectAll()
    .where('user_inbound_id', 'is', null)
    .where('user_to_email', '=', email)
    .where('status', '=', 'requested')
    .where('valid_until', '>', d.time(now))
    .orderBy('id')
    .execute();
}

export async function invitationsSentSince(
  db: Db,
  d: DialectHelpers,
  senderId: number,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('connections')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_outbound_id', '=', senderId)
    .where('user_to_email', 'is not', null)
    .where('created_at', '>', d.time(since))
    .executeTakeFirst();
  return readCount(row?.n);
}

export interface NewConnection {
  outboundId: number;
  inboundId: number | null;
  email: string | null;
  message: string | null;
  tokenHash: string | null;
  validUntil: Date | null;
}

export async function insertRequest(db: Db, d: DialectHelpers, c: NewConnection): Promise<number> {
  const now = d.time(new Date());
  const row = await db
    .insertInto('connections')
    .values({
      user_outbound_id: c.outboundId,
      user_inbound_id: c.inboundId,
      user_to_email: c.email,
      personal_message: c.message,
      status: 'requested',
      token_hash: c.tokenHash,
      valid_until: c.validUntil ? d.time(c.validUntil) : null,
      auto_accepted: d.bool(false),
      watching_by_outbound: d.bool(false),
      watching_by_inbound: d.bool(false),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new connection that is active at once (a personal QR link). */
export async function insertActive(
  db: Db,
  d: DialectHelpers,
  outboundId: number,
  inboundId: number,
  message: string | null,
): Promise<number> {
  const now = d.time(new Date());
  const row = await db
    .insertInto('connections')
    .values({
      user_outbound_id: outboundId,
      user_inbound_id: inboundId,
      user_to_email: null,
      personal_message: message,
      status: 'active',
      token_hash: null,
      valid_until: null,
      auto_accepted: d.bool(true),
      watching_by_outbound: d.bool(false),
      watching_by_inbound: d.bool(false),
      accepted_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertContacts(db, d, row.id, outboundId, inboundId);
  return row.id;
}

/**
 * Makes a requested (or rejected) connection active with `inboundId` as its receiver, and
 * writes the two contact rows; call inside a transaction.
 */
export async function activate(
  db: Db,
  d: DialectHelpers,
  connection: ConnectionRow,
  inboundId: number,
  autoAccepted = false,
): Promise<void> {
  const now = d.time(new Date());
  await db
    .updateTable('connections')
    .set({
      status: 'active',
      user_inbound_id: inboundId,
      // the link's hash stays: it can no longer connect (the row is active), but the invited
      // person opening it again is told they are connected
      rejected_at: null,
      accepted_at: now,
      updated_at: now,
      ...(autoAccepted ? { auto_accepted: d.bool(true) } : {}),
    })
    .where('id', '=', connection.id)
    .execute();
  await insertContacts(db, d, connection.id, connection.user_outbound_id, inboundId);
}

async function insertContacts(db: Db, d: DialectHelpers, id: number, a: number, b: number) {
  const now = d.time(new Date());
  await db
    .insertInto('contacts')
    .values([
      { user_id: a, contact_id: b, connection_id: id, created_at: now },
      { user_id: b, contact_id: a, connection_id: id, created_at: now },
    ])
    .execute();
}

export async function markRejected(db: Db, d: DialectHelpers, id: number): Promise<void> {
  const now = d.time(new Date());
  await db
    .updateTable('connections')
    .set({ status: 'rejected', rejected_at: now, token_hash: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A new link for an invitation that ran out; the old link stops working. */
export async function renewInvitation(
  db: Db,
  d: DialectHelpers,
  id: number,
  hash: string,
  validUntil: Date,
  message: string | null,
): Promise<void> {
  await db
    .updateTable('connections')
    .set({
      token_hash: hash,
      valid_until: d.time(validUntil),
      personal_message: message,
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes a connection with its contact rows and the favourites the two kept of each
 * other; call inside a transaction.
 */
export async function deleteConnection(db: Db, connection: ConnectionRow): Promise<void> {
  await db.deleteFrom('contacts').where('connection_id', '=', connection.id).execute();
  if (connection.user_inbound_id !== null) {
    await deleteMutualFavourites(db, connection.user_outbound_id, connection.user_inbound_id);
  }
  await db.deleteFrom('connections').where('id', '=', connection.id).execute();
}

export async function deleteMutualFavourites(db: Db, a: number, b: number): Promise<void> {
  await db
    .deleteFrom('favourites')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('favourite_user_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('favourite_user_id', '=', a)]),
      ]),
    )
    .execute();
}

export async function updateConnection(
  db: Db,
  d: DialectHelpers,
  id: number,
  changes: {
    watching_by_outbound?: boolean;
    watching_by_inbound?: boolean;
    personal_message?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('connections')
    .set({
      ...(changes.watching_by_outbound !== undefined
        ? { watching_by_outbound: d.bool(changes.watching_by_outbound) }
        : {}),
      ...(changes.watching_by_inbound !== undefined
        ? { watching_by_inbound: d.bool(changes.watching_by_inbound) }
        : {}),
      ...(changes.personal_message !== undefined
        ? { personal_message: changes.personal_message }
        : {}),
      updated_at: d.time(new Date()),
    })
    .where('id', '=', id)
    .execute();
}

export interface ListFilter {
  status: ConnectionListStatus;
  userType?: ConnectionUserType;
  search?: string;
  limit: number;
  offset: number;
}

/**
 * The viewer's connections of one list, paged in the database: the other person joined
 * (absent for invitations to an address), people who blocked or were blocked by the viewer
 * and disabled accounts left out.
 */
export async function listConnections(
  db: Db,
  d: DialectHelpers,
  viewer: number,
  filter: ListFilter,
): Promise<{ rows: ConnectionRow[]; total: number }> {
  const other = sql`(case when c.user_outbound_id = ${viewer} then c.user_inbound_id else c.user_outbound_id end)`;
  const base = db
    .selectFrom('connections as c')
    .leftJoin('users as o', (join) => join.on(sql<SqlBool>`o.id = ${other}`))
    .leftJoin('user_profiles as op', 'op.user_id', 'o.id')
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [statusCondition(d, viewer, filter.status)];
      conditions.push(
        sql<SqlBool>`(o.id is null or (o.disabled_at is null and not exists (select 1 from blocks bl
          where (bl.blocker_id = ${viewer} and bl.blocked_id = o.id)
             or (bl.blocker_id = o.id and bl.blocked_id = ${viewer}))))`,
      );
      if (filter.userType === 'workspace') conditions.push(eb('o.user_type', '=', 'workspace'));
      if (filter.userType === 'normal') {
        conditions.push(sql<SqlBool>`(o.id is null or o.user_type <> 'workspace')`);
      }
      const search = filter.search?.trim();
      if (search) {
        const pattern = likePattern(search);
        conditions.push(sql<SqlBool>`(lower(op.name) like ${pattern} escape '!'
          or lower(coalesce(op.name_official, '')) like ${pattern} escape '!'
          or (c.user_outbound_id = ${viewer} and lower(coalesce(c.user_to_email, '')) like ${pattern} escape '!'))`);
      }
      return eb.and(conditions);
    });

  const byName = ['active', 'verified', 'delegations'].includes(filter.status);
  let page = base.selectAll('c');
  page = byName
    ? page.orderBy(sql`lower(coalesce(op.name, c.user_to_email))`).orderBy('c.id')
    : page.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
  const [rows, count] = await Promise.all([
    page.limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: readCount(count?.n) };
}

function statusCondition(
  d: DialectHelpers,
  viewer: number,
  status: ConnectionListStatus,
): Expression<SqlBool> {
  const mine = sql<SqlBool>`(c.user_outbound_id = ${viewer} or c.user_inbound_id = ${viewer})`;
  switch (status) {
    case 'outcome':
      return sql<SqlBool>`(c.status = 'requested' and c.user_outbound_id = ${viewer})`;
    case 'income':
      return sql<SqlBool>`(c.status = 'requested' and c.user_inbound_id = ${viewer})`;
    case 'cancelled':
      return sql<SqlBool>`(c.status = 'rejected' and ${mine})`;
    case 'verified':
      return sql<SqlBool>`(c.status = 'active' and ${mine} and op.user_identified = ${d.bool(true)})`;
    case 'delegations':
      return sql<SqlBool>`(c.status = 'active' and ${mine} and exists (select 1 from account_delegations ad
        where ad.revoked_at is null
          and ((ad.account_user_id = ${viewer} and ad.delegate_user_id = o.id)
            or (ad.delegate_user_id = ${viewer} and ad.account_user_id = o.id))))`;
    case 'active':
    default:
      return sql<SqlBool>`(c.status = 'active' and ${mine})`;
  }
}

/** The viewer's favourite rows for these people. */
export async function favouriteIdsFor(
  db: Db,
  viewer: number,
  people: number[],
): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  const unique = [...new Set(people)];
  for (let start = 0; start < unique.length; start += 900) {
    const rows = await db
      .selectFrom('favourites')
      .select(['id', 'favourite_user_id'])
      .where('user_id', '=', viewer)
      .where('favourite_user_id', 'in', unique.slice(start, start + 900))
      .execute();
    for (const row of rows) {
      if (row.favourite_user_id !== null) map.set(row.favourite_user_id, row.id);
    }
  }
  return map;
}

/** The connections between a and b and their contact rows, removed (a block). */
export async function deleteConnectionsBetween(db: Db, a: number, b: number): Promise<void> {
  const rows = await db
    .selectFrom('connections')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_outbound_id', '=', a), eb('user_inbound_id', '=', b)]),
        eb.and([eb('user_outbound_id', '=', b), eb('user_inbound_id', '=', a)]),
      ]),
    )
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await db.deleteFrom('contacts').where('connection_id', 'in', ids).execute();
    await db.deleteFrom('connections').where('id', 'in', ids).execute();
  }
  // contact rows are per connection; none may outlive it, whatever wrote them
  await db
    .deleteFrom('contacts')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('contact_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('contact_id', '=', a)]),
      ]),
    )
    .execute();
}

/** `viewer` has `other` among their contacts (an active connection). */
export async function findContact(db: Db, viewer: number, other: number): Promise<boolean> {
  const row = await db
    .selectFrom('contacts')
    .select('connection_id')
    .where('user_id', '=', viewer)
    .where('contact_id', '=', other)
    .executeTakeFirst();
  return row !== undefined;
}

/** An invitation becomes a request to the account `userId`. */
export async function setInbound(db: Db, id: number, userId: number): Promise<void> {
  await db
    .updateTable('connections')
    .set({ user_inbound_id: userId })
    .where('id', '=', id)
    .execute();
}

/** A connection that must exist (just written by the caller). */
export function getConnection(db: Db, id: number): Promise<ConnectionRow> {
  return db.selectFrom('connections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The connection behind `viewer`'s contact row for `other`. */
export function findContactConnection(
  db: Db,
  viewer: number,
  other: number,
): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('contacts as ct')
    .innerJoin('connections as c', 'c.id', 'ct.connection_id')
    .selectAll('c')
    .where('ct.user_id', '=', viewer)
    .where('ct.contact_id', '=', other)
    .executeTakeFirst();
}
