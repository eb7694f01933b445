import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Delegation,
  DelegationAuditEntry,
  DelegationListItem,
  DelegationRules,
} from '@memoria/domain';
import { api } from '../../api/client';
import { getHydraPage, type Page } from '../../api/hydra';
import { connectionKeys, userRef } from './queries';

/** Delegations (docs/API.md, Delegations): the lists live under the connections key. */
export const delegationKeys = {
  list: [...connectionKeys.all, 'delegations-managed'] as const,
  audit: [...connectionKeys.all, 'delegations-audit'] as const,
};

const PAGE = 50;

function nextPage<T>(last: Page<T>, pages: Page<T>[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/** GET /api/account/role: the delegations the account gave and holds. */
export function useDelegations(enabled = true) {
  return useInfiniteQuery({
    queryKey: delegationKeys.list,
    queryFn: ({ pageParam }) =>
      getHydraPage<DelegationListItem>('/api/account/role', pageParam, PAGE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** GET /api/account/role/audit: what delegates did for the account, newest first. */
export function useDelegationAudit(enabled = true) {
  return useInfiniteQuery({
    queryKey: delegationKeys.audit,
    queryFn: ({ pageParam }) =>
      getHydraPage<DelegationAuditEntry>('/api/account/role/audit', pageParam, PAGE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

export type RightFlags = Partial<DelegationRules>;

/** POST /api/account/role (create, or update the pair's live delegation) or PATCH by id. */
export function useSaveDelegation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; delegateId: number; flags: RightFlags }) =>
      input.id === undefined
        ? api.post<Delegation>('/api/account/role', {
            delegate_user: userRef(input.delegateId),
            ...input.flags,
          })
        : api.patch<Delegation>(`/api/account/role/${input.id}`, input.flags),
    onSettled: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

/** DELETE /api/account/role/{id}. */
export function useRevokeDelegation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/account/role/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}
