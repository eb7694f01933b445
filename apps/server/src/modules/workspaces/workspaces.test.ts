import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@memoria/domain';
import { bearer, login, signedInUser, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { connectUsers } from '../../test/social.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** docs/notes/workspaces.md: making, listing, members, flags, invitations, removal. */
describeDb('workspaces and groups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), accept: 'application/ld+json' },
      ...(payload ? { payload } : {}),
    });

  async function create(owner: SignedIn, body: object = { name: 'Acme' }) {
    const res = await call(owner.token, 'POST', '/api/create-workspace', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; secure_token: string; account_user: string };
  }

  const setMax = async (id: number, max: number) => {
    const { db, dialect } = t.database;
    const row = await db
      .selectFrom('users')
      .select('rules')
      .where('id', '=', id)
      .executeTakeFirst();
    const rules = typeof row?.rules === 'string' ? JSON.parse(row.rules) : (row?.rules ?? {});
    await db
      .updateTable('users')
      .set({ rules: dialect.json({ ...rules, maximum_users: max }) })
      .where('id', '=', id)
      .execute();
  };

  /** The admin invites `member` by e-mail; the member accepts. Answers the accept response. */
  async function join(admin: SignedIn, workspace: number, member: SignedIn) {
    const invited = await call(admin.token, 'POST', `/api/workspace/${workspace}/invite`, {
      user_to_email: member.usermail,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = (invited.json() as { id: number }).id;
    return call(member.token, 'GET', `/api/connection/${id}/accept`);
  }

  const members = async (who: SignedIn, workspace: number, query = '') => {
    const res = await call(who.token, 'GET', `/api/workspace/${workspace}/members${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      'hydra:member': Array<Record<string, unknown>>;
      'hydra:totalItems': number;
    };
  };

  describe('making one', () => {
    it('makes the account, the caller a main user with an admin delegation, and a token to switch in', async () => {
      const ada = await signedInUser(t, { name: 'Ada' });
      const made = await create(ada, { name: 'Ada Group', workspace_type: 'group' });
      expect(made).toMatchObject({
        name: 'Ada Group',
        workspace_type: 'group',
        account_user: `/api/user/${made.id}`,
        secure_token: expect.any(String),
      });
      const profile = (await call(ada.token, 'GET', '/api/profile')).json();
      expect(profile.user_type).toBe('main');
      expect(profile.permissions).toMatchObject({
        main: true,
        create_group_or_workspace: false,
        list_workspaces: true,
      });
      // a main user may not make a second one (the plan upgrades it instead)
      const again = await call(ada.token, 'POST', '/api/create-workspace', { name: 'Another' });
      expect(again.statusCode).toBe(403);

      const listed = await call(ada.token, 'GET', '/api/user/workspace');
      expect(listed.json()['hydra:member']).toEqual([
        expect.objectContaining({ id: made.id, role: 'admin', workspace_type: 'group' }),
      ]);
      const brief = await call(ada.token, 'GET', '/api/user/workspace-connections');
      expect(brief.json()).toEqual({
        workspaces: [expect.objectContaining({ id: made.id, role: 'admin' })],
      });

      const second = await login(t, ada);
      const switched = await t.app.inject({
        method: 'POST',
        url: '/api/switch-user',
        headers: bearer(second.token),
        payload: { account_user: made.account_user, secure_token: made.secure_token },
      });
      expect(switched.statusCode, switched.body).toBe(200);
      const asWorkspace = (switched.json() as TokenPair).token;
      const seen = (await call(asWorkspace, 'GET', '/api/profile')).json();
      expect(seen).toMatchObject({ id: made.id, user_type: 'workspace', workspace_type: 'group' });
      expect(seen.permissions).toMatchObject({ workspace: true, group: true, delegated: true });
      // the workspace itself administers its settings
      const patched = await call(asWorkspace, 'PATCH', `/api/workspace/${made.id}`, {
        connections_share_email_to_workspace_members: true,
      });
      expect(patched.statusCode, patched.body).toBe(200);
    });

    it.each([
      [{ name: 'ab' }, 'The name needs at least 3 characters.'],
      [{ name: '   ' }, 'The name needs at least 3 characters.'],
      [{}, undefined],
      [{ name: 'Acme', workspace_type: 'team' }, undefined],
      [{ name: 42 }, undefined],
    ])('refuses %j with 422', async (body, message) => {
      const ben = await signedInUser(t);
      const res = await call(ben.token, 'POST', '/api/create-workspace', body);
      expect(res.statusCode).toBe(422);
      if (message)
        expect(res.json().violations[0]).toMatchObject({ propertyPath: 'name', message });
      const profile = (await call(ben.token, 'GET', '/api/profile')).json();
      expect(profile.user_type).toBe('normal');
    });

    it('a delegate acting for someone may not make one for them', async () => {
      const ada = await signedInUser(t);
      const ben = await signedInUser(t);
      await connectUsers(t, ada.id, ben.id);
      const given = await call(ada.token, 'POST', '/api/account/role', {
        delegate_user: `/api/user/${ben.id}`,
        admin: true,
      });
      expect(given.statusCode).toBe(201);
      const held = (await call(ben.token, 'GET', '/api/account/role')).json()['hydra:member'][0];
      const switched = await t.app.inject({
        method: 'POST',
        url: '/api/switch-user',
        headers: bearer(ben.token),
        payload: { account_user: `/api/user/${ada.id}`, secure_token: held.secure_token },
      });
      const asAda = (switched.json() as TokenPair).token;
      const res = await call(asAda, 'POST', '/api/create-workspace', { name: 'By Ben' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('members', () => {
    it('maximum_users takes that many members and refuses the next, at accepting and at inviting', async () => {
      const admin = await signedInUser(t);
      const { id } = await create(admin);
      await setMax(id, 2);
      const [a, b, c, d] = await Promise.all(
        ['A', 'B', 'C', 'D'].map((name) => signedInUser(t, { name })),
      );
      // three invitations go out while there is room
      const invite = (who: SignedIn) =>
        call(admin.token, 'POST', `/api/workspace/${id}/invite`, { user_to_email: who.usermail });
      const ids = [];
      for (const who of [a, b, c]) {
        const res = await invite(who!);
        expect(res.statusCode, res.body).toBe(201);
        ids.push((res.json() as { id: number }).id);
      }
      expect((await call(a!.token, 'GET', `/api/connection/${ids[0]}/accept`)).statusCode).toBe(
        200,
      );
      expect((await call(b!.token, 'GET', `/api/connection/${ids[1]}/accept`)).statusCode).toBe(
        200,
      );
      const third = await call(c!.token, 'GET', `/api/connection/${ids[2]}/accept`);
      expect(third.statusCode).toBe(409);
      expect(third.json().detail).toContain('Max users reached');
      const late = await invite(d!);
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toContain('Max users reached');
      expect((await members(admin, id))['hydra:totalItems']).toBe(2);
    });

    it('the share flags decide which contact fields members and admins see', async () => {
      const admin = await signedInUser(t);
      const { id } = await create(admin);
      const ann = await signedInUser(t, { name: 'Ann' });
      const bob = await signedInUser(t, { name: 'Bob' });
      await t.database.db
        .updateTable('user_profiles')
        .set({ phone_number: '+32470000000', function: 'Nurse' })
        .where('user_id', '=', bob.id)
        .execute();
      for (const who of [ann, bob]) expect((await join(admin, id, who)).statusCode).toBe(200);
      const bobAs = async (viewer: SignedIn) =>
        (await members(viewer, id))['hydra:member'].find((m) => m.id === bob.id);

      expect(await bobAs(ann)).toMatchObject({
        usermail: null,
        phone_number: null,
        function: null,
      });
      expect(await bobAs(admin)).toMatchObject({ usermail: null, phone_number: null });

      const patch = (body: object) => call(admin.token, 'PATCH', `/api/workspace/${id}`, body);
      expect((await patch({ connections_share_email_to_admin: true })).statusCode).toBe(200);
      expect(await bobAs(admin)).toMatchObject({ usermail: bob.usermail });
      expect(await bobAs(ann)).toMatchObject({ usermail: null });

      const all = await patch({
        connections_share_email_to_workspace_members: true,
        connections_share_phone_to_workspace_members: true,
        share_member_info_to_workspace_members: true,
      });
      expect(all.json()).toMatchObject({
        connections_share_email_to_workspace_members: true,
        connections_share_email_to_admin: true,
        connections_require_function: false,
      });
      expect(await bobAs(ann)).toMatchObject({
        usermail: bob.usermail,
        phone_number: '+32470000000',
        function: 'Nurse',
      });
      // search by name, paged in the database
      const found = await members(ann, id, '?search=bo&itemsPerPage=1');
      expect(found['hydra:totalItems']).toBe(1);
      expect(found['hydra:member'].map((m) => m.id)).toEqual([bob.id]);
      const paged = await members(ann, id, '?itemsPerPage=1&page=2');
      expect(paged['hydra:totalItems']).toBe(2);
      expect(paged['hydra:member'].map((m) => m.id)).toEqual([bob.id]);

      // a member lists the workspace, as a member
      const listed = (await call(ann.token, 'GET', '/api/user/workspace')).json();
      expect(listed['hydra:member']).toEqual([expect.objectContaining({ id, role: 'member' })]);
    });

    it('lists the workspaces one administers or belongs to by name, a page at a time', async () => {
      const pat = await signedInUser(t);
      const mid = await create(pat, { name: 'Mid workshop' });
      const [ann, zed] = [await signedInUser(t), await signedInUser(t)];
      const alpha = await create(ann, { name: 'alpha club' });
      const zulu = await create(zed, { name: 'Zulu team' });
      expect((await join(ann, alpha.id, pat)).statusCode).toBe(200);
      expect((await join(zed, zulu.id, pat)).statusCode).toBe(200);
      const page = async (n: number) =>
        (await call(pat.token, 'GET', `/api/user/workspace?itemsPerPage=2&page=${n}`)).json();
      const first = await page(1);
      expect(first['hydra:totalItems']).toBe(3);
      expect(
        first['hydra:member'].map((w: { id: number; role: string }) => [w.id, w.role]),
      ).toEqual([
        [alpha.id, 'member'],
        [mid.id, 'admin'],
      ]);
      const second = await page(2);
      expect(second['hydra:member'].map((w: { id: number }) => w.id)).toEqual([zulu.id]);
    });

    it('requirement flags apply while member info is shared', async () => {
      const admin = await signedInUser(t);
      const { id } = await create(admin);
      const patch = (body: object) => call(admin.token, 'PATCH', `/api/workspace/${id}`, body);
      await patch({ connections_require_function: true });
      const first = await signedInUser(t);
      expect((await join(admin, id, first)).statusCode).toBe(200);

      await patch({ share_member_info_to_workspace_members: true });
      const second = await signedInUser(t);
      const refused = await join(admin, id, second);
      expect(refused.statusCode).toBe(422);
      await t.database.db
        .updateTable('user_profiles')
        .set({ function: 'Engineer' })
        .where('user_id', '=', second.id)
        .execute();
      const third = await signedInUser(t);
      await t.database.db
        .updateTable('user_profiles')
        .set({ function: 'Engineer' })
        .where('user_id', '=', third.id)
        .execute();
      expect((await join(admin, id, third)).statusCode).toBe(200);
    });

    it('strangers and members without admin learn nothing and change nothing', async () => {
      const admin = await signedInUser(t);
      const { id } = await create(admin);
      const member = await signedInUser(t);
      const stranger = await signedInUser(t);
      expect((await join(admin, id, member)).statusCode).toBe(200);

      for (const url of [`/api/workspace/${id}`, `/api/workspace/${id}/members`]) {
        const res = await call(stranger.token, 'GET', url);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(member.usermail);
      }
      // a normal account is not a workspace either
      expect((await call(admin.token, 'GET', `/api/workspace/${member.id}`)).statusCode).toBe(404);
      expect((await call(admin.token, 'GET', '/api/workspace/abc/members')).statusCode).toBe(404);

      const flag = { connections_share_email_to_workspace_members: true };
      expect((await call(member.token, 'PATCH', `/api/workspace/${id}`, flag)).statusCode).toBe(
        403,
      );
      expect((await call(stranger.token, 'PATCH', `/api/workspace/${id}`, flag)).statusCode).toBe(
        404,
      );
      expect(
        (
          await call(member.token, 'POST', `/api/workspace/${id}/invite`, {
            user_to_email: stranger.usermail,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call(member.token, 'DELETE', `/api/workspace/${id}/members/${member.id}`))
          .statusCode,
      ).toBe(403);
      const bad = await call(admin.token, 'PATCH', `/api/workspace/${id}`, { name: 'x' });
      expect(bad.statusCode).toBe(422);
      const wrongType = await call(admin.token, 'PATCH', `/api/workspace/${id}`, {
        connections_require_location: 'yes',
      });
      expect(wrongType.statusCode).toBe(422);
      const detail = (await call(admin.token, 'GET', `/api/workspace/${id}`)).json();
      expect(detail).toMatchObject({
        name: 'Acme',
        connections_share_email_to_workspace_members: false,
      });
    });

    it('an admin removes a member; the last admin stays', async () => {
      const admin = await signedInUser(t);
      const made = await create(admin);
      const member = await signedInUser(t);
      expect((await join(admin, made.id, member)).statusCode).toBe(200);
      const removed = await call(
        admin.token,
        'DELETE',
        `/api/workspace/${made.id}/members/${member.id}`,
      );
      expect(removed.statusCode).toBe(204);
      expect((await members(admin, made.id))['hydra:totalItems']).toBe(0);
      expect((await call(member.token, 'GET', `/api/workspace/${made.id}`)).statusCode).toBe(404);
      const again = await call(
        admin.token,
        'DELETE',
        `/api/workspace/${made.id}/members/${member.id}`,
      );
      expect(again.statusCode).toBe(404);

      const last = await call(
        admin.token,
        'DELETE',
        `/api/workspace/${made.id}/members/${admin.id}`,
      );
      expect(last.statusCode).toBe(409);
      expect(last.json().detail).toBe('The last admin of a workspace cannot be removed.');
      const detail = (await call(admin.token, 'GET', `/api/workspace/${made.id}`)).json();
      expect(detail.admins).toEqual([expect.objectContaining({ id: admin.id })]);
    });
  });

  describe('delegations of a workspace', () => {
    it('switched into the workspace, the last admin delegation cannot be revoked or lose admin', async () => {
      const owner = await signedInUser(t);
      const made = await create(owner);
      const second = await login(t, owner);
      const switched = await t.app.inject({
        method: 'POST',
        url: '/api/switch-user',
        headers: bearer(second.token),
        payload: { account_user: made.account_user, secure_token: made.secure_token },
      });
      const asWorkspace = (switched.json() as TokenPair).token;
      const roles = (await call(asWorkspace, 'GET', '/api/account/role')).json()['hydra:member'];
      expect(roles).toHaveLength(1);
      // its own delegation is refused as such; a second admin's last-admin case is the rule
      expect(
        (await call(asWorkspace, 'DELETE', `/api/account/role/${roles[0].id}`)).statusCode,
      ).toBe(403);
    });
  });

  describe('delegated lists', () => {
    it('a delegate acting for a main account without the workspaces right may not list its workspaces', async () => {
      const owner = await signedInUser(t);
      await create(owner);
      const helper = await signedInUser(t);
      await connectUsers(t, owner.id, helper.id);
      const given = await call(owner.token, 'POST', '/api/account/role', {
        delegate_user: `/api/user/${helper.id}`,
        workspaces: false,
      });
      expect(given.statusCode, given.body).toBe(201);
      const held = (await call(helper.token, 'GET', '/api/account/role')).json()['hydra:member'][0];
      const switched = await t.app.inject({
        method: 'POST',
        url: '/api/switch-user',
        headers: bearer(helper.token),
        payload: { account_user: `/api/user/${owner.id}`, secure_token: held.secure_token },
      });
      const asOwner = (switched.json() as TokenPair).token;
      expect((await call(asOwner, 'GET', '/api/user/workspace')).statusCode).toBe(403);
      const profile = (await call(asOwner, 'GET', '/api/profile')).json();
      expect(profile.permissions.list_workspaces).toBe(false);
    });
  });
});
