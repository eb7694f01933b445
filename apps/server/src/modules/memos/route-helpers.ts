import { z } from 'zod';
import { MEMO_SEARCH_MAX, PAGE_SIZES, memoWriteSchema } from '@memoria/domain';
import type { FastifyRequest } from 'fastify';
import { ApiError, notFound, violation } from '../../http/errors.js';
import { parsePaging, wantsHydra } from '../../http/hydra.js';
import { intIdFromIri } from '../../http/iri.js';
import { pagingFields } from '../../http/route-schemas.js';
import type { Viewer } from '../audience/index.js';
import { collectionIdOf } from './links.js';
import type { ListQuery } from './store.js';

/** What the memo routes share: schemas and request parsing. */

export const tags = ['memos'];
const MAX_ITEMS_PER_PAGE = 50;
const MAX_SEARCH_WORDS = 10;

const secret = z.string().max(128).optional();
/** Secret links: `collection_sec_link` (web ?secure_token=) and `memo_sec_link` (web ?smt=). */
export const accessQuery = z.object({
  collection_sec_link: secret,
  memo_sec_link: secret,
  /** the collection whose pin state the answer's sequence_number reports */
  collection: z.string().max(64).optional(),
});
export const listQuery = z.object({
  collection_sec_link: secret,
  search: z.string().max(MEMO_SEARCH_MAX, 'validation.tooLong').optional(),
  ...pagingFields,
});
/** Clients may send the memo back with its id; the path decides. */
export const memoPutBody = memoWriteSchema.extend({
  id: z.unknown().optional(),
  '@id': z.unknown().optional(),
});

/**
 * `after_memo` (feed and discover): the last memo the client holds, an id or a memo IRI; the
 * page is what follows it (docs/API.md, Paging). Sent with the page's `offset`, which still
 * counts hydra:totalItems and answers when that memo is gone.
 */
export const afterMemoQuery = { after_memo: z.string().max(64).optional() };

export function afterMemoOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const id = intIdFromIri(value, 'memo');
  if (id === undefined) throw violation('after_memo', 'validation.invalid');
  return id;
}

export function memoIdOf(raw: string): number {
  if (raw.trim() === '') throw new ApiError(400, 'memo.idRequired');
  const id = intIdFromIri(raw);
  if (id === undefined) throw notFound('memo.notFound');
  return id;
}

export function viewerOf(
  request: FastifyRequest,
  query: { collection_sec_link?: string; memo_sec_link?: string },
  visitorOnly = false,
): Viewer {
  return {
    userId: visitorOnly ? null : (request.auth?.userId ?? null),
    collectionSecret: query.collection_sec_link || null,
    memoSecret: query.memo_sec_link || null,
  };
}

export function listQueryOf(request: FastifyRequest, query: z.infer<typeof listQuery>): ListQuery {
  const paging = parsePaging(query, {
    defaultItemsPerPage: PAGE_SIZES.memos,
    maxItemsPerPage: MAX_ITEMS_PER_PAGE,
  });
  const search = (query.search ?? '')
    .toLocaleLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^#+/, ''))
    .filter((word) => word !== '')
    .slice(0, MAX_SEARCH_WORDS);
  return {
    search,
    limit: paging.itemsPerPage,
    offset: paging.offset,
    withTotal: wantsHydra(request),
  };
}

export const optionalCollection = (value: string | undefined) =>
  value ? (collectionIdOf(value) ?? notFoundCollection()) : undefined;
const notFoundCollection = (): never => {
  throw notFound('memo.collectionNotFound');
};
