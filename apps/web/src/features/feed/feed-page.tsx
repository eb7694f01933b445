import { ComingSoonPage } from '../../ui/coming-soon-page';

/** The feed (issue 6): memos of the people I am connected with or follow. */
export function FeedPage() {
  return <ComingSoonPage />;
}
