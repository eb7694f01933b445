import { LIMITS, type User } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { WidePictureField } from '../media/wide-picture-field';
import { profileKeys } from '../profile/queries';
import { Section } from './section';

/** The profile cover: POST /api/user/cover, removed with DELETE /api/user/picture/{id}. */
export function CoverSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cover = user.user_cover;
  return (
    <Section title={t('publicProfile.cover.title')} testId="cover-section">
      <WidePictureField
        target="cover"
        url={cover?.content_url ?? null}
        removeUrl={cover ? `/api/user/picture/${cover.id}` : null}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: profileKeys.me })}
        testId="profile-cover-field"
        texts={{
          label: t('publicProfile.cover.title'),
          hint: t('publicProfile.cover.hint', { height: LIMITS.coverMinHeight }),
          upload: t('publicProfile.cover.upload'),
          change: t('publicProfile.cover.change'),
          remove: t('publicProfile.cover.remove'),
          saved: t('publicProfile.cover.saved'),
          removed: t('publicProfile.cover.removed'),
          alt: t('publicProfile.cover.alt'),
        }}
      />
    </Section>
  );
}
