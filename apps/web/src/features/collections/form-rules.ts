import {
  canCollaborate,
  canKeepDocumentVersions,
  canCreatePublicCollection,
  canShareWithFollowers,
  isCollaborativeType,
  normaliseCollectionForm,
  withinPublicLimit,
  type AccountFacts,
  type Collection,
  type CollectionType,
  type CollectionWrite,
} from '@memoria/domain';

/**
 * The collection form's state and its transitions (docs/DOMAIN.md, Entities: Collection form,
 * States: "Collection visibility", Validation). Pure functions: the dialog calls them, the tests
 * pin them. Every transition ends in the domain's normaliseCollectionForm, the rules the server
 * enforces, so the form never sends a combination the server refuses.
 */

/** A person picked for a selected_contacts collection; entries without an id are dropped. */
export interface PickedUser {
  id?: number;
  name: string;
  picture?: string | null;
  label?: string;
}

export interface CollectionFormValues {
  name: string;
  description: string;
  type: CollectionType;
  users_per_collection: PickedUser[];
  is_collaboration: boolean;
  collaboration_on_checklist: boolean;
  allow_add_documents: boolean;
  allow_replace_documents: boolean;
  preserve_documents_version: boolean;
  public_link_on: boolean;
  /** not in the form; kept so a PUT (which replaces the whole collection) does not reset it */
  user_can_join_call: boolean;
  group_name: string;
}

/** The audience choices shown in the form; followers is a switch on top of all contacts. */
export const VISIBILITY_CHOICES = [
  'private',
  'selected_contacts',
  'identified_contacts',
  'all_contacts',
  'public',
] as const;
export type VisibilityChoice = (typeof VISIBILITY_CHOICES)[number];

/** A new collection starts private with every option off. */
export function emptyFormValues(): CollectionFormValues {
  return {
    name: '',
    description: '',
    type: 'private',
    users_per_collection: [],
    is_collaboration: false,
    collaboration_on_checklist: false,
    allow_add_documents: false,
    allow_replace_documents: false,
    preserve_documents_version: false,
    public_link_on: false,
    user_can_join_call: false,
    group_name: '',
  };
}

/** The form values of an existing collection (the owner reads the real type). */
export function formValuesOf(collection: Collection): CollectionFormValues {
  return {
    name: collection.name,
    description: collection.description ?? '',
    type: collection.type === '' ? 'private' : collection.type,
    users_per_collection: collection.users_per_collection.map((member) => ({
      id: member.user.id,
      name: member.user.name,
      picture: member.user.picture,
      label: member.user.label,
    })),
    is_collaboration: collection.is_collaboration,
    collaboration_on_checklist: collection.collaboration_on_checklist,
    allow_add_documents: collection.allow_add_documents,
    allow_replace_documents: collection.allow_replace_documents,
    preserve_documents_version: collection.preserve_documents_version,
    public_link_on: collection.public_link_on,
    user_can_join_call: collection.user_can_join_call,
    group_name: collection.group_name ?? '',
  };
}

/** Collaboration exists only for the contact audiences (not private, followers or public). */
export const collaborationAvailable = isCollaborativeType;

/**
 * The domain's normalisation, except while people are being picked: choosing selected
 * contacts opens an empty picker, and only a list that becomes empty (setUsers) or an
 * empty list on submit (toPayload) turns the collection private.
 */
function normalise(values: CollectionFormValues): CollectionFormValues {
  const picking = values.type === 'selected_contacts' && values.users_per_collection.length === 0;
  if (!picking) return normaliseCollectionForm(values);
  const judged = normaliseCollectionForm({ ...values, users_per_collection: [{ name: '' }] });
  return { ...judged, users_per_collection: values.users_per_collection };
}

function withType(values: CollectionFormValues, type: CollectionType): CollectionFormValues {
  return normalise({ ...values, type });
}

/** The visibility choice a type belongs to (followers belong to all contacts). */
export function choiceOf(type: CollectionType): VisibilityChoice {
  return type === 'all_contacts_followers' ? 'all_contacts' : type;
}

/**
 * Picking an audience. Private and public turn collaboration off; choosing all contacts
 * again while it is selected goes back to private.
 */
export function chooseVisibility(
  values: CollectionFormValues,
  choice: VisibilityChoice,
): CollectionFormValues {
  if (choice === 'all_contacts' && choiceOf(values.type) === 'all_contacts') {
    return withType(values, 'private');
  }
  if (choice === choiceOf(values.type)) return values;
  return withType(values, choice);
}

/** The followers switch toggles between all_contacts and all_contacts_followers. */
export function toggleFollowers(values: CollectionFormValues): CollectionFormValues {
  if (values.type === 'all_contacts') return withType(values, 'all_contacts_followers');
  if (values.type === 'all_contacts_followers') return withType(values, 'all_contacts');
  return values;
}

/** A change of the selected people; an empty list makes a selected collection private. */
export function setUsers(values: CollectionFormValues, users: PickedUser[]): CollectionFormValues {
  return normaliseCollectionForm({ ...values, users_per_collection: users });
}

/** Collaboration can be switched on only for a collaborative audience. */
export function setCollaboration(values: CollectionFormValues, on: boolean): CollectionFormValues {
  if (on && !collaborationAvailable(values.type)) return values;
  return normalise({ ...values, is_collaboration: on });
}

export function setChecklist(values: CollectionFormValues, on: boolean): CollectionFormValues {
  if (on && !values.is_collaboration) return values;
  return { ...values, collaboration_on_checklist: on };
}

/** Off forces the options that depend on it off: allow_add → allow_replace → preserve. */
export function setAllowAdd(values: CollectionFormValues, on: boolean): CollectionFormValues {
  return normalise({ ...values, allow_add_documents: on });
}

export function setAllowReplace(values: CollectionFormValues, on: boolean): CollectionFormValues {
  if (on && !values.allow_add_documents) return values;
  return normalise({ ...values, allow_replace_documents: on });
}

export function setPreserve(values: CollectionFormValues, on: boolean): CollectionFormValues {
  if (on && !values.allow_replace_documents) return values;
  return { ...values, preserve_documents_version: on };
}

function userIds(users: PickedUser[]): string {
  return users
    .map((user) => user.id)
    .filter((id): id is number => typeof id === 'number')
    .sort((a, b) => a - b)
    .join(',');
}

/** Save is disabled when nothing changed against the original values. */
export function isUnchanged(original: CollectionFormValues, values: CollectionFormValues): boolean {
  const keys = Object.keys(original) as (keyof CollectionFormValues)[];
  return keys.every((key) => {
    if (key === 'users_per_collection') {
      return userIds(original.users_per_collection) === userIds(values.users_per_collection);
    }
    if (key === 'name' || key === 'group_name' || key === 'description') {
      return original[key].trim() === values[key].trim();
    }
    return original[key] === values[key];
  });
}

/**
 * The body of POST/PUT /api/collection: name and group name trimmed, users as
 * `/api/user/{id}` references (entries without an id dropped), checklist off without
 * collaboration, a selected collection without people sent as private.
 */
export function toPayload(values: CollectionFormValues): CollectionWrite {
  const users = values.users_per_collection
    .filter((user) => typeof user.id === 'number')
    .map((user) => `/api/user/${user.id}`);
  const type = values.type === 'selected_contacts' && users.length === 0 ? 'private' : values.type;
  const collaboration = values.is_collaboration && collaborationAvailable(type);
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    type,
    users_per_collection: type === 'selected_contacts' ? users : [],
    is_collaboration: collaboration,
    collaboration_on_checklist: collaboration && values.collaboration_on_checklist,
    allow_add_documents: values.allow_add_documents,
    allow_replace_documents: values.allow_add_documents && values.allow_replace_documents,
    preserve_documents_version:
      values.allow_add_documents &&
      values.allow_replace_documents &&
      values.preserve_documents_version,
    public_link_on: values.public_link_on,
    user_can_join_call: values.user_can_join_call,
    group_name: values.group_name.trim() === '' ? null : values.group_name.trim(),
  };
}

/** What the signed-in user may use in the form (the plan gates, see docs/RULES.md, Plans). */
export interface FormAbilities {
  canCreatePublic: boolean;
  followers: boolean;
  collaborate: boolean;
  /** turning on preserve_documents_version */
  keepVersions: boolean;
  /** the account the public-collection limit is judged for */
  account: AccountFacts;
}

export function abilitiesOf(user: AccountFacts): FormAbilities {
  return {
    canCreatePublic: canCreatePublicCollection(user.rules),
    followers: canShareWithFollowers(user),
    collaborate: canCollaborate(user),
    keepVersions: canKeepDocumentVersions(user),
    account: user,
  };
}

export type PublicHint = 'collectionPublicDisabledHint' | 'collectionPublicLinkLimitHint';

/**
 * Whether choosing public is allowed: it needs user_can_create_public_collection, and a
 * further public collection beyond the free limit needs Silver. `otherPublicCount` counts
 * the user's public collections other than the one being edited.
 */
export function publicHint(abilities: FormAbilities, otherPublicCount: number): PublicHint | null {
  if (!abilities.canCreatePublic) return 'collectionPublicDisabledHint';
  if (!withinPublicLimit(abilities.account, otherPublicCount)) {
    return 'collectionPublicLinkLimitHint';
  }
  return null;
}

/** Group-name suggestions: distinct trimmed names containing the input, any case. */
export function groupSuggestions(groups: string[], input: string): string[] {
  const needle = input.trim().toLowerCase();
  const unique = Array.from(new Set(groups.map((group) => group.trim()).filter(Boolean)));
  if (!needle) return unique;
  return unique.filter((group) => group.toLowerCase().includes(needle));
}
