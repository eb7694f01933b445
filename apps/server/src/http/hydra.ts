import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HydraCollection } from '@memoria/domain';

export interface Paging {
  page: number;
  itemsPerPage: number;
  offset: number;
}

function intOf(value: unknown): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.trunc(raw) : undefined;
  if (typeof raw !== 'string' || !/^-?\d{1,12}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/**
 * page / itemsPerPage / offset from a query. Out-of-range or malformed values fall back
 * to bounds instead of failing, so a hand-edited URL still gets a page. `offset` wins over
 * `page` when both are given.
 */
export function parsePaging(
  query: unknown,
  options: { defaultItemsPerPage: number; maxItemsPerPage: number },
): Paging {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const requested = intOf(q.itemsPerPage);
  const itemsPerPage = Math.min(
    options.maxItemsPerPage,
    Math.max(1, requested ?? options.defaultItemsPerPage),
  );
  const maxPage = Math.floor(Number.MAX_SAFE_INTEGER / itemsPerPage);
  const page = Math.min(maxPage, Math.max(1, intOf(q.page) ?? 1));
  const explicitOffset = intOf(q.offset);
  const offset =
    explicitOffset !== undefined
      ? Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, explicitOffset))
      : (page - 1) * itemsPerPage;
  return { page, itemsPerPage, offset };
}

/** True when the client asked for JSON-LD (hydra) rather than plain JSON. */
export function wantsHydra(request: Pick<FastifyRequest, 'headers'>): boolean {
  const accept = request.headers.accept ?? '';
  return /application\/ld\+json/i.test(accept);
}

export function hydraCollection<T>(id: string, members: T[], total: number): HydraCollection<T> {
  return {
    '@context': '/api/contexts/Collection',
    '@id': id,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
  };
}

/** Answers a list: the hydra collection for ld+json, the plain array otherwise. */
export function sendCollection<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  members: T[],
  total: number,
): FastifyReply {
  if (wantsHydra(request)) {
    const path = request.url.split('?')[0] ?? request.url;
    return reply
      .type('application/ld+json; charset=utf-8')
      .send(hydraCollection(path, members, total));
  }
  return reply.type('application/json; charset=utf-8').send(members);
}
