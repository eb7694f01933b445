import {
  COLLABORATIVE_TYPES,
  LIMITS,
  type Collection,
  type CollectionType,
  type CollectionWrite,
  type User,
} from '@memoria/domain';

/**
 * The collection form's state and its transitions (spec part 1 §3 Collection form, §4
 * "Collection visibility", §5). Pure functions: the dialog calls them, the tests pin them.
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
  users: PickedUser[];
  is_collaboration: boolean;
  collaboration_on_checklist: boolean;
  allow_add_documents: boolean;
  allow_replace_documents: boolean;
  preserve_documents_version: boolean;
  public_link_on: boolean;
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
    users: [],
    is_collaboration: false,
    collaboration_on_checklist: false,
    allow_add_documents: false,
    allow_replace_documents: false,
    preserve_documents_version: false,
    public_link_on: false,
    group_name: '',
  };
}

/** The form values of an existing collection (the owner reads the real type). */
export function formValuesOf(collection: Collection): CollectionFormValues {
  return {
    name: collection.name,
    description: collection.description ?? '',
    type: collection.type === '' ? 'private' : collection.type,
    users: collection.users_per_collection.map((member) => ({
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
    group_name: collection.group_name ?? '',
  };
}

/** Collaboration exists only for the contact audiences (not private, followers or public). */
export function collaborationAvailable(type: CollectionType): boolean {
  return COLLABORATIVE_TYPES.includes(type);
}

function withType(values: CollectionFormValues, type: CollectionType): CollectionFormValues {
  const next = { ...values, type };
  if (!collaborationAvailable(type)) {
    next.is_collaboration = false;
    next.collaboration_on_checklist = false;
  }
  return next;
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
  const next = { ...values, users };
  if (users.length === 0 && values.type === 'selected_contacts') {
    return withType(next, 'private');
  }
  return next;
}

/** Collaboration can be switched on only for a collaborative audience. */
export function setCollaboration(values: CollectionFormValues, on: boolean): CollectionFormValues {
  if (on && !collaborationAvailable(values.type)) return values;
  return { ...values, is_collaboration: on };
}

export function setChecklist(values: CollectionFormValues, on: boolean): CollectionFormValues {
  if (on && !values.is_collaboration) return values;
  return { ...values, collaboration_on_checklist: on };
}

/** Off forces the options that depend on it off: allow_add → allow_replace → preserve. */
export function setAllowAdd(values: CollectionFormValues, on: boolean): CollectionFormValues {
  if (on) return { ...values, allow_add_documents: true };
  return {
    ...values,
    allow_add_documents: false,
    allow_replace_documents: false,
    preserve_documents_version: false,
  };
}

export function setAllowReplace(values: CollectionFormValues, on: boolean): CollectionFormValues {
  if (on) {
    return values.allow_add_documents ? { ...values, allow_replace_documents: true } : values;
  }
  return { ...values, allow_replace_documents: false, preserve_documents_version: false };
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
    if (key === 'users') return userIds(original.users) === userIds(values.users);
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
  const users = values.users
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
    group_name: values.group_name.trim() === '' ? null : values.group_name.trim(),
  };
}

/** What the signed-in user may use in the form (spec §5, §6; DESIGN.md §6 plan table). */
export interface FormAbilities {
  canCreatePublic: boolean;
  silver: boolean;
  hasSubscription: boolean;
  canCollaborate: boolean;
}

export function abilitiesOf(user: User): FormAbilities {
  const rules = user.rules ?? {};
  const hasSubscription = rules.has_subscription === true;
  const workspace = user.user_type === 'workspace';
  return {
    canCreatePublic:
      user.user_can_create_public_collection ??
      user.user_profile.user_can_create_public_collection ??
      false,
    silver: rules.silver === true,
    hasSubscription,
    canCollaborate: hasSubscription || workspace,
  };
}

export type PublicHint = 'collectionPublicDisabledHint' | 'collectionPublicLinkLimitHint';

/**
 * Whether choosing public is allowed: it needs user_can_create_public_collection, and a
 * further public collection beyond 3 needs the silver rule. `publicCount` counts the
 * user's public collections other than the one being edited.
 */
export function publicHint(abilities: FormAbilities, publicCount: number): PublicHint | null {
  if (!abilities.canCreatePublic) return 'collectionPublicDisabledHint';
  if (!abilities.silver && publicCount >= LIMITS.publicCollectionsWithoutSilver) {
    return 'collectionPublicLinkLimitHint';
  }
  return null;
}

/** Trims names for the required check and the group-name suggestions. */
export function groupSuggestions(groups: string[], input: string): string[] {
  const needle = input.trim().toLowerCase();
  const unique = Array.from(new Set(groups.map((group) => group.trim()).filter(Boolean)));
  if (!needle) return unique;
  return unique.filter((group) => group.toLowerCase().includes(needle));
}
