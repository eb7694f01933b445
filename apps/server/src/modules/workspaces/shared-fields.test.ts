import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, signedInUser, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { connectUsers } from '../../test/social.js';

type Viewer = 'owner' | 'admin' | 'member' | 'connected' | 'stranger' | 'visitor';
type Seen = { usermail: boolean; phone: boolean };

const PHONE = '+32470111222';

/**
 * The share flags on profile reads (docs/notes/workspaces.md, Flags): Bob is a member of a
 * workspace; what each kind of viewer sees of his e-mail address and phone number on his
 * profile, for each setting of the flags. Ann is another member (not connected with Bob),
 * the admin made the workspace and is not a member, Carl is connected with Bob, Dan is a
 * stranger and the visitor has no session (public profile).
 */
const TABLE: [string, Record<string, boolean>, Record<Viewer, Seen>][] = [
  [
    'no flag',
    {},
    {
      owner: { usermail: true, phone: true },
      admin: { usermail: false, phone: false },
      member: { usermail: false, phone: false },
      connected: { usermail: false, phone: true },
      stranger: { usermail: false, phone: false },
      visitor: { usermail: false, phone: false },
    },
  ],
  [
    'e-mail to admins',
    { connections_share_email_to_admin: true },
    {
      owner: { usermail: true, phone: true },
      admin: { usermail: true, phone: false },
      member: { usermail: false, phone: false },
      connected: { usermail: false, phone: true },
      stranger: { usermail: false, phone: false },
      visitor: { usermail: false, phone: false },
    },
  ],
  [
    'e-mail to members',
    { connections_share_email_to_workspace_members: true },
    {
      owner: { usermail: true, phone: true },
      admin: { usermail: true, phone: false },
      member: { usermail: true, phone: false },
      connected: { usermail: false, phone: true },
      stranger: { usermail: false, phone: false },
      visitor: { usermail: false, phone: false },
    },
  ],
  [
    'phone to members',
    { connections_share_phone_to_workspace_members: true },
    {
      owner: { usermail: true, phone: true },
      admin: { usermail: false, phone: true },
      member: { usermail: false, phone: true },
      connected: { usermail: false, phone: true },
      stranger: { usermail: false, phone: false },
      visitor: { usermail: false, phone: false },
    },
  ],
];

const OFF = {
  connections_share_email_to_admin: false,
  connections_share_email_to_workspace_members: false,
  connections_share_phone_to_workspace_members: false,
  share_member_info_to_workspace_members: false,
};

describeDb('workspace share flags on profile reads', () => {
  let t: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;
  let carl: SignedIn;
  let dan: SignedIn;
  let workspace: number;
  let workspaceToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, { name: 'Admin' });
    ann = await signedInUser(t, { name: 'Ann' });
    bob = await signedInUser(t, { name: 'Bob' });
    carl = await signedInUser(t, { name: 'Carl' });
    dan = await signedInUser(t, { name: 'Dan' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/create-workspace',
      headers: bearer(admin.token),
      payload: { name: 'Share test' },
    });
    expect(made.statusCode, made.body).toBe(201);
    workspace = made.json().id as number;
    // a second session of the admin's switches into the workspace (switching ends the first)
    const second = await login(t, admin);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/switch-user',
      headers: bearer(second.token),
      payload: { account_user: made.json().account_user, secure_token: made.json().secure_token },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    workspaceToken = switched.json().token as string;
    await connectUsers(t, workspace, ann.id);
    await connectUsers(t, workspace, bob.id);
    await connectUsers(t, carl.id, bob.id);
    // Bob's public profile is on (the visitor's read), without public contact fields of its own
    await t.database.db
      .updateTable('user_profiles')
      .set({
        phone_number: PHONE,
        user_has_public_profile: t.database.dialect.bool(true),
        public_profile_enabled: t.database.dialect.bool(true),
      })
      .where('user_id', '=', bob.id)
      .execute();
  });
  afterAll(async () => t?.close());

  const tokenOf = (viewer: Viewer): string | null =>
    ({ owner: bob, admin, member: ann, connected: carl, stranger: dan, visitor: null })[viewer]
      ?.token ?? null;

  async function profileAs(viewer: Viewer) {
    const token = tokenOf(viewer);
    const res = await t.app.inject({
      url: token ? `/api/user/${bob.id}/combined` : `/api/p/user/${bob.id}`,
      headers: token ? bearer(token) : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { usermail: string | null; phone: string | null };
  }

  const setFlags = async (flags: Record<string, boolean>) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/${workspace}`,
      headers: bearer(admin.token),
      payload: { ...OFF, ...flags },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  describe.each(TABLE)('with %s', (_name, flags, expected) => {
    it.each(Object.keys(expected) as Viewer[])('as the %s', async (viewer) => {
      await setFlags(flags);
      const seen = await profileAs(viewer);
      expect({ usermail: seen.usermail !== null, phone: seen.phone !== null }).toEqual(
        expected[viewer],
      );
      if (seen.usermail !== null) expect(seen.usermail).toBe(bob.usermail);
      if (seen.phone !== null) expect(seen.phone).toBe(PHONE);
    });
  });

  it('the public profile search shows a member what the flags share, and nobody else', async () => {
    await setFlags({
      connections_share_email_to_workspace_members: true,
      connections_share_phone_to_workspace_members: true,
    });
    const search = async (token: string) => {
      const res = await t.app.inject({
        url: `/api/user/profiles/public?search=Bob`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ id: number; usermail: string | null; phone: string | null }>)
        .concat()
        .find((p) => p.id === bob.id);
    };
    expect(await search(ann.token)).toMatchObject({ usermail: bob.usermail, phone: PHONE });
    expect(await search(dan.token)).toMatchObject({ usermail: null, phone: null });
  });

  it('connection cards carry what the flags share, paged, and say so (workspace_contact)', async () => {
    // Gus is a member and connected with Bob; the workspace lists its members as connections
    const gus = await signedInUser(t, { name: 'Gus' });
    await connectUsers(t, workspace, gus.id);
    await connectUsers(t, gus.id, bob.id);
    const bobIn = async (token: string, query = '') => {
      const res = await t.app.inject({
        url: `/api/user/connection?status=active${query}`,
        headers: { ...bearer(token), accept: 'application/ld+json' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const members = res.json()['hydra:member'] as Array<{
        user_id: number;
        workspace_contact: boolean;
        user: { usermail: string | null; phone_number: string | null };
      }>;
      return {
        entry: members.find((c) => c.user_id === bob.id),
        total: res.json()['hydra:totalItems'],
      };
    };

    await setFlags({});
    expect((await bobIn(gus.token)).entry).toMatchObject({
      workspace_contact: false,
      user: { usermail: null, phone_number: PHONE },
    });
    expect((await bobIn(carl.token)).entry).toMatchObject({ workspace_contact: false });
    expect((await bobIn(workspaceToken)).entry).toMatchObject({
      workspace_contact: false,
      user: { usermail: null },
    });

    await setFlags({ connections_share_email_to_admin: true });
    // the workspace itself is its admin: it sees the address, the members do not
    expect((await bobIn(workspaceToken)).entry).toMatchObject({
      workspace_contact: true,
      user: { usermail: bob.usermail },
    });
    expect((await bobIn(gus.token)).entry).toMatchObject({
      workspace_contact: false,
      user: { usermail: null },
    });

    await setFlags({ connections_share_email_to_workspace_members: true });
    expect((await bobIn(gus.token)).entry).toMatchObject({
      workspace_contact: true,
      user: { usermail: bob.usermail, phone_number: PHONE },
    });
    // Carl is connected with Bob but no member: as before
    expect((await bobIn(carl.token)).entry).toMatchObject({
      workspace_contact: false,
      user: { usermail: null, phone_number: PHONE },
    });
    // paged in the database: one card a page, Bob on one of the workspace's pages
    const pages = await Promise.all(
      [1, 2, 3].map((page) => bobIn(workspaceToken, `&itemsPerPage=1&page=${page}`)),
    );
    expect(pages[0]?.total).toBe(3);
    expect(pages.filter((p) => p.entry !== undefined)).toHaveLength(1);
    expect(pages.find((p) => p.entry)?.entry).toMatchObject({ user: { usermail: bob.usermail } });
  });

  it('a member who leaves, a disabled workspace and a delegate without the admin right see nothing more', async () => {
    await setFlags({
      connections_share_email_to_workspace_members: true,
      connections_share_phone_to_workspace_members: true,
    });
    // Eve holds a delegation to the workspace without the admin right: no admin, no member
    const eve = await signedInUser(t, { name: 'Eve' });
    await t.database.db
      .insertInto('account_delegations')
      .values({
        account_user_id: workspace,
        delegate_user_id: eve.id,
        rules: t.database.dialect.json({ admin: false }),
        secure_token_hash: 'x',
        secure_token: null,
        created_at: t.database.dialect.time(new Date()),
        revoked_at: null,
      })
      .execute();
    const eveSees = await t.app.inject({
      url: `/api/user/${bob.id}/combined`,
      headers: bearer(eve.token),
    });
    expect(eveSees.json()).toMatchObject({ usermail: null, phone: null });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspace/${workspace}/members/${ann.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await profileAs('member')).toMatchObject({ usermail: null, phone: null });
    // the admin still sees, until the workspace is switched off
    expect(await profileAs('admin')).toMatchObject({ usermail: bob.usermail, phone: PHONE });
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.database.dialect.time(new Date()) })
      .where('id', '=', workspace)
      .execute();
    expect(await profileAs('admin')).toMatchObject({ usermail: null, phone: null });
  });
});
