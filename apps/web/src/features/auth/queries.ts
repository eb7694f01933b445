import { useMutation } from '@tanstack/react-query';
import type { Locale, LoginAnswer, TokenPair } from '@memoria/domain';
import { api } from '../../api/client';

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
