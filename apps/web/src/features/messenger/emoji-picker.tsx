import { ActionIcon, Group, Popover, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';

/** The emoji offered in the picker; the server takes any single emoji. */
export const PICKER_EMOJI = ['👍', '❤️', '😂', '😮', '😢', '🙏', '🎉', '👀'] as const;

/**
 * A reaction picker: a button opening one row of emoji; arrow keys, Home and End move, Enter
 * chooses, Escape closes and the focus comes back to the button (as the memo reactions do).
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const row = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(row.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const last = buttons.length - 1;
    const next: Record<string, number> = {
      ArrowRight: at >= last ? 0 : at + 1,
      ArrowLeft: at <= 0 ? last : at - 1,
      Home: 0,
      End: last,
    };
    const to = next[event.key];
    if (to === undefined) return;
    event.preventDefault();
    buttons[to]?.focus();
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus position="top" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('messenger.thread.react')}
          aria-expanded={opened}
          onClick={() => setOpened((value) => !value)}
          data-testid="react-button"
        >
          <IconMoodSmile size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Group
          gap={2}
          ref={row}
          onKeyDown={onKeyDown}
          role="group"
          aria-label={t('messenger.thread.react')}
        >
          {PICKER_EMOJI.map((emoji) => (
            <UnstyledButton
              key={emoji}
              onClick={() => {
                onPick(emoji);
                setOpened(false);
              }}
              aria-label={emoji}
              data-testid={`emoji-${emoji}`}
              style={{ fontSize: 22, lineHeight: 1, padding: 4, borderRadius: 6 }}
            >
              {emoji}
            </UnstyledButton>
          ))}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
