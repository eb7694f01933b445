import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { Link, useLocation } from 'react-router';
import type { MouseEvent } from 'react';
import { BOTTOM_BAR } from './nav-items';
import { isActivePath } from '../../ui/active-path';
import { MessagesIndicator } from '../../features/messenger/nav-badge';

/**
 * Mobile bottom bar (docs/SCREENS.md, Layout): memos, collections, discover, feed. Tapping the
 * active link (with no query) reloads the view instead of navigating.
 */
export function BottomBar({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={t('nav.bottomNavigation')} data-testid="bottom-bar" style={{ height: '100%' }}>
      <Group h="100%" grow gap={0} wrap="nowrap">
        {BOTTOM_BAR.map((item) => {
          const active = isActivePath(pathname, item.to);
          const onClick = (event: MouseEvent) => {
            if (pathname === item.to && !search) {
              event.preventDefault();
              onReload();
            }
          };
          return (
            <UnstyledButton
              key={item.to}
              component={Link}
              to={item.to}
              onClick={onClick}
              aria-current={active ? 'page' : undefined}
              h="100%"
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 2,
                minWidth: 0,
                paddingInline: 2,
                // the link colour: the filled primary reads 2.7:1 on the dark bar
                color: active ? 'var(--mantine-color-anchor)' : 'var(--mantine-color-dimmed)',
              }}
            >
              {item.to === '/messages' ? (
                <MessagesIndicator>
                  <item.icon size={22} aria-hidden />
                </MessagesIndicator>
              ) : (
                <item.icon size={22} aria-hidden />
              )}
              {/* the label's own small size (not the link's), cut short rather than run into
                  its neighbour where a language's word is long */}
              <Text size="xs" fw={active ? 700 : 500} c="inherit" truncate="end" maw="100%">
                {t(item.label)}
              </Text>
            </UnstyledButton>
          );
        })}
      </Group>
    </nav>
  );
}
