import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { REACTION_TYPES, type Memo, type ReactionType } from '@memoria/domain';
import { currentLocale, useTranslation } from '../../i18n';
import { formatCount } from '../../i18n/format';
import { Hint } from '../../ui/hint';
import { popupLoader, useLazyPopup } from '../../ui/lazy-popup';
import { showApiError } from '../../ui/toasts';
import { useMemoLive } from '../comments/live';
import { useReact } from './queries';
import { ReactionIcon } from './reaction-icon';
import type { WhoReactedPopupProps } from './who-reacted-popup';
import classes from './reactions-bar.module.css';

const loadWhoReacted = popupLoader<WhoReactedPopupProps>(() =>
  import('./who-reacted-popup').then((m) => m.WhoReactedPopup),
);

export interface ReactionsBarProps {
  memo: Memo;
}

/**
 * The reactions of a memo with their counts (1k, 1.5k, 10k, 1M), on the memo page (cards have
 * the compact reaction-control.tsx). A press sets the viewer's reaction, moves it from another
 * one, or takes it back; each button says its state (aria-pressed). Shown to the author's
 * connections and followers only.
 */
export function ReactionsBar({ memo }: ReactionsBarProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const react = useReact();
  useMemoLive(memo.id, 'reaction');
  if (!memo.can_see_engagement) return null;

  const press = (type: ReactionType) => {
    if (!memo.can_react) return;
    const to = memo.my_reaction === type ? null : type;
    react.mutate({ memo, to }, { onError: showApiError });
  };

  return (
    <Group
      gap={4}
      role="group"
      aria-label={t('engagement.reactions.label')}
      data-testid="reactions-bar"
      wrap="wrap"
    >
      {REACTION_TYPES.map((type) => {
        const count = memo.reactions[type] ?? 0;
        const mine = memo.my_reaction === type;
        const name = t(`engagement.reactions.${type}`);
        const label = mine
          ? t('engagement.reactions.yours', { name, count })
          : t('engagement.reactions.react', { name, count });
        return (
          <Hint key={type} label={memo.can_react ? name : t('engagement.reactions.closed')}>
            <UnstyledButton
              className={classes.reaction}
              data-active={mine || undefined}
              aria-pressed={mine}
              aria-label={label}
              aria-disabled={!memo.can_react || undefined}
              onClick={() => press(type)}
              data-testid={`reaction-${type}`}
            >
              <ReactionIcon type={type} active={mine || count > 0} />
              {count > 0 && (
                <Text component="span" size="xs" fw={mine ? 700 : 500} data-testid="reaction-count">
                  {formatCount(count, locale)}
                </Text>
              )}
            </UnstyledButton>
          </Hint>
        );
      })}
      {Object.values(memo.reactions).some((n) => n > 0) && <WhoReacted memoId={memo.id} />}
    </Group>
  );
}

/**
 * The button that lists who reacted. Its popover (Popover, Floating UI, portal: the `overlays`
 * chunk) loads on the first hover, focus or press, not with the memo page's first paint
 * (docs/PERFORMANCE.md, Lighthouse, eighth round).
 */
function WhoReacted({ memoId }: { memoId: number }) {
  const { t } = useTranslation();
  const { loaded, triggerProps } = useLazyPopup(loadWhoReacted, 'list of reactions');
  if (loaded) {
    return (
      <loaded.Popup memoId={memoId} initiallyOpened={loaded.opened} takeFocus={loaded.focus} />
    );
  }
  return (
    <ActionIcon
      {...triggerProps}
      variant="subtle"
      color="gray"
      aria-haspopup="dialog"
      aria-label={t('engagement.reactions.who')}
      data-testid="reactions-who"
    >
      <IconUsers size={18} aria-hidden />
    </ActionIcon>
  );
}
