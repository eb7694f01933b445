import type { Kysely } from 'kysely';
import { mayAdministerThread, type ThreadType } from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import { readBool } from '../../db/dialect.js';
import { ApiError, notFound } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { blockedEitherWay } from '../blocks/service.js';
import { hasContact } from '../connections/service.js';
import { isAvailable, loadPeople, type PersonRow } from '../users/people.js';
import { findThread, memberOf } from './store.js';

type Db = Kysely<DatabaseSchema>;

/** Who may talk to whom, and who may do what in a thread (docs/notes/messenger.md). */

export const threadNotFound = () => notFound('thread.notFound');
export const messageNotFound = () => notFound('message.notFound');

export function threadIdOf(ref: unknown): number {
  const id = intIdFromIri(ref, 'thread');
  if (id === undefined) throw threadNotFound();
  return id;
}

/** The thread and the caller's membership; anyone else is told it does not exist. */
export async function requireMember(db: Db, threadId: number, userId: number) {
  const [thread, member] = await Promise.all([
    findThread(db, threadId),
    memberOf(db, threadId, userId),
  ]);
  if (!thread || !member) throw threadNotFound();
  return { thread, member };
}

export function requireAdmin(threadType: string, member: { is_admin: unknown }): void {
  if (!mayAdministerThread(threadType as ThreadType, readBool(member.is_admin))) {
    throw new ApiError(403, 'thread.adminOnly');
  }
}

/** People by IRI or id, each one existing and available; 404 for any other. */
export async function peopleOf(db: Db, refs: unknown[]): Promise<PersonRow[]> {
  const ids = refs.map((ref) => intIdFromIri(ref, 'user'));
  if (ids.some((id) => id === undefined)) throw notFound('thread.userNotFound');
  const people = await loadPeople(db, ids as number[]);
  const found = [...new Set(ids as number[])].map((id) => people.get(id));
  if (found.some((p) => !p || !isAvailable(p))) throw notFound('thread.userNotFound');
  return found as PersonRow[];
}

/**
 * A direct thread: not blocked either way, and a connection or open direct messages (the
 * facts read by store.ts directThreadChecks, with the other person's row).
 */
export function mayTalkDirectly(
  checks: { blocked: boolean; contact: boolean },
  other: Pick<PersonRow, 'enable_direct_messages'>,
): void {
  if (checks.blocked) throw new ApiError(403, 'thread.blocked');
  if (!checks.contact && !readBool(other.enable_direct_messages)) {
    throw new ApiError(403, 'thread.notAllowed');
  }
}

/** Adding people to a group: each an active connection of the one adding, no block. */
export async function mayAddToGroup(db: Db, adderId: number, people: PersonRow[]) {
  for (const person of people) {
    if (await blockedEitherWay(db, adderId, person.id)) throw new ApiError(403, 'thread.blocked');
    if (!(await hasContact(db, adderId, person.id))) {
      throw new ApiError(403, 'thread.notConnected');
    }
  }
}

/** Sending in a direct thread ends with a block between its two people. */
export async function maySend(
  db: Db,
  thread: { thread_type: string },
  members: number[],
  userId: number,
) {
  if (thread.thread_type !== 'direct') return;
  for (const other of members) {
    if (other !== userId && (await blockedEitherWay(db, userId, other))) {
      throw new ApiError(403, 'thread.blocked');
    }
  }
}

export const directKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
