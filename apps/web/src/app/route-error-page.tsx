import { Suspense, lazy } from 'react';
import { useTranslation } from '../i18n';
import { isApiError } from '../api/errors';
import { ChunkLoadError } from '../ui/lazy-page';

const ErrorPage = lazy(() => import('../ui/error-page').then((m) => ({ default: m.ErrorPage })));

/**
 * Whatever a route throws ends here. A chunk failure gets plain markup: loading another chunk
 * for the error page would likely fail the same way.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();

  if (error instanceof ChunkLoadError) {
    return (
      <div role="alert" style={{ padding: 32, textAlign: 'center', fontFamily: 'sans-serif' }}>
        <p>{t('errors.chunk')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </div>
    );
  }
  const status = isApiError(error) ? error.status : 500;
  const known = status === 401 || status === 403 || status === 404 ? status : 500;
  return (
    <Suspense fallback={null}>
      <ErrorPage status={known} />
    </Suspense>
  );
}
