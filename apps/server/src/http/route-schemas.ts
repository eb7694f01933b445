import { z } from 'zod';
import { ApiError, violation } from './errors.js';
import { intIdFromIri } from './iri.js';

/** Route schema pieces many modules share: the bearer security entry, paging, id params and user references. */
export const security = [{ bearer: [] }];

export const pagingFields = {
  page: z.string().max(20).optional(),
  itemsPerPage: z.string().max(20).optional(),
  offset: z.string().max(20).optional(),
};
export const pagingQuery = z.object(pagingFields).loose();

export const idParams = z.object({ id: z.string().max(64) });
export const valueParams = z.object({ value: z.string().max(256) });

/** A user id from a path segment (id or IRI); anything else is a user that does not exist. */
export function userIdFromPath(value: string): number {
  const id = intIdFromIri(value, 'user');
  if (id === undefined) throw new ApiError(404, 'social.userNotFound');
  return id;
}

/** A user reference from a body field (IRI or id): 422 on that field when it is not one. */
export function userRefFrom(value: unknown, path: string): number {
  if (value === undefined || value === null || value === '') {
    throw violation(path, 'validation.required');
  }
  const id = intIdFromIri(value, 'user');
  if (id === undefined) throw violation(path, 'validation.invalid');
  return id;
}

/** A numeric id from a path; anything else is `notFound`. */
export function intIdFromPath(value: string, notFound: () => Error): number {
  const id = intIdFromIri(value);
  if (id === undefined) throw notFound();
  return id;
}

/** A list: the plain array, or the hydra collection for application/ld+json. */
export function listAnswer<T extends z.ZodType>(item: T) {
  return z.union([
    z.array(item),
    z.object({
      '@context': z.string(),
      '@id': z.string(),
      '@type': z.literal('hydra:Collection'),
      'hydra:member': z.array(item),
      'hydra:totalItems': z.number(),
    }),
  ]);
}
