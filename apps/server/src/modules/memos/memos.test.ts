import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { grantRules } from '../../test/social.js';
import { insertCollection } from '../../test/content.js';

describeDb('memo create, read, edit', () => {
  let t: TestApp;
  let ada: SignedIn;
  let own: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t, { name: 'Ada Lovelace' });
    own = await insertCollection(t, ada.id, 'private', { name: 'Notes' });
    other = await insertCollection(t, ada.id, 'public', { name: 'Shared' });
  });
  afterAll(() => t?.close());

  const post = (payload: unknown, headers = ada.headers) =>
    t.app.inject({ method: 'POST', url: '/api/memo', headers, payload: payload as object });
  const put = (id: number, payload: unknown, headers = ada.headers) =>
    t.app.inject({ method: 'PUT', url: `/api/memo/${id}`, headers, payload: payload as object });
  const get = (id: number | string, headers = ada.headers) =>
    t.app.inject({ url: `/api/memo/${id}`, headers });
  const countRows = async (table: 'memos' | 'memo_todos' | 'memo_tags' | 'memos_per_collection') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const memosCount = async (id: string) =>
    (
      await t.database.db
        .selectFrom('collections')
        .select('memos_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).memos_count;

  it('creates a memo with every field and answers the Memo shape', async () => {
    const res = await post({
      title: '  Trip to Gent ',
      description:
        '<p>Bring <strong>boots</strong><script>alert(1)</script> for <span data-type="mention" data-id="9" data-label="Bo" onclick="x">@Bo</span></p>',
      memos_per_collection: [`/api/collection/${own}`, { collection: other, sequence_number: 1 }],
      memo_todos: [
        { description: '## Packing' },
        { description: 'boots', closed: true },
        { description: '   ' },
        { description: 'map' },
      ],
      memo_tags: [' Travel ', 'travel', 'Belgium', '#gent'],
      date_event: '2031-05-01T10:00:00+02:00',
      date_todo_due: '2031-04-30T18:00:00Z',
      location: { latitude: 51.05, longitude: 3.72, description: ' Gent ' },
      todo: true,
      notify_me: true,
    });
    expect(res.statusCode).toBe(201);
    const memo = res.json();
    expect(memo).toMatchObject({
      '@id': `/api/memo/${memo.id}`,
      title: 'Trip to Gent',
      description:
        '<p>Bring <strong>boots</strong> for <span data-type="mention" data-id="9" data-label="Bo">@Bo</span></p>',
      author: {
        id: ada.id,
        '@id': `/api/user/${ada.id}`,
        name: 'Ada Lovelace',
        label: 'AL',
        picture: null,
      },
      memo_photos: [],
      memo_videos: [],
      memo_documents: [],
      memo_tags: ['Travel', 'Belgium', 'gent'],
      date_event: '2031-05-01T08:00:00.000+00:00',
      date_todo_due: '2031-04-30T18:00:00.000+00:00',
      memo_scheduled: null,
      isScheduled: false,
      status: 'published',
      location: { latitude: 51.05, longitude: 3.72, zoom: 5, description: 'Gent' },
      reactions: {},
      my_reaction: null,
      my_reaction_id: null,
      comments_number: 0,
      notify_me: true,
      notification_sent: false,
      isHidden: false,
      todo: true,
      content_type: 'text',
      memo_type: 'memo',
      is_connected: false,
      can_edit: true,
      can_delete: true,
      can_copy: true,
      collection: { id: own, '@id': `/api/collection/${own}`, name: 'Notes', type: 'private' },
      sequence_number: 0,
    });
    expect(
      memo.memo_todos.map((x: { description: string; closed: boolean }) => [
        x.description,
        x.closed,
      ]),
    ).toEqual([
      ['## Packing', false],
      ['boots', true],
      ['map', false],
    ]);
    expect(memo.memo_todos[1].closed_by_user).toMatchObject({ id: ada.id, name: 'Ada Lovelace' });
    expect(memo.memos_per_collection).toEqual([
      expect.objectContaining({
        collection: expect.objectContaining({ id: own }),
        sequence_number: 0,
      }),
      expect.objectContaining({
        collection: expect.objectContaining({ id: other }),
        sequence_number: 1,
      }),
    ]);
    expect(await memosCount(own)).toBe(1);
    expect(await memosCount(other)).toBe(1);
    const stored = await t.database.db
      .selectFrom('memos')
      .select(['search_text', 'published_at'])
      .where('id', '=', memo.id)
      .executeTakeFirstOrThrow();
    expect(stored.search_text).toBe('trip to gent bring boots for @bo travel belgium gent');
    expect(stored.published_at).not.toBeNull();

    const again = await get(memo.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(memo);
    // the pin state of a named collection
    expect((await get(`${memo.id}?collection=${other}`)).json().sequence_number).toBe(1);
  });

  it('edits: todos with ids keep them, others are new, missing ones go; collections change', async () => {
    const created = (
      await post({
        title: 'List',
        memos_per_collection: [own],
        memo_todos: [{ description: 'a' }, { description: 'b' }, { description: 'c' }],
        memo_tags: ['x'],
        location: { latitude: 1, longitude: 2 },
      })
    ).json();
    const [a, b] = created.memo_todos;
    const res = await put(created.id, {
      ...{ id: created.id, '@id': created['@id'] },
      title: 'List 2',
      memos_per_collection: [other],
      memo_todos: [
        { id: b.id, description: 'b', closed: true },
        { description: 'new' },
        { id: a.id, description: 'a edited' },
        { id: 999999, description: 'foreign id' },
        { description: '' },
      ],
      memo_tags: ['y', 'Y', 'z'],
    });
    expect(res.statusCode).toBe(200);
    const memo = res.json();
    expect(memo.title).toBe('List 2');
    expect(
      memo.memo_todos.map((x: { id: number; description: string; closed: boolean }) => [
        x.id === b.id,
        x.id === a.id,
        x.description,
        x.closed,
      ]),
    ).toEqual([
      [true, false, 'b', true],
      [false, false, 'new', false],
      [false, true, 'a edited', false],
      [false, false, 'foreign id', false],
    ]);
    expect(memo.memo_tags).toEqual(['y', 'z']);
    expect(
      memo.memos_per_collection.map((l: { collection: { id: string } }) => l.collection.id),
    ).toEqual([other]);
    // what the edit left out is kept
    expect(memo.location).toMatchObject({ latitude: 1, longitude: 2 });
    expect(await memosCount(own)).toBe(1);
    expect(await memosCount(other)).toBe(2);
  });

  it('refuses bad input with 422 on the field and changes nothing', async () => {
    const before = await Promise.all(
      (['memos', 'memo_todos', 'memo_tags', 'memos_per_collection'] as const).map(countRows),
    );
    const cases: Array<[unknown, string, string]> = [
      [{ title: 'x'.repeat(251), memos_per_collection: [own] }, 'title', 'This value is too long.'],
      [{ title: '', memos_per_collection: [own] }, 'title', 'This value is required.'],
      [{ title: 'x' }, 'memos_per_collection', 'Collection is required'],
      [{ title: 'x', memos_per_collection: [] }, 'memos_per_collection', 'Collection is required'],
      [
        { title: 'x', memos_per_collection: ['nope'] },
        'memos_per_collection',
        'This collection does not exist or is not available to you.',
      ],
      [
        { title: 'x', memos_per_collection: ['ZZZZZZZZZZ'] },
        'memos_per_collection',
        'This collection does not exist or is not available to you.',
      ],
      [
        { title: 'x', memos_per_collection: [own], date_event: 'tomorrow' },
        'date_event',
        'This value is not valid.',
      ],
      [
        { title: 'x', memos_per_collection: [own], location: { latitude: 100, longitude: 0 } },
        'location.latitude',
        'This value is not valid.',
      ],
      [
        { title: 'x', memos_per_collection: [own], memo_tags: ['t'.repeat(51)] },
        'memo_tags[0]',
        'This value is too long.',
      ],
      [
        { title: 'x', memos_per_collection: [own], surprise: 1 },
        'surprise',
        'This field is not expected.',
      ],
      [{ title: 5, memos_per_collection: [own] }, 'title', 'This value has the wrong type.'],
      [
        { title: 'x', memos_per_collection: [own], isScheduled: 'yes' },
        'isScheduled',
        'This value has the wrong type.',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await post(payload);
      expect([JSON.stringify(payload).slice(0, 60), res.statusCode]).toEqual([
        JSON.stringify(payload).slice(0, 60),
        422,
      ]);
      expect(res.json().violations).toContainEqual(
        expect.objectContaining({ propertyPath: path, message }),
      );
    }
    const after = await Promise.all(
      (['memos', 'memo_todos', 'memo_tags', 'memos_per_collection'] as const).map(countRows),
    );
    expect(after).toEqual(before);
  });

  it('an edit with bad input is refused and changes nothing', async () => {
    const memo = (
      await post({
        title: 'Keep me',
        memos_per_collection: [own],
        memo_todos: [{ description: 'one' }],
        memo_tags: ['kept'],
      })
    ).json();
    const stranger = await signedInUser(t);
    const strangers = await insertCollection(t, stranger.id, 'private');
    const followersOnly = await insertCollection(t, stranger.id, 'public');
    const snapshot = async () => ({
      memo: (await get(memo.id)).json(),
      counts: await Promise.all([own, other, strangers, followersOnly].map(memosCount)),
    });
    const before = await snapshot();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const cases: Array<[unknown, number, string]> = [
      [{ title: 'x'.repeat(251), memos_per_collection: [own] }, 422, 'title'],
      [{ title: 'x', memo_todos: [] }, 422, 'memos_per_collection'],
      [{ title: 'x', memos_per_collection: [strangers] }, 422, 'memos_per_collection'],
      [
        { title: 'x', memos_per_collection: [own], isScheduled: true, memo_scheduled: soon },
        422,
        'memo_scheduled',
      ],
      [{ title: 'x', memos_per_collection: [followersOnly] }, 403, ''],
    ];
    for (const [payload, status, path] of cases) {
      const res = await put(memo.id, payload);
      expect([JSON.stringify(payload).slice(0, 50), res.statusCode]).toEqual([
        JSON.stringify(payload).slice(0, 50),
        status,
      ]);
      if (path) expect(res.json().violations[0].propertyPath).toBe(path);
    }
    expect(
      (await put(memo.id, { title: 'x', memos_per_collection: [own] }, stranger.headers))
        .statusCode,
    ).toBe(403);
    expect((await put(memo.id, cases[3]![0])).json().violations[0].message).toBe(
      'This memo is already published and cannot be scheduled.',
    );
    // a scheduled memo: rescheduling needs the plan and a future date
    await grantRules(t, ada.id, { silver: true });
    const later = (
      await post({
        title: 'Later',
        memos_per_collection: [own],
        isScheduled: true,
        memo_scheduled: soon,
      })
    ).json();
    const reschedule = (when: string) =>
      put(later.id, {
        title: 'Later',
        memos_per_collection: [own],
        isScheduled: true,
        memo_scheduled: when,
      });
    const past = await reschedule(new Date(Date.now() - 1000).toISOString());
    expect(past.json().violations[0]).toMatchObject({
      propertyPath: 'memo_scheduled',
      message: 'The scheduled date should be in the future',
    });
    await grantRules(t, ada.id, {});
    const noPlan = await reschedule(new Date(Date.now() + 7_200_000).toISOString());
    expect(noPlan.json().violations[0]).toMatchObject({
      propertyPath: 'memo_scheduled',
      message: 'Scheduling a memo needs the Silver plan.',
    });
    expect((await get(later.id)).json().memo_scheduled).toBe(
      new Date(soon).toISOString().replace('Z', '+00:00'),
    );
    // only the scheduled memo made above was added
    const [ownCount, ...rest] = before.counts;
    expect(await snapshot()).toEqual({ ...before, counts: [(ownCount as number) + 1, ...rest] });
  });

  it('answers in the asked language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memo',
      headers: { ...ada.headers, 'accept-language': 'nl' },
      payload: { title: 'x' },
    });
    expect(res.json().violations[0]).toMatchObject({
      propertyPath: 'memos_per_collection',
      message: 'Collectie is verplicht',
    });
  });

  it('no 5xx for bad ids, bodies and paging', async () => {
    const urls = [
      ['GET', '/api/memo/abc'],
      ['GET', '/api/memo/-1'],
      ['GET', '/api/memo/99999999999999999999'],
      ['GET', '/api/memo/%20'],
      ['PUT', '/api/memo/abc'],
      ['DELETE', '/api/memo/0'],
      ['GET', '/api/memo/pin_on_top/abc?collection=%00'],
      ['GET', '/api/memo/unpin/1?collection=bad'],
      ['GET', '/api/memo/todo/abc/change'],
      ['POST', '/api/memo/copy/abc'],
      ['GET', '/api/memo/abc/secret-link?refresh=maybe'],
      ['DELETE', '/api/memo/abc/delete-comment-watching'],
      ['GET', '/api/user/abc/memo?page=x&itemsPerPage=-5&offset=foo'],
      ['GET', '/api/user/1/memo?page=1&page=2'],
      ['GET', `/api/collection/${own}/memo?itemsPerPage=1000000000000000&offset=99999999999999999`],
      ['GET', '/api/collection/short/memo'],
      ['GET', '/api/p/collection/%E2%82%AC%E2%82%AC%E2%82%AC%E2%82%AC%E2%82%AC/memo'],
      ['GET', `/api/collection/${own}/memo?search=${'%25_'.repeat(20)}`],
    ];
    for (const [method, url] of urls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: url as string,
        headers: ada.headers,
        ...(method === 'PUT' || method === 'POST'
          ? { payload: { title: 'x', memos_per_collection: 5 } }
          : {}),
      });
      expect([url, res.statusCode < 500]).toEqual([url, true]);
      expect([url, res.statusCode >= 200]).toEqual([url, true]);
    }
    expect((await get('abc')).json()).toMatchObject({ status: 404, message: 'Memo not found' });
    expect((await get('%20')).json()).toMatchObject({ status: 400, message: 'Id is required' });
    const bodies = ['null', '[]', '"x"', '{"title": {"a": 1}}', '{'];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/memo',
        headers: { ...ada.headers, 'content-type': 'application/json' },
        payload: body,
      });
      expect([body, res.statusCode >= 400 && res.statusCode < 500]).toEqual([body, true]);
    }
  });
});
