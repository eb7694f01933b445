import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalHub } from '../../realtime/hub.js';
import type { AppContext } from '../../context.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser } from '../../test/factories.js';
import { blockUser, connectUsers, followUser } from '../../test/social.js';
import { insertCollection } from '../../test/content.js';
import { buildViewerWorld, type ViewerWorld, type ViewerKind } from '../../test/viewer-world.js';
import { saveSettings } from '../notifications/settings.js';
import { announceMemoChange, engagementWatchersJudge } from './announce.js';
import { HYDRA, comment, countRows, eventsOf, postMemo, setFlags } from './test-support.js';

/**
 * Who may read and write comments of a memo in a public collection (docs/RULES.md, Comments and
 * reactions).
 */
const ON_PUBLIC: Record<ViewerKind, { read: number; write: number }> = {
  author: { read: 200, write: 201 },
  delegate: { read: 200, write: 201 },
  collaborator: { read: 200, write: 201 },
  selectedContact: { read: 200, write: 201 },
  verifiedContact: { read: 200, write: 201 },
  otherContact: { read: 200, write: 201 },
  follower: { read: 200, write: 201 },
  stranger: { read: 403, write: 403 },
  visitor: { read: 403, write: 401 },
  blocked: { read: 404, write: 404 },
};

describeDb('comments on memos', () => {
  let t: TestApp;
  let w: ViewerWorld;
  let publicMemo: number;
  let privateMemo: number;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildViewerWorld(t);
    publicMemo = await postMemo(t, w.author.headers, w.collections.public);
    privateMemo = await postMemo(t, w.author.headers, w.collections.private);
  });
  afterAll(() => t?.close());

  const list = (memoId: number, headers: Record<string, string>) =>
    t.app.inject({ url: `/api/memo/${memoId}/comments?itemsPerPage=100000`, headers });

  describe('who may comment and read comments', () => {
    for (const [kind, expected] of Object.entries(ON_PUBLIC) as Array<
      [ViewerKind, { read: number; write: number }]
    >) {
      it(`${kind}: writes ${expected.write}, reads ${expected.read}`, async () => {
        const headers = w.headers[kind];
        const before = await countRows(t, 'memo_comments');
        const res = await comment(t, headers, publicMemo, `hello from ${kind}`);
        expect([kind, res.statusCode]).toEqual([kind, expected.write]);
        expect(await countRows(t, 'memo_comments')).toBe(before + (res.statusCode === 201 ? 1 : 0));
        const read = await list(publicMemo, headers);
        expect([kind, read.statusCode]).toEqual([kind, expected.read]);
        if (expected.read === 403 && kind === 'stranger') {
          expect(read.json().message).toBe(
            'Only connections and followers of the author can see and write comments.',
          );
        }
        if (read.statusCode === 200) {
          const texts = (read.json() as Array<{ description: string }>).map((c) => c.description);
          if (res.statusCode === 201) expect(texts).toContain(`hello from ${kind}`);
          // nobody sees the comment of someone blocked with them
          expect(texts).not.toContain('hello from blocked');
        }
      });
    }

    it('a memo the viewer may not read: 403 as the memo read says; unknown: 404', async () => {
      for (const kind of ['otherContact', 'follower', 'stranger'] as const) {
        const res = await comment(t, w.headers[kind], privateMemo, 'let me in');
        expect([kind, res.statusCode, res.json().message]).toEqual([
          kind,
          403,
          'You are unable to access this information',
        ]);
        expect((await list(privateMemo, w.headers[kind])).statusCode).toBe(403);
      }
      expect((await comment(t, w.author.headers, 987654, 'nothing there')).statusCode).toBe(404);
      expect((await list(987654, w.author.headers)).statusCode).toBe(404);
      expect((await comment(t, w.author.headers, '/api/user/1', 'wrong kind')).statusCode).toBe(
        404,
      );
    });

    it('answers hydra with the total, and counts comments on the memo read', async () => {
      const memoId = await postMemo(t, w.author.headers, w.collections.all_contacts_followers);
      await comment(t, w.headers.follower, memoId, 'one');
      await comment(t, w.headers.otherContact, memoId, 'two');
      const res = await list(memoId, { ...w.author.headers, ...HYDRA });
      expect(res.json()['hydra:totalItems']).toBe(2);
      expect(res.json()['hydra:member'].map((c: { description: string }) => c.description)).toEqual(
        ['one', 'two'],
      );
      const page = await t.app.inject({
        url: `/api/memo/${memoId}/comments?itemsPerPage=1&page=2`,
        headers: w.author.headers,
      });
      expect(page.json().map((c: { description: string }) => c.description)).toEqual(['two']);
      const read = await t.app.inject({ url: `/api/memo/${memoId}`, headers: w.author.headers });
      expect(read.json()).toMatchObject({ comments_number: 2, can_comment: true });
    });
  });

  describe("the author's flags", () => {
    it('memo_comments_allowed off: 403 for everyone, nothing stored', async () => {
      const author = await signedInUser(t, { name: 'Closed Author' });
      const { insertCollection } = await import('../../test/content.js');
      const col = await insertCollection(t, author.id, 'public');
      const memoId = await postMemo(t, author.headers, col);
      await setFlags(t, author.id, { memo_comments_allowed: false });
      const before = await countRows(t, 'memo_comments');
      const res = await comment(t, author.headers, memoId, 'my own memo');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('The author does not allow comments on this memo.');
      expect(await countRows(t, 'memo_comments')).toBe(before);
      const read = await t.app.inject({ url: `/api/memo/${memoId}`, headers: author.headers });
      expect(read.json().can_comment).toBe(false);
    });

    it("require_identification_for_comments: 'comments verified-only' for unverified people", async () => {
      const memoId = await postMemo(t, w.author.headers, w.collections.all_contacts);
      await setFlags(t, w.author.id, { require_identification_for_comments: true });
      try {
        const before = await countRows(t, 'memo_comments');
        const refused = await comment(t, w.headers.otherContact, memoId, 'not verified');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('comments verified-only');
        expect(await countRows(t, 'memo_comments')).toBe(before);
        const memo = await t.app.inject({
          url: `/api/memo/${memoId}`,
          headers: w.headers.otherContact,
        });
        expect(memo.json().can_comment).toBe(false);
        expect((await comment(t, w.headers.verifiedContact, memoId, 'verified')).statusCode).toBe(
          201,
        );
        // the author needs no verification for their own memo
        expect((await comment(t, w.author.headers, memoId, 'mine')).statusCode).toBe(201);
      } finally {
        await setFlags(t, w.author.id, { require_identification_for_comments: false });
      }
    });
  });

  describe('replies, edits and deletion', () => {
    it('replies stay one level deep and are listed under their comment', async () => {
      const memoId = await postMemo(t, w.author.headers, w.collections.public);
      const top = (await comment(t, w.headers.follower, memoId, 'top')).json();
      const reply = await comment(t, w.author.headers, memoId, 'reply', top.id);
      expect(reply.statusCode).toBe(201);
      expect(reply.json().parent).toBe(`/api/memo/comment/${top.id}`);
      const deeper = await comment(t, w.headers.otherContact, memoId, 'deeper', reply.json().id);
      expect(deeper.json().parent).toBe(`/api/memo/comment/${top.id}`);
      const tops = (await list(memoId, w.author.headers)).json();
      expect(tops).toHaveLength(1);
      expect(tops[0].replies_count).toBe(2);
      const replies = await t.app.inject({
        url: `/api/comment/${top.id}/reply`,
        headers: { ...w.headers.follower, ...HYDRA },
      });
      expect(
        replies.json()['hydra:member'].map((c: { description: string }) => c.description),
      ).toEqual(['reply', 'deeper']);
      expect(
        (await t.app.inject({ url: `/api/comment/${top.id}/reply`, headers: w.headers.stranger }))
          .statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ url: `/api/comment/${top.id}/reply`, headers: w.headers.blocked }))
          .statusCode,
      ).toBe(404);
      // a parent of another memo is refused
      const other = await postMemo(t, w.author.headers, w.collections.public);
      const wrong = await comment(t, w.author.headers, other, 'wrong parent', top.id);
      expect(wrong.statusCode).toBe(422);
    });

    it('only the writer edits; the writer or the memo author deletes', async () => {
      const memoId = await postMemo(t, w.author.headers, w.collections.public);
      const c = (await comment(t, w.headers.follower, memoId, 'first words')).json();
      const patch = (headers: Record<string, string>, description: unknown) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/memo/comment/${c.id}`,
          headers,
          payload: { description },
        });
      expect((await patch(w.author.headers, 'hijack')).statusCode).toBe(403);
      expect((await patch(w.headers.follower, '   ')).statusCode).toBe(422);
      expect((await patch(w.headers.follower, 'x'.repeat(5001))).statusCode).toBe(422);
      expect((await patch(w.headers.stranger, 'nope')).statusCode).toBe(403);
      const ok = await patch(w.headers.follower, '  better words\r\n ');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ description: 'better words', can_edit: true });
      const stored = (await list(memoId, w.author.headers)).json();
      expect(stored[0].description).toBe('better words');

      const del = (headers: Record<string, string>, id: number) =>
        t.app.inject({ method: 'DELETE', url: `/api/memo/comment/${id}`, headers });
      expect((await del(w.headers.otherContact, c.id)).statusCode).toBe(403);
      expect((await del(w.headers.stranger, c.id)).statusCode).toBe(403);
      expect((await del(w.headers.blocked, c.id)).statusCode).toBe(404);
      await comment(t, w.headers.otherContact, memoId, 'an answer', c.id);
      let memo = await t.app.inject({ url: `/api/memo/${memoId}`, headers: w.author.headers });
      expect(memo.json().comments_number).toBe(2);
      expect((await del(w.author.headers, c.id)).statusCode).toBe(204);
      memo = await t.app.inject({ url: `/api/memo/${memoId}`, headers: w.author.headers });
      expect(memo.json().comments_number).toBe(0);
      expect((await list(memoId, w.author.headers)).json()).toEqual([]);
      expect((await del(w.author.headers, c.id)).statusCode).toBe(404);
      const own = (await comment(t, w.headers.follower, memoId, 'mine')).json();
      expect((await del(w.headers.follower, own.id)).statusCode).toBe(204);
    });

    it('bad input: 4xx and nothing stored', async () => {
      const before = await countRows(t, 'memo_comments');
      const send = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/memo/comment',
          headers: w.author.headers,
          payload,
        });
      expect((await send({ memo: `/api/memo/${publicMemo}` })).statusCode).toBe(422);
      expect((await send({ memo: `/api/memo/${publicMemo}`, description: '' })).statusCode).toBe(
        422,
      );
      expect(
        (await send({ memo: `/api/memo/${publicMemo}`, description: 'x'.repeat(5001) })).statusCode,
      ).toBe(422);
      expect(
        (await send({ memo: `/api/memo/${publicMemo}`, description: 'hi', extra: 1 })).statusCode,
      ).toBe(422);
      expect((await send({ memo: 'nonsense', description: 'hi' })).statusCode).toBe(404);
      expect(
        (await send({ memo: `/api/memo/${publicMemo}`, description: 'hi', parent: 'x' }))
          .statusCode,
      ).toBe(422);
      expect(
        (await send({ memo: `/api/memo/${publicMemo}`, description: 'hi', parent: 99999 }))
          .statusCode,
      ).toBe(422);
      expect(await countRows(t, 'memo_comments')).toBe(before);
    });
  });

  describe('whom a comment may mention', () => {
    it("answers the viewer's connections who see the memo's comments, by name, searched and paged", async () => {
      const viewer = await signedInUser(t, { name: 'Vera Viewer' });
      const follower = await signedInUser(t, { name: 'Finn Follower' });
      const outsider = await signedInUser(t, { name: 'Otto Outsider' });
      const blocking = await signedInUser(t, { name: 'Bea Blocking' });
      await connectUsers(t, w.author.id, viewer.id);
      for (const friend of [follower, outsider, blocking]) {
        await connectUsers(t, viewer.id, friend.id);
      }
      await followUser(t, follower.id, w.author.id);
      await connectUsers(t, w.author.id, blocking.id);
      await blockUser(t, blocking.id, viewer.id);
      const mentionable = (memoId: number, query = '', headers = viewer.headers) =>
        t.app.inject({
          url: `/api/memo/${memoId}/mentionable${query}`,
          headers: { ...headers, ...HYDRA },
        });
      const names = (res: Awaited<ReturnType<typeof mentionable>>) =>
        (res.json()['hydra:member'] as Array<{ name: string }>).map((p) => p.name);

      // the outsider is outside the author's circle, the blocking friend blocked the viewer
      const all = await mentionable(publicMemo);
      expect(all.statusCode).toBe(200);
      expect(names(all)).toEqual(['Ada Author', 'Finn Follower']);
      expect(all.json()['hydra:totalItems']).toBe(2);
      expect(all.json()['hydra:member'][1]).toMatchObject({
        id: follower.id,
        '@id': `/api/user/${follower.id}`,
      });

      const searched = await mentionable(publicMemo, '?search=FINN');
      expect(names(searched)).toEqual(['Finn Follower']);
      expect(searched.json()['hydra:totalItems']).toBe(1);
      const second = await mentionable(publicMemo, '?itemsPerPage=1&page=2');
      expect(names(second)).toEqual(['Finn Follower']);
      expect(second.json()['hydra:totalItems']).toBe(2);

      // on a memo for selected people, only those selected see its comments
      const selected = await insertCollection(t, w.author.id, 'selected_contacts', {
        selected: [viewer.id],
      });
      const selectedMemo = await postMemo(t, w.author.headers, selected);
      expect(names(await mentionable(selectedMemo))).toEqual(['Ada Author']);
    });

    it('is refused like the comments themselves', async () => {
      const ask = (memoId: number, headers: Record<string, string>) =>
        t.app.inject({ url: `/api/memo/${memoId}/mentionable`, headers });
      expect((await ask(publicMemo, w.headers.stranger)).statusCode).toBe(403);
      expect((await ask(publicMemo, w.headers.visitor)).statusCode).toBe(401);
      expect((await ask(publicMemo, w.headers.blocked)).statusCode).toBe(404);
      expect((await ask(privateMemo, w.headers.follower)).statusCode).toBe(403);
      expect((await ask(987654, w.headers.follower)).statusCode).toBe(404);
      const searchTooLong = await t.app.inject({
        url: `/api/memo/${publicMemo}/mentionable?search=${'x'.repeat(101)}`,
        headers: w.headers.follower,
      });
      expect(searchTooLong.statusCode).toBe(422);
    });
  });

  describe('mentions and notifications', () => {
    it('tells the author, the answered writer, mentioned people, watchers and earlier commenters, once each', async () => {
      const memoId = await postMemo(t, w.author.headers, w.collections.all_contacts_followers);
      const { people, author } = w;
      // the selected contact watches the memo's comments
      const watch = await t.app.inject({
        method: 'POST',
        url: '/api/comment_watching',
        headers: people.selectedContact.headers,
        payload: { memo: `/api/memo/${memoId}` },
      });
      expect(watch.statusCode).toBe(201);
      const first = (await comment(t, people.follower.headers, memoId, 'first')).json();
      expect(await eventsOf(t, memoId)).toEqual([
        { type: 'new_comment', actor: people.follower.id, to: author.id },
        {
          type: 'new_comment_watcher_notification',
          actor: people.follower.id,
          to: people.selectedContact.id,
        },
      ]);
      const text =
        `@[Other](${people.otherContact.id}) @[Stranger](${people.stranger.id}) ` +
        `@[Blocked](${people.blocked.id}) @[Nobody](999999) look`;
      const second = await comment(t, people.collaborator.headers, memoId, text, first.id);
      expect(second.statusCode).toBe(201);
      // the stranger exists and is kept as a mention, but may not see the memo: no notice;
      // the one blocked by the author may not see it either; an unknown id becomes text
      // kept mentions carry the person's own name, whatever label was sent
      expect(second.json().description).toBe(
        `@[otherContact person](${people.otherContact.id}) @[stranger person](${people.stranger.id}) ` +
          `@[blocked person](${people.blocked.id}) @Nobody look`,
      );
      expect(
        second
          .json()
          .mentions.map((m: { id: number }) => m.id)
          .sort(),
      ).toEqual([people.otherContact.id, people.stranger.id, people.blocked.id].sort());
      const events = (await eventsOf(t, memoId)).slice(2);
      expect(events).toEqual(
        expect.arrayContaining([
          {
            type: 'new_comment_mention',
            actor: people.collaborator.id,
            to: people.otherContact.id,
          },
          { type: 'new_comment_reply', actor: people.collaborator.id, to: people.follower.id },
          { type: 'new_comment', actor: people.collaborator.id, to: author.id },
          {
            type: 'new_comment_watcher_notification',
            actor: people.collaborator.id,
            to: people.selectedContact.id,
          },
        ]),
      );
      expect(events).toHaveLength(4);
      // the author comments: the earlier commenters hear of it, the author does not
      await comment(t, author.headers, memoId, 'thanks all');
      const third = (await eventsOf(t, memoId)).slice(6);
      expect(third).toEqual(
        expect.arrayContaining([
          { type: 'others_comments', actor: author.id, to: people.follower.id },
          { type: 'others_comments', actor: author.id, to: people.collaborator.id },
          {
            type: 'new_comment_watcher_notification',
            actor: author.id,
            to: people.selectedContact.id,
          },
        ]),
      );
      expect(third).toHaveLength(3);
      expect(third.some((e) => e.to === author.id)).toBe(false);
    });

    it('a mention added by an edit notifies; one already there does not again', async () => {
      const memoId = await postMemo(t, w.author.headers, w.collections.public);
      const { people } = w;
      const c = (
        await comment(t, people.follower.headers, memoId, `hi @[O](${people.otherContact.id})`)
      ).json();
      const before = (await eventsOf(t, memoId)).length;
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/memo/comment/${c.id}`,
        headers: people.follower.headers,
        payload: {
          description: `hi @[O](${people.otherContact.id}) and @[V](${people.verifiedContact.id})`,
        },
      });
      expect(res.statusCode).toBe(200);
      expect((await eventsOf(t, memoId)).slice(before)).toEqual([
        { type: 'new_comment_mention', actor: people.follower.id, to: people.verifiedContact.id },
      ]);
    });

    it('sends memo_changed to the watchers who may see the comments, not to others', async () => {
      const memoId = await postMemo(t, w.author.headers, w.collections.all_contacts);
      const hub = createLocalHub();
      const ctx = {
        database: t.database,
        realtime: hub,
        log: { error() {} },
      } as unknown as AppContext;
      hub.judgeMemoChanges('comment', engagementWatchersJudge(ctx));
      const got = new Map<number, string[]>();
      const watching = [
        w.author,
        w.people.otherContact,
        w.people.follower,
        w.people.stranger,
        w.people.blocked,
      ];
      // may see the comments, but no tab of theirs holds the memo
      const idle = w.people.collaborator;
      for (const person of [...watching, idle]) {
        const socket = {
          send: (utf8: Buffer) =>
            got.set(person.id, [...(got.get(person.id) ?? []), utf8.toString()]),
        };
        hub.attach(person.id, socket);
        if (person !== idle) hub.watchMemos(person.id, socket, [memoId]);
      }
      await announceMemoChange(ctx, memoId, 'comment', w.people.otherContact.id);
      const message = JSON.stringify({
        message_type: 'memo_changed',
        memo_id: memoId,
        change: 'comment',
      });
      expect(got.get(w.author.id)).toEqual([message]);
      expect(got.get(w.people.otherContact.id)).toEqual([message]);
      // all_contacts: a follower who is no connection does not see the memo
      expect(got.has(w.people.follower.id)).toBe(false);
      expect(got.has(w.people.stranger.id)).toBe(false);
      expect(got.has(w.people.blocked.id)).toBe(false);
      expect(got.has(idle.id)).toBe(false);
    });

    it('a new comment: its notification stands for memo_changed, the others online get memo_changed', async () => {
      const memoId = await postMemo(t, w.author.headers, w.collections.all_contacts);
      const { selectedContact, verifiedContact, collaborator, otherContact, stranger } = w.people;
      for (const watcher of [selectedContact, verifiedContact]) {
        const watch = await t.app.inject({
          method: 'POST',
          url: '/api/comment_watching',
          headers: watcher.headers,
          payload: { memo: `/api/memo/${memoId}` },
        });
        expect(watch.statusCode).toBe(201);
      }
      // this watcher turned the group off in the app: no live notification, so memo_changed
      await saveSettings(t.database.db, t.database.dialect, verifiedContact.id, [
        { group: 'other_comments', in_app: false },
      ]);
      // the new memo's own notifications (the collaborator's among them) are out before anyone
      // listens: on PostgreSQL they may still be on their way after the answer
      await t.app.activitySettled();
      const online = [
        w.author,
        selectedContact,
        verifiedContact,
        collaborator,
        otherContact,
        stranger,
      ];
      const got = new Map<number, Array<{ message_type: string; [key: string]: unknown }>>();
      const detach = online.map((person) => {
        const socket = {
          send: (utf8: Buffer) =>
            got.set(person.id, [...(got.get(person.id) ?? []), JSON.parse(utf8.toString())]),
        };
        const off = t.app.realtime.attach(person.id, socket);
        // each one's tab holds the memo
        t.app.realtime.watchMemos(person.id, socket, [memoId]);
        return off;
      });
      const kinds = (id: number) => (got.get(id) ?? []).map((m) => m.message_type);
      try {
        const res = await comment(t, otherContact.headers, memoId, 'news for the watchers');
        expect(res.statusCode).toBe(201);
        // memo_changed goes out after the notifications
        await vi.waitFor(() => expect(kinds(collaborator.id)).toEqual(['memo_changed']));
        expect(got.get(collaborator.id)).toEqual([
          { message_type: 'memo_changed', memo_id: memoId, change: 'comment' },
        ]);
        // SQLite sends the count inside the notification, PostgreSQL after it (delivery.ts)
        const told =
          t.database.dialect.name === 'sqlite'
            ? ['notification']
            : ['notification', 'unread_count'];
        expect(kinds(w.author.id)).toEqual(told);
        expect(kinds(selectedContact.id)).toEqual(told);
        const unread = await t.app.inject({
          method: 'GET',
          url: '/api/notifications/unread',
          headers: selectedContact.headers,
        });
        expect(got.get(selectedContact.id)?.at(-1)?.unread).toBe(unread.json().count);
        expect(got.get(selectedContact.id)?.[0]).toMatchObject({
          notification: { type: 'new_comment_watcher_notification', memo: { id: memoId } },
        });
        expect(kinds(verifiedContact.id)).toEqual(['memo_changed']);
        // the writer's own tabs hear of the change too
        expect(kinds(otherContact.id)).toEqual(['memo_changed']);
        expect(kinds(stranger.id)).toEqual([]);
      } finally {
        for (const off of detach) off();
        await saveSettings(t.database.db, t.database.dialect, verifiedContact.id, [
          { group: 'other_comments', in_app: true },
        ]);
      }
    });
  });
});
