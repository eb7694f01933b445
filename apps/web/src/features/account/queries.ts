import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TwoFactorConfirmAnswer,
  TwoFactorMethod,
  TwoFactorSetupAnswer,
} from '@memoria/domain';
import { api } from '../../api/client';
import { profileKeys } from '../profile/queries';

export const accountKeys = {
  lockCodeExists: ['lock-code-exist'] as const,
};

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { password: string; newPassword: string }) =>
      api.post<unknown>('/api/reset-password', input),
  });
}

export function useValidatePassword() {
  return useMutation({
    mutationFn: (password: string) =>
      api.post<{ valid: boolean }>('/api/validate-password', { password }),
  });
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (method: TwoFactorMethod) =>
      api.post<TwoFactorSetupAnswer>('/api/profile/2fa', { method }),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<TwoFactorConfirmAnswer>('/api/profile/2fa-confirm', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.me }),
  });
}

export function useBackupCodes() {
  return useMutation({
    mutationFn: () => api.get<{ backup_codes: string[] }>('/api/profile/2fa-backup'),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<unknown>('/api/profile/2fa-disable', { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.me }),
  });
}

export function useLockCodeExists(enabled = true) {
  return useQuery({
    queryKey: accountKeys.lockCodeExists,
    queryFn: () => api.get<{ exists: boolean }>('/api/lock-code-exist'),
    enabled,
  });
}

function useInvalidatePin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.lockCodeExists }),
      queryClient.invalidateQueries({ queryKey: profileKeys.me }),
    ]);
}

export function useSaveLockCode() {
  const invalidate = useInvalidatePin();
  return useMutation({
    mutationFn: (input: { lock_code: string; current_lock_code?: string }) =>
      api.patch<unknown>('/api/lock-code', input),
    onSuccess: invalidate,
  });
}

/** Removes the PIN; the server allows it only shortly after a successful validate-password. */
export function useResetLockCode() {
  const invalidate = useInvalidatePin();
  const validate = useValidatePassword();
  return useMutation({
    mutationFn: async (password: string) => {
      await validate.mutateAsync(password);
      return api.get<unknown>('/api/lock-code-reset');
    },
    onSuccess: invalidate,
  });
}

export function validateLockCode(pin: string) {
  return api.get<{ valid: boolean }>(`/api/lock-code-validate/${encodeURIComponent(pin)}`);
}
