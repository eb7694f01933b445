import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Connection,
  Workspace,
  WorkspaceDetail,
  WorkspaceMember,
  WorkspaceSettingsInput,
} from '@memoria/domain';
import { api } from '../../api/client';
import { getHydraPage, type Page } from '../../api/hydra';

/** Workspaces and groups (docs/notes/workspaces.md). */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: ['workspaces', 'list'] as const,
  one: (id: number) => ['workspaces', id] as const,
  members: (id: number, search: string) => ['workspaces', id, 'members', search] as const,
};

const PAGE = 30;

function nextPage<T>(last: Page<T>, pages: Page<T>[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/** GET /api/user/workspace: those I administer or belong to. */
export function useWorkspaces() {
  return useInfiniteQuery({
    queryKey: workspaceKeys.list,
    queryFn: ({ pageParam }) => getHydraPage<Workspace>('/api/user/workspace', pageParam, PAGE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useWorkspace(id: number) {
  return useQuery({
    queryKey: workspaceKeys.one(id),
    queryFn: () => api.get<WorkspaceDetail>(`/api/workspace/${id}`),
    retry: false,
  });
}

/** GET /api/workspace/{id}/members, searched and paged by the server. */
export function useWorkspaceMembers(id: number, search: string) {
  return useInfiniteQuery({
    queryKey: workspaceKeys.members(id, search),
    queryFn: ({ pageParam }) =>
      getHydraPage<WorkspaceMember>(`/api/workspace/${id}/members`, pageParam, PAGE, {
        search: search || undefined,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useUpdateWorkspace(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkspaceSettingsInput) =>
      api.patch<WorkspaceDetail>(`/api/workspace/${id}`, input),
    onSuccess: async (detail) => {
      client.setQueryData(workspaceKeys.one(id), detail);
      await client.invalidateQueries({ queryKey: workspaceKeys.all });
    },
  });
}

export function useInviteMember(id: number) {
  return useMutation({
    mutationFn: (input: { user_to_email: string; personal_message: string | null }) =>
      api.post<Connection>(`/api/workspace/${id}/invite`, input),
  });
}

export function useRemoveMember(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete<void>(`/api/workspace/${id}/members/${userId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.one(id) }),
  });
}
