import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { showApiError } from '../../ui/toasts';
import { sizeText } from '../media/document-text';
import { downloadExport, useDataExport, useRequestExport } from './data-queries';
import { Section } from './section';

/** Saves a blob under `name` through a temporary link (the browser's own download). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Data export: ask for a zip, see it being made, download it while it lasts. */
export function ExportSection() {
  const { t } = useTranslation();
  const current = useDataExport();
  const request = useRequestExport();
  const [downloading, setDownloading] = useState(false);
  const data = current.data?.export ?? null;
  const { hash } = useLocation();
  const loaded = current.data !== undefined;
  // opened from the "export ready" notification or its e-mail: the section comes into view
  useEffect(() => {
    if (hash === '#data-export' && loaded) {
      document.getElementById('data-export')?.scrollIntoView?.({ block: 'start' });
    }
  }, [hash, loaded]);

  const ask = async () => {
    try {
      await request.mutateAsync();
    } catch (error) {
      showApiError(error);
    }
  };
  const download = async () => {
    if (!data) return;
    setDownloading(true);
    try {
      const day = (data.ready_at ?? data.created_at).slice(0, 10);
      save(await downloadExport(data.id), `memoria-export-${day}.zip`);
    } catch (error) {
      showApiError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Section id="data-export" title={t('accountData.export.title')} testId="export-section">
      <Text size="sm" c="dimmed">
        {t('accountData.export.intro')}
      </Text>
      {data?.status === 'queued' && (
        <Alert role="status" data-testid="export-preparing">
          {t('accountData.export.preparing')}
        </Alert>
      )}
      {data?.status === 'failed' && (
        <Alert color="red" role="alert">
          {t('accountData.export.failed')}
        </Alert>
      )}
      {data?.status === 'ready' && data.expires_at && (
        <Text size="sm" data-testid="export-ready">
          {t('accountData.export.ready', {
            date: formatDate(data.expires_at, currentLocale()),
          })}
        </Text>
      )}
      <Group justify="flex-end">
        {data?.status === 'ready' && (
          <Button
            loading={downloading}
            onClick={() => void download()}
            data-testid="export-download"
          >
            {t('accountData.export.download', { size: sizeText(data.size ?? 0) })}
          </Button>
        )}
        <Button
          variant={data?.status === 'ready' ? 'light' : 'filled'}
          loading={request.isPending}
          disabled={data?.status === 'queued'}
          onClick={() => void ask()}
          data-testid="export-request"
        >
          {data ? t('accountData.export.again') : t('accountData.export.request')}
        </Button>
      </Group>
    </Section>
  );
}
