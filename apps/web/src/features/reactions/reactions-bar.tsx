import {
  ActionIcon,
  Avatar,
  Group,
  Loader,
  Popover,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { IconUsers } from '@tabler/icons-react';
import { REACTION_TYPES, type Memo, type ReactionType } from '@memoria/domain';
import { currentLocale, useTranslation } from '../../i18n';
import { formatCount } from '../../i18n/format';
import { showApiError } from '../../ui/toasts';
import { useMemoLive } from '../comments/live';
import { useReact, useReactionPeople } from './queries';
import { ReactionIcon } from './reaction-icon';
import classes from './reactions-bar.module.css';

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
          <Tooltip key={type} label={memo.can_react ? name : t('engagement.reactions.closed')}>
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
          </Tooltip>
        );
      })}
      {Object.values(memo.reactions).some((n) => n > 0) && <WhoReacted memoId={memo.id} />}
    </Group>
  );
}

/** The people behind the counts, in a popover (opened by click or keyboard). */
function WhoReacted({ memoId }: { memoId: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const people = useReactionPeople(memoId, opened);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('engagement.reactions.who')}
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
          data-testid="reactions-who"
        >
          <IconUsers size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="reactions-people" maw={300}>
        <Text size="sm" fw={600} mb="xs">
          {t('engagement.reactions.who')}
        </Text>
        {people.isPending ? (
          <Loader size="sm" />
        ) : (
          <Stack gap={6}>
            {(people.data ?? []).map((reaction) => (
              <Group key={reaction.id} gap="xs" wrap="nowrap">
                <Avatar src={reaction.user.picture} size={24} radius="xl">
                  {reaction.user.label}
                </Avatar>
                <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {reaction.user.name}
                </Text>
                <ReactionIcon type={reaction.reaction_type} active />
              </Group>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
