import {
  Box,
  Button,
  Center,
  Divider,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { QueryErrorView } from '../../ui/query-error';
import { showApiError, showSuccess } from '../../ui/toasts';
import { useConnectionToken, useRefreshConnectionToken } from './queries';
import { qrLinkTarget } from './qr-link';

/** Draws the link as a QR code (the library loads with the dialog, not before). */
function useQrImage(text: string | undefined): string | undefined {
  const [image, setImage] = useState<{ text: string; url: string }>();
  useEffect(() => {
    if (!text) return;
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 2, width: 480, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setImage({ text, url });
      });
    return () => {
      live = false;
    };
  }, [text]);
  return image && image.text === text ? image.url : undefined;
}

function OpenQrLink({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = qrLinkTarget(value);
    if (!target) {
      setError(t('connections.qr.scanInvalid'));
      return;
    }
    onDone();
    void navigate(target);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Text fw={600}>{t('connections.qr.scanTitle')}</Text>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('connections.qr.scanLabel')}
            description={t('connections.qr.scanHint')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            data-testid="qr-link-input"
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" variant="light" data-testid="qr-link-open">
            {t('connections.qr.scanOpen')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Connect by QR code" (docs/API.md, Calls): the personal token from GET /api/connection-token
 * drawn as a QR code of its link, valid 14 days; a new code invalidates the previous one. The
 * second part opens a link from someone else's code.
 */
export function QrDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useConnectionToken(opened);
  const refresh = useRefreshConnectionToken();
  const url = token.data?.url;
  const image = useQrImage(opened ? url : undefined);

  const renew = async () => {
    try {
      await refresh.mutateAsync();
      showSuccess(t('connections.qr.refreshed'));
    } catch (error) {
      showApiError(error);
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showSuccess(t('connections.toast.linkCopied'));
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('connections.qr.title')} centered>
      <Stack gap="md" data-testid="qr-dialog">
        <Text size="sm" c="dimmed">
          {t('connections.qr.text')}
        </Text>
        {token.isError ? (
          <QueryErrorView error={token.error} onRetry={() => void token.refetch()} />
        ) : (
          <Center>
            {/* White behind the code in both themes, so every camera reads it. */}
            <Box bg="white" p="xs" style={{ borderRadius: 8, lineHeight: 0 }} w={256} h={256}>
              {image ? (
                <Image
                  src={image}
                  alt={t('connections.qr.alt')}
                  w={240}
                  h={240}
                  data-testid="qr-image"
                />
              ) : (
                <Center h={240}>
                  <Loader size={35} aria-label={t('app.loading')} />
                </Center>
              )}
            </Box>
          </Center>
        )}
        {token.data && (
          <Text size="sm" ta="center" data-testid="qr-valid-until">
            {t('connections.qr.validUntil', {
              date: formatDate(token.data.valid_until, currentLocale()),
            })}
          </Text>
        )}
        <Group justify="center" gap="xs">
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => void copy()}
            disabled={!url}
          >
            {t('connections.qr.copyLink')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void renew()}
            loading={refresh.isPending}
            disabled={!token.data}
            data-testid="qr-refresh"
          >
            {t('connections.qr.refresh')}
          </Button>
        </Group>
        <Divider />
        <OpenQrLink onDone={onClose} />
      </Stack>
    </Modal>
  );
}
