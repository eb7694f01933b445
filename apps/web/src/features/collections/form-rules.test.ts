import { describe, expect, it } from 'vitest';
import {
  abilitiesOf,
  chooseVisibility,
  emptyFormValues,
  groupSuggestions,
  isUnchanged,
  publicHint,
  setAllowAdd,
  setAllowReplace,
  setChecklist,
  setCollaboration,
  setPreserve,
  setUsers,
  toPayload,
  toggleFollowers,
  type CollectionFormValues,
  type FormAbilities,
} from './form-rules';

const base = (patch: Partial<CollectionFormValues> = {}): CollectionFormValues => ({
  ...emptyFormValues(),
  name: 'Trips',
  ...patch,
});

const collaborating = (patch: Partial<CollectionFormValues> = {}) =>
  base({
    type: 'all_contacts',
    is_collaboration: true,
    collaboration_on_checklist: true,
    ...patch,
  });

describe('collection form rules', () => {
  it('starts a new collection private with every option off', () => {
    const values = emptyFormValues();
    expect(values.type).toBe('private');
    expect(values.is_collaboration).toBe(false);
    expect(values.users_per_collection).toEqual([]);
    expect(values.group_name).toBe('');
  });

  it.each(['private', 'public'] as const)('choosing %s turns collaboration off', (choice) => {
    const next = chooseVisibility(collaborating(), choice);
    expect(next.type).toBe(choice);
    expect(next.is_collaboration).toBe(false);
    expect(next.collaboration_on_checklist).toBe(false);
  });

  it('keeps collaboration when moving between contact audiences', () => {
    const next = chooseVisibility(collaborating(), 'identified_contacts');
    expect(next.type).toBe('identified_contacts');
    expect(next.is_collaboration).toBe(true);
    expect(next.collaboration_on_checklist).toBe(true);
  });

  it('makes collaboration unavailable for followers and public', () => {
    expect(setCollaboration(base({ type: 'public' }), true).is_collaboration).toBe(false);
    expect(setCollaboration(base({ type: 'all_contacts_followers' }), true).is_collaboration).toBe(
      false,
    );
    expect(setCollaboration(base({ type: 'private' }), true).is_collaboration).toBe(false);
    expect(setCollaboration(base({ type: 'selected_contacts' }), true).is_collaboration).toBe(true);
    const withFollowers = toggleFollowers(collaborating());
    expect(withFollowers.type).toBe('all_contacts_followers');
    expect(withFollowers.is_collaboration).toBe(false);
    expect(withFollowers.collaboration_on_checklist).toBe(false);
  });

  it('reverts to private when all contacts is chosen again', () => {
    expect(chooseVisibility(base({ type: 'all_contacts' }), 'all_contacts').type).toBe('private');
    expect(chooseVisibility(base({ type: 'all_contacts_followers' }), 'all_contacts').type).toBe(
      'private',
    );
    expect(chooseVisibility(base({ type: 'private' }), 'all_contacts').type).toBe('all_contacts');
  });

  it('keeps selected contacts chosen while nobody is picked yet', () => {
    const chosen = chooseVisibility(collaborating(), 'selected_contacts');
    expect(chosen.type).toBe('selected_contacts');
    expect(chosen.is_collaboration).toBe(true);
    const withDocs = setAllowAdd(chosen, true);
    expect(withDocs.type).toBe('selected_contacts');
    expect(withDocs.allow_add_documents).toBe(true);
  });

  it('leaves a repeated choice of another audience as it is', () => {
    const values = base({
      type: 'selected_contacts',
      users_per_collection: [{ id: 3, name: 'Bo' }],
    });
    expect(chooseVisibility(values, 'selected_contacts')).toBe(values);
  });

  it('toggles the followers option between all_contacts and all_contacts_followers', () => {
    const on = toggleFollowers(base({ type: 'all_contacts' }));
    expect(on.type).toBe('all_contacts_followers');
    expect(toggleFollowers(on).type).toBe('all_contacts');
    const other = base({ type: 'public' });
    expect(toggleFollowers(other)).toBe(other);
  });

  it('reverts to private when the selected list becomes empty', () => {
    const selected = base({
      type: 'selected_contacts',
      is_collaboration: true,
      users_per_collection: [{ id: 3, name: 'Bo' }],
    });
    const emptied = setUsers(selected, []);
    expect(emptied.type).toBe('private');
    expect(emptied.is_collaboration).toBe(false);
    expect(setUsers(selected, [{ id: 4, name: 'Cy' }]).type).toBe('selected_contacts');
    expect(setUsers(base({ type: 'all_contacts' }), []).type).toBe('all_contacts');
  });

  it('chains allow_add → allow_replace → preserve', () => {
    const all = base({
      allow_add_documents: true,
      allow_replace_documents: true,
      preserve_documents_version: true,
    });
    expect(setAllowAdd(all, false)).toMatchObject({
      allow_add_documents: false,
      allow_replace_documents: false,
      preserve_documents_version: false,
    });
    expect(setAllowReplace(all, false)).toMatchObject({
      allow_add_documents: true,
      allow_replace_documents: false,
      preserve_documents_version: false,
    });
    expect(setPreserve(all, false).preserve_documents_version).toBe(false);
    // the dependent options cannot be switched on before the one they need
    expect(setAllowReplace(base(), true).allow_replace_documents).toBe(false);
    expect(setPreserve(base({ allow_add_documents: true }), true).preserve_documents_version).toBe(
      false,
    );
    expect(setAllowReplace(base({ allow_add_documents: true }), true).allow_replace_documents).toBe(
      true,
    );
  });

  it('allows the checklist option only with collaboration on', () => {
    expect(setChecklist(base({ type: 'all_contacts' }), true).collaboration_on_checklist).toBe(
      false,
    );
    expect(setChecklist(collaborating({ collaboration_on_checklist: false }), true)).toMatchObject({
      collaboration_on_checklist: true,
    });
  });

  it('sees no change when only whitespace or the order of people differs', () => {
    const original = base({
      type: 'selected_contacts',
      users_per_collection: [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ],
      group_name: 'Work',
    });
    expect(isUnchanged(original, { ...original })).toBe(true);
    expect(
      isUnchanged(original, {
        ...original,
        name: ' Trips ',
        users_per_collection: [
          original.users_per_collection[1]!,
          original.users_per_collection[0]!,
        ],
      }),
    ).toBe(true);
    expect(isUnchanged(original, { ...original, group_name: 'Home' })).toBe(false);
    expect(
      isUnchanged(original, { ...original, users_per_collection: [{ id: 1, name: 'A' }] }),
    ).toBe(false);
    expect(isUnchanged(original, { ...original, public_link_on: true })).toBe(false);
  });

  it('builds the payload: trimmed names, user IRIs without id-less entries', () => {
    const payload = toPayload(
      base({
        name: '  Trips  ',
        group_name: '  Travel ',
        type: 'selected_contacts',
        users_per_collection: [{ id: 3, name: 'Bo' }, { name: 'no id' }, { id: 9, name: 'Cy' }],
      }),
    );
    expect(payload).toMatchObject({
      name: 'Trips',
      group_name: 'Travel',
      type: 'selected_contacts',
      users_per_collection: ['/api/user/3', '/api/user/9'],
    });
    expect(toPayload(base({ group_name: '   ' })).group_name).toBeNull();
    // fields the form does not show survive a PUT
    expect(toPayload(base({ user_can_join_call: true })).user_can_join_call).toBe(true);
  });

  it('sends collaboration_on_checklist false when collaboration is off', () => {
    const payload = toPayload(
      base({ type: 'all_contacts', is_collaboration: false, collaboration_on_checklist: true }),
    );
    expect(payload.is_collaboration).toBe(false);
    expect(payload.collaboration_on_checklist).toBe(false);
    expect(toPayload(collaborating()).collaboration_on_checklist).toBe(true);
  });

  it('sends a selected collection whose people all lack an id as private', () => {
    const payload = toPayload(
      base({ type: 'selected_contacts', users_per_collection: [{ name: 'x' }] }),
    );
    expect(payload.type).toBe('private');
    expect(payload.users_per_collection).toEqual([]);
  });

  it('never sends a dependent document option without the one it needs', () => {
    const payload = toPayload(
      base({ allow_replace_documents: true, preserve_documents_version: true }),
    );
    expect(payload.allow_replace_documents).toBe(false);
    expect(payload.preserve_documents_version).toBe(false);
  });

  it('gates public collections with the two hints', () => {
    const abilities: FormAbilities = {
      canCreatePublic: true,
      followers: false,
      collaborate: false,
      keepVersions: false,
      account: { user_type: 'normal', rules: {} },
    };
    expect(publicHint(abilities, 0)).toBeNull();
    expect(publicHint(abilities, 2)).toBeNull();
    expect(publicHint(abilities, 3)).toBe('collectionPublicLinkLimitHint');
    expect(
      publicHint({ ...abilities, account: { user_type: 'normal', rules: { silver: true } } }, 12),
    ).toBeNull();
    expect(publicHint({ ...abilities, canCreatePublic: false }, 0)).toBe(
      'collectionPublicDisabledHint',
    );
  });

  it.each([
    ['a free account', { user_type: 'normal', rules: {} }, 'collectionPublicLinkLimitHint'],
    [
      'a Bronze account',
      { user_type: 'normal', user_has_extended_subscription: true, rules: {} },
      'collectionPublicLinkLimitHint',
    ],
    [
      'a Silver (professional) account',
      { user_type: 'normal', user_has_professional_subscription: true, rules: {} },
      null,
    ],
    [
      'a workspace account',
      { user_type: 'workspace', workspace_type: 'workspace', rules: {} },
      null,
    ],
    ['a group account', { user_type: 'workspace', workspace_type: 'group', rules: {} }, null],
  ] as const)('a fourth public collection for %s: %s', (_name, account, hint) => {
    expect(publicHint(abilitiesOf(account), 3)).toBe(hint);
  });

  it('reads the plan gates from the user rules', () => {
    const free = { rules: {}, user_type: 'normal' };
    expect(abilitiesOf(free)).toEqual({
      canCreatePublic: true,
      followers: false,
      collaborate: false,
      keepVersions: false,
      account: free,
    });
    expect(
      abilitiesOf({ rules: { has_subscription: true, bronze: true }, user_type: 'normal' }),
    ).toMatchObject({ followers: true, collaborate: true, keepVersions: true });
    expect(abilitiesOf({ rules: {}, user_type: 'workspace' }).collaborate).toBe(true);
    expect(
      abilitiesOf({ rules: { public_profile: false }, user_type: 'normal' }).canCreatePublic,
    ).toBe(false);
    expect(
      abilitiesOf({ rules: { collections: false }, user_type: 'normal' }).canCreatePublic,
    ).toBe(false);
  });

  it('suggests group names by case-insensitive substring', () => {
    const groups = ['Holidays', 'Work', 'Family holidays', 'work '];
    expect(groupSuggestions(groups, 'HOLI')).toEqual(['Holidays', 'Family holidays']);
    expect(groupSuggestions(groups, '')).toEqual(['Holidays', 'Work', 'Family holidays', 'work']);
    expect(groupSuggestions(groups, 'zzz')).toEqual([]);
  });
});
