import { Overlay, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { draftFromDrop } from './drop-draft';
import { openMemoEditor } from './memo-editor-launcher';

function carriesContent(event: DragEvent): boolean {
  const types = Array.from(event.dataTransfer?.types ?? []);
  return types.includes('Files') || types.includes('text/plain');
}

/**
 * The drop area of spec part 1 §2.3 (signed-in users, on the routes that have it): files or
 * text dropped anywhere on the page open the memo editor with a memo made from them.
 */
export function DropArea() {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  const depth = useRef(0);

  useEffect(() => {
    const onEnter = (event: DragEvent) => {
      if (!carriesContent(event)) return;
      event.preventDefault();
      depth.current += 1;
      setActive(true);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesContent(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setActive(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesContent(event)) return;
      event.preventDefault();
      depth.current = 0;
      setActive(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      const text = event.dataTransfer?.getData('text/plain') ?? '';
      void draftFromDrop(files, text).then((draft) => {
        if (draft) openMemoEditor({ draft });
      });
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);

  if (!active) return null;
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
