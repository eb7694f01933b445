import { afterAll, beforeAll, expect, it } from 'vitest';
import { COLLECTION_TYPES, type CollectionType } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import {
  COLLABORATIVE,
  READS,
  VIEWER_KINDS,
  buildViewerWorld,
  type ViewerKind,
  type ViewerWorld,
} from '../../test/viewer-world.js';

/**
 * Every collection endpoint × every viewer kind of docs/RULES.md, Audiences × every collection
 * type.
 */
describeDb('collections: every viewer on every type', () => {
  let t: TestApp;
  let w: ViewerWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await buildViewerWorld(t);
  });
  afterAll(() => t?.close());

  const cases = VIEWER_KINDS.flatMap((kind) =>
    COLLECTION_TYPES.map((type) => [kind, type] as [ViewerKind, CollectionType]),
  );
  const isOwner = (kind: ViewerKind) => kind === 'author' || kind === 'delegate';
  const reads = (kind: ViewerKind, type: CollectionType) => READS[kind].includes(type);
  /** the status of anything that needs the collection to be visible */
  const seen = (kind: ViewerKind, type: CollectionType, ok: number) =>
    reads(kind, type) ? ok : kind === 'blocked' ? 404 : 403;
  /** the status of an owner-only action (visitors are asked to sign in) */
  const owned = (kind: ViewerKind, type: CollectionType, ok: number) =>
    kind === 'visitor' ? 401 : isOwner(kind) ? ok : seen(kind, type, 403);
  const call = (
    kind: ViewerKind,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: w.headers[kind], ...(payload ? { payload } : {}) });

  /** What the author sees now: proof that a refused call changed nothing. */
  const authorView = async (type: CollectionType) =>
    (await call('author', 'GET', `/api/collection/${w.collections[type]}`)).json();

  it.each(cases)(
    '%s reads a %s collection as allowed, learning only what they may',
    async (kind, type) => {
      const id = w.collections[type];
      const url = kind === 'visitor' ? `/api/p/collection/${id}` : `/api/collection/${id}`;
      const res = await call(kind, 'GET', url);
      expect(res.statusCode).toBe(seen(kind, type, 200));
      const body = res.json();
      if (res.statusCode !== 200) {
        expect(body.message).toBe(
          kind === 'blocked' ? 'Collection not found' : 'You are unable to access this information',
        );
        expect(JSON.stringify(body)).not.toContain(`${type} collection`);
        return;
      }
      expect(body).toMatchObject({
        id,
        '@id': `/api/collection/${id}`,
        name: `${type} collection`,
        isOwner: isOwner(kind),
        type: isOwner(kind) ? type : '',
        author: { id: w.author.id, name: 'Ada Author', label: 'AA' },
        author_has_public_profile: false,
      });
      expect(body.users_per_collection).toHaveLength(
        isOwner(kind) && type === 'selected_contacts' ? 3 : 0,
      );
      expect(body.group_name).toBe(isOwner(kind) ? (type === 'public' ? 'Open' : 'Shared') : null);
      const collaborates = COLLABORATIVE.includes(type) && !['follower', 'visitor'].includes(kind);
      expect(body.can_add_memos).toBe(isOwner(kind) || collaborates);
      expect(JSON.stringify(body)).not.toMatch(/secret_token|call_secure_token/);
    },
  );

  it("tells whether the author's public profile may be opened, exactly when /api/p/user does", async () => {
    const { db, dialect } = t.database;
    const setProfile = (has: boolean, enabled: boolean) =>
      db
        .updateTable('user_profiles')
        .set({
          user_has_public_profile: dialect.bool(has),
          public_profile_enabled: dialect.bool(enabled),
        })
        .where('user_id', '=', w.author.id)
        .execute();
    const setDisabled = (at: Date | null) =>
      db
        .updateTable('users')
        .set({ disabled_at: at === null ? null : dialect.time(at) })
        .where('id', '=', w.author.id)
        .execute();
    const seenByVisitor = async () => {
      const res = await call('visitor', 'GET', `/api/p/collection/${w.collections.public}`);
      expect(res.statusCode).toBe(200);
      const profile = await call('visitor', 'GET', `/api/p/user/${w.author.id}`);
      return [res.json().author_has_public_profile, profile.statusCode];
    };
    try {
      expect(await seenByVisitor()).toEqual([false, 404]);
      await setProfile(false, true);
      expect(await seenByVisitor()).toEqual([false, 404]);
      await setProfile(true, false);
      expect(await seenByVisitor()).toEqual([false, 404]);
      await setProfile(true, true);
      expect(await seenByVisitor()).toEqual([true, 200]);
      const list = await call('visitor', 'GET', `/api/p/user/${w.author.id}/collection`);
      expect(list.json()[0].author_has_public_profile).toBe(true);
      await setDisabled(new Date());
      const gone = await call('visitor', 'GET', `/api/p/collection/${w.collections.public}`);
      // a disabled account's public collection still reads, but its profile does not open
      expect(gone.statusCode).toBe(200);
      expect(gone.json().author_has_public_profile).toBe(false);
      expect((await call('visitor', 'GET', `/api/p/user/${w.author.id}`)).statusCode).toBe(404);
    } finally {
      await setDisabled(null);
      await setProfile(false, false);
    }
  });

  it('the public route treats a signed-in caller as a visitor', async () => {
    const res = await call('author', 'GET', `/api/p/collection/${w.collections.private}`);
    expect(res.statusCode).toBe(403);
  });

  it.each(VIEWER_KINDS)(
    "%s lists the author's collections: exactly the visible ones",
    async (kind) => {
      const url =
        kind === 'visitor'
          ? `/api/p/user/${w.author.id}/collection`
          : `/api/user/${w.author.id}/collection`;
      const res = await call(kind, 'GET', url);
      // docs/RULES.md, Blocking: the author is hidden from the blocked, as if they did not exist
      expect(res.statusCode).toBe(kind === 'blocked' ? 404 : 200);
      if (kind === 'blocked') return;
      const ids = (res.json() as { id: string }[]).map((c) => c.id).sort();
      expect(ids).toEqual(READS[kind].map((type) => w.collections[type]).sort());
    },
  );

  const expectedMembers = (type: CollectionType): number[] => {
    if (type === 'public' || type === 'private') return [w.author.id];
    const audience = (
      ['collaborator', 'selectedContact', 'verifiedContact', 'otherContact', 'follower'] as const
    )
      .filter((kind) => reads(kind, type))
      .map((kind) => w.people[kind].id);
    return [w.author.id, ...audience.sort((a, b) => a - b)];
  };

  it.each(cases)('%s lists the members of a %s collection', async (kind, type) => {
    const res = await t.app.inject({
      url: `/api/collection/${w.collections[type]}/user`,
      headers: { ...w.headers[kind], accept: 'application/ld+json' },
    });
    expect(res.statusCode).toBe(kind === 'visitor' ? 401 : seen(kind, type, 200));
    if (res.statusCode !== 200) return;
    const body = res.json();
    const members = body['hydra:member'] as { id: number; role: string }[];
    expect(body['hydra:totalItems']).toBe(members.length);
    expect(members[0]).toMatchObject({ id: w.author.id, role: 'owner' });
    const [owner, ...rest] = members.map((m) => m.id);
    expect([owner, ...rest.sort((a, b) => a - b)]).toEqual(expectedMembers(type));
    expect(members.slice(1).every((m) => m.role === 'member')).toBe(true);
    expect(members.map((m) => m.id)).not.toContain(w.people.blocked.id);
  });

  it.each(cases)("%s asks for a %s collection's secret link", async (kind, type) => {
    const res = await call(kind, 'GET', `/api/collection/${w.collections[type]}/secret-link`);
    expect(res.statusCode).toBe(owned(kind, type, 200));
    if (res.statusCode === 200) {
      expect(res.json().secret_link).toMatch(
        new RegExp(`^http://memoria\\.test/p/collections/${w.collections[type]}\\?secure_token=`),
      );
    } else {
      expect(res.body).not.toContain('secure_token');
    }
  });

  it.each(cases)('%s asks for the call token of a %s collection', async (kind, type) => {
    const res = await call(kind, 'GET', `/api/collection/${w.collections[type]}/secure-token`);
    expect(res.statusCode).toBe(kind === 'visitor' ? 401 : seen(kind, type, 200));
    if (res.statusCode === 200) expect(res.json().call_secure_token).toMatch(/^[\w-]{32}$/);
  });

  it.each(cases)('%s edits a %s collection (PUT and PATCH)', async (kind, type) => {
    const before = await authorView(type);
    const form = {
      name: `${type} collection`,
      type,
      is_collaboration: COLLABORATIVE.includes(type),
      user_can_join_call: true,
      group_name: before.group_name,
      users_per_collection: before.users_per_collection.map(
        (m: { user: { '@id': string } }) => m.user['@id'],
      ),
      public_link_on: before.public_link_on,
    };
    const put = await call(kind, 'PUT', `/api/collection/${w.collections[type]}`, form);
    expect(put.statusCode).toBe(owned(kind, type, 200));
    const patch = await call(kind, 'PATCH', `/api/collection/${w.collections[type]}`, {
      description: `edited by ${kind}`,
    });
    expect(patch.statusCode).toBe(owned(kind, type, 200));
    const after = await authorView(type);
    if (isOwner(kind)) {
      expect(after.description).toBe(`edited by ${kind}`);
      expect(after.type).toBe(type);
      expect(after.users_per_collection).toHaveLength(before.users_per_collection.length);
    } else {
      expect(after).toEqual(before);
    }
  });

  it.each(cases.filter(([kind]) => !isOwner(kind)))(
    '%s cannot delete a %s collection',
    async (kind, type) => {
      const res = await call(kind, 'DELETE', `/api/collection/${w.collections[type]}`);
      expect(res.statusCode).toBe(owned(kind, type, 204));
      expect(
        (await call('author', 'GET', `/api/collection/${w.collections[type]}`)).statusCode,
      ).toBe(200);
    },
  );

  it.each(cases)('%s mutes, watches and unwatches a %s collection', async (kind, type) => {
    const id = w.collections[type];
    const mute = await call(kind, 'POST', '/api/muted/collection', {
      collection: `/api/collection/${id}`,
    });
    const content = await call(kind, 'POST', '/api/content/watching', {
      collection: `/api/collection/${id}`,
    });
    const comment = await call(kind, 'POST', '/api/comment_watching', { collection: id });
    for (const res of [mute, content, comment]) {
      expect(res.statusCode).toBe(kind === 'visitor' ? 401 : seen(kind, type, 201));
    }
    if (kind === 'visitor') return;
    if (mute.statusCode === 201) {
      const read = (await call(kind, 'GET', `/api/collection/${id}`)).json();
      expect(read).toMatchObject({
        is_muted: true,
        muted_collection_id: mute.json().id,
        notify_me: true,
        content_watching_notify_me: true,
      });
      // others are not affected by this viewer's choices
      if (!isOwner(kind)) {
        expect(await authorView(type)).toMatchObject({ is_muted: false, notify_me: false });
      }
    }
    const stopContent = await call(kind, 'DELETE', `/api/collection/${id}/delete-content-watching`);
    const stopComment = await call(kind, 'DELETE', `/api/collection/${id}/delete-comment-watching`);
    const unmute = await call(kind, 'DELETE', `/api/muted/collection/${id}`);
    // leaving what one no longer sees is allowed; only the blocked learn nothing
    expect(stopContent.statusCode).toBe(kind === 'blocked' ? 404 : 204);
    expect(stopComment.statusCode).toBe(kind === 'blocked' ? 404 : 204);
    expect(unmute.statusCode).toBe(mute.statusCode === 201 ? 204 : 404);
    if (mute.statusCode === 201) {
      expect((await call(kind, 'GET', `/api/collection/${id}`)).json()).toMatchObject({
        is_muted: false,
        muted_collection_id: null,
        notify_me: false,
        content_watching_notify_me: false,
      });
    }
  });

  it('a collaborator’s own list adds the collections they may add memos to', async () => {
    const res = await call(
      'collaborator',
      'GET',
      `/api/user/${w.people.collaborator.id}/collection`,
    );
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; isOwner: boolean; author: { id: number } }[];
    expect(list.map((c) => c.id).sort()).toEqual(
      COLLABORATIVE.map((type) => w.collections[type]).sort(),
    );
    expect(list.every((c) => !c.isOwner && c.author.id === w.author.id)).toBe(true);
    const other = await call(
      'otherContact',
      'GET',
      `/api/user/${w.people.otherContact.id}/collection`,
    );
    expect((other.json() as { id: string }[]).map((c) => c.id)).toEqual([
      w.collections.all_contacts,
    ]);
    for (const kind of ['follower', 'stranger', 'blocked'] as const) {
      const own = await call(kind, 'GET', `/api/user/${w.people[kind].id}/collection`);
      expect([kind, own.json()]).toEqual([kind, []]);
    }
  });

  it('the owner and their delegate may delete; the others never could', async () => {
    for (const [kind, type] of [
      ['delegate', 'public'],
      ['author', 'private'],
    ] as const) {
      const res = await call(kind, 'DELETE', `/api/collection/${w.collections[type]}`);
      expect(res.statusCode).toBe(204);
      expect(
        (await call('author', 'GET', `/api/collection/${w.collections[type]}`)).statusCode,
      ).toBe(404);
    }
  });
});
