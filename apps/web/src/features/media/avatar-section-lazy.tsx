import type { User } from '@memoria/domain';
import { lazy, Suspense } from 'react';

const AvatarSection = lazy(() =>
  import('./avatar-section').then((module) => ({ default: module.AvatarSection })),
);

/** The account picture section, loaded on its own so the rest of the settings page never waits for it. */
export function AvatarSectionLazy({ user }: { user: Pick<User, 'user_picture' | 'user_profile'> }) {
  return (
    <Suspense fallback={null}>
      <AvatarSection user={user} />
    </Suspense>
  );
}
