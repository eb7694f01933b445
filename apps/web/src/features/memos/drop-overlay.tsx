import { Overlay, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';

/** What the page shows while files or text are dragged over it. */
export function DropOverlay() {
  const { t } = useTranslation();
  return (
    <Overlay fixed blur={2} backgroundOpacity={0.55} zIndex={250} center data-testid="drop-area">
      <Stack
        align="center"
        ta="center"
        gap="sm"
        p="xl"
        maw={420}
        bg="var(--mantine-color-body)"
        style={{
          border: '2px dashed var(--mantine-primary-color-filled)',
          borderRadius: 'var(--mantine-radius-lg)',
          pointerEvents: 'none',
        }}
      >
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconFilePlus size={32} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('memos.drop.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('memos.drop.text')}
        </Text>
      </Stack>
    </Overlay>
  );
}
