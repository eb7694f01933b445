import { ComingSoonPage } from '../../ui/coming-soon-page';

/** Discover (issue 6): public posts and people. */
export function DiscoverPage() {
  return <ComingSoonPage />;
}
