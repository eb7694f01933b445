import type { User } from '@memoria/domain';
import { lazy, Suspense } from 'react';
import { loadNamespaces } from '../../i18n';

const CoverSection = lazy(() =>
  Promise.all([import('./cover-section'), loadNamespaces('publicProfile', 'media')]).then(
    ([module]) => ({ default: module.CoverSection }),
  ),
);

/** The profile cover section with its texts, loaded on its own so the settings page never waits for it. */
export function CoverSectionLazy({ user }: { user: User }) {
  return (
    <Suspense fallback={null}>
      <CoverSection user={user} />
    </Suspense>
  );
}
