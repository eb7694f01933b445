import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfilePatch, User } from '@memoria/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/use-session';
import { browserSettings } from '../../session/settings';

export const profileKeys = {
  me: ['profile'] as const,
};

export function fetchProfile(): Promise<User> {
  return api.get<User>('/api/profile');
}

/** Keeps a few user fields for the first paint of the next visit (name, locale, colour). */
export function rememberUser(user: User): void {
  browserSettings.update({
    user: {
      id: user.id,
      name: user.user_profile.name,
      locale: user.user_profile.locale,
      custom_colour: user.user_profile.custom_colour,
    },
  });
}

/** The signed-in user (GET /api/profile). */
export const profileQuery = queryOptions({
  queryKey: profileKeys.me,
  queryFn: async () => {
    const user = await fetchProfile();
    rememberUser(user);
    return user;
  },
  staleTime: 60_000,
  // A failed profile must not refetch each time a page mounts: a refetch puts the query back
  // to pending, the guard waits, the page remounts, and it would loop.
  retryOnMount: false,
});

/** The signed-in user; disabled without a session. */
export function useProfile() {
  const session = useSession();
  return useQuery({ ...profileQuery, enabled: Boolean(session) });
}

export function patchProfile(user: User, patch: ProfilePatch): Promise<User> {
  // keepalive: a language or colour change must land even if the user navigates at once.
  return api.patch<User>(`/api/user/profile/${user.profile_id}`, patch, { keepalive: true });
}

export function usePatchProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, patch }: { user: User; patch: ProfilePatch }) => patchProfile(user, patch),
    onSuccess: (user) => {
      queryClient.setQueryData(profileKeys.me, user);
      rememberUser(user);
    },
  });
}
