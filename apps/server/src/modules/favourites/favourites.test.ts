import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers } from '../../test/social.js';
import { caller, violationOf } from '../connections/test-support.js';

describeDb('favourites', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  const collection = async (owner: SignedIn, body: Record<string, unknown>) => {
    const res = await call(owner, 'POST', '/api/collection', body);
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body as { id: string; '@id': string };
  };

  it('collections: own and visible ones, with isOwner and isCollaboration; delete by either id', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob' });
    await connectUsers(t, ann.id, bob.id);
    await t.database.db
      .updateTable('users')
      .set({ rules: t.database.dialect.json({ has_subscription: true }) })
      .where('id', '=', bob.id)
      .execute();
    const own = await collection(ann, { name: 'Recipes' });
    const shared = await collection(bob, {
      name: 'Team',
      type: 'all_contacts',
      is_collaboration: true,
    });
    const secret = await collection(bob, { name: 'Diary' });

    const first = await call(ann, 'POST', '/api/favourite-collection', { collection: own['@id'] });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      type: 'collection',
      collectionId: own.id,
      userId: null,
      isOwner: true,
      isCollaboration: false,
      name: 'Recipes',
      label: 'R',
    });
    const second = await call(ann, 'POST', '/api/favourite-collection', { collection: shared.id });
    expect(second.body).toMatchObject({ isOwner: false, isCollaboration: true, name: 'Team' });
    expect(
      (await call(ann, 'POST', '/api/favourite-collection', { collection: secret.id })).status,
    ).toBe(404);
    expect(
      (await call(ann, 'POST', '/api/favourite-collection', { collection: 'AAAAAAAAAA' })).status,
    ).toBe(404);
    const dup = await call(ann, 'POST', '/api/favourite-collection', { collection: own.id });
    expect(violationOf(dup.body)).toEqual({ path: 'collection', code: 'favourites.already' });

    const list = await call(ann, 'GET', '/api/favourite-collection', undefined, {
      accept: 'application/ld+json',
    });
    expect(list.body['hydra:totalItems']).toBe(2);
    expect(list.body['hydra:member'].map((f: { name: string }) => f.name)).toEqual([
      'Recipes',
      'Team',
    ]);
    const fromCollection = await call(ann, 'GET', `/api/collection/${shared.id}`);
    expect(fromCollection.status).toBe(200);

    // a collection that is no longer visible drops out of the list
    await call(bob, 'PUT', `/api/collection/${shared.id}`, { name: 'Team', type: 'private' });
    expect(
      (await call(ann, 'GET', '/api/favourite-collection')).body.map(
        (f: { name: string }) => f.name,
      ),
    ).toEqual(['Recipes']);

    expect((await call(bob, 'DELETE', `/api/favourite-collection/${first.body.id}`)).status).toBe(
      404,
    );
    expect((await call(ann, 'DELETE', `/api/favourite-collection/${own.id}`)).status).toBe(204);
    expect((await call(ann, 'DELETE', `/api/favourite-collection/${second.body.id}`)).status).toBe(
      204,
    );
    expect((await call(ann, 'DELETE', `/api/favourite-collection/${second.body.id}`)).status).toBe(
      404,
    );
    expect((await call(ann, 'GET', '/api/favourite-collection')).body).toEqual([]);
  });

  it('contacts: connections only; removing the connection removes the favourite', async () => {
    const ann = await signedInUser(t, { name: 'Ann' });
    const bob = await signedInUser(t, { name: 'Bob Baker' });
    const stranger = await signedInUser(t, { name: 'Stranger' });
    const connectionId = await connectUsers(t, ann.id, bob.id);
    const fav = await call(ann, 'POST', '/api/favourite-contact', {
      favouriteUser: `/api/user/${bob.id}`,
    });
    expect(fav.status).toBe(201);
    expect(fav.body).toMatchObject({
      type: 'connection',
      userId: bob.id,
      collectionId: null,
      isOwner: false,
      isCollaboration: false,
      name: 'Bob Baker',
      label: 'BB',
    });
    const notContact = await call(ann, 'POST', '/api/favourite-contact', {
      favouriteUser: stranger.id,
    });
    expect(violationOf(notContact.body)).toEqual({
      path: 'favouriteUser',
      code: 'favourites.notContact',
    });
    expect(
      violationOf(
        (await call(ann, 'POST', '/api/favourite-contact', { favouriteUser: bob.id })).body,
      ).code,
    ).toBe('favourites.already');
    expect(
      (await call(ann, 'POST', '/api/favourite-contact', { favouriteUser: 999999 })).status,
    ).toBe(404);
    expect(violationOf((await call(ann, 'POST', '/api/favourite-contact', {})).body).path).toBe(
      'favouriteUser',
    );

    const list = await call(ann, 'GET', '/api/favourite-contact');
    expect(list.body.map((f: { userId: number }) => f.userId)).toEqual([bob.id]);
    const card = (await call(ann, 'GET', '/api/user/connection')).body[0];
    expect(card.favourite_id).toBe(fav.body.id);
    expect((await call(ann, 'GET', `/api/user/${bob.id}/combined`)).body.favourite_id).toBe(
      fav.body.id,
    );

    expect((await call(ann, 'DELETE', `/api/connection/${connectionId}`)).status).toBe(204);
    expect((await call(ann, 'GET', '/api/favourite-contact')).body).toEqual([]);
    expect((await call(ann, 'DELETE', `/api/favourite-contact/${fav.body.id}`)).status).toBe(404);

    await connectUsers(t, ann.id, stranger.id);
    const again = await call(ann, 'POST', '/api/favourite-contact', { favouriteUser: stranger.id });
    expect((await call(stranger, 'DELETE', `/api/favourite-contact/${again.body.id}`)).status).toBe(
      404,
    );
    expect((await call(ann, 'DELETE', `/api/favourite-contact/${again.body.id}`)).status).toBe(204);
    expect((await call(ann, 'DELETE', '/api/favourite-contact/abc')).status).toBe(404);
  });
});
