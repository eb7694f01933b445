import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n';
import { isApiError } from '../api/errors';
import { errorText } from './toasts';

/** A failed data fetch: the message and status, with a retry (docs/API.md, Errors). */
export function QueryErrorView({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const status = isApiError(error) ? error.status : undefined;
  return (
    <Alert color="red" role="alert" title={t('errors.unknown')} data-testid="query-error">
      <Text size="sm">
        {errorText(error)}
        {status !== undefined && ` (${status})`}
      </Text>
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
