import { describe, expect, it } from 'vitest';
import {
  accountRules,
  canAddDocuments,
  canCollaborate,
  canCreateGroupOrWorkspace,
  canEditMemo,
  canFavourite,
  canListWorkspaces,
  canManageDelegation,
  canScheduleMemo,
  canShareWithFollowers,
  canUseWebMeetings,
  commentsVerifiedOnly,
  hasMemoOwnerRight,
  hasProfessionalSubscription,
  hasPublicProfile,
  hasSubscription,
  isBronze,
  isDelegated,
  isGroupWorkspace,
  isMainUser,
  isMemoOwner,
  isRootWorkspace,
  isSilver,
  isWorkspace,
  isWorkspaceOrMain,
  meetsConnectionSubscription,
  versionsDocuments,
  withinPublicLimit,
  type AccountFacts,
} from './permissions.js';

/** The kinds of account the rules tell apart, with an id so sessions can be built of them. */
const KINDS = {
  free: { id: 1, user_type: 'normal', rules: {} },
  bronze: { id: 2, user_type: 'normal', user_has_extended_subscription: true },
  professional: { id: 3, user_type: 'normal', user_has_professional_subscription: true },
  grantedSilver: { id: 4, user_type: 'normal', rules: { silver: true } },
  grantedSubscription: { id: 5, user_type: 'normal', rules: { has_subscription: true } },
  workspace: { id: 6, user_type: 'workspace', workspace_type: 'workspace' },
  group: { id: 7, user_type: 'workspace', workspace_type: 'group' },
  main: { id: 8, user_type: 'main' },
  mainWithoutAdmin: { id: 9, user_type: 'main', rules: { admin: false } },
  mainWithoutRights: { id: 10, user_type: 'main', rules: { admin: false, workspaces: false } },
  workspaceWithoutAdmin: { id: 11, user_type: 'workspace', rules: { admin: false } },
  webcalls: { id: 12, user_type: 'normal', webcalls_allowed: true },
} satisfies Record<string, AccountFacts & { id: number }>;
type Kind = keyof typeof KINDS;

/** Every kind, with the ones where `rule` holds listed; all others must be false. */
function truthTable(rule: (account: AccountFacts & { id: number }) => boolean, holds: Kind[]) {
  return (Object.keys(KINDS) as Kind[]).map((kind) => [kind, holds.includes(kind), rule] as const);
}

const ACCOUNT_RULES: Array<[string, (a: AccountFacts & { id: number }) => boolean, Kind[]]> = [
  ['isWorkspace', isWorkspace, ['workspace', 'group', 'workspaceWithoutAdmin']],
  ['isGroupWorkspace', isGroupWorkspace, ['group']],
  ['isMainUser', isMainUser, ['main', 'mainWithoutAdmin', 'mainWithoutRights']],
  [
    'isWorkspaceOrMain',
    isWorkspaceOrMain,
    [
      'workspace',
      'group',
      'workspaceWithoutAdmin',
      'main',
      'mainWithoutAdmin',
      'mainWithoutRights',
    ],
  ],
  ['hasProfessionalSubscription', hasProfessionalSubscription, ['professional']],
  ['isBronze', isBronze, ['bronze']],
  [
    'isSilver',
    isSilver,
    ['professional', 'grantedSilver', 'workspace', 'group', 'workspaceWithoutAdmin'],
  ],
  [
    'hasSubscription',
    hasSubscription,
    [
      'bronze',
      'professional',
      'grantedSilver',
      'grantedSubscription',
      'workspace',
      'group',
      'workspaceWithoutAdmin',
    ],
  ],
  ['canListWorkspaces', canListWorkspaces, ['main', 'mainWithoutAdmin']],
  ['canManageDelegation', canManageDelegation, ['workspace', 'group', 'main']],
  [
    'canCreateGroupOrWorkspace',
    canCreateGroupOrWorkspace,
    ['free', 'bronze', 'professional', 'grantedSilver', 'grantedSubscription', 'webcalls'],
  ],
  [
    'canScheduleMemo',
    canScheduleMemo,
    ['professional', 'grantedSilver', 'workspace', 'group', 'workspaceWithoutAdmin'],
  ],
  [
    'canShareWithFollowers',
    canShareWithFollowers,
    [
      'bronze',
      'professional',
      'grantedSilver',
      'grantedSubscription',
      'workspace',
      'group',
      'workspaceWithoutAdmin',
    ],
  ],
  [
    'canCollaborate',
    canCollaborate,
    [
      'bronze',
      'professional',
      'grantedSilver',
      'grantedSubscription',
      'workspace',
      'group',
      'workspaceWithoutAdmin',
    ],
  ],
  [
    'web meetings, signed in as oneself',
    (a) => canUseWebMeetings(a, null),
    [
      'bronze',
      'professional',
      'grantedSilver',
      'grantedSubscription',
      'workspace',
      'group',
      'workspaceWithoutAdmin',
      'webcalls',
    ],
  ],
  [
    'a connection that requires a product',
    (a) => meetsConnectionSubscription(a, 'silver-yearly'),
    [
      'bronze',
      'professional',
      'grantedSilver',
      'grantedSubscription',
      'workspace',
      'group',
      'workspaceWithoutAdmin',
    ],
  ],
  [
    'a fourth public collection',
    (a) => withinPublicLimit(a, 3),
    ['professional', 'grantedSilver', 'workspace', 'group', 'workspaceWithoutAdmin'],
  ],
];

describe.each(ACCOUNT_RULES)('%s', (_name, rule, holds) => {
  it.each(truthTable(rule, holds))('%s → %s', (kind, expected) => {
    expect(rule(KINDS[kind])).toBe(expected);
  });
});

describe('rules that hold for every account kind', () => {
  it.each(Object.keys(KINDS) as Kind[])('%s', (kind) => {
    const account = KINDS[kind];
    expect(withinPublicLimit(account, 0)).toBe(true);
    expect(withinPublicLimit(account, 2)).toBe(true);
    expect(meetsConnectionSubscription(account, null)).toBe(true);
    expect(canFavourite(account)).toBe(true);
    expect(isDelegated(account, null)).toBe(false);
    expect(isDelegated(account, account)).toBe(false);
  });
});

describe('accountRules', () => {
  it.each(Object.keys(KINDS) as Kind[])(
    '%s: the flags sent agree with the rules, and reading them back changes nothing',
    (kind) => {
      const account = KINDS[kind];
      const rules = accountRules(account);
      expect(rules).toMatchObject({
        has_subscription: hasSubscription(account),
        bronze: isBronze(account),
        silver: isSilver(account),
      });
      const received = { ...account, rules };
      expect(isSilver(received)).toBe(isSilver(account));
      expect(hasSubscription(received)).toBe(hasSubscription(account));
      expect(isBronze(received)).toBe(isBronze(account));
      expect(canListWorkspaces(received)).toBe(canListWorkspaces(account));
      expect(canManageDelegation(received)).toBe(canManageDelegation(account));
    },
  );

  it('sets every area flag unless switched off', () => {
    expect(accountRules(KINDS.free)).toMatchObject({ admin: true, workspaces: true, memos: true });
    expect(accountRules(KINDS.mainWithoutAdmin)).toMatchObject({ admin: false, workspaces: true });
  });
});

describe('sessions', () => {
  const person = KINDS.main;
  it.each([
    ['own account', KINDS.free, null, false, false, false],
    ['own workspace account', KINDS.workspace, null, false, true, true],
    ['a person acting for a workspace', KINDS.workspace, person, true, false, true],
    ['a person acting for a free account', KINDS.free, person, true, false, true],
    ['a workspace acting for a free account', KINDS.free, KINDS.workspace, true, true, true],
    ['the root is the account itself', KINDS.free, KINDS.free, false, false, false],
  ] as const)('%s', (_name, account, root, delegated, rootWorkspace, meetings) => {
    expect(isDelegated(account, root)).toBe(delegated);
    expect(isRootWorkspace(account, root)).toBe(rootWorkspace);
    expect(canUseWebMeetings(account, root)).toBe(meetings);
  });

  it('favourites need someone signed in', () => {
    expect(canFavourite(null)).toBe(false);
    expect(canFavourite(undefined)).toBe(false);
    expect(canFavourite({ id: 1 })).toBe(true);
  });
});

describe('hasPublicProfile', () => {
  it.each([
    [false, false, false],
    [true, false, false],
    [false, true, false],
    [true, true, true],
  ])('has one %s, enabled %s → %s', (has, enabled, expected) => {
    expect(
      hasPublicProfile({ user_has_public_profile: has, public_profile_enabled: enabled }),
    ).toBe(expected);
  });
});

describe('memo rules', () => {
  const author = 1;
  const collectionOwner = 2;
  const other = 3;
  it.each([
    ['the author', author, true, true, true],
    ['the owner of the collection', collectionOwner, false, false, true],
    ['someone else', other, false, false, false],
    ['a visitor', null, false, false, false],
  ] as const)('%s', (_name, viewer, owner, edit, ownerRight) => {
    expect(isMemoOwner(author, viewer)).toBe(owner);
    expect(canEditMemo(author, viewer)).toBe(edit);
    expect(hasMemoOwnerRight(author, [other + 10, collectionOwner], viewer)).toBe(ownerRight);
  });

  it('the owner right without a collection is the author’s alone', () => {
    expect(hasMemoOwnerRight(author, [], author)).toBe(true);
    expect(hasMemoOwnerRight(author, [undefined], other)).toBe(false);
    expect(hasMemoOwnerRight(author, [null], null)).toBe(false);
  });

  it.each([
    [false, false, false, false],
    [false, true, false, true],
    [false, true, true, false],
    [false, false, true, false],
    [true, true, false, false],
    [true, true, true, false],
  ])(
    'author %s, identification required %s, viewer verified %s → verified-only %s',
    (isAuthor, authorRequiresIdentification, viewerIdentified, expected) => {
      expect(
        commentsVerifiedOnly({ isAuthor, authorRequiresIdentification, viewerIdentified }),
      ).toBe(expected);
    },
  );

  it.each([
    [true, false, true],
    [true, true, true],
    [false, true, true],
    [false, false, false],
  ])('owner %s, collaborative collection allows %s → add documents %s', (o, c, expected) => {
    expect(canAddDocuments({ isOwner: o, collaborativeCollectionAllows: c })).toBe(expected);
  });
});

describe('versionsDocuments: a workspace or group account whose plan runs', () => {
  it.each([
    [
      'a workspace with its plan',
      { user_type: 'workspace', rules: { document_versioning: true } },
      true,
    ],
    [
      'a group with its plan',
      { user_type: 'workspace', workspace_type: 'group', rules: { document_versioning: true } },
      true,
    ],
    [
      'a workspace whose plan ended',
      { user_type: 'workspace', rules: { document_versioning: false } },
      false,
    ],
    ['a workspace an operator made without a plan', { user_type: 'workspace', rules: {} }, false],
    [
      'a personal account with the flag',
      { user_type: 'normal', rules: { document_versioning: true } },
      false,
    ],
    [
      'the main user who bought it',
      { user_type: 'main', rules: { document_versioning: true } },
      false,
    ],
    ['Silver', { user_type: 'normal', user_has_professional_subscription: true }, false],
    ['Bronze', { user_type: 'normal', user_has_extended_subscription: true }, false],
  ] satisfies [string, AccountFacts, boolean][])('%s → %s', (_name, account, expected) => {
    expect(versionsDocuments(account)).toBe(expected);
  });
});
