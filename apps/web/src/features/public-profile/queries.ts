import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PublicProfile,
  PublicProfilePatch,
  PublicProfileSettings,
  SlugAvailability,
} from '@memoria/domain';
import { api } from '../../api/client';
import { isApiError } from '../../api/errors';

export const publicSettingsKeys = {
  mine: ['public-profile-settings'] as const,
  slug: (slug: string) => ['public-profile-slug', slug] as const,
  page: (slug: string) => ['public-profile-page', slug] as const,
};

/** GET /api/user/profile/public: the signed-in person's settings. */
export function usePublicSettings() {
  return useQuery({
    queryKey: publicSettingsKeys.mine,
    queryFn: () => api.get<PublicProfileSettings>('/api/user/profile/public'),
  });
}

/** POST the first time (turns it on), PATCH by the profile id afterwards. */
export function useSavePublicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      current,
      patch,
    }: {
      current: PublicProfileSettings;
      patch: PublicProfilePatch;
    }) =>
      current.user_has_public_profile
        ? api.patch<PublicProfileSettings>(`/api/user/profile/public/${current.id}`, patch)
        : api.post<PublicProfileSettings>('/api/user/profile/public', patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(publicSettingsKeys.mine, saved);
      void queryClient.invalidateQueries({ queryKey: ['user-profile'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

/** Whether a slug is free (only asked for a well-formed slug; the owner's own counts as free). */
export function useSlugAvailability(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: publicSettingsKeys.slug(slug),
    queryFn: () =>
      api.get<SlugAvailability>(`/api/user/profile/public/slug/${encodeURIComponent(slug)}`),
    enabled,
    staleTime: 10_000,
  });
}

/** GET /api/p/profile/{slug} for visitors (no session sent, like /api/p/user/{id}). */
export function usePublicProfileBySlug(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: publicSettingsKeys.page(slug),
    queryFn: () =>
      api.get<PublicProfile>(`/api/p/profile/${encodeURIComponent(slug)}`, { anonymous: true }),
    enabled,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}
