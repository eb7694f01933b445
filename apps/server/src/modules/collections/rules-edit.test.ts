import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers, grantRules } from '../../test/social.js';

/**
 * Every rule of docs/DOMAIN.md, States: "Collection visibility", Validation; docs/RULES.md, Plan
 * gates.
 */
describeDb('collections: rules on edits (PUT, PATCH)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const create = (user: SignedIn, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/collection', headers: user.headers, payload });
  describe('editing', () => {
    let owner: SignedIn;
    let contact: SignedIn;
    beforeAll(async () => {
      owner = await signedInUser(t, { name: 'Olga Owner' });
      contact = await signedInUser(t);
      await connectUsers(t, owner.id, contact.id);
      await grantRules(t, owner.id, { has_subscription: true, bronze: true });
    });
    const read = async (id: string) =>
      (await t.app.inject({ url: `/api/collection/${id}`, headers: owner.headers })).json();
    const send = (method: 'PUT' | 'PATCH', id: string, payload: object) =>
      t.app.inject({
        method,
        url: `/api/collection/${id}`,
        headers: {
          ...owner.headers,
          'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
        },
        payload: JSON.stringify(payload),
      });

    it('PUT replaces the form; a rule broken changes nothing', async () => {
      const id = (
        await create(owner, {
          name: 'Team',
          type: 'selected_contacts',
          users_per_collection: [`/api/user/${contact.id}`],
          is_collaboration: true,
          allow_add_documents: true,
          group_name: ' Work ',
        })
      ).json().id;
      const before = await read(id);
      expect(before.group_name).toBe('Work');
      for (const [payload, field] of [
        [{ name: 'Team', type: 'public', is_collaboration: true }, 'is_collaboration'],
        [
          { name: 'Team', type: 'all_contacts', allow_replace_documents: true },
          'allow_replace_documents',
        ],
        [
          { name: 'Team', type: 'selected_contacts', users_per_collection: ['/api/user/999999'] },
          'users_per_collection',
        ],
      ] as const) {
        const res = await send('PUT', id, payload);
        expect(res.statusCode).toBe(422);
        expect(res.json().violations[0].propertyPath).toBe(field);
      }
      expect(await read(id)).toEqual(before);
      const res = await send('PUT', id, { name: 'Team B', type: 'all_contacts' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Team B',
        type: 'all_contacts',
        is_collaboration: false,
        allow_add_documents: false,
        group_name: null,
        users_per_collection: [],
      });
    });

    it('PATCH judges the merged collection', async () => {
      const id = (
        await create(owner, {
          name: 'Docs',
          type: 'all_contacts',
          is_collaboration: true,
          collaboration_on_checklist: true,
          allow_add_documents: true,
          allow_replace_documents: true,
        })
      ).json().id;
      const before = await read(id);
      for (const [patch, field] of [
        [{ allow_add_documents: false }, 'allow_replace_documents'],
        [{ is_collaboration: false }, 'collaboration_on_checklist'],
        [{ type: 'public' }, 'is_collaboration'],
        [{ name: '' }, 'name'],
      ] as const) {
        const res = await send('PATCH', id, patch);
        expect([patch, res.statusCode]).toEqual([patch, 422]);
        expect(res.json().violations[0].propertyPath).toBe(field);
      }
      expect(await read(id)).toEqual(before);
      const ok = await send('PATCH', id, {
        allow_add_documents: false,
        allow_replace_documents: false,
        description: 'Shared documents',
        collection_picture: null,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        name: 'Docs',
        type: 'all_contacts',
        description: 'Shared documents',
        is_collaboration: true,
        collaboration_on_checklist: true,
        allow_add_documents: false,
        picture: null,
      });
    });

    it('keeps what a plan allowed once it ends, but opens nothing new', async () => {
      const user = await signedInUser(t);
      await grantRules(t, user.id, { has_subscription: true, silver: true });
      const ids: string[] = [];
      for (let i = 1; i <= 4; i += 1) {
        ids.push((await create(user, { name: `Public ${i}`, type: 'public' })).json().id);
      }
      const team = (
        await create(user, { name: 'Team', type: 'all_contacts', is_collaboration: true })
      ).json().id;
      const fans = (await create(user, { name: 'Fans', type: 'all_contacts_followers' })).json().id;
      const other = (await create(user, { name: 'Other', type: 'all_contacts' })).json().id;
      await grantRules(t, user.id, {});
      const patch = (id: string, payload: object) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/collection/${id}`,
          headers: user.headers,
          payload,
        });
      expect((await patch(ids[3] as string, { name: 'Still public' })).statusCode).toBe(200);
      expect((await patch(team, { name: 'Still a team' })).statusCode).toBe(200);
      expect((await patch(fans, { name: 'Still fans' })).statusCode).toBe(200);
      for (const [payload, field] of [
        [{ type: 'public' }, 'type'],
        [{ type: 'all_contacts_followers' }, 'type'],
        [{ is_collaboration: true }, 'is_collaboration'],
      ] as const) {
        const res = await patch(other, payload);
        expect(res.statusCode).toBe(422);
        expect(res.json().violations[0].propertyPath).toBe(field);
      }
    });
  });
});
