import { useQuery } from '@tanstack/react-query';
import type { CallJoin, CallRecord } from '@memoria/domain';
import { api } from '../../api/client';
import { buildUrl } from '../../api/client';

/** The calls API (docs/notes/calls.md). */

export const callKeys = {
  history: (collectionId: string) => ['calls', 'history', collectionId] as const,
};

/** Starts the collection's call or joins the running one. */
export function enterCall(collectionId: string, lobby = true): Promise<CallJoin> {
  return api.post<CallJoin>(`/api/collection/${encodeURIComponent(collectionId)}/call`, { lobby });
}

/** Joins with the call link; a visitor gives the name they are shown under. */
export function joinWithLink(token: string, name: string | null): Promise<CallJoin> {
  return api.post<CallJoin>('/api/call/join', name === null ? { token } : { token, name });
}

export async function fetchCallToken(collectionId: string, refresh = false): Promise<string> {
  const answer = await api.get<{ call_secure_token: string }>(
    `/api/collection/${encodeURIComponent(collectionId)}/secure-token`,
    { query: refresh ? { refresh: 1 } : {} },
  );
  return answer.call_secure_token;
}

/** The link visitors open: /joincall?token=… on this site. */
export function callLinkOf(token: string): string {
  return new URL(`/joincall?token=${encodeURIComponent(token)}`, window.location.origin).toString();
}

/** The newest call of a collection (a running one has no ended_at). */
export function useLatestCall(collectionId: string, enabled: boolean) {
  return useQuery({
    queryKey: callKeys.history(collectionId),
    queryFn: async () => {
      const list = await api.get<CallRecord[]>(
        `/api/collection/${encodeURIComponent(collectionId)}/calls`,
        { query: { itemsPerPage: 1 } },
      );
      return list[0] ?? null;
    },
    enabled,
    staleTime: 15_000,
  });
}

/** ws(s)://<API host>/api/ws?call_ticket=… */
export function callSocketUrl(ticket: string): string {
  const url = new URL(buildUrl('/api/ws', { call_ticket: ticket }), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
