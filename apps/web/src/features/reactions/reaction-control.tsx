import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { REACTION_TYPES, type Memo, type ReactionType } from '@memoria/domain';
import { currentLocale, useTranslation } from '../../i18n';
import { formatCount } from '../../i18n/format';
import { popupLoader, useLazyPopup } from '../../ui/lazy-popup';
import { useMemoLive } from '../comments/live';
import { ReactionIcon } from './reaction-icon';
import type { ReactionPickerProps } from './reaction-picker';
import classes from './reactions-bar.module.css';

const loadPicker = popupLoader<ReactionPickerProps>(() =>
  import('./reaction-picker').then((m) => m.ReactionPicker),
);

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
 * viewer's own highlighted; pressing it opens a picker of the six (reaction-picker.tsx).
 * Without the right to react it is only the summary. The memo page has the full bar
 * (reactions-bar.tsx). The picker (a popover: Floating UI, focus trap, portal) loads on the
 * first hover, focus or press of the control, not with every card of a list.
 */
export function ReactionControl({ memo }: { memo: Memo }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { loaded, triggerProps } = useLazyPopup(loadPicker, 'reaction picker');
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

  const label = [
    total > 0 ? totalText : null,
    mine ? t('engagement.reactions.yourChoice', { name: t(`engagement.reactions.${mine}`) }) : null,
    t('engagement.reactions.choose'),
  ]
    .filter(Boolean)
    .join('. ');
  const face = (
    <>
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
    </>
  );

  if (loaded) {
    return (
      <loaded.Popup
        memo={memo}
        label={label}
        initiallyOpened={loaded.opened}
        takeFocus={loaded.focus}
      >
        {face}
      </loaded.Popup>
    );
  }
  return (
    <UnstyledButton
      {...triggerProps}
      className={classes.reaction}
      data-active={mine ? true : undefined}
      aria-haspopup="dialog"
      aria-label={label}
      data-testid="reaction-control"
    >
      {face}
    </UnstyledButton>
  );
}
