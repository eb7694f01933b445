import { describe, expect, it } from 'vitest';
import { accountPermissions } from './permissions.js';
import {
  maximumUsersOf,
  workspaceCard,
  workspaceCreateSchema,
  workspaceFlagsOf,
  workspaceRequirements,
  workspaceSettingsSchema,
  workspaceSharedFields,
  type WorkspaceFlag,
} from './workspace.js';
import type { ContactCard } from './social.js';

const flags = (...on: WorkspaceFlag[]) =>
  workspaceFlagsOf(Object.fromEntries(on.map((f) => [f, true])));

describe('workspace flags', () => {
  it('reads only true as on, and maximum_users only as a whole number', () => {
    expect(
      workspaceFlagsOf({ connections_require_function: 'yes' }).connections_require_function,
    ).toBe(false);
    expect(workspaceFlagsOf(null).share_member_info_to_workspace_members).toBe(false);
    expect(maximumUsersOf({ maximum_users: 2 })).toBe(2);
    expect(maximumUsersOf({ maximum_users: 2.5 })).toBeNull();
    expect(maximumUsersOf({ maximum_users: -1 })).toBeNull();
    expect(maximumUsersOf({})).toBeNull();
  });

  it.each([
    [
      'nothing on',
      flags(),
      { function: false, location: false, organisation: false, photo: false },
    ],
    [
      'required but member info not shared',
      flags('connections_require_function', 'connections_require_location'),
      { function: false, location: false, organisation: false, photo: false },
    ],
    [
      'required and member info shared',
      flags(
        'share_member_info_to_workspace_members',
        'connections_require_function',
        'connections_require_profile_photo',
      ),
      { function: true, location: false, organisation: false, photo: true },
    ],
  ])('requirements: %s', (_name, given, expected) => {
    expect(workspaceRequirements(given)).toEqual(expected);
  });

  it.each([
    ['nothing shared', flags(), 'member', { email: false, phone: false, memberInfo: false }],
    ['nothing shared, admin', flags(), 'admin', { email: false, phone: false, memberInfo: false }],
    [
      'e-mail to members',
      flags('connections_share_email_to_workspace_members'),
      'member',
      { email: true, phone: false, memberInfo: false },
    ],
    [
      'e-mail to admins, a member looks',
      flags('connections_share_email_to_admin'),
      'member',
      { email: false, phone: false, memberInfo: false },
    ],
    [
      'e-mail to admins, an admin looks',
      flags('connections_share_email_to_admin'),
      'admin',
      { email: true, phone: false, memberInfo: false },
    ],
    [
      'phone and member info',
      flags(
        'connections_share_phone_to_workspace_members',
        'share_member_info_to_workspace_members',
      ),
      'member',
      { email: false, phone: true, memberInfo: true },
    ],
  ] as const)('shared fields: %s', (_name, given, viewer, expected) => {
    expect(workspaceSharedFields(given, viewer)).toEqual(expected);
  });

  it('a card keeps only the shared fields', () => {
    const card = {
      id: 1,
      '@id': '/api/user/1',
      name: 'Ada',
      picture: null,
      label: 'A',
      usermail: null,
      phone_number: null,
      function: 'Engineer',
      organization_name: 'Org',
      location: 'Ghent',
      name_official: null,
      user_identified: false,
      user_type: 'normal',
      workspace_type: null,
    } satisfies ContactCard;
    const full = { usermail: 'ada@example.test', phone_number: '+3212345678' };
    expect(workspaceCard(card, workspaceSharedFields(flags(), 'member'), full)).toMatchObject({
      usermail: null,
      phone_number: null,
      function: null,
      organization_name: null,
      location: null,
    });
    const all = flags(
      'connections_share_email_to_workspace_members',
      'connections_share_phone_to_workspace_members',
      'share_member_info_to_workspace_members',
    );
    expect(workspaceCard(card, workspaceSharedFields(all, 'member'), full)).toMatchObject({
      ...full,
      function: 'Engineer',
      location: 'Ghent',
    });
  });
});

describe('workspace inputs', () => {
  it('a name needs 3 characters; the kind defaults to workspace', () => {
    expect(workspaceCreateSchema.safeParse({ name: ' ab ' }).error?.issues[0]?.message).toBe(
      'workspace.nameTooShort',
    );
    expect(workspaceCreateSchema.parse({ name: 'Acme' })).toEqual({
      name: 'Acme',
      workspace_type: 'workspace',
    });
    expect(workspaceCreateSchema.safeParse({ name: 'Acme', workspace_type: 'team' }).success).toBe(
      false,
    );
  });

  it('settings take booleans only', () => {
    expect(workspaceSettingsSchema.safeParse({ connections_require_function: 1 }).success).toBe(
      false,
    );
    expect(workspaceSettingsSchema.parse({ share_member_info_to_workspace_members: true })).toEqual(
      {
        share_member_info_to_workspace_members: true,
      },
    );
  });
});

describe('accountPermissions', () => {
  const normal = { id: 1, user_type: 'normal' };
  const main = { id: 2, user_type: 'main' };
  const workspace = { id: 3, user_type: 'workspace', workspace_type: 'workspace' };
  const group = { id: 4, user_type: 'workspace', workspace_type: 'group' };
  it.each([
    [
      'a normal account',
      normal,
      null,
      { create_group_or_workspace: true, main: false, list_workspaces: false },
    ],
    [
      'a main account',
      main,
      null,
      {
        create_group_or_workspace: false,
        main: true,
        list_workspaces: true,
        manage_delegation: true,
      },
    ],
    [
      'a workspace',
      workspace,
      null,
      { workspace: true, group: false, root_workspace: true, web_meetings: true },
    ],
    ['a group', group, null, { workspace: true, group: true }],
    [
      'a main user acting for a workspace',
      workspace,
      main,
      { delegated: true, root_workspace: false, create_group_or_workspace: false },
    ],
    [
      'someone acting for a normal account',
      normal,
      main,
      { delegated: true, create_group_or_workspace: false, web_meetings: true },
    ],
  ] as const)('%s', (_name, account, root, expected) => {
    expect(accountPermissions(account, root)).toMatchObject(expected);
  });
});
