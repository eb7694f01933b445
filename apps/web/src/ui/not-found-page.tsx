import { ErrorPage } from './error-page';

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
