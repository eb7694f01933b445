import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { signedInUser, type SignedIn } from '../test/factories.js';
import { findNul } from './nul-guard.js';

it('finds a NUL character anywhere in a parsed value', () => {
  expect(findNul({ a: 'ok', b: ['x', 'y\u0000'] })).toEqual(['b', '1']);
  expect(findNul({ 'k\u0000': 1 })).toEqual(['k\u0000']);
  expect(findNul({ a: 'fine', n: 3, z: null })).toBeNull();
});

describeDb('NUL characters in requests', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  it('a NUL in a JSON body is a 422 naming the field, and nothing is written', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collection',
      headers: user.headers,
      payload: { name: 'bad\u0000name', type: 'private' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].propertyPath).toBe('name');
    const count = await t.database.db
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('a NUL in a query string is a 422, never a 5xx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/${user.id}/memo?search=%00`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].propertyPath).toBe('search');
  });
});
