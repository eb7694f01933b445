import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCALES, RULE_AREAS } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';

describeDb('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const patch = (
    session: SignedIn,
    id: number | string,
    payload: unknown,
    type = 'application/merge-patch+json',
  ) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/user/profile/${id}`,
      headers: { ...session.headers, 'content-type': type, 'accept-language': 'en' },
      payload: JSON.stringify(payload),
    });

  it('GET /api/profile answers the whole User shape', async () => {
    const session = await signedInUser(t, { name: 'Ann Example', locale: 'fr_be' });
    const res = await t.app.inject({ url: '/api/profile', headers: session.headers });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      id: session.id,
      '@id': `/api/user/${session.id}`,
      profile_id: session.profileId,
      usermail: session.usermail,
      user_type: 'normal',
      workspace_type: null,
      is_active: true,
      user_picture: null,
      user_has_professional_subscription: false,
      user_has_extended_subscription: false,
      user_can_create_public_collection: true,
      account_delegations: [],
      orders: [],
      has_lock_code: false,
      storage_usage: { product: 1024 ** 3, leftover_storage: 1024 ** 3, order_storage: 0 },
      user_profile: {
        id: session.profileId,
        name: 'Ann Example',
        locale: 'fr_be',
        country: 'BE',
        disclose_email: false,
        enable_direct_messages: true,
        memo_comments_allowed: true,
        two_factor_authentication: false,
        two_factor_method: null,
        user_identified: false,
        user_can_create_public_collection: true,
      },
    });
    for (const area of RULE_AREAS) expect(user.rules[area]).toBe(true);
    // the plan flags are sent computed, as the server enforces them
    expect(user.rules).toMatchObject({ has_subscription: false, bronze: false, silver: false });
    expect(user.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    expect(user).not.toHaveProperty('password_hash');
  });

  it('PATCH changes own profile fields (merge-patch and plain JSON)', async () => {
    const session = await signedInUser(t);
    const res = await patch(session, session.profileId, {
      id: session.profileId,
      name: '  New Name ',
      description: 'Hello',
      phone_number: '+32470123456',
      custom_colour: '#aabbcc',
      disclose_email: true,
      country: 'nl',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_profile).toMatchObject({
      name: 'New Name',
      description: 'Hello',
      phone_number: '+32470123456',
      custom_colour: '#aabbcc',
      disclose_email: true,
      country: 'NL',
    });
    for (const locale of LOCALES) {
      const changed = await patch(session, session.profileId, { locale }, 'application/json');
      expect(changed.statusCode).toBe(200);
      expect(changed.json().user_profile.locale).toBe(locale);
    }
    const cleared = await patch(
      session,
      `/api/user/profile/${session.profileId}`.split('/').pop() as string,
      {
        description: null,
        phone_number: '',
      },
    );
    expect(cleared.json().user_profile).toMatchObject({ description: null, phone_number: null });
  });

  it('PATCH sets and clears the bio, job, organisation and city that profiles show', async () => {
    const session = await signedInUser(t);
    const set = await patch(session, session.profileId, {
      description: ' Maps and trains ',
      function: 'Cartographer',
      organization_name: 'Atlas Ltd',
      location: 'Ghent',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user_profile).toMatchObject({
      description: 'Maps and trains',
      function: 'Cartographer',
      organization_name: 'Atlas Ltd',
      location: 'Ghent',
    });
    const person = await t.app.inject({
      method: 'GET',
      url: `/api/user/${session.id}/combined`,
      headers: session.headers,
    });
    expect(person.statusCode).toBe(200);
    expect(person.json()).toMatchObject({
      description: 'Maps and trains',
      function: 'Cartographer',
      organization_name: 'Atlas Ltd',
      location: 'Ghent',
    });
    const cleared = await patch(session, session.profileId, {
      description: '',
      function: ' ',
      organization_name: null,
      location: '',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user_profile).toMatchObject({
      description: null,
      function: null,
      organization_name: null,
      location: null,
    });
    const long = await patch(session, session.profileId, { function: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(long.json().violations[0]).toMatchObject({
      propertyPath: 'function',
      code: 'validation.tooLong',
    });
  });

  it('refuses an unsupported language with "Cannot set this language" on locale', async () => {
    const session = await signedInUser(t);
    const res = await patch(session, session.profileId, { locale: 'it' });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([
      { propertyPath: 'locale', message: 'Cannot set this language', code: 'validation.language' },
    ]);
  });

  it('refuses bad values, unknown and read-only fields', async () => {
    const session = await signedInUser(t);
    const res = await patch(session, session.profileId, {
      phone_number: '123',
      custom_colour: 'red',
      name: '',
      disclose_email: 'yes',
      two_factor_authentication: false,
    });
    expect(res.statusCode).toBe(422);
    const byPath = Object.fromEntries(
      res
        .json()
        .violations.map((v: { propertyPath: string; code: string }) => [v.propertyPath, v.code]),
    );
    expect(byPath).toMatchObject({
      phone_number: 'validation.phone',
      custom_colour: 'validation.colour',
      name: 'validation.required',
      disclose_email: 'validation.type',
      two_factor_authentication: 'validation.unknownField',
    });
    const huge = await patch(session, session.profileId, { description: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().violations[0].code).toBe('validation.tooLong');
  });

  it("another user's profile is 403, an unknown one 404", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const res = await patch(a, b.profileId, { name: 'Hijack' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You are not authorised to perform this action');
    expect((await patch(a, 999999, { name: 'X' })).statusCode).toBe(404);
    expect((await patch(a, 'abc', { name: 'X' })).statusCode).toBe(404);
    expect((await patch(a, '99999999999999999', { name: 'X' })).statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/profile/${a.profileId}`,
      payload: { name: 'X' },
    });
    expect(anon.statusCode).toBe(401);
  });
});
