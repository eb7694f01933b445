import { readJson } from '../../db/dialect.js';
import type { TestApp } from '../../test/harness.js';
import type { CollectionType } from '@memoria/domain';

/** Helpers shared by the comment and reaction tests. */

export const HYDRA = { accept: 'application/ld+json' };

export async function postMemo(
  t: TestApp,
  headers: Record<string, string>,
  collection: string,
  title = 'A memo to talk about',
): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/memo',
    headers,
    payload: { title, memos_per_collection: [`/api/collection/${collection}`] },
  });
  if (res.statusCode !== 201) throw new Error(`memo not created: ${res.body}`);
  return res.json().id as number;
}

export function comment(
  t: TestApp,
  headers: Record<string, string>,
  memoId: number | string,
  description: string,
  parent?: number | string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/memo/comment',
    headers,
    payload: {
      memo: typeof memoId === 'number' ? `/api/memo/${memoId}` : memoId,
      description,
      ...(parent === undefined
        ? {}
        : { parent: typeof parent === 'number' ? `/api/memo/comment/${parent}` : parent }),
    },
  });
}

export async function setFlags(
  t: TestApp,
  userId: number,
  flags: Partial<
    Record<
      'memo_comments_allowed' | 'allow_reactions' | 'require_identification_for_comments',
      boolean
    >
  >,
): Promise<void> {
  const { db, dialect } = t.database;
  const values: Record<string, boolean | number> = {};
  for (const [key, value] of Object.entries(flags)) values[key] = dialect.bool(value);
  await db.updateTable('user_profiles').set(values).where('user_id', '=', userId).execute();
}

/** The notification types comments and reactions produce (others record memo events). */
const ENGAGEMENT_TYPES = [
  'new_comment',
  'new_comment_reply',
  'new_comment_mention',
  'new_comment_watcher_notification',
  'others_comments',
  'new_reaction',
];

export async function eventsOf(t: TestApp, memoId: number) {
  const rows = await t.database.db
    .selectFrom('activity_events')
    .select(['type', 'actor_user_id', 'recipient_user_id', 'payload'])
    .where('memo_id', '=', memoId)
    .where('type', 'in', ENGAGEMENT_TYPES)
    .orderBy('id')
    .execute();
  // the copies forwarded to the author's delegate (delegate_notifications) are made when
  // the original is delivered: they are not the comment's own recipients
  return rows
    .filter((r) => readJson<{ forwarded_for?: number }>(r.payload, {}).forwarded_for === undefined)
    .map((r) => ({ type: r.type, actor: r.actor_user_id, to: r.recipient_user_id }));
}

export async function countRows(t: TestApp, table: 'memo_comments' | 'memo_reactions') {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type { CollectionType };
