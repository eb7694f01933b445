import { ActionIcon, Badge, Button, Group, Menu } from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconClock,
  IconDotsVertical,
  IconFlag,
  IconLink,
  IconPencil,
  IconStar,
  IconStarOff,
  IconUserCheck,
  IconUserMinus,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import type { PublicProfile } from '@memoria/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { showApiError, showSuccess } from '../../ui/toasts';
import { useConnectionActions } from '../connections/connection-actions';
import { useAcceptConnection } from '../connections/queries';
import { ConnectDialog } from './connect-dialog';

/** Own profile: edit it, see the connections. */
export function OwnProfileActions() {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button
        component={Link}
        to="/account-settings"
        variant="default"
        leftSection={<IconPencil size={16} aria-hidden />}
      >
        {t('profile.actions.editProfile')}
      </Button>
      <Button
        component={Link}
        to="/connections"
        variant="default"
        leftSection={<IconUsers size={16} aria-hidden />}
      >
        {t('profile.actions.connections')}
      </Button>
    </Group>
  );
}

/** Follow / unfollow, connect (or the request's state), and the more menu: favourite, link, block, report. */
export function ProfileActions({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useConnectionActions();
  const accept = useAcceptConnection();
  const [connecting, setConnecting] = useState(false);
  const following = profile.following_status === 'active';
  const status = profile.connection?.status ?? null;

  const acceptRequest = async () => {
    if (!profile.connection) return;
    try {
      await accept.mutateAsync(profile.connection.id);
      showSuccess(t('connections.toast.accepted', { name: profile.name }));
    } catch (error) {
      showApiError(error);
    }
  };

  let connect;
  if (status === 'active' || profile.is_connected) {
    connect = (
      <Badge
        size="xl"
        radius="sm"
        variant="light"
        color="teal"
        leftSection={<IconCheck size={16} aria-hidden />}
        tt="none"
        h={36}
        data-testid="profile-connected"
      >
        {t('profile.actions.connected')}
      </Badge>
    );
  } else if (status === 'outcome') {
    connect = (
      <Button
        variant="default"
        disabled
        leftSection={<IconClock size={16} aria-hidden />}
        data-testid="profile-request-sent"
      >
        {t('profile.actions.requestSent')}
      </Button>
    );
  } else if (status === 'income') {
    connect = (
      <Button
        leftSection={<IconUserCheck size={16} aria-hidden />}
        loading={accept.isPending}
        onClick={() => void acceptRequest()}
        data-testid="profile-accept"
      >
        {t('profile.actions.accept')}
      </Button>
    );
  } else {
    connect = (
      <Button
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={() => setConnecting(true)}
        data-testid="profile-connect"
      >
        {t('profile.actions.connect')}
      </Button>
    );
  }

  return (
    <Group gap="xs">
      <Button
        variant={following ? 'default' : 'light'}
        leftSection={
          following ? (
            <IconUserMinus size={16} aria-hidden />
          ) : (
            <IconUserPlus size={16} aria-hidden />
          )
        }
        onClick={() => void actions.setFollowing(profile, !following)}
        data-testid="profile-follow"
      >
        {t(following ? 'profile.actions.unfollow' : 'profile.actions.follow')}
      </Button>
      {connect}
      <Menu position="bottom-end" withinPortal width={240} shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('profile.actions.more')}
            data-testid="profile-menu"
          >
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={
              profile.favourite_id === null ? <IconStar size={16} /> : <IconStarOff size={16} />
            }
            onClick={() => void actions.toggleFavourite(profile, profile.favourite_id)}
            data-testid="profile-favourite"
          >
            {t(
              profile.favourite_id === null
                ? 'profile.actions.favourite'
                : 'profile.actions.unfavourite',
            )}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLink size={16} />}
            onClick={() => void actions.copyLink(profile)}
          >
            {t('profile.actions.copyLink')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconBan size={16} />}
            onClick={() => actions.askBlock(profile, () => void navigate('/connections'))}
            data-testid="profile-block"
          >
            {t('profile.actions.block')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconFlag size={16} />}
            onClick={() => actions.report(profile)}
            data-testid="profile-report"
          >
            {t('profile.actions.report')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConnectDialog profile={profile} opened={connecting} onClose={() => setConnecting(false)} />
      {actions.dialogs}
    </Group>
  );
}
