import { Menu } from '@mantine/core';
import {
  IconHelpCircle,
  IconLock,
  IconLogout,
  IconSettings,
  IconShieldLock,
} from '@tabler/icons-react';
import type { User } from '@memoria/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n';
import { Link } from 'react-router';
import { setSecureMode } from '../../features/secure-mode/secure-mode';
import { logout } from '../../session/session-actions';
import { AccountButton } from './account-button';
import { useHelpLink } from '../../ui/help-links';

export interface AccountMenuPopupProps {
  user: User;
  onNavigate?: () => void;
  /** Open at once: the user clicked the trigger before this chunk had loaded. */
  initiallyOpened?: boolean;
  /** Take the focus: the placeholder trigger had it. */
  takeFocus?: boolean;
}

/**
 * The account menu itself (Mantine Menu, hence Floating UI): loaded by account-menu.tsx on
 * the first hover, focus or click of the trigger, so it is not part of the first screen.
 */
export function AccountMenuPopup({
  user,
  onNavigate,
  initiallyOpened = false,
  takeFocus = false,
}: AccountMenuPopupProps) {
  const { t } = useTranslation();
  const help = useHelpLink('questions-and-answers');
  const target = useRef<HTMLButtonElement>(null);
  // Read once: focus moves here only when this replaces the placeholder, not on later renders.
  const focusOnMount = useRef(takeFocus);
  useEffect(() => {
    if (focusOnMount.current) target.current?.focus();
  }, []);
  return (
    <Menu position="top-start" width={240} withinPortal defaultOpened={initiallyOpened}>
      <Menu.Target>
        <AccountButton user={user} ref={target} />
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
          component="a"
          href={help}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconHelpCircle size={16} />}
          data-testid="help-link"
        >
          {t('nav.help')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/privacy-policy"
          leftSection={<IconShieldLock size={16} />}
          onClick={onNavigate}
        >
          {t('nav.privacyPolicy')}
        </Menu.Item>
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
