import { Avatar, type MantineSize } from '@mantine/core';
import { initialsOf, type Collection } from '@memoria/domain';

/** A collection's cover picture, or its initials label when it has none. */
export function CollectionAvatar({
  collection,
  size = 'lg',
}: {
  collection: Pick<Collection, 'name' | 'picture' | 'label'>;
  size?: MantineSize | number;
}) {
  return (
    <Avatar
      src={collection.picture}
      alt=""
      size={size}
      radius="md"
      color="initials"
      name={collection.name}
      aria-hidden
    >
      {collection.label || initialsOf(collection.name)}
    </Avatar>
  );
}
