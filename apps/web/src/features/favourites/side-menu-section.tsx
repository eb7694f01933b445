import { Loader, NavLink } from '@mantine/core';
import { IconStar, IconUser, IconUsers } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loadChunk } from '../../ui/lazy-page';
import { isActivePath } from '../../ui/active-path';
import { loadNamespaces, useTranslation } from '../../i18n';

// The list and its queries load when the section is opened, not with the first screen.
const FavouritesList = lazy(() =>
  loadChunk(() => Promise.all([import('./favourites-list'), loadNamespaces('connections')])).then(
    ([m]) => ({ default: m.FavouritesList }),
  ),
);

const OPEN_KEY = 'side-favourites-open';

function readOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The side menu's people part: the own profile, connections, and the favourites (docs/SCREENS.md,
 * Lists and forms; docs/API.md, Calls) — favourite collections and contacts, fetched once the
 * section is opened.
 */
export function SideMenuSocial({ userId, onNavigate }: { userId: number; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(readOpen);
  const links = [
    {
      to: `/profile/${userId}`,
      label: t('nav.myProfile'),
      icon: IconUser,
      id: 'profile',
    },
    {
      to: '/connections',
      label: t('nav.connections'),
      icon: IconUsers,
      id: 'connections',
    },
  ];
  const toggle = () => {
    setOpen((value) => {
      try {
        localStorage.setItem(OPEN_KEY, value ? '0' : '1');
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      return !value;
    });
  };
  return (
    <>
      {links.map((link) => {
        const active = isActivePath(pathname, link.to);
        return (
          <NavLink
            key={link.id}
            component={Link}
            to={link.to}
            label={link.label}
            leftSection={<link.icon size={20} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            data-testid={`nav-${link.id}`}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
      <NavLink
        component="button"
        type="button"
        label={t('nav.favourites')}
        leftSection={<IconStar size={20} aria-hidden />}
        opened={open}
        onChange={toggle}
        childrenOffset={0}
        aria-expanded={open}
        data-testid="nav-favourites"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        {/* Always a child, so the NavLink shows its chevron and toggles. */}
        <Suspense fallback={<Loader size="xs" m="sm" aria-label={t('app.loading')} />}>
          {open ? <FavouritesList onNavigate={onNavigate} /> : null}
        </Suspense>
      </NavLink>
    </>
  );
}
