import type { HydraCollection } from '@memoria/domain';
import { api, type QueryValue } from './client';

/** Reads a list answer whether the server sent a hydra collection or a plain array. */
export function hydraMembers<T>(answer: HydraCollection<T> | T[]): T[] {
  return Array.isArray(answer) ? answer : answer['hydra:member'];
}

export function hydraTotal<T>(answer: HydraCollection<T> | T[]): number {
  return Array.isArray(answer) ? answer.length : answer['hydra:totalItems'];
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
}

/** GET a hydra collection page (Accept: application/ld+json). */
export async function getHydraPage<T>(
  path: string,
  page: number,
  itemsPerPage: number,
  query: Record<string, QueryValue> = {},
): Promise<Page<T>> {
  const answer = await api.get<HydraCollection<T>>(path, {
    hydra: true,
    query: { ...query, page, itemsPerPage },
  });
  return { items: hydraMembers(answer), total: hydraTotal(answer), page };
}
