import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DataExportAnswer,
  DocumentLocation,
  Locale,
  SignedInSession,
  StatusAnswer,
} from '@memoria/domain';
import { api, buildHeaders, buildUrl, sendWithSession } from '../../api/client';
import { profileKeys } from '../profile/queries';

/** Queries of the account's self-service sections (docs/API.md, The account). */
export const accountDataKeys = {
  sessions: ['account', 'sessions'] as const,
  dataExport: ['account', 'export'] as const,
  helpLinks: (locale: Locale) => ['document', 'location', locale] as const,
  privacyPolicy: (locale: Locale) => ['document', 'privacy-policy', locale] as const,
};

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: { usermail: string; password: string }) =>
      api.post<StatusAnswer>('/api/user/email-change', input),
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<StatusAnswer & { usermail: string }>('/api/user/email-change/confirm', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.me }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: { reason: string; password: string }) =>
      api.post<StatusAnswer & { delete_after: string }>('/api/user/account/delete', input),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: accountDataKeys.sessions,
    queryFn: () => api.get<SignedInSession[]>('/api/user/sessions'),
  });
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/user/sessions/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountDataKeys.sessions }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ revoked: number }>('/api/user/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountDataKeys.sessions }),
  });
}

/** The latest export; asked again every few seconds while it is being made. */
export function useDataExport() {
  return useQuery({
    queryKey: accountDataKeys.dataExport,
    queryFn: () => api.get<{ export: DataExportAnswer | null }>('/api/user/export'),
    refetchInterval: (query) => (query.state.data?.export?.status === 'queued' ? 3000 : false),
  });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExportAnswer>('/api/user/export'),
    onSuccess: (answer) => queryClient.setQueryData(accountDataKeys.dataExport, { export: answer }),
  });
}

/** The zip, fetched with the session (a plain link would carry no token), then saved. */
export async function downloadExport(id: number): Promise<Blob> {
  return sendWithSession<Blob>(async (token) => {
    const response = await fetch(buildUrl(`/api/user/export/${id}/download`), {
      headers: buildHeaders({}, token),
    });
    return {
      status: response.status,
      header: (name: string) => response.headers.get(name),
      body: async () => (response.ok ? response.blob() : response.json().catch(() => undefined)),
    };
  });
}

export function useHelpLinks(locale: Locale) {
  return useQuery({
    queryKey: accountDataKeys.helpLinks(locale),
    queryFn: () =>
      api.get<DocumentLocation[]>('/api/document/location', {
        query: { locale },
        anonymous: true,
      }),
    staleTime: Infinity,
  });
}

export function usePrivacyPolicy(locale: Locale) {
  return useQuery({
    queryKey: accountDataKeys.privacyPolicy(locale),
    queryFn: () =>
      api.get<{ locale: Locale; text: string; default: boolean }>('/api/document/privacy-policy', {
        query: { locale },
        anonymous: true,
      }),
    staleTime: Infinity,
  });
}
