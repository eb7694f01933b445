import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';

/** Nothing a client sends to the collection routes yields a 5xx (docs/API.md, Conventions). */
describeDb('collections: hostile input', () => {
  let t: TestApp;
  let owner: SignedIn;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collection',
      headers: owner.headers,
      payload: { name: 'Target' },
    });
    id = res.json().id;
  });
  afterAll(() => t?.close());

  const bodies: unknown[] = [
    null,
    [],
    'text',
    42,
    { name: 'a\u0000b' },
    { name: 'ok', description: 'x\u0000y', group_name: '\u0000' },
    { name: 'ok', type: ['public'] },
    { name: 'ok', users_per_collection: 'all' },
    { name: 'ok', users_per_collection: [{ id: 1 }] },
    { name: 'ok', users_per_collection: ['/api/user/99999999999999'] },
    { name: 'ok', type: 'selected_contacts', users_per_collection: [2147483647, -1] },
    { name: 'ok', users_per_collection: Array.from({ length: 1001 }, (_, i) => i + 1) },
    { name: 'ok', collection_picture: { id: 1 } },
    { name: 'ok', collection_picture: '\u0000' },
    { name: 'ok', collection_picture: 1e30 },
    { name: 'ok', is_collaboration: 'yes' },
    { name: { $gt: '' } },
    { name: 'x'.repeat(100_000) },
  ];

  it.each(bodies.map((body) => [JSON.stringify(body).slice(0, 60), body]))(
    'POST, PUT and PATCH with %s',
    async (_, body) => {
      for (const [method, url] of [
        ['POST', '/api/collection'],
        ['PUT', `/api/collection/${id}`],
        ['PATCH', `/api/collection/${id}`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...owner.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect([method, res.statusCode]).toEqual([method, expect.any(Number)]);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    },
  );

  it('a lone surrogate is stored as text, not refused with a server error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collection',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"name":"a\\ud800b"}',
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    '?name=%00',
    '?name=%ED%A0%80',
    '?collection_sec_link=%00',
    '?name[]=a&name[]=b',
    '?page=1e400&itemsPerPage=NaN',
    `?name=${'x'.repeat(500)}`,
  ])('queries %s', async (query) => {
    for (const url of [
      `/api/user/${owner.id}/collection${query}`,
      `/api/p/user/${owner.id}/collection${query}`,
      `/api/collection/${id}${query}`,
      `/api/p/collection/${id}${query}`,
      `/api/collection/${id}/user${query}`,
    ]) {
      const res = await t.app.inject({ url, headers: owner.headers });
      expect([url, res.statusCode < 500]).toEqual([url, true]);
    }
  });

  it('the target is unchanged', async () => {
    const res = await t.app.inject({ url: `/api/collection/${id}`, headers: owner.headers });
    expect(res.json()).toMatchObject({ name: 'Target', description: null, group_name: null });
  });
});
