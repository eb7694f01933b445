import { Box, Divider, Group, NavLink, Stack } from '@mantine/core';
import { canCreateGroupOrWorkspace, canListWorkspaces, type User } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { Link, useLocation } from 'react-router';
import { IconCirclePlus } from '@tabler/icons-react';
import { AccountMenu } from './account-menu';
import { Brand } from './brand';
import { LanguageSelect } from './language-select';
import { SIDE_MENU } from './nav-items';
import { isActivePath } from '../../ui/active-path';
import { ThemeToggle } from './theme-toggle';
import { SideMenuSocial } from '../../features/favourites/side-menu-section';
import { NotificationBell } from '../../features/notifications/bell';
import { MessagesBadge } from '../../features/messenger/nav-badge';
import { plansOfKind } from '../../features/subscriptions/paths';

/** The signed-in user's side menu (docs/SCREENS.md, Layout). */
export function SideMenu({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = SIDE_MENU.filter((item) => !item.needsWorkspaces || canListWorkspaces(user));
  return (
    <Stack h="100%" gap={0} data-testid="side-menu">
      <Group p="md" visibleFrom="lg" justify="space-between" wrap="nowrap">
        <Brand />
        <NotificationBell />
      </Group>
      <Box style={{ flex: 1, overflowY: 'auto' }} px="xs">
        <nav aria-label={t('nav.mainNavigation')}>
          {items.map((item) => {
            const active = isActivePath(pathname, item.to);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={t(item.label)}
                leftSection={<item.icon size={20} aria-hidden />}
                rightSection={
                  item.to === '/messages' ? (
                    <MessagesBadge testId="side-messages-badge" />
                  ) : undefined
                }
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                data-testid={`nav-${item.to === '/' ? 'memos' : item.to.slice(1)}`}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
          {(user.permissions?.create_group_or_workspace ?? canCreateGroupOrWorkspace(user)) &&
            // each opens the plan picker on its kind of plan: a workspace comes with its plan
            (['group', 'workspace'] as const).map((kind) => (
              <NavLink
                key={kind}
                component={Link}
                to={plansOfKind(kind)}
                label={t(kind === 'group' ? 'nav.createGroup' : 'nav.createWorkspace')}
                leftSection={<IconCirclePlus size={20} aria-hidden />}
                onClick={onNavigate}
                data-testid={`nav-create-${kind}`}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          <SideMenuSocial userId={user.id} onNavigate={onNavigate} />
        </nav>
      </Box>
      <Divider />
      <Stack p="sm" gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <LanguageSelect />
          </div>
          <ThemeToggle />
        </Group>
        <AccountMenu user={user} onNavigate={onNavigate} />
      </Stack>
    </Stack>
  );
}
