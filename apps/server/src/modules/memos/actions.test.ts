import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { connectUsers, identifyUser } from '../../test/social.js';
import { insertCollection } from '../../test/content.js';

describeDb('memo actions: pin, todos, copy, delete by owner and collaborator', () => {
  let t: TestApp;
  let ada: SignedIn; // owner of the collaborative collection
  let cara: SignedIn; // collaborator (a contact)
  let dan: SignedIn; // a contact with no write access to the checklist-off collection
  let team: string; // all_contacts, collaboration and shared checklist
  let quiet: string; // all_contacts, collaboration, checklist not shared
  let adaPrivate: string;
  let caraOwn: string;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada Owner' });
    cara = await signedInUser(t, { name: 'Cara Collab' });
    dan = await signedInUser(t, { name: 'Dan Reader' });
    await connectUsers(t, ada.id, cara.id);
    await connectUsers(t, ada.id, dan.id);
    await identifyUser(t, cara.id);
    team = await insertCollection(t, ada.id, 'all_contacts', { name: 'Team', checklist: true });
    quiet = await insertCollection(t, ada.id, 'all_contacts', { name: 'Quiet', checklist: false });
    adaPrivate = await insertCollection(t, ada.id, 'private', { name: 'Ada private' });
    caraOwn = await insertCollection(t, cara.id, 'private', { name: 'Cara own' });
  });
  afterAll(() => t?.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: SignedIn,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const create = async (who: SignedIn, collections: string[], extra: object = {}) => {
    const res = await inject('POST', '/api/memo', who, {
      title: 'memo',
      memos_per_collection: collections,
      ...extra,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json();
  };
  const list = async (collection: string, who: SignedIn = ada) =>
    (await inject('GET', `/api/collection/${collection}/memo?itemsPerPage=50`, who))
      .json()
      .map((m: { id: number }) => m.id);
  const memosCount = async (id: string) =>
    (
      await t.database.db
        .selectFrom('collections')
        .select('memos_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).memos_count;

  it('pin moves to the top; unpin restores the previous position; both are idempotent', async () => {
    const c = await insertCollection(t, ada.id, 'private');
    const a = (await create(ada, [c])).id;
    const b = (await create(ada, [c])).id;
    const d = (await create(ada, [c])).id;
    expect(await list(c)).toEqual([d, b, a]);
    const pinned = await inject('GET', `/api/memo/pin_on_top/${a}`, ada);
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ id: a, sequence_number: 1 });
    expect((await inject('GET', `/api/memo/pin_on_top/${a}`, ada)).statusCode).toBe(200);
    const e = (await create(ada, [c])).id;
    expect(await list(c)).toEqual([a, e, d, b]);
    const unpinned = await inject('GET', `/api/memo/unpin/${a}?collection=${c}`, ada);
    expect(unpinned.json().sequence_number).toBe(0);
    expect(await list(c)).toEqual([e, d, b, a]);
    expect((await inject('GET', `/api/memo/unpin/${a}`, ada)).statusCode).toBe(200);
    expect(await list(c)).toEqual([e, d, b, a]);
    const elsewhere = await inject('GET', `/api/memo/pin_on_top/${a}?collection=${team}`, ada);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('This memo is not in that collection.');
  });

  it('the collection owner pins any memo in it; a collaborator pins their own; others may not', async () => {
    const byCara = (await create(cara, [team])).id;
    const byAda = (await create(ada, [team])).id;
    expect((await inject('GET', `/api/memo/pin_on_top/${byCara}`, ada)).statusCode).toBe(200);
    expect((await inject('GET', `/api/memo/unpin/${byCara}`, cara)).statusCode).toBe(200);
    expect((await inject('GET', `/api/memo/pin_on_top/${byAda}`, cara)).statusCode).toBe(403);
    expect((await inject('GET', `/api/memo/pin_on_top/${byCara}`, dan)).statusCode).toBe(403);
  });

  it('todos: the author and checklist collaborators tick them, with who did it; headers cannot be ticked', async () => {
    const memo = await create(ada, [team, quiet], {
      memo_todos: [{ description: '## Group' }, { description: 'buy bread' }],
    });
    const [header, bread] = memo.memo_todos;
    const tick = (id: number, who: SignedIn) => inject('GET', `/api/memo/todo/${id}/change`, who);
    const byCara = await tick(bread.id, cara);
    expect(byCara.statusCode).toBe(200);
    expect(byCara.json()).toEqual({
      id: bread.id,
      description: 'buy bread',
      closed: true,
      closed_by_user: {
        id: cara.id,
        '@id': `/api/user/${cara.id}`,
        name: 'Cara Collab',
        picture: null,
        label: 'CC',
      },
      sequence_number: 1,
    });
    const back = await tick(bread.id, ada);
    expect(back.json()).toMatchObject({ closed: false, closed_by_user: null });
    const headerTick = await tick(header.id, ada);
    expect(headerTick.statusCode).toBe(422);
    expect(headerTick.json().violations[0].message).toBe('A group header cannot be ticked off.');
    expect((await tick(999999, ada)).json()).toMatchObject({
      status: 404,
      message: 'This checklist item was not found.',
    });

    // in a collection whose checklist is not shared, collaborators may not tick
    const quietMemo = await create(ada, [quiet], { memo_todos: [{ description: 'x' }] });
    expect((await tick(quietMemo.memo_todos[0].id, cara)).statusCode).toBe(403);
    expect((await tick(quietMemo.memo_todos[0].id, ada)).statusCode).toBe(200);
  });

  it('copy: into the first own or a chosen collection, todos open again, when the author allows', async () => {
    const source = await create(ada, [team], {
      description: '<p>text</p>',
      memo_todos: [{ description: 'done', closed: true }],
      memo_tags: ['x'],
      location: { latitude: 1, longitude: 1 },
    });
    const copied = await inject('POST', `/api/memo/copy/${source.id}`, cara);
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toMatchObject({
      title: 'memo',
      description: '<p>text</p>',
      author: { id: cara.id },
      memo_tags: ['x'],
      location: { latitude: 1, longitude: 1 },
      collection: { id: caraOwn },
      status: 'published',
    });
    expect(copied.json().memo_todos).toMatchObject([{ description: 'done', closed: false }]);
    const row = await t.database.db
      .selectFrom('memos')
      .select('copied_from_id')
      .where('id', '=', copied.json().id)
      .executeTakeFirstOrThrow();
    expect(row.copied_from_id).toBe(source.id);

    const chosen = await inject('POST', `/api/memo/copy/${source.id}`, cara, {
      collection: `/api/collection/${team}`,
    });
    expect(chosen.json().collection.id).toBe(team);
    const notMine = await inject('POST', `/api/memo/copy/${source.id}`, cara, {
      collection: adaPrivate,
    });
    expect(notMine.statusCode).toBe(422);
    expect(notMine.json().violations[0].propertyPath).toBe('collection');

    // dan has no collection of his own
    const nowhere = await inject('POST', `/api/memo/copy/${source.id}`, dan);
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().violations[0]).toMatchObject({
      propertyPath: 'collection',
      message: 'Collection is required',
    });

    await t.database.db
      .updateTable('user_profiles')
      .set({ memo_copy_allowed: t.database.dialect.bool(false) })
      .where('user_id', '=', ada.id)
      .execute();
    const refused = await inject('POST', `/api/memo/copy/${source.id}`, cara);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('The author does not allow copying this memo.');
    expect((await inject('GET', `/api/memo/${source.id}`, cara)).json().can_copy).toBe(false);
    // the author may always copy their own
    expect((await inject('POST', `/api/memo/copy/${source.id}`, ada)).statusCode).toBe(201);
    await t.database.db
      .updateTable('user_profiles')
      .set({ memo_copy_allowed: t.database.dialect.bool(true) })
      .where('user_id', '=', ada.id)
      .execute();
  });

  it('collaborators edit only their own memos; adding to a collection one may not write to is 403', async () => {
    const own = await create(cara, [team], { memo_tags: ['a'] });
    const edited = await inject('PUT', `/api/memo/${own.id}`, cara, {
      title: 'edited by cara',
      memos_per_collection: [team, caraOwn],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().memo_tags).toEqual([]);
    const adaMemo = await create(ada, [team]);
    expect(
      (
        await inject('PUT', `/api/memo/${adaMemo.id}`, cara, {
          title: 'x',
          memos_per_collection: [team],
        })
      ).statusCode,
    ).toBe(403);
    const before = await memosCount(team);
    const tooFar = await inject('PUT', `/api/memo/${own.id}`, cara, {
      title: 'sneaky',
      memos_per_collection: [team, quiet, adaPrivate],
    });
    expect(tooFar.statusCode).toBe(422);
    const notWritable = await insertCollection(t, ada.id, 'all_contacts_followers');
    const forbidden = await inject('PUT', `/api/memo/${own.id}`, cara, {
      title: 'sneaky',
      memos_per_collection: [notWritable],
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You cannot add memos to this collection.');
    expect((await inject('GET', `/api/memo/${own.id}`, cara)).json().title).toBe('edited by cara');
    expect(await memosCount(team)).toBe(before);
  });

  it('a collection the editor can no longer see keeps the memo', async () => {
    const memo = await create(cara, [team, caraOwn]);
    // cara loses sight of "team": the connection ends
    await t.database.db
      .deleteFrom('contacts')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', ada.id), eb('contact_id', '=', cara.id)]),
          eb.and([eb('user_id', '=', cara.id), eb('contact_id', '=', ada.id)]),
        ]),
      )
      .execute();
    const res = await inject('PUT', `/api/memo/${memo.id}`, cara, {
      title: 'still here',
      memos_per_collection: [caraOwn],
    });
    expect(res.statusCode).toBe(200);
    expect(await list(team)).toContain(memo.id);
    await connectUsers(t, ada.id, cara.id);
  });

  it('delete: the owner removes a collaborator’s memo from their collection; it goes when none is left', async () => {
    const shared = await create(cara, [team, caraOwn]);
    const teamBefore = await memosCount(team);
    expect((await inject('DELETE', `/api/memo/${shared.id}`, dan)).statusCode).toBe(403);
    const removed = await inject('DELETE', `/api/memo/${shared.id}`, ada);
    expect(removed.statusCode).toBe(204);
    expect(await list(team)).not.toContain(shared.id);
    expect(await memosCount(team)).toBe(teamBefore - 1);
    const still = await inject('GET', `/api/memo/${shared.id}`, cara);
    expect(still.statusCode).toBe(200);
    expect(
      still.json().memos_per_collection.map((l: { collection: { id: string } }) => l.collection.id),
    ).toEqual([caraOwn]);

    const onlyTeam = await create(cara, [team]);
    expect((await inject('DELETE', `/api/memo/${onlyTeam.id}`, ada)).statusCode).toBe(204);
    expect((await inject('GET', `/api/memo/${onlyTeam.id}`, cara)).statusCode).toBe(404);

    const adaMemo = await create(ada, [team, quiet]);
    expect((await inject('DELETE', `/api/memo/${adaMemo.id}`, cara)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/memo/${adaMemo.id}`, ada)).statusCode).toBe(204);
    expect((await inject('GET', `/api/memo/${adaMemo.id}`, ada)).json().message).toBe(
      'Memo not found',
    );
    const links = await t.database.db
      .selectFrom('memos_per_collection')
      .select('id')
      .where('memo_id', '=', adaMemo.id)
      .execute();
    expect(links).toEqual([]);
  });
});
