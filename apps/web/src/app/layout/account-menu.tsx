import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronUp, IconLock, IconLogout, IconSettings } from '@tabler/icons-react';
import type { User } from '@memoria/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setSecureMode } from '../../features/secure-mode/secure-mode';
import { logout } from '../session-actions';

/** The user's card at the foot of the side menu: settings, lock (with a PIN), logout. */
export function AccountMenu({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const name = user.user_profile.name || user.usermail;
  return (
    <Menu position="top-start" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton
          data-testid="account-menu"
          aria-label={`${t('nav.accountMenu')}: ${name}`}
          p="xs"
          w="100%"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group wrap="nowrap" gap="sm">
            <Avatar
              src={user.user_picture?.content_url}
              alt=""
              color="initials"
              name={name}
              radius="xl"
            />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.usermail}
              </Text>
            </div>
            <IconChevronUp size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to="/account-settings"
          leftSection={<IconSettings size={16} />}
          onClick={onNavigate}
        >
          {t('nav.accountSettings')}
        </Menu.Item>
        {user.has_lock_code && (
          <Menu.Item
            leftSection={<IconLock size={16} />}
            onClick={() => setSecureMode(user.id, true)}
            data-testid="lock-app"
          >
            {t('nav.lock')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
