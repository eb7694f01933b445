import { Group, Popover, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { REACTION_TYPES, type Memo, type ReactionType } from '@memoria/domain';
import { currentLocale, useTranslation } from '../../i18n';
import { formatCount } from '../../i18n/format';
import { showApiError } from '../../ui/toasts';
import { useMemoLive } from '../comments/live';
import { useReact } from './queries';
import { ReactionIcon } from './reaction-icon';
import classes from './reactions-bar.module.css';

/** At most this many kinds are drawn on the closed control: the most given first. */
const SHOWN_KINDS = 3;

/** The kinds given, the viewer's own first, then by count. */
export function leadingReactions(memo: Memo): ReactionType[] {
  const given = REACTION_TYPES.filter((type) => (memo.reactions[type] ?? 0) > 0);
  const mine = memo.my_reaction as ReactionType | null;
  return given
    .sort(
      (a, b) =>
        Number(b === mine) - Number(a === mine) ||
        (memo.reactions[b] ?? 0) - (memo.reactions[a] ?? 0),
    )
    .slice(0, SHOWN_KINDS);
}

/**
 * The reactions of a memo on a card: one control with the leading kinds and the total, the
 * viewer's own highlighted; pressing it opens a picker of the six (arrow keys move, Escape
 * closes, the focus comes back to the control). Without the right to react it is only the
 * summary. The memo page has the full bar (reactions-bar.tsx).
 */
export function ReactionControl({ memo }: { memo: Memo }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const react = useReact();
  const [opened, setOpened] = useState(false);
  const picker = useRef<HTMLDivElement>(null);
  useMemoLive(memo.id, 'reaction');
  if (!memo.can_see_engagement) return null;

  const total = Object.values(memo.reactions).reduce((sum, n) => sum + n, 0);
  const shownTotal = formatCount(total, locale);
  const leading = leadingReactions(memo);
  const mine = memo.my_reaction as ReactionType | null;
  const totalText = t('engagement.reactions.total', { count: total, shown: shownTotal });

  if (!memo.can_react) {
    if (total === 0) return null;
    return (
      <Group gap={4} wrap="nowrap" className={classes.summary} data-testid="reaction-summary">
        {leading.map((type) => (
          <ReactionIcon key={type} type={type} active />
        ))}
        <Text component="span" size="xs" fw={500} aria-hidden>
          {shownTotal}
        </Text>
        <VisuallyHidden>{totalText}</VisuallyHidden>
      </Group>
    );
  }

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

  const label = [
    total > 0 ? totalText : null,
    mine ? t('engagement.reactions.yourChoice', { name: t(`engagement.reactions.${mine}`) }) : null,
    t('engagement.reactions.choose'),
  ]
    .filter(Boolean)
    .join('. ');

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
          className={classes.reaction}
          data-active={mine ? true : undefined}
          aria-haspopup="dialog"
          aria-expanded={opened}
          aria-label={label}
          onClick={() => setOpened((open) => !open)}
          data-testid="reaction-control"
        >
          {leading.length === 0 ? (
            <IconMoodSmile size={18} aria-hidden />
          ) : (
            leading.map((type) => <ReactionIcon key={type} type={type} active />)
          )}
          {total > 0 && (
            <Text component="span" size="xs" fw={mine ? 700 : 500} data-testid="reaction-total">
              {shownTotal}
            </Text>
          )}
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
