import { Badge, Button, Group } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { canUseWebMeetings, type Collection } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useProfile } from '../profile/queries';
import { useLatestCall } from './api';

/**
 * The collection's call (docs/notes/calls.md): "Join call" with a live mark while one runs and
 * the viewer may join; "Start call" for someone the web meetings rule allows.
 */
export function CallButton({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const user = useProfile().data;
  const latest = useLatestCall(collection.id, Boolean(user));
  if (!user) return null;
  const root = user.root_user ? { id: user.root_user.id, user_type: 'normal' } : null;
  const mayStart = canUseWebMeetings(user, root);
  const to = `/meet?collection=${encodeURIComponent(collection.id)}`;
  if (latest.isPending) {
    // Until the latest call is known, the place of "Start call" is kept (hidden, inert): the
    // button arriving made the row wrap on a phone and pushed the memos down.
    return mayStart ? (
      <Button
        variant="default"
        leftSection={<IconVideo size={16} aria-hidden />}
        disabled
        aria-hidden
        tabIndex={-1}
        style={{ visibility: 'hidden' }}
      >
        {t('calls.start')}
      </Button>
    ) : null;
  }
  const live = latest.data != null && latest.data.ended_at === null;
  const mayJoin = Boolean(collection.isOwner) || collection.user_can_join_call;
  if (live && (mayJoin || mayStart)) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Badge color="green" variant="dot" data-testid="call-live">
          {t('calls.inProgress')}
        </Badge>
        <Button
          component={Link}
          to={to}
          color="green"
          leftSection={<IconVideo size={16} aria-hidden />}
          data-testid="call-join"
        >
          {t('calls.join')}
        </Button>
      </Group>
    );
  }
  if (!live && mayStart) {
    return (
      <Button
        component={Link}
        to={to}
        variant="default"
        leftSection={<IconVideo size={16} aria-hidden />}
        data-testid="call-start"
      >
        {t('calls.start')}
      </Button>
    );
  }
  return null;
}
