import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBan,
  IconDotsVertical,
  IconEye,
  IconEyeOff,
  IconFlag,
  IconFolders,
  IconKey,
  IconLink,
  IconStar,
  IconStarOff,
  IconUser,
  IconUserMinus,
  IconUserPlus,
  IconUserX,
} from '@tabler/icons-react';
import type { Connection, UserSummary } from '@memoria/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import type { ConnectionActions } from './connection-actions';

export interface ConnectionMenuProps {
  person: Pick<UserSummary, 'id' | 'name'>;
  actions: ConnectionActions;
  /** the active connection with this person, if any */
  connection?: Connection | null;
  /** whether the viewer follows the person; undefined hides follow/unfollow */
  following?: boolean;
  favouriteId?: number | null;
  /** the viewer may manage delegations (admin of a main or workspace account) */
  canDelegate?: boolean;
}

/**
 * The connection context menu (docs/SCREENS.md, Lists and forms): favourite, watch content, copy
 * public link, remove connection, shared collections, unfollow, block, report, delegation actions.
 */
export function ConnectionMenu({
  person,
  actions,
  connection,
  following,
  favouriteId = null,
  canDelegate = false,
}: ConnectionMenuProps) {
  const { t } = useTranslation();
  const active = connection?.status === 'active';
  return (
    <Menu position="bottom-end" withinPortal width={250} shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('connections.menu.label', { name: person.name })}
          data-testid="connection-menu"
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mih={200}>
        <Menu.Item
          component={Link}
          to={`/profile/${person.id}`}
          leftSection={<IconUser size={16} />}
        >
          {t('connections.menu.viewProfile')}
        </Menu.Item>
        <Menu.Item
          leftSection={favouriteId === null ? <IconStar size={16} /> : <IconStarOff size={16} />}
          onClick={() => void actions.toggleFavourite(person, favouriteId)}
          data-testid="menu-favourite"
        >
          {t(favouriteId === null ? 'connections.menu.favourite' : 'connections.menu.unfavourite')}
        </Menu.Item>
        {active && connection && (
          <Menu.Item
            leftSection={connection.watching ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            onClick={() => void actions.setWatching(person, !connection.watching)}
            data-testid="menu-watch"
          >
            {t(connection.watching ? 'connections.menu.unwatch' : 'connections.menu.watch')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconLink size={16} />}
          onClick={() => void actions.copyLink(person)}
          data-testid="menu-copy-link"
        >
          {t('connections.menu.copyLink')}
        </Menu.Item>
        {active && (
          <Menu.Item
            component={Link}
            to={`/profile/${person.id}/shared`}
            leftSection={<IconFolders size={16} />}
          >
            {t('connections.menu.shared')}
          </Menu.Item>
        )}
        {following !== undefined && (
          <Menu.Item
            leftSection={following ? <IconUserMinus size={16} /> : <IconUserPlus size={16} />}
            onClick={() => void actions.setFollowing(person, !following)}
            data-testid="menu-follow"
          >
            {t(following ? 'connections.menu.unfollow' : 'connections.menu.follow')}
          </Menu.Item>
        )}
        {canDelegate && active && (
          <Menu.Item
            component={Link}
            to="/connections/delegations"
            leftSection={<IconKey size={16} />}
          >
            {t('connections.menu.delegation')}
          </Menu.Item>
        )}
        <Menu.Divider />
        {active && connection && (
          <Menu.Item
            color="red"
            leftSection={<IconUserX size={16} />}
            onClick={() => actions.askRemove(connection, person)}
            data-testid="menu-remove"
          >
            {t('connections.menu.remove')}
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconBan size={16} />}
          onClick={() => actions.askBlock(person)}
          data-testid="menu-block"
        >
          {t('connections.menu.block')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconFlag size={16} />}
          onClick={() => actions.report(person)}
          data-testid="menu-report"
        >
          {t('connections.menu.report')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
