import type { Collection, PublicProfile } from '@memoria/domain';

type Person = Pick<PublicProfile, 'id' | 'is_connected' | 'follows_you' | 'user_identified'> & {
  connection?: PublicProfile['connection'];
};

function connected(person: Person): boolean {
  return person.is_connected || person.connection?.status === 'active';
}

/** Whether one of the viewer's own collections reaches this person (docs/RULES.md, Audiences). */
export function reaches(collection: Collection, person: Person): boolean {
  switch (collection.type) {
    case 'selected_contacts':
      return collection.users_per_collection.some((member) => member.user.id === person.id);
    case 'all_contacts':
      return connected(person);
    case 'identified_contacts':
      return connected(person) && person.user_identified;
    case 'all_contacts_followers':
      return connected(person) || person.follows_you;
    default:
      return false;
  }
}

/**
 * The collections the viewer and this person share, from the viewer's own list (own
 * collections plus the collaborations they may add to): the viewer's collections whose
 * audience holds the person, and the person's collections the viewer collaborates in.
 * Public and private collections are not "shared" with anyone in particular.
 */
export function sharedCollections(mine: readonly Collection[], person: Person): Collection[] {
  return mine.filter((collection) =>
    collection.isOwner ? reaches(collection, person) : collection.author.id === person.id,
  );
}
