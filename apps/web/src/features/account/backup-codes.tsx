import { Button, CopyButton, Group, SimpleGrid, Stack, Text, Code } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';

function download(codes: string[]) {
  const blob = new Blob([`Memoria backup codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'memoria-backup-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

export function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('account.twofa.backupTitle')}</Text>
      <Text size="sm" c="dimmed">
        {t('account.twofa.backupText')}
      </Text>
      <SimpleGrid
        cols={{ base: 2, sm: 5 }}
        spacing="xs"
        component="ul"
        data-testid="twofa-backup-codes"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="sm">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? t('common.copied') : t('account.twofa.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(codes)}
        >
          {t('account.twofa.downloadCodes')}
        </Button>
      </Group>
    </Stack>
  );
}
