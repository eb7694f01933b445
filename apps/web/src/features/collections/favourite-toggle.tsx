import { ActionIcon } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { Collection } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/errors';
import { useTranslation } from '../../i18n';
import { Hint } from '../../ui/hint';
import { showApiError, showSuccess } from '../../ui/toasts';
import { useFavourites, useToggleFavourite } from '../favourites/queries';
import { patchCollection } from './queries';

/**
 * The favourite star of a collection (GET/POST/DELETE /api/favourite-collection). The
 * collection's favourite_id wins; the favourites list fills in while the server leaves it
 * empty.
 */
export function FavouriteToggle({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const favourites = useFavourites('collection');
  const toggle = useToggleFavourite('collection');
  const row = favourites.data?.items.find((item) => item.collectionId === collection.id);
  const favouriteId = collection.favourite_id ?? row?.id ?? null;
  const on = favouriteId !== null;
  const label = on ? t('collections.favourite.remove') : t('collections.favourite.add');
  // An instance without the favourites API answers 404: no star then.
  if (isApiError(favourites.error) && favourites.error.status === 404) return null;

  const click = () =>
    toggle.mutate(
      { favouriteId, target: collection.id },
      {
        onSuccess: (favourite) => {
          patchCollection(queryClient, collection.id, { favourite_id: favourite?.id ?? null });
          showSuccess(
            favourite ? t('collections.favourite.added') : t('collections.favourite.removed'),
          );
        },
        onError: showApiError,
      },
    );

  return (
    <Hint label={label} withArrow openDelay={300}>
      <ActionIcon
        variant="subtle"
        color={on ? 'yellow' : 'gray'}
        size="lg"
        onClick={click}
        loading={toggle.isPending}
        aria-label={label}
        aria-pressed={on}
        data-testid={`collection-favourite-${collection.id}`}
      >
        {on ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
      </ActionIcon>
    </Hint>
  );
}
