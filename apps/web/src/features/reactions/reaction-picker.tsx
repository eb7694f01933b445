import { Group, Popover, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { REACTION_TYPES, type Memo, type ReactionType } from '@memoria/domain';
import { currentLocale, useTranslation } from '../../i18n';
import { formatCount } from '../../i18n/format';
import { showApiError } from '../../ui/toasts';
import { useReact } from './queries';
import { ReactionIcon } from './reaction-icon';
import classes from './reactions-bar.module.css';

export interface ReactionPickerProps {
  memo: Memo;
  /** the control's accessible name (reaction-control.tsx) */
  label: string;
  /** what the closed control shows */
  children: ReactNode;
  /** the control was pressed before this chunk had loaded */
  initiallyOpened?: boolean;
  /** the control had the focus before this chunk had loaded */
  takeFocus?: boolean;
}

/**
 * The card's reaction control once its picker has loaded (reaction-control.tsx loads it on the
 * first hover, focus or press): the same control as the target of a popover with the six kinds
 * (arrow keys move, Escape closes, the focus comes back to the control).
 */
export function ReactionPicker({
  memo,
  label,
  children,
  initiallyOpened = false,
  takeFocus = false,
}: ReactionPickerProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const react = useReact();
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const picker = useRef<HTMLDivElement>(null);
  const mine = memo.my_reaction as ReactionType | null;

  // This control replaced the one the person pressed or focused: it takes the focus first and
  // opens after, so that closing gives the focus back to it (Mantine returns it to the
  // element that had it when the popover opened).
  useEffect(() => {
    if (takeFocus || initiallyOpened) trigger.current?.focus();
    if (initiallyOpened) setOpened(true);
  }, [initiallyOpened, takeFocus]);

  const choose = (type: ReactionType) => {
    const to = mine === type ? null : type;
    react.mutate({ memo, to }, { onError: showApiError });
    setOpened(false);
  };

  // Arrow keys, Home and End move along the six (the picker is one row).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(picker.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const last = buttons.length - 1;
    const next: Record<string, number> = {
      ArrowRight: at >= last ? 0 : at + 1,
      ArrowLeft: at <= 0 ? last : at - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    buttons[next[event.key]!]?.focus();
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="top-start"
      shadow="md"
      trapFocus
      returnFocus
      closeOnEscape
      withinPortal
    >
      <Popover.Target>
        <UnstyledButton
          ref={trigger}
          className={classes.reaction}
          data-active={mine ? true : undefined}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-label={label}
          onClick={() => setOpened((open) => !open)}
          data-testid="reaction-control"
        >
          {children}
        </UnstyledButton>
      </Popover.Target>
      {/* a dialog Mantine names after the control (aria-labelledby) */}
      <Popover.Dropdown p={4} role="dialog" data-testid="reaction-picker">
        <Group gap={4} wrap="nowrap" ref={picker} onKeyDown={onKeyDown}>
          {REACTION_TYPES.map((type) => {
            const count = memo.reactions[type] ?? 0;
            const name = t(`engagement.reactions.${type}`);
            const shown = formatCount(count, locale);
            return (
              <UnstyledButton
                key={type}
                className={classes.reaction}
                data-active={mine === type || undefined}
                aria-pressed={mine === type}
                aria-label={
                  mine === type
                    ? t('engagement.reactions.yours', { name, count: shown })
                    : t('engagement.reactions.react', { name, count: shown })
                }
                title={name}
                onClick={() => choose(type)}
                data-testid={`reaction-${type}`}
              >
                <ReactionIcon type={type} active={mine === type || count > 0} />
                {count > 0 && (
                  <Text component="span" size="xs" data-testid="reaction-count">
                    {shown}
                  </Text>
                )}
              </UnstyledButton>
            );
          })}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
