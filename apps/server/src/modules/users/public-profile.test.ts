import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInSubscriber, signedInUser, type SignedIn } from '../../test/factories.js';

describeDb('public profile settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const send = (session: SignedIn | null, method: 'POST' | 'PATCH', url: string, body: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(session?.headers ?? {}),
        'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
        'accept-language': 'en',
      },
      payload: JSON.stringify(body),
    });
  const create = (s: SignedIn, body: unknown = {}) =>
    send(s, 'POST', '/api/user/profile/public', body);
  const patch = (s: SignedIn, body: unknown, id: number | string = s.profileId) =>
    send(s, 'PATCH', `/api/user/profile/public/${id}`, body);
  const visit = (url: string, session?: SignedIn) =>
    t.app.inject({ url, headers: session?.headers ?? {} });
  const codes = (res: { json(): { violations: { propertyPath: string; code: string }[] } }) =>
    Object.fromEntries(res.json().violations.map((v) => [v.propertyPath, v.code]));

  it('POST turns it on with every field; GET answers the settings; a visitor sees them at the slug', async () => {
    const ann = await signedInSubscriber(t, { name: 'Ann Public' });
    const before = await t.app.inject({ url: '/api/user/profile/public', headers: ann.headers });
    expect(before.json()).toMatchObject({
      id: ann.profileId,
      user_has_public_profile: false,
      slug: null,
    });
    const settings = {
      slug: 'annpublic',
      phone: '+32470123456',
      usermail: 'contact@ann.example',
      address: 'Main Street 1, Ghent',
      website: 'https://ann.example',
      linkedin: 'https://www.linkedin.com/in/ann',
      description: 'Maps and trains',
      accent_color: '#aa3366',
      cta_button_title: 'Book a call',
      cta_button_url: 'https://ann.example/book',
      cta_button_font_color: '#fff',
      cta_button_color: '#112233',
      connections_require_product_id: 'personal',
      connection_message_required: true,
      connection_message_hint: 'Tell me where we met',
      disclose_email: true,
      enable_direct_messages: false,
      memo_copy_allowed: false,
      memo_comments_allowed: false,
      allow_reactions: false,
      require_identification_for_comments: true,
    };
    const res = await create(ann, settings);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ...settings,
      id: ann.profileId,
      user_has_public_profile: true,
      public_profile_enabled: true,
      banner: null,
    });
    const got = await t.app.inject({ url: '/api/user/profile/public', headers: ann.headers });
    expect(got.json()).toMatchObject(settings);
    expect((await create(ann)).statusCode).toBe(409);

    const bySlug = await visit('/api/p/profile/annpublic');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({
      id: ann.id,
      name: 'Ann Public',
      slug: 'annpublic',
      phone: '+32470123456',
      usermail: 'contact@ann.example',
      address: 'Main Street 1, Ghent',
      website: 'https://ann.example',
      linkedin: 'https://www.linkedin.com/in/ann',
      description: 'Maps and trains',
      accent_color: '#aa3366',
      cta_button_title: 'Book a call',
      cta_button_url: 'https://ann.example/book',
      cta_button_font_color: '#fff',
      cta_button_color: '#112233',
      connections_require_product_id: 'personal',
      connection_message_required: true,
      connection_message_hint: 'Tell me where we met',
      enable_direct_messages: false,
      memo_copy_allowed: false,
      memo_comments_allowed: false,
      allow_reactions: false,
      require_identification_for_comments: true,
      isOwner: false,
    });
    // by id it is the same page; the slug is case-insensitive in the address
    expect((await visit(`/api/p/user/${ann.id}`)).json().slug).toBe('annpublic');
    expect((await visit('/api/p/profile/AnnPublic')).json().id).toBe(ann.id);
    expect((await visit('/api/p/profile/nobodyhere')).statusCode).toBe(404);
  });

  it('PATCH turns it off and on; off, visitors get 404 by id and slug, the owner still previews', async () => {
    const bo = await signedInSubscriber(t);
    await create(bo, { slug: 'bopage' });
    const off = await patch(bo, { public_profile_enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      user_has_public_profile: true,
      public_profile_enabled: false,
    });
    expect((await visit('/api/p/profile/bopage')).statusCode).toBe(404);
    expect((await visit(`/api/p/user/${bo.id}`)).statusCode).toBe(404);
    expect((await visit(`/api/p/user/${bo.id}?preview=1`, bo)).statusCode).toBe(200);
    await patch(bo, { public_profile_enabled: true });
    expect((await visit('/api/p/profile/bopage')).statusCode).toBe(200);
    // fields are cleared with '' or null, others stay
    const cleared = await patch(bo, { slug: null, website: '', accent_color: '#abc' });
    expect(cleared.json()).toMatchObject({ slug: null, website: null, accent_color: '#abc' });
    expect((await visit('/api/p/profile/bopage')).statusCode).toBe(404);
  });

  it('refuses a duplicate, short, long, symbol or all-digit slug, and reports availability', async () => {
    const a = await signedInSubscriber(t);
    const b = await signedInSubscriber(t);
    expect((await create(a, { slug: 'takenslug' })).statusCode).toBe(201);
    const dup = await create(b, { slug: 'takenslug' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().violations).toEqual([
      {
        propertyPath: 'slug',
        message: 'This address is already taken.',
        code: 'validation.slugTaken',
      },
    ]);
    for (const slug of ['ab', 'x'.repeat(31), 'Has-Caps', 'with space', 'sym_bol', '12345']) {
      const bad = await patch(b, { slug });
      expect(bad.statusCode, slug).toBe(422);
      expect(codes(bad), slug).toEqual({ slug: 'validation.slug' });
    }
    expect((await patch(b, { slug: 'x'.repeat(30) })).statusCode).toBe(200);
    expect((await patch(b, { slug: 'b0b' })).statusCode).toBe(200);
    // a still re-saves its own slug
    expect((await patch(a, { slug: 'takenslug' })).statusCode).toBe(200);

    const check = async (who: SignedIn, slug: string) =>
      (await visit(`/api/user/profile/public/slug/${encodeURIComponent(slug)}`, who)).json();
    expect(await check(b, 'takenslug')).toEqual({
      slug: 'takenslug',
      valid: true,
      available: false,
    });
    expect(await check(a, 'takenslug')).toEqual({
      slug: 'takenslug',
      valid: true,
      available: true,
    });
    expect(await check(b, 'freeslug')).toEqual({ slug: 'freeslug', valid: true, available: true });
    expect(await check(b, 'no')).toEqual({ slug: 'no', valid: false, available: false });
    expect((await visit('/api/user/profile/public/slug/freeslug')).statusCode).toBe(401);
  });

  it('refuses bad colours, phone, e-mail, URLs, LinkedIn hosts and a 21-character button title', async () => {
    const s = await signedInSubscriber(t);
    await create(s);
    const res = await patch(s, {
      accent_color: 'red',
      cta_button_color: '#12345',
      cta_button_font_color: 'fff',
      phone: '0470123456',
      usermail: 'not-an-email',
      website: 'not a url',
      cta_button_url: 'javascript:alert(1)',
      linkedin: 'https://example.com/in/ann',
      cta_button_title: 'x'.repeat(21),
      description: 'x'.repeat(2001),
      allow_reactions: 'yes',
      unknown_flag: true,
    });
    expect(res.statusCode).toBe(422);
    expect(codes(res)).toEqual({
      accent_color: 'validation.colour',
      cta_button_color: 'validation.colour',
      cta_button_font_color: 'validation.colour',
      phone: 'validation.phone',
      usermail: 'validation.email',
      website: 'validation.url',
      cta_button_url: 'validation.url',
      linkedin: 'validation.linkedin',
      cta_button_title: 'validation.buttonTitle',
      description: 'validation.tooLong',
      allow_reactions: 'validation.type',
      unknown_flag: 'validation.unknownField',
    });
    const messages = res.json().violations.map((v: { message: string }) => v.message);
    expect(messages).toContain('This should be valid Linkedin link');
    expect(messages).toContain('This should be a valid url');
    expect(messages).toContain('Invalid colour code');
    // nothing of the refused patch was kept
    const got = await t.app.inject({ url: '/api/user/profile/public', headers: s.headers });
    expect(got.json()).toMatchObject({ accent_color: null, cta_button_title: null });
    const ok = await patch(s, {
      cta_button_title: 'x'.repeat(20),
      linkedin: 'be.linkedin.com/in/ann',
    });
    expect(ok.statusCode).toBe(200);
  });

  it("someone else's id is 403, an unknown one 404, none 'id is required', no session 401", async () => {
    const a = await signedInSubscriber(t);
    const b = await signedInSubscriber(t);
    await create(b, { slug: 'bsown' });
    const other = await patch(a, { slug: 'hijacked' }, b.profileId);
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe('You are not authorised to perform this action');
    expect((await visit('/api/p/profile/bsown')).statusCode).toBe(200);
    expect((await patch(a, { slug: 'x1x' }, 'abc')).statusCode).toBe(404);
    for (const url of ['/api/user/profile/public/', '/api/user/profile']) {
      const none = await send(a, 'PATCH', url, { slug: 'nothing' });
      expect(none.statusCode, url).toBe(422);
      expect(none.json().violations).toEqual([
        { propertyPath: 'id', message: 'id is required', code: 'profile.idRequired' },
      ]);
    }
    expect((await send(null, 'POST', '/api/user/profile/public', {})).statusCode).toBe(401);
    expect(
      (await send(null, 'PATCH', `/api/user/profile/public/${a.profileId}`, {})).statusCode,
    ).toBe(401);
  });

  it('the extended profile (accent colour, call-to-action) needs a subscription; the basic one is free', async () => {
    const free = await signedInUser(t, { name: 'Free Person' });
    const basic = await create(free, { slug: 'freeperson', description: 'Hello' });
    expect(basic.statusCode).toBe(201);
    for (const body of [
      { accent_color: '#aa3366' },
      { cta_button_title: 'Book a call', cta_button_url: 'https://free.example' },
      { cta_button_color: '#112233' },
    ]) {
      const res = await patch(free, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'The call-to-action button, the accent colour and the banner of a public profile need a subscription.',
      );
    }
    const settings = await t.app.inject({ url: '/api/user/profile/public', headers: free.headers });
    expect(settings.json()).toMatchObject({ accent_color: null, cta_button_title: null });
    // clearing them is allowed, and so is a refused POST's basic part elsewhere
    expect((await patch(free, { accent_color: '', cta_button_title: null })).statusCode).toBe(200);
    const other = await signedInUser(t, { name: 'Other Free' });
    expect((await create(other, { slug: 'otherfree', accent_color: '#abc' })).statusCode).toBe(403);
  });
});
