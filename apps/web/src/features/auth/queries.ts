import { useMutation, useQuery } from '@tanstack/react-query';
import type { Locale, LoginAnswer, TokenPair } from '@memoria/domain';
import { api } from '../../api/client';
import { isApiError } from '../../api/errors';

/** Session calls of docs/API.md, Calls. Login-area calls never send the (old) token. */
export interface Credentials {
  usermail: string;
  password: string;
  code?: string;
}

export function isTokenPair(answer: unknown): answer is TokenPair {
  return Boolean(
    answer && typeof answer === 'object' && 'token' in answer && 'refresh_token' in answer,
  );
}

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      api.post<LoginAnswer>('/api/login', credentials, { anonymous: true }),
  });
}

export interface SignupInput {
  usermail: string;
  password: string;
  userProfile: { name: string; locale: Locale; country?: string };
}

export function useSignup() {
  return useMutation({
    mutationFn: (input: SignupInput) =>
      api.post<TokenPair>('/api/signup', input, { anonymous: true }),
  });
}

export interface VerificationAnswer extends Partial<TokenPair> {
  status?: string;
}

/** With the activation session: {code}; without: {usermail, code}. */
export function useVerifyAccount() {
  return useMutation({
    mutationFn: ({ code, usermail }: { code: string; usermail?: string }) =>
      api.post<VerificationAnswer>(
        '/api/user/account/verification',
        usermail ? { usermail, code } : { code },
        { anonymous: Boolean(usermail) },
      ),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: ({ usermail }: { usermail?: string }) =>
      api.post<unknown>('/api/account/resend-verification', usermail ? { usermail } : {}, {
        anonymous: Boolean(usermail),
      }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (usermail: string) =>
      api.post<unknown>('/api/forgot-password', { usermail }, { anonymous: true }),
  });
}

export function useForgotPasswordConfirm() {
  return useMutation({
    mutationFn: (input: { password: string; token: string }) =>
      api.post<unknown>(
        '/api/forgot-password-confirm',
        { password: input.password, userForgotPassword: input.token },
        { anonymous: true },
      ),
  });
}

/** The external identity service, if the server has one (docs/API.md, Identity). */
export interface PimProvider {
  enabled: boolean;
  name: string | null;
}

export function usePimProvider() {
  return useQuery({
    queryKey: ['pim-provider'],
    queryFn: () => api.get<PimProvider>('/api/pim/provider', { anonymous: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function startPimLogin(locale: string) {
  return api.get<{ url: string; request: string }>('/api/pim/url', {
    query: { locale },
    anonymous: true,
  });
}

/** 400 while the identity service has not sent the person back yet: undefined, ask again. */
export async function pimLogin(request: string): Promise<LoginAnswer | undefined> {
  try {
    return await api.post<LoginAnswer>('/api/pim/login', { request }, { anonymous: true });
  } catch (error) {
    if (isApiError(error) && error.status === 400) return undefined;
    throw error;
  }
}
