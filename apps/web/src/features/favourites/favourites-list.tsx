import { Avatar, Loader, NavLink, Text } from '@mantine/core';
import type { Favourite } from '@memoria/domain';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n';
import { useFavourites } from './queries';

function Entry({
  favourite,
  to,
  square,
  onNavigate,
}: {
  favourite: Favourite;
  to: string;
  square?: boolean;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const active = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <NavLink
      component={Link}
      to={to}
      label={favourite.name}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      leftSection={
        <Avatar
          src={favourite.picture}
          alt=""
          size={24}
          radius={square ? 'sm' : 'xl'}
          name={favourite.name}
          color="initials"
        >
          {favourite.label || undefined}
        </Avatar>
      }
      styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}

function Heading({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={2}>
      {children}
    </Text>
  );
}

/** Favourite collections and contacts (GET /api/favourite-collection, /api/favourite-contact). */
export function FavouritesList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const collections = useFavourites('collection');
  const contacts = useFavourites('contact');
  if (collections.isPending || contacts.isPending) {
    return <Loader size="xs" m="sm" aria-label={t('app.loading')} />;
  }
  const collectionItems = (collections.data?.items ?? []).filter((f) => f.collectionId);
  const contactItems = (contacts.data?.items ?? []).filter((f) => f.userId !== null);
  if (collections.isError && contacts.isError) {
    return (
      <Text size="xs" c="red" px="sm" py={4} role="alert">
        {t('errors.unknown')}
      </Text>
    );
  }
  if (collectionItems.length === 0 && contactItems.length === 0) {
    return (
      <Text size="xs" c="dimmed" px="sm" py={4} data-testid="favourites-empty">
        {t('connections.side.empty')}
      </Text>
    );
  }
  return (
    <div data-testid="favourites-list">
      {collectionItems.length > 0 && (
        <section aria-label={t('connections.side.collections')}>
          <Heading>{t('connections.side.collections')}</Heading>
          {collectionItems.map((favourite) => (
            <Entry
              key={favourite.id}
              favourite={favourite}
              to={`/collections/${favourite.collectionId}`}
              square
              onNavigate={onNavigate}
            />
          ))}
        </section>
      )}
      {contactItems.length > 0 && (
        <section aria-label={t('connections.side.contacts')}>
          <Heading>{t('connections.side.contacts')}</Heading>
          {contactItems.map((favourite) => (
            <Entry
              key={favourite.id}
              favourite={favourite}
              to={`/profile/${favourite.userId}`}
              onNavigate={onNavigate}
            />
          ))}
        </section>
      )}
    </div>
  );
}
