import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers } from '../../test/social.js';
import { pngFixture, uploadAvatar } from '../media/test-support.js';

describeDb('collections: people with their account pictures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Uploads an account picture; answers the URL person summaries carry (220w). */
  async function givePicture(who: SignedIn): Promise<string> {
    const file = { name: 'me.png', content: await pngFixture(300, 300), type: 'image/png' };
    const res = await uploadAvatar(t, who, file);
    expect(res.statusCode).toBe(201);
    return `/api/user/photo/${res.json().id}?variant=220w`;
  }

  it('the author, the selected people and the member list carry each picture, null without one', async () => {
    const owner = await signedInUser(t, { name: 'Olga Owner' });
    const pictured = await signedInUser(t, { name: 'Pia Pictured' });
    const plain = await signedInUser(t, { name: 'Paul Plain' });
    for (const u of [pictured, plain]) await connectUsers(t, owner.id, u.id);
    const ownerPicture = await givePicture(owner);
    const memberPicture = await givePicture(pictured);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/collection',
      headers: owner.headers,
      payload: {
        name: 'Faces',
        type: 'selected_contacts',
        users_per_collection: [`/api/user/${pictured.id}`, `/api/user/${plain.id}`],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;

    const answer = (
      await t.app.inject({ url: `/api/collection/${id}`, headers: owner.headers })
    ).json();
    expect(answer.author).toMatchObject({ id: owner.id, picture: ownerPicture });
    const selected = answer.users_per_collection.map(
      (m: { user: { id: number; picture: string | null } }) => [m.user.id, m.user.picture],
    );
    expect(selected).toEqual([
      [plain.id, null],
      [pictured.id, memberPicture],
    ]);

    // the member list, as a member reads it: the owner first, then by name
    const members = await t.app.inject({
      url: `/api/collection/${id}/user`,
      headers: pictured.headers,
    });
    expect(members.statusCode).toBe(200);
    expect(
      members
        .json()
        .map((m: { user: { id: number; picture: string | null } }) => [m.user.id, m.user.picture]),
    ).toEqual([
      [owner.id, ownerPicture],
      [plain.id, null],
      [pictured.id, memberPicture],
    ]);
    // and the collection among the owner's own collections
    const list = await t.app.inject({
      url: `/api/user/${owner.id}/collection`,
      headers: owner.headers,
    });
    const listed = list.json().find((c: { id: string }) => c.id === id);
    expect(listed.author.picture).toBe(ownerPicture);
    expect(listed.users_per_collection[1].user.picture).toBe(memberPicture);
  });
});
