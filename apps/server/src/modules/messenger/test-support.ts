import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers } from '../../test/social.js';

/** Helpers of the messenger tests. */

export const HYDRA = { accept: 'application/ld+json' };
type Headers = Record<string, string>;

/** People who are all connected to the first one (`people[0]`). */
export async function circle(t: TestApp, size: number, names?: string[]): Promise<SignedIn[]> {
  const people: SignedIn[] = [];
  for (let i = 0; i < size; i += 1) {
    people.push(await signedInUser(t, { name: names?.[i] ?? `Person ${i}` }));
  }
  for (const other of people.slice(1)) await connectUsers(t, people[0]!.id, other.id);
  return people;
}

export function createThread(t: TestApp, headers: Headers, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/thread', headers, payload });
}

export async function directThread(t: TestApp, a: SignedIn, b: SignedIn): Promise<number> {
  const res = await createThread(t, a.headers, {
    thread_type: 'direct',
    users: [`/api/user/${b.id}`],
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

export async function groupThread(
  t: TestApp,
  admin: SignedIn,
  others: SignedIn[],
  name = 'Team',
): Promise<number> {
  const res = await createThread(t, admin.headers, {
    thread_type: 'group',
    name,
    users: others.map((p) => `/api/user/${p.id}`),
    create_anyway: true,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

export function send(
  t: TestApp,
  headers: Headers,
  threadId: number | string,
  description: unknown,
  extra: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/thread/message',
    headers,
    payload: { thread: `/api/thread/${threadId}`, description, ...extra },
  });
}

export async function sent(t: TestApp, headers: Headers, threadId: number, text: string) {
  const res = await send(t, headers, threadId, text);
  expect(res.statusCode).toBe(201);
  return res.json().message as { id: number; seq: number; description: string };
}

export async function countOf(
  t: TestApp,
  table: 'threads' | 'thread_members' | 'thread_messages' | 'thread_message_reactions',
) {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The activity events about a thread: type and recipient. */
export async function threadEvents(t: TestApp, threadId: number) {
  const rows = await t.database.db
    .selectFrom('activity_events')
    .select(['type', 'recipient_user_id'])
    .where('thread_id', '=', threadId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ type: r.type, to: r.recipient_user_id }));
}

/** A member's read and delivery marks, as stored. */
export function memberRow(t: TestApp, threadId: number, userId: number) {
  return t.database.db
    .selectFrom('thread_members')
    .select(['last_read_seq', 'delivered_seq', 'last_read_at'])
    .where('thread_id', '=', threadId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}
