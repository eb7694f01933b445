import { useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type Collection,
  type Connection,
  type HydraCollection,
  type UserSummary,
} from '@memoria/domain';
import { api } from '../../../api/client';
import { hydraMembers } from '../../../api/hydra';
import { memoKeys } from '../queries';

/**
 * People to @mention: the viewer's active connections. Until the connections API answers
 * (or if it fails) the list is empty and mentions simply offer nobody.
 */
export function useMentionPeople() {
  return useQuery({
    queryKey: memoKeys.connections,
    queryFn: async (): Promise<UserSummary[]> => {
      try {
        const answer = await api.get<HydraCollection<Connection> | Connection[]>(
          '/api/user/connection',
          { hydra: true, query: { status: 'active', itemsPerPage: PAGE_SIZES.connections } },
        );
        const people: UserSummary[] = [];
        for (const connection of hydraMembers(answer)) {
          if (connection.user?.id && connection.user.name) people.push(connection.user);
        }
        return people;
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The collections a memo may be saved in: the viewer's own and those where they collaborate
 * (GET /api/user/{me}/collection answers both for the viewer).
 */
export function useCollectionChoice(userId: number | undefined) {
  return useQuery({
    queryKey: memoKeys.collections(userId ?? 0),
    queryFn: async () => {
      const answer = await api.get<HydraCollection<Collection> | Collection[]>(
        `/api/user/${userId}/collection`,
        { query: { itemsPerPage: PAGE_SIZES.collections } },
      );
      return hydraMembers(answer);
    },
    enabled: Boolean(userId),
  });
}
