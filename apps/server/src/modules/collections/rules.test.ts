import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers, grantRules } from '../../test/social.js';

/**
 * Every rule of docs/DOMAIN.md, States: "Collection visibility", Validation; docs/RULES.md, Plan
 * gates.
 */
describeDb('collections: rules on creation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const create = (user: SignedIn, payload: object, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/collection',
      headers: { ...user.headers, 'accept-language': language },
      payload,
    });
  const countOf = async (user: SignedIn) =>
    Number(
      (
        await t.database.db
          .selectFrom('collections')
          .where('user_id', '=', user.id)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const violations = (body: { violations?: { propertyPath: string; message: string }[] }) =>
    (body.violations ?? []).map((v) => `${v.propertyPath}: ${v.message}`);

  describe('creating', () => {
    let free: SignedIn;
    let contact: SignedIn;
    let stranger: SignedIn;
    beforeAll(async () => {
      free = await signedInUser(t, { name: 'Fred Free' });
      contact = await signedInUser(t);
      stranger = await signedInUser(t);
      await connectUsers(t, free.id, contact.id);
    });

    it('starts private with every option off and a random 10-character id', async () => {
      const res = await create(free, { name: '  Holiday plans  ' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.id).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(body.id).toMatch(/[A-Za-z]/);
      expect(body).toMatchObject({
        '@id': `/api/collection/${body.id}`,
        name: 'Holiday plans',
        type: 'private',
        isOwner: true,
        is_collaboration: false,
        collaboration_on_checklist: false,
        allow_add_documents: false,
        public_link_on: false,
        memos_count: 0,
        label: 'HP',
        group_name: null,
        favourite_id: null,
        picture: null,
        users_per_collection: [],
        author: { id: free.id, '@id': `/api/user/${free.id}`, name: 'Fred Free', label: 'FF' },
      });
      expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*\+00:00$/);
    });

    const refused: [string, object, string[]][] = [
      ['a name is required', { name: '   ' }, ['name: This value is required.']],
      ['a name over 100 characters', { name: 'x'.repeat(101) }, ['name: This value is too long.']],
      ['an unknown type', { name: 'n', type: 'friends' }, ['type: This value is not valid.']],
      ['an unknown field', { name: 'n', colour: 'red' }, ['colour: This field is not expected.']],
      [
        'followers without a subscription',
        { name: 'n', type: 'all_contacts_followers' },
        ['type: Sharing with followers needs a subscription.'],
      ],
      [
        'collaboration without a subscription',
        { name: 'n', type: 'all_contacts', is_collaboration: true },
        ['is_collaboration: Collaboration needs a subscription or a workspace.'],
      ],
      [
        'collaboration on a private collection',
        { name: 'n', type: 'private', is_collaboration: true },
        [
          'is_collaboration: Collaboration is not available for private, followers or public collections.',
        ],
      ],
      [
        'collaboration on a public collection',
        { name: 'n', type: 'public', is_collaboration: true },
        [
          'is_collaboration: Collaboration is not available for private, followers or public collections.',
        ],
      ],
      [
        'the checklist option without collaboration',
        { name: 'n', type: 'all_contacts', collaboration_on_checklist: true },
        ['collaboration_on_checklist: Turn on collaboration before sharing the checklist.'],
      ],
      [
        'replacing documents without adding them',
        { name: 'n', allow_replace_documents: true },
        ['allow_replace_documents: Allow adding documents before allowing them to be replaced.'],
      ],
      [
        'keeping versions without replacing',
        { name: 'n', allow_add_documents: true, preserve_documents_version: true },
        ['preserve_documents_version: Allow replacing documents before keeping their versions.'],
      ],
      [
        'a selected person who is not a connection',
        { name: 'n', type: 'selected_contacts', users_per_collection: ['STRANGER'] },
        ['users_per_collection: You can only share a collection with your active connections.'],
      ],
      [
        'a selected person who is not a user reference',
        { name: 'n', type: 'selected_contacts', users_per_collection: ['/api/memo/1'] },
        ['users_per_collection[0]: This value is not valid.'],
      ],
    ];

    it.each(refused)(
      'refuses %s with 422 naming the field, and saves nothing',
      async (_, payload, expected) => {
        const withIds = JSON.parse(
          JSON.stringify(payload).replace('"STRANGER"', `"/api/user/${stranger.id}"`),
        ) as object;
        const before = await countOf(free);
        const res = await create(free, withIds);
        expect(res.statusCode).toBe(422);
        expect(violations(res.json())).toEqual(expected);
        expect(await countOf(free)).toBe(before);
      },
    );

    it('answers the rule in the caller’s language', async () => {
      const res = await create(free, { name: 'n', type: 'all_contacts_followers' }, 'de');
      expect(violations(res.json())).toEqual([
        'type: Das Teilen mit Followern erfordert ein Abonnement.',
      ]);
    });

    it('saves selected contacts, and an empty selection as private', async () => {
      const chosen = await create(free, {
        name: 'Chosen',
        type: 'selected_contacts',
        users_per_collection: [`/api/user/${contact.id}`, contact.id],
      });
      expect(chosen.statusCode).toBe(201);
      expect(chosen.json()).toMatchObject({
        type: 'selected_contacts',
        users_per_collection: [{ user: { id: contact.id } }],
      });
      const empty = await create(free, { name: 'Nobody', type: 'selected_contacts' });
      expect(empty.statusCode).toBe(201);
      expect(empty.json()).toMatchObject({ type: 'private', users_per_collection: [] });
    });

    it('keeps selected people only for the selected-contacts type', async () => {
      const res = await create(free, {
        name: 'Everyone',
        type: 'all_contacts',
        users_per_collection: [`/api/user/${contact.id}`],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ type: 'all_contacts', users_per_collection: [] });
    });

    it('allows three public collections on the free plan, more with silver', async () => {
      const user = await signedInUser(t);
      for (let i = 1; i <= 3; i += 1) {
        expect((await create(user, { name: `Public ${i}`, type: 'public' })).statusCode).toBe(201);
      }
      const fourth = await create(user, { name: 'Public 4', type: 'public' });
      expect(fourth.statusCode).toBe(422);
      expect(violations(fourth.json())).toEqual([
        'type: You can have up to 3 public collections. Upgrade to Silver for more.',
      ]);
      expect(await countOf(user)).toBe(3);
      await grantRules(t, user.id, { has_subscription: true, bronze: true });
      expect((await create(user, { name: 'Public 4', type: 'public' })).statusCode).toBe(422);
      await grantRules(t, user.id, { has_subscription: true, silver: true });
      expect((await create(user, { name: 'Public 4', type: 'public' })).statusCode).toBe(201);
    });

    it('a workspace account counts as Silver: more than 3 public collections, and its rules say so', async () => {
      const workspace = await signedInUser(t);
      await t.database.db
        .updateTable('users')
        .set({ user_type: 'workspace', workspace_type: 'workspace' })
        .where('id', '=', workspace.id)
        .execute();
      for (let i = 1; i <= 5; i += 1) {
        const res = await create(workspace, { name: `Public ${i}`, type: 'public' });
        expect([i, res.statusCode]).toEqual([i, 201]);
      }
      expect(await countOf(workspace)).toBe(5);
      // the flags the web app gates its controls with agree with what was just allowed
      const profile = await t.app.inject({ url: '/api/profile', headers: workspace.headers });
      expect(profile.json()).toMatchObject({
        user_type: 'workspace',
        user_has_professional_subscription: false,
        rules: { silver: true, has_subscription: true, bronze: false },
      });
      const free = await signedInUser(t);
      const freeProfile = await t.app.inject({ url: '/api/profile', headers: free.headers });
      expect(freeProfile.json().rules).toMatchObject({
        silver: false,
        has_subscription: false,
        bronze: false,
      });
    });

    it('public collections need user_can_create_public_collection', async () => {
      const user = await signedInUser(t);
      await t.database.db
        .updateTable('users')
        .set({ rules: t.database.dialect.json({ public_profile: false, silver: true }) })
        .where('id', '=', user.id)
        .execute();
      const profile = await t.app.inject({ url: '/api/profile', headers: user.headers });
      expect(profile.json()).toMatchObject({
        user_can_create_public_collection: false,
        user_profile: { user_can_create_public_collection: false },
      });
      const res = await create(user, { name: 'Open', type: 'public' });
      expect(res.statusCode).toBe(422);
      expect(violations(res.json())).toEqual([
        'type: Your account cannot create public collections.',
      ]);
      const other = await signedInUser(t);
      const theirs = await t.app.inject({ url: '/api/profile', headers: other.headers });
      expect(theirs.json().user_can_create_public_collection).toBe(true);
    });

    it('collaboration and followers open with a subscription, which a workspace account has', async () => {
      const subscriber = await signedInUser(t);
      await grantRules(t, subscriber.id, { has_subscription: true, bronze: true });
      for (const payload of [
        {
          name: 'Team',
          type: 'all_contacts',
          is_collaboration: true,
          collaboration_on_checklist: true,
        },
        { name: 'Fans', type: 'all_contacts_followers' },
      ]) {
        expect((await create(subscriber, payload)).statusCode).toBe(201);
      }
      const workspace = await signedInUser(t);
      await t.database.db
        .updateTable('users')
        .set({ user_type: 'workspace', workspace_type: 'workspace' })
        .where('id', '=', workspace.id)
        .execute();
      const team = await create(workspace, {
        name: 'Team',
        type: 'identified_contacts',
        is_collaboration: true,
        allow_add_documents: true,
        allow_replace_documents: true,
        preserve_documents_version: true,
      });
      expect(team.statusCode).toBe(201);
      expect(team.json()).toMatchObject({
        is_collaboration: true,
        allow_add_documents: true,
        allow_replace_documents: true,
        preserve_documents_version: true,
      });
      // a workspace account is Silver, so it has a subscription: followers are open to it
      // (see docs/RULES.md, Plans); a free account stays refused
      expect(
        (await create(workspace, { name: 'Fans', type: 'all_contacts_followers' })).statusCode,
      ).toBe(201);
      const freeAccount = await signedInUser(t);
      const refused = await create(freeAccount, { name: 'Fans', type: 'all_contacts_followers' });
      expect(refused.statusCode).toBe(422);
      expect(violations(refused.json())).toEqual([
        'type: Sharing with followers needs a subscription.',
      ]);
    });

    it('reports every broken rule of one request together', async () => {
      const res = await create(free, {
        name: 'n',
        type: 'all_contacts_followers',
        is_collaboration: true,
        allow_replace_documents: true,
      });
      expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
        'type',
        'is_collaboration',
        'allow_replace_documents',
      ]);
    });
  });
});
