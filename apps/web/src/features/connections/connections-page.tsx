import { Badge, Button, Group, ScrollArea, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { IconQrcode, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { canManageDelegation } from '@memoria/domain';
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { usePageTitle } from '../../ui/use-page-title';
import { useProfile } from '../profile/queries';
import { ActiveTab, DelegationsTab, VerifiedTab } from './active-tabs';
import { useConnectionActions } from './connection-actions';
import { FollowersTab, FollowingTab } from './follow-tabs';
import { InviteDialog } from './invite-dialog';
import { QrDialog } from './qr-dialog';
import { useConnectionList, useContactCounts, useFollowList, type ConnectionTab } from './queries';
import { IncomeTab, OutcomeTab } from './request-tabs';
import type { TabProps } from './tab-props';
import { pageWidth } from '../../ui/page-width';

const TAB_PATHS: Record<ConnectionTab, string> = {
  active: '/connections',
  income: '/connections?status=income',
  outcome: '/connections?status=outcome',
  verified: '/connections?status=verified',
  followers: '/connections/followers',
  following: '/connections/following',
  delegations: '/connections/delegations',
};

const TABS: ConnectionTab[] = [
  'active',
  'income',
  'outcome',
  'verified',
  'followers',
  'following',
  'delegations',
];

const PANELS: Record<ConnectionTab, ComponentType<TabProps>> = {
  active: ActiveTab,
  income: IncomeTab,
  outcome: OutcomeTab,
  verified: VerifiedTab,
  followers: FollowersTab,
  following: FollowingTab,
  delegations: DelegationsTab,
};

/** The tab a location shows: the path's last part, or ?status= on /connections. */
export function tabOf(pathname: string, search: string): ConnectionTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  if (last === 'followers' || last === 'following' || last === 'delegations') return last;
  const status = new URLSearchParams(search).get('status');
  if (status === 'income' || status === 'outcome' || status === 'verified') return status;
  return 'active';
}

/** /connections and its lists (docs/SCREENS.md, Lists and forms). */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(location.pathname, location.search);
  const [query, setQuery] = useState('');
  // Arriving with { invite: true } (an empty Discover › People offers it) opens the dialog.
  const [inviting, setInviting] = useState(
    () => (location.state as { invite?: unknown } | null)?.invite === true,
  );
  const [showQr, setShowQr] = useState(false);
  const user = useProfile().data;
  const actions = useConnectionActions();
  const counts = useContactCounts().data;
  const requests = useConnectionList('income').data?.pages[0]?.total ?? 0;
  const followings = useFollowList('followings').data;
  const following = useMemo(
    () =>
      followings
        ? new Set(followings.pages.flatMap((page) => page.items.map((entry) => entry.user.id)))
        : undefined,
    [followings],
  );
  usePageTitle(`${t('connections.title')} · ${t(`connections.tabs.${tab}`)}`);
  // At phone width the tab row scrolls: keep the active tab in view.
  const tabsViewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const viewport = tabsViewport.current;
      const active = viewport?.querySelector<HTMLElement>('[data-active]');
      if (!viewport || !active) return;
      const box = viewport.getBoundingClientRect();
      const item = active.getBoundingClientRect();
      if (item.left < box.left || item.right > box.right) {
        viewport.scrollLeft += item.left - box.left - (box.width - item.width) / 2;
      }
    });
    return () => cancelAnimationFrame(frame);
    // Counts arriving widen the tabs: place again then.
  }, [tab, counts, requests]);

  const badge: Partial<Record<ConnectionTab, number>> = {
    active: counts?.connections,
    income: requests,
    followers: counts?.followers,
    following: counts?.followings,
    delegations: counts?.delegations,
  };
  const Panel = PANELS[tab];

  return (
    <Stack gap="md" {...pageWidth('content')} data-testid="connections-page">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {t('connections.title')}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconQrcode size={18} aria-hidden />}
            onClick={() => setShowQr(true)}
            data-testid="open-qr"
          >
            {t('connections.qr.open')}
          </Button>
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setInviting(true)}
            data-testid="open-invite"
          >
            {t('connections.invite.open')}
          </Button>
        </Group>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value && value !== tab) void navigate(TAB_PATHS[value as ConnectionTab]);
        }}
        keepMounted={false}
      >
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x" viewportRef={tabsViewport}>
          <Tabs.List
            aria-label={t('connections.tabsLabel')}
            style={{ flexWrap: 'nowrap', width: 'max-content', minWidth: '100%' }}
          >
            {TABS.map((value) => (
              <Tabs.Tab
                key={value}
                value={value}
                data-testid={`tab-${value}`}
                style={{ whiteSpace: 'nowrap', flex: '0 0 auto' }}
                rightSection={
                  badge[value] ? (
                    <Badge
                      size="sm"
                      variant={value === 'income' ? 'filled' : 'light'}
                      circle={(badge[value] ?? 0) < 10}
                    >
                      {badge[value]}
                    </Badge>
                  ) : undefined
                }
              >
                {t(`connections.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        <Tabs.Panel value={tab} pt="md">
          <Stack gap="md">
            <TextInput
              type="search"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              placeholder={t('connections.search')}
              aria-label={t('connections.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              data-testid="connections-search"
            />
            <Panel
              query={query}
              actions={actions}
              following={following}
              // the account itself, or a delegate with manage-delegation (docs/RULES.md,
              // Delegated rights)
              canDelegate={
                user !== undefined && (user.root_user == null || canManageDelegation(user))
              }
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {actions.dialogs}
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
      <QrDialog opened={showQr} onClose={() => setShowQr(false)} />
    </Stack>
  );
}
