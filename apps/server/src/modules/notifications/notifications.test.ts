import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { blockUser, connectUsers, followUser, grantRules } from '../../test/social.js';
import { readJson } from '../../db/dialect.js';
import { EMAIL_JOB } from './email.js';
import { withPushDevice } from '../push/test-devices.js';

const PLAN = { has_subscription: true, bronze: true, silver: true };

describeDb('notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (user: SignedIn, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...user.headers, accept: 'application/ld+json' },
      ...(payload ? { payload } : {}),
    });

  async function person(name: string) {
    const user = await signedInUser(t, { name });
    await grantRules(t, user.id, PLAN);
    return user;
  }

  async function createCollection(owner: SignedIn, payload: object): Promise<string> {
    const res = await call(owner, 'POST', '/api/collection', { name: 'Shared', ...payload });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id;
  }

  async function createMemo(author: SignedIn, collection: string, title = 'News'): Promise<number> {
    const res = await call(author, 'POST', '/api/memo', {
      title,
      memos_per_collection: [`/api/collection/${collection}`],
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id;
  }

  async function list(user: SignedIn, query = '') {
    const res = await call(user, 'GET', `/api/notifications${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      'hydra:member': Array<Record<string, unknown> & { id: number; type: string }>;
      'hydra:totalItems': number;
    };
  }

  const typesOf = async (user: SignedIn) => (await list(user))['hydra:member'].map((n) => n.type);
  /** What a memo told them (collaboration invitations left aside). */
  const memoTypesOf = async (user: SignedIn) =>
    (await typesOf(user)).filter((type) => type !== 'new_collaboration');
  const unread = async (user: SignedIn) =>
    (await call(user, 'GET', '/api/notifications/unread')).json().count as number;

  describe('a memo published in a collaboration collection', () => {
    let author: SignedIn;
    let collaborator: SignedIn;
    let owner: SignedIn;
    let follower: SignedIn;
    let watcher: SignedIn;
    let plainContact: SignedIn;
    let stranger: SignedIn;
    let blockedFollower: SignedIn;
    let outsideFollower: SignedIn;
    let memoId: number;
    let collectionId: string;

    beforeAll(async () => {
      owner = await person('Olga Owner');
      author = await person('Ada Author');
      collaborator = await person('Cleo Collab');
      follower = await person('Finn Follower');
      watcher = await person('Wanda Watcher');
      plainContact = await person('Paul Plain');
      stranger = await person('Sam Stranger');
      blockedFollower = await person('Bob Blocked');
      outsideFollower = await person('Otto Outside');
      for (const u of [author, collaborator, watcher, plainContact, follower, blockedFollower]) {
        await connectUsers(t, owner.id, u.id);
      }
      // the author's contacts: the watcher watches the author's content, the plain one does not
      const watching = await connectUsers(t, watcher.id, author.id);
      await t.database.db
        .updateTable('connections')
        .set({ watching_by_outbound: t.database.dialect.bool(true) })
        .where('id', '=', watching)
        .execute();
      await connectUsers(t, plainContact.id, author.id);
      await followUser(t, follower.id, author.id);
      await followUser(t, blockedFollower.id, author.id);
      await blockUser(t, author.id, blockedFollower.id);
      // follows the author but may not read the collection (not a contact of its owner)
      await followUser(t, outsideFollower.id, author.id);
      collectionId = await createCollection(owner, {
        type: 'all_contacts',
        is_collaboration: true,
      });
      memoId = await createMemo(author, collectionId, 'Minutes');
    });

    it('tells the owner and the collaborators with new_memo_collaboration', async () => {
      for (const user of [owner, collaborator]) {
        const [first] = (await list(user))['hydra:member'];
        expect(first).toMatchObject({
          type: 'new_memo_collaboration',
          reviewed_at: null,
          from_user: { id: author.id, name: 'Ada Author', '@id': `/api/user/${author.id}` },
          memo: { id: memoId, title: 'Minutes' },
          collection: { id: collectionId, name: 'Shared' },
        });
      }
    });

    it('followers and content watchers who may see it get new_memo_for_follower, once', async () => {
      // the follower and the watcher are collaborators too: one notification each, the collaboration one
      expect(await memoTypesOf(follower)).toEqual(['new_memo_collaboration']);
      expect(await memoTypesOf(watcher)).toEqual(['new_memo_collaboration']);
      // the collection's contacts were invited to collaborate when it was made
      expect(await typesOf(collaborator)).toEqual(['new_memo_collaboration', 'new_collaboration']);
    });

    it('is dispatched right after the memo is committed, not through the job queue', async () => {
      const queued = await t.database.db
        .selectFrom('jobs')
        .select('type')
        .where('type', '=', 'activity.dispatch')
        .execute();
      expect(queued).toEqual([]);
      // the dispatch scheduled the owner's digest (new memos in collaborations are mailed)
      let job;
      for (let i = 0; i < 100 && !job; i += 1) {
        job = await t.database.db
          .selectFrom('jobs')
          .select('id')
          .where('unique_key', '=', `${EMAIL_JOB}:${owner.id}`)
          .executeTakeFirst();
        if (!job) await new Promise((r) => setTimeout(r, 20));
      }
      expect(job).toBeDefined();
    });

    it('tells nobody else: not the actor, a contact who does not watch, a stranger, the blocked, a follower who cannot see it', async () => {
      expect(await memoTypesOf(author)).toEqual([]);
      expect(await memoTypesOf(plainContact)).toEqual(['new_memo_collaboration']);
      expect(await typesOf(stranger)).toEqual([]);
      expect(await memoTypesOf(blockedFollower)).toEqual([]);
      expect(await typesOf(outsideFollower)).toEqual([]);
    });
  });

  describe('a memo of the author in their own collection', () => {
    it('goes to followers and watching connections who may see it, never across a block', async () => {
      const author = await person('Ann Author');
      const follower = await person('Fred');
      const watcher = await person('Wim');
      const plain = await person('Pia');
      const blocked = await person('Ben');
      const stranger = await person('Sid');
      await connectUsers(t, author.id, watcher.id);
      const watch = await call(watcher, 'POST', '/api/content/watching', {
        user_watching: `/api/user/${author.id}`,
      });
      expect(watch.statusCode).toBeLessThan(300);
      await connectUsers(t, author.id, plain.id);
      await followUser(t, follower.id, author.id);
      await connectUsers(t, author.id, blocked.id);
      await followUser(t, blocked.id, author.id);
      await blockUser(t, blocked.id, author.id);
      const collection = await createCollection(author, { type: 'all_contacts_followers' });
      const memoId = await createMemo(author, collection, 'Holiday');
      for (const user of [follower, watcher]) {
        const [n] = (await list(user))['hydra:member'];
        expect(n).toMatchObject({ type: 'new_memo_for_follower', memo: { id: memoId } });
      }
      for (const user of [plain, blocked, stranger, author])
        expect(await typesOf(user)).toEqual([]);

      // a private memo tells nobody
      const secret = await createCollection(author, { type: 'private' });
      await createMemo(author, secret, 'Diary');
      expect(await typesOf(follower)).toEqual(['new_memo_for_follower']);
    });

    it('a content watcher of the collection hears of memos they may see', async () => {
      const author = await person('Cora');
      const contact = await person('Dirk');
      await connectUsers(t, author.id, contact.id);
      const collection = await createCollection(author, { type: 'all_contacts' });
      const watch = await call(contact, 'POST', '/api/content/watching', {
        collection: `/api/collection/${collection}`,
      });
      expect(watch.statusCode).toBeLessThan(300);
      await createMemo(author, collection, 'Watched');
      expect(await typesOf(contact)).toEqual(['new_memo_for_follower']);
    });
  });

  describe('collections shared with people', () => {
    it('new_collection to newly selected contacts, new_collaboration when they may add memos', async () => {
      const owner = await person('Olaf');
      const a = await person('Anna');
      const b = await person('Bert');
      const stranger = await person('Stan');
      const blocked = await person('Blake');
      for (const u of [a, b, blocked]) await connectUsers(t, owner.id, u.id);
      await blockUser(t, blocked.id, owner.id);
      const id = await createCollection(owner, {
        type: 'selected_contacts',
        users_per_collection: [`/api/user/${a.id}`],
      });
      expect((await list(a))['hydra:member'][0]).toMatchObject({
        type: 'new_collection',
        collection: { id, name: 'Shared' },
        from_user: { id: owner.id },
      });
      // adding Bert (and a stranger, who cannot be selected) tells only Bert
      const res = await call(owner, 'PATCH', `/api/collection/${id}`, {
        users_per_collection: [`/api/user/${a.id}`, `/api/user/${b.id}`],
      });
      expect(res.statusCode).toBe(200);
      expect(await typesOf(b)).toEqual(['new_collection']);
      expect(await typesOf(a)).toEqual(['new_collection']);
      // collaboration turned on: both may add memos now
      await call(owner, 'PATCH', `/api/collection/${id}`, { is_collaboration: true });
      expect(await typesOf(a)).toEqual(['new_collaboration', 'new_collection']);
      expect(await typesOf(b)).toEqual(['new_collaboration', 'new_collection']);
      for (const u of [stranger, blocked, owner]) expect(await typesOf(u)).toEqual([]);
    });
  });

  describe('a notification about what its reader can no longer see', () => {
    const unreadListed = (members: Array<Record<string, unknown>>) =>
      members.filter((n) => n.reviewed_at === null).length;

    it('keeps the entry and the counter but tells neither the memo title nor the collection name', async () => {
      const owner = await person('Olive Owner');
      const removed = await person('Rita Removed');
      const kept = await person('Karl Kept');
      for (const u of [removed, kept]) await connectUsers(t, owner.id, u.id);
      const collection = await createCollection(owner, {
        name: 'Secret plans',
        type: 'selected_contacts',
        is_collaboration: true,
        users_per_collection: [`/api/user/${removed.id}`, `/api/user/${kept.id}`],
      });
      const memoId = await createMemo(owner, collection, 'Launch date');
      const before = await list(removed);
      expect(before['hydra:member'].map((n) => [n.type, n.unavailable])).toEqual([
        ['new_memo_collaboration', false],
        ['new_collaboration', false],
      ]);

      const patched = await call(owner, 'PATCH', `/api/collection/${collection}`, {
        users_per_collection: [`/api/user/${kept.id}`],
      });
      expect(patched.statusCode).toBe(200);
      const after = await list(removed);
      expect(after['hydra:totalItems']).toBe(2);
      expect(after['hydra:member'].map((n) => n.id)).toEqual(
        before['hydra:member'].map((n) => n.id),
      );
      for (const n of after['hydra:member']) {
        expect(n).toMatchObject({ unavailable: true, memo: null, collection: null });
      }
      expect(JSON.stringify(after)).not.toMatch(/Launch date|Secret plans/);
      expect(await unread(removed)).toBe(unreadListed(after['hydra:member']));
      expect(await unread(removed)).toBe(2);

      // who still belongs sees it all, until the collection is made private
      expect((await list(kept))['hydra:member'][0]).toMatchObject({
        unavailable: false,
        memo: { id: memoId, title: 'Launch date' },
        collection: { id: collection, name: 'Secret plans' },
      });
      const madePrivate = await call(owner, 'PATCH', `/api/collection/${collection}`, {
        type: 'private',
        is_collaboration: false,
      });
      expect(madePrivate.statusCode, madePrivate.body).toBe(200);
      const hidden = await list(kept);
      expect(hidden['hydra:member'].map((n) => n.unavailable)).toEqual([true, true]);
      expect(JSON.stringify(hidden)).not.toMatch(/Launch date|Secret plans/);
      // the actor still hears nothing of their own memo
      expect(await typesOf(owner)).toEqual([]);
    });

    it('a block hides the memos of a followed author and their collection; a deleted memo is only null', async () => {
      const author = await person('Bea Author');
      const follower = await person('Fred Follower');
      await followUser(t, follower.id, author.id);
      const collection = await createCollection(author, { name: 'Open', type: 'public' });
      const blockedMemo = await createMemo(author, collection, 'After the block');
      const deletedMemo = await createMemo(author, collection, 'Soon deleted');
      expect((await call(author, 'DELETE', `/api/memo/${deletedMemo}`)).statusCode).toBe(204);
      const before = await list(follower);
      expect(before['hydra:member'].map((n) => [n.unavailable, n.memo])).toEqual([
        [false, null],
        [false, expect.objectContaining({ id: blockedMemo, title: 'After the block' })],
      ]);
      await blockUser(t, author.id, follower.id);
      const after = await list(follower);
      expect(after['hydra:member'].map((n) => [n.unavailable, n.memo, n.collection])).toEqual([
        [true, null, null],
        [true, null, null],
      ]);
      expect(JSON.stringify(after)).not.toMatch(/After the block|Open/);
      expect(await unread(follower)).toBe(2);
    });

    it('after a block either way, a notification no longer says who it came from', async () => {
      const fan = await person('Gus Gone');
      const star = await person('Stella Star');
      const other = await person('Otto Other');
      for (const u of [fan, other]) {
        const res = await call(u, 'POST', '/api/follow', { following: `/api/user/${star.id}` });
        expect(res.statusCode, res.body).toBe(201);
      }
      const before = await list(star);
      const senderOf = (n: Record<string, unknown>) => (n.from_user as { name: string }).name;
      expect(before['hydra:member'].map(senderOf)).toEqual(['Otto Other', 'Gus Gone']);
      for (const [blocker, blocked] of [
        [star.id, fan.id],
        [other.id, star.id],
      ] as const) {
        await blockUser(t, blocker, blocked);
      }
      const after = await list(star);
      expect(after['hydra:member'].map((n) => [n.type, n.unavailable, n.from_user])).toEqual([
        ['new_follower', true, null],
        ['new_follower', true, null],
      ]);
      expect(JSON.stringify(after)).not.toMatch(/Gus Gone|Otto Other/);
      expect(await unread(star)).toBe(unreadListed(after['hydra:member']));
    });
  });

  describe('connections and followers', () => {
    it('new_connection, accepted_connection, new_follower and decline_follower reach the other person', async () => {
      const ann = await person('Ann Asker');
      const ben = await person('Ben Answer');
      const request = await call(ann, 'POST', '/api/connection', { user_to_email: ben.usermail });
      expect(request.statusCode).toBe(201);
      const connectionId = request.json().id as number;
      expect((await list(ben))['hydra:member'][0]).toMatchObject({
        type: 'new_connection',
        from_user: { id: ann.id, name: 'Ann Asker' },
        connection: { id: connectionId },
      });
      expect(await typesOf(ann)).toEqual([]);
      expect((await call(ben, 'GET', `/api/connection/${connectionId}/accept`)).statusCode).toBe(
        200,
      );
      expect((await list(ann))['hydra:member'][0]).toMatchObject({
        type: 'accepted_connection',
        from_user: { id: ben.id },
        connection: { id: connectionId },
      });
      await call(ben, 'POST', '/api/follow', { following: `/api/user/${ann.id}` });
      expect(await typesOf(ann)).toEqual(['new_follower', 'accepted_connection']);
      const declined = await call(ann, 'POST', '/api/follower_decline', {
        follower: `/api/user/${ben.id}`,
      });
      expect(declined.statusCode).toBe(204);
      expect(await typesOf(ben)).toEqual(['decline_follower', 'new_connection']);
    });
  });

  describe('the recipient’s list', () => {
    let me: SignedIn;
    let other: SignedIn;
    let ids: number[];

    beforeAll(async () => {
      me = await person('Mia');
      other = await person('Oscar');
      for (let i = 0; i < 5; i += 1) {
        // each follow and unfollow records a new_follower for me
        await call(other, 'POST', '/api/follow', { following: `/api/user/${me.id}` });
        await call(other, 'POST', '/api/follower_unfollow', { following: `/api/user/${me.id}` });
      }
      ids = (await list(me))['hydra:member'].map((n) => n.id);
    });

    it('is paged newest first, with the total', async () => {
      expect(ids).toHaveLength(5);
      expect([...ids].sort((x, y) => y - x)).toEqual(ids);
      const page = await list(me, '?itemsPerPage=2&page=2');
      expect(page['hydra:totalItems']).toBe(5);
      expect(page['hydra:member'].map((n) => n.id)).toEqual(ids.slice(2, 4));
      const offset = await list(me, '?itemsPerPage=2&offset=3');
      expect(offset['hydra:member'].map((n) => n.id)).toEqual(ids.slice(3, 5));
      const plain = await t.app.inject({ url: '/api/notifications', headers: me.headers });
      expect(plain.json()).toHaveLength(5);
      expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    });

    it('reviews, unreviews and deletes, the counter never below 0', async () => {
      expect(await unread(me)).toBe(5);
      let res = await call(me, 'PATCH', '/api/notifications/review', {
        ids: [ids[0], `/api/notification/${ids[1]}`],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ unread: 3 });
      // reviewing again changes nothing
      res = await call(me, 'PATCH', '/api/notifications/review', { id: ids[0] });
      expect(res.json()).toEqual({ unread: 3 });
      expect((await list(me))['hydra:member'][0]!.reviewed_at).toEqual(expect.any(String));
      res = await call(me, 'PATCH', `/api/notification/${ids[0]}/unreview`);
      expect(res.json()).toEqual({ unread: 4 });
      res = await call(me, 'PATCH', `/api/notification/${ids[0]}/unreview`);
      expect(res.json()).toEqual({ unread: 4 });
      // deleting an unread one lowers the counter, a reviewed one does not
      expect((await call(me, 'DELETE', `/api/notification/${ids[0]}`)).statusCode).toBe(204);
      expect(await unread(me)).toBe(3);
      expect((await call(me, 'DELETE', `/api/notification/${ids[1]}`)).statusCode).toBe(204);
      expect(await unread(me)).toBe(3);
      expect((await call(me, 'DELETE', `/api/notification/${ids[1]}`)).statusCode).toBe(404);
      res = await call(me, 'PATCH', '/api/notifications/bulk/review');
      expect(res.json()).toEqual({ unread: 0 });
      res = await call(me, 'PATCH', '/api/notifications/bulk/review');
      expect(res.json()).toEqual({ unread: 0 });
      expect((await list(me))['hydra:totalItems']).toBe(3);
      expect((await call(me, 'DELETE', '/api/notifications/bulk/delete')).statusCode).toBe(204);
      expect((await list(me))['hydra:totalItems']).toBe(0);
      expect(await unread(me)).toBe(0);
    });

    it('nobody else touches them: 404 and nothing changes', async () => {
      await call(other, 'POST', '/api/follow', { following: `/api/user/${me.id}` });
      const [mine] = (await list(me))['hydra:member'];
      const id = mine!.id;
      expect(
        (await call(other, 'PATCH', '/api/notifications/review', { ids: [id] })).statusCode,
      ).toBe(404);
      expect((await call(other, 'PATCH', `/api/notification/${id}/unreview`)).statusCode).toBe(404);
      expect((await call(other, 'DELETE', `/api/notification/${id}`)).statusCode).toBe(404);
      await call(other, 'DELETE', '/api/notifications/bulk/delete');
      await call(other, 'PATCH', '/api/notifications/bulk/review');
      // a mix of mine and someone else's changes nothing either
      const [theirs] = (await list(other))['hydra:member'];
      if (theirs) {
        expect(
          (await call(me, 'PATCH', '/api/notifications/review', { ids: [id, theirs.id] }))
            .statusCode,
        ).toBe(404);
      }
      expect(await unread(me)).toBe(1);
      expect((await list(me))['hydra:member'][0]).toMatchObject({ id, reviewed_at: null });
    });

    it('bad input is a 4xx', async () => {
      expect((await call(me, 'PATCH', '/api/notifications/review', {})).statusCode).toBe(422);
      expect(
        (await call(me, 'PATCH', '/api/notifications/review', { ids: ['x/y'] })).statusCode,
      ).toBe(422);
      expect(
        (await call(me, 'PATCH', '/api/notifications/review', { ids: 'nope' })).statusCode,
      ).toBe(422);
      const missing = await call(me, 'DELETE', '/api/notification/abc');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe('Notification not found.');
      expect((await call(me, 'PATCH', '/api/notification/99999999999/unreview')).statusCode).toBe(
        404,
      );
    });
  });

  describe('settings', () => {
    it('answers the defaults, validates, and a group off in the app is neither listed nor counted', async () => {
      const me = await person('Sara');
      const fan = await person('Fan');
      let res = await call(me, 'GET', '/api/notification-settings');
      expect(res.statusCode).toBe(200);
      const followers = res.json().settings.find((s: { group: string }) => s.group === 'followers');
      expect(followers).toMatchObject({ in_app: true, push: true, email: false });
      expect(followers.types).toContain('new_follower');

      res = await call(me, 'PUT', '/api/notification-settings', {
        settings: [{ group: 'nope', in_app: false }],
      });
      expect(res.statusCode).toBe(422);
      res = await call(me, 'PUT', '/api/notification-settings', {
        settings: [{ group: 'followers', in_app: 'no' }],
      });
      expect(res.statusCode).toBe(422);

      await withPushDevice(t, me);
      await call(fan, 'POST', '/api/follow', { following: `/api/user/${me.id}` });
      expect(await unread(me)).toBe(1);
      // the push went to the push sender's queue, in the recipient's words
      const pushedTo = async () => {
        const jobs = await t.database.db
          .selectFrom('jobs')
          .select('payload')
          .where('type', '=', 'push.fanout')
          .execute();
        return jobs
          .map((j) =>
            readJson<{ userIds?: number[]; message: { body: string } }>(j.payload, {
              message: { body: '' },
            }),
          )
          .filter((p) => p.userIds?.includes(me.id));
      };
      for (let i = 0; i < 50 && (await pushedTo()).length === 0; i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await pushedTo()).map((p) => p.message.body)).toEqual(['Fan follows you now']);
      res = await call(me, 'PUT', '/api/notification-settings', {
        settings: [{ group: 'followers', in_app: false, email: true }],
      });
      expect(res.statusCode).toBe(200);
      expect(
        res.json().settings.find((s: { group: string }) => s.group === 'followers'),
      ).toMatchObject({
        in_app: false,
        push: true,
        email: true,
      });
      expect(await unread(me)).toBe(0);
      expect((await list(me))['hydra:totalItems']).toBe(0);
      await call(me, 'PUT', '/api/notification-settings', {
        settings: [{ group: 'followers', in_app: true }],
      });
      expect(await unread(me)).toBe(1);
      const rows = await t.database.db
        .selectFrom('notification_settings')
        .selectAll()
        .where('user_id', '=', me.id)
        .execute();
      // only what differs from the defaults is kept
      expect(rows.map((r) => [r.type, r.channel])).toEqual([['followers', 'email']]);
    });
  });

  describe('e-mail digest', () => {
    async function waitForJob(userId: number) {
      for (let i = 0; i < 100; i += 1) {
        const job = await t.database.db
          .selectFrom('jobs')
          .select(['id', 'run_at'])
          .where('unique_key', '=', `${EMAIL_JOB}:${userId}`)
          .where('status', '=', 'queued')
          .executeTakeFirst();
        if (job) return job;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('no digest job');
    }

    it('batches the wanted, unread notifications of a person into one mail in their locale', async () => {
      const me = await signedInUser(t, { name: 'Marie', locale: 'fr_be' });
      await grantRules(t, me.id, PLAN);
      const friend = await person('Félix');
      await connectUsers(t, me.id, friend.id);
      const id = await createCollection(friend, {
        type: 'selected_contacts',
        users_per_collection: [`/api/user/${me.id}`],
        name: 'Vacances',
      });
      await waitForJob(me.id);
      // a follower (e-mail off by default) and a second collection join the same digest
      await call(friend, 'POST', '/api/follow', { following: `/api/user/${me.id}` });
      await createCollection(friend, {
        type: 'selected_contacts',
        users_per_collection: [`/api/user/${me.id}`],
        name: 'Travail',
      });
      await waitForJob(me.id);
      t.mail.clear();
      // not yet due
      const mine = () => t.mail.sent.filter((m) => m.to === me.usermail);
      await t.app.jobs.runDue({ now: new Date(Date.now() + 30_000) });
      expect(mine()).toHaveLength(0);
      await t.app.jobs.runDue({ now: new Date(Date.now() + 3 * 60_000) });
      expect(mine()).toHaveLength(1);
      const mail = mine()[0]!;
      expect(mail.to).toBe(me.usermail);
      expect(mail.subject).toBe('Vous avez 2 nouvelles notifications sur Memoria');
      expect(mail.text).toContain('Félix a partagé la collection Vacances avec vous');
      expect(mail.text).toContain('Travail');
      expect(mail.text).not.toContain('vous suit');
      expect(id).toBeTruthy();
      // nothing is mailed twice
      t.mail.clear();
      await t.app.jobs.runDue({ now: new Date(Date.now() + 10 * 60_000) });
      expect(mine()).toHaveLength(0);
    });

    it('leaves out what its reader can no longer see by the time it is sent', async () => {
      const me = await person('Nora Removed');
      const friend = await person('Ines Sharer');
      await connectUsers(t, me.id, friend.id);
      const secret = await createCollection(friend, {
        type: 'selected_contacts',
        users_per_collection: [`/api/user/${me.id}`],
        name: 'Surprise party',
      });
      await createCollection(friend, {
        type: 'selected_contacts',
        users_per_collection: [`/api/user/${me.id}`],
        name: 'Book club',
      });
      await waitForJob(me.id);
      // before the digest is due, Nora is taken off the first one
      const patched = await call(friend, 'PATCH', `/api/collection/${secret}`, {
        users_per_collection: [],
        type: 'private',
      });
      expect(patched.statusCode).toBe(200);
      t.mail.clear();
      await t.app.jobs.runDue({ now: new Date(Date.now() + 10 * 60_000) });
      const mails = t.mail.sent.filter((m) => m.to === me.usermail);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Book club');
      expect(mails[0]!.text).not.toContain('Surprise party');
      expect(mails[0]!.subject).toBe('You have a new notification on Memoria');
    });

    it('sends nothing for reviewed notifications or when e-mail is off', async () => {
      const me = await person('Quiet');
      const friend = await person('Loud');
      await connectUsers(t, me.id, friend.id);
      await call(me, 'PUT', '/api/notification-settings', {
        settings: [{ group: 'collections', email: false }],
      });
      await createCollection(friend, {
        type: 'selected_contacts',
        users_per_collection: [`/api/user/${me.id}`],
      });
      t.mail.clear();
      await t.app.jobs.runDue({ now: new Date(Date.now() + 10 * 60_000) });
      expect(t.mail.sent.filter((m) => m.to === me.usermail)).toHaveLength(0);

      const other = await person('Reader');
      await connectUsers(t, other.id, friend.id);
      await createCollection(friend, {
        type: 'selected_contacts',
        users_per_collection: [`/api/user/${other.id}`],
      });
      await waitForJob(other.id);
      await call(other, 'PATCH', '/api/notifications/bulk/review');
      await t.app.jobs.runDue({ now: new Date(Date.now() + 10 * 60_000) });
      expect(t.mail.sent.filter((m) => m.to === other.usermail)).toHaveLength(0);
    });
  });
});
