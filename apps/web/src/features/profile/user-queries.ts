import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type Collection,
  type HydraCollection,
  type Memo,
  type PublicProfile,
  type UserSummary,
} from '@memoria/domain';
import { api } from '../../api/client';
import { isApiError } from '../../api/errors';
import { getHydraPage, hydraMembers } from '../../api/hydra';

// Kept apart from queries.ts, which the route guard (first screen) imports.

/** Another person's profile (or one's own as others see it), signed in or as a visitor. */
export const userProfileKeys = {
  all: ['user-profile'] as const,
  profile: (id: number, visitor: boolean) => ['user-profile', id, visitor ? 'p' : 'a'] as const,
  documents: (id: number, visitor: boolean) =>
    ['user-profile', id, visitor ? 'p' : 'a', 'documents'] as const,
  members: (id: number) => ['user-profile', id, 'a', 'members'] as const,
};

/**
 * GET /api/user/{id}/combined (signed in) or GET /api/p/user/{id} (visitors, no session
 * sent: the authenticated user is hidden on public routes).
 */
export function useUserProfile(id: number, visitor: boolean) {
  return useQuery({
    queryKey: userProfileKeys.profile(id, visitor),
    queryFn: () =>
      visitor
        ? api.get<PublicProfile>(`/api/p/user/${id}`, { anonymous: true })
        : api.get<PublicProfile>(`/api/user/${id}/combined`),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}

/**
 * The collections on a profile: GET /api/user/{id}/collection (the ones the viewer may see),
 * /api/p/user/{id}/collection for visitors. Kept under the `collections` key so collection
 * changes refresh it.
 */
export function useProfileCollections(id: number, visitor: boolean, enabled = true) {
  return useQuery({
    queryKey: ['collections', 'list', id, visitor ? 'p' : 'a'] as const,
    queryFn: () =>
      api
        .get<HydraCollection<Collection> | Collection[]>(
          `${visitor ? '/api/p' : '/api'}/user/${id}/collection`,
          { query: { itemsPerPage: PAGE_SIZES.collections }, anonymous: visitor },
        )
        .then(hydraMembers),
    enabled,
  });
}

/** The documents of a person's memos the viewer may see, ten memos a page. */
export function useProfileDocuments(id: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: userProfileKeys.documents(id, false),
    queryFn: ({ pageParam }) =>
      getHydraPage<Memo>(`/api/user/${id}/memo`, pageParam, PAGE_SIZES.memos),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
    },
    enabled,
  });
}

export interface WorkspaceMember {
  id: number;
  user: UserSummary;
  isAdmin?: boolean;
}

/** GET /api/workspace/{id}/members (hydra): the people of a workspace or group account. */
export function useWorkspaceMembers(id: number, enabled = true) {
  return useQuery({
    queryKey: userProfileKeys.members(id),
    queryFn: () =>
      getHydraPage<WorkspaceMember>(`/api/workspace/${id}/members`, 1, PAGE_SIZES.connections),
    enabled,
    retry: false,
  });
}
