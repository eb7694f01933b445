import { iri, initialsOf, type MemoComment, type UserSummary } from '@memoria/domain';
import { isoTime, readCount, readJson } from '../../db/dialect.js';
import type { CommentRow } from './store.js';
import { summaryOf, type PersonRow } from '../users/people.js';

export const commentIri = (id: number) => `/api/memo/comment/${id}`;

function person(people: Map<number, PersonRow>, id: number): UserSummary {
  const row = people.get(id);
  if (row) return summaryOf(row);
  return { id, '@id': iri('user', id), name: '', picture: null, label: initialsOf('') };
}

export function mentionIds(row: Pick<CommentRow, 'mentions'>): number[] {
  const ids = readJson<unknown>(row.mentions, []);
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

/** People a page of comments shows: authors and mentioned people. */
export function peopleOf(rows: CommentRow[]): number[] {
  return rows.flatMap((row) => [row.user_id, ...mentionIds(row)]);
}

export function presentComment(
  row: CommentRow,
  people: Map<number, PersonRow>,
  viewerId: number,
  memoAuthorId: number,
): MemoComment {
  const created = isoTime(row.created_at) ?? '';
  const updated = isoTime(row.updated_at) ?? created;
  return {
    id: row.id,
    '@id': commentIri(row.id),
    memo: iri('memo', row.memo_id),
    description: row.description,
    author: person(people, row.user_id),
    parent: row.parent_id === null ? null : commentIri(row.parent_id),
    replies_count: readCount(row.replies_count),
    mentions: mentionIds(row)
      .filter((id) => people.has(id))
      .map((id) => person(people, id)),
    createdAt: created,
    updatedAt: updated,
    edited: updated !== created,
    can_edit: row.user_id === viewerId,
    can_delete: row.user_id === viewerId || memoAuthorId === viewerId,
  };
}
