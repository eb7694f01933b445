import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { iri, type Favourite } from '@memoria/domain';
import { api } from '../../api/client';
import { getHydraPage } from '../../api/hydra';
import { invalidateSocial } from '../connections/queries';

/** Favourite collections and contacts (docs/DOMAIN.md, Entities: Favourite; docs/API.md, Calls). */
export const favouriteKeys = {
  all: ['favourites'] as const,
  list: (kind: FavouriteKind) => ['favourites', kind] as const,
};

export type FavouriteKind = 'collection' | 'contact';

const PATHS: Record<FavouriteKind, string> = {
  collection: '/api/favourite-collection',
  contact: '/api/favourite-contact',
};

/** The side menu shows the first 100 of each kind. */
export const FAVOURITES_SHOWN = 100;

export function useFavourites(kind: FavouriteKind, enabled = true) {
  return useQuery({
    queryKey: favouriteKeys.list(kind),
    queryFn: () => getHydraPage<Favourite>(PATHS[kind], 1, FAVOURITES_SHOWN),
    enabled,
    staleTime: 30_000,
  });
}

export interface FavouriteToggle {
  /** the favourite row to delete, or null to add one */
  favouriteId: number | null;
  /** the person (contact) or the collection id (collection) */
  target: number | string;
}

/**
 * Adds or removes a favourite: POST with a favouriteUser / collection IRI, DELETE by row id.
 * Answers the new favourite, or null once removed.
 */
export function toggleFavourite(kind: FavouriteKind, toggle: FavouriteToggle) {
  if (toggle.favouriteId !== null) {
    return api.delete<void>(`${PATHS[kind]}/${toggle.favouriteId}`).then(() => null);
  }
  const body =
    kind === 'contact'
      ? { favouriteUser: iri('user', toggle.target) }
      : { collection: iri('collection', toggle.target) };
  return api.post<Favourite>(PATHS[kind], body);
}

/**
 * Favourite a contact or a collection from any menu (connection cards, profiles, collection
 * cards): refetches favourites, connections and profiles afterwards. Collection screens
 * should also invalidate their own queries in `onSuccess`.
 */
export function useToggleFavourite(kind: FavouriteKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toggle: FavouriteToggle) => toggleFavourite(kind, toggle),
    onSuccess: () =>
      kind === 'contact'
        ? invalidateSocial(queryClient)
        : queryClient.invalidateQueries({ queryKey: favouriteKeys.all }),
  });
}
