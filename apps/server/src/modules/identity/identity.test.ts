import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { connectUsers } from '../../test/social.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../../test/oidc-provider.js';
import { caller } from '../connections/test-support.js';

const CALLBACK = 'http://memoria.test/api/pim/callback';

interface Started {
  url: string;
  cookie: string;
  request?: string;
}

describeDb('identity: verification and sign-in through the OpenID provider', () => {
  let t: TestApp;
  let idp: TestIdentityProvider;
  let call: ReturnType<typeof caller>;
  let alice: SignedIn;

  beforeAll(async () => {
    idp = await startTestIdentityProvider([CALLBACK]);
    t = await createTestApp({
      config: {
        oidc: {
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          name: 'Test ID',
        },
      },
    });
    call = caller(t);
    alice = await signedInUser(t, { name: 'Alice' });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const profileOf = async (user: SignedIn) => {
    const res = await call(user, 'GET', '/api/profile');
    expect(res.status).toBe(200);
    return res.body as {
      user_profile: {
        name: string;
        name_official: string | null;
        user_identified: boolean;
        has_pending_identification: boolean;
      };
    };
  };

  async function startVerification(user: SignedIn): Promise<Started> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/identify_user_pim?locale=nl',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    return {
      url: (res.json() as { url: string }).url,
      cookie: String(res.headers['set-cookie']).split(';')[0] ?? '',
    };
  }

  /** The browser comes back from the provider to the app's callback, with its cookie. */
  async function comeBack(location: string, cookie: string) {
    const back = new URL(location);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    return t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
  }

  it('tells the web app which provider is configured', async () => {
    const res = await call(null, 'GET', '/api/pim/provider');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: true, name: 'Test ID' });
  });

  it('verifies a name: PKCE, state and nonce, the official name from the ID token, kept after a rename', async () => {
    idp.people.set('alice-sub', 'Alice Marie Official');
    const started = await startVerification(alice);
    const url = new URL(started.url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('ui_locales')).toBe('nl');
    const pending = await profileOf(alice);
    expect(pending.user_profile.has_pending_identification).toBe(true);
    expect(pending.user_profile.user_identified).toBe(false);

    const back = await comeBack(await idp.authorise(started.url, 'alice-sub'), started.cookie);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/account-settings/verify-name?result=done');
    const done = await profileOf(alice);
    expect(done.user_profile).toMatchObject({
      name_official: 'Alice Marie Official',
      user_identified: true,
      has_pending_identification: false,
    });
    const link = await t.database.db
      .selectFrom('external_identities')
      .selectAll()
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ issuer: idp.issuer, subject: 'alice-sub' });
    expect(Date.now() - new Date(link.verified_at).getTime()).toBeLessThan(60_000);

    // the callback replayed changes nothing
    const replay = await comeBack(await idp.authorise(started.url, 'alice-sub'), started.cookie);
    expect(replay.statusCode).toBe(400);

    const renamed = await call(alice, 'PATCH', `/api/user/profile/${alice.profileId}`, {
      name: 'Ali',
    });
    expect(renamed.status).toBe(200);
    const after = await profileOf(alice);
    expect(after.user_profile.name).toBe('Ali');
    expect(after.user_profile.name_official).toBe('Alice Marie Official');
    expect(after.user_profile.user_identified).toBe(true);
  });

  it("shows the official name with the verified mark on a connection's list", async () => {
    const bob = await signedInUser(t, { name: 'Bob' });
    await connectUsers(t, alice.id, bob.id);
    const res = await call(bob, 'GET', '/api/identified_contacts', undefined, {
      accept: 'application/json',
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('Alice Marie Official');
  });

  it('refuses an ID token with a wrong nonce, or from a wrong issuer, and clears the pending mark', async () => {
    const carol = await signedInUser(t, { name: 'Carol' });
    idp.people.set('carol-sub', 'Carol Official');
    for (const change of [
      (claims: Record<string, unknown>) => ({ ...claims, nonce: 'not-the-nonce' }),
      (claims: Record<string, unknown>) => ({ ...claims, iss: 'http://127.0.0.1:1/elsewhere' }),
    ]) {
      const started = await startVerification(carol);
      idp.tamperIdToken = change;
      try {
        const back = await comeBack(await idp.authorise(started.url, 'carol-sub'), started.cookie);
        expect(back.statusCode).toBe(303);
        expect(back.headers.location).toBe('/account-settings/verify-name?result=failed');
      } finally {
        idp.tamperIdToken = null;
      }
      const profile = await profileOf(carol);
      expect(profile.user_profile).toMatchObject({
        name_official: null,
        user_identified: false,
        has_pending_identification: false,
      });
    }
  });

  it('refuses a return in a browser that did not start the request, and an unknown state', async () => {
    const dave = await signedInUser(t, { name: 'Dave' });
    idp.people.set('dave-sub', 'Dave Official');
    const started = await startVerification(dave);
    const location = await idp.authorise(started.url, 'dave-sub');
    const noCookie = await comeBack(location, '');
    expect(noCookie.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/pim/callback?state=nope&code=x',
      headers: { cookie: 'memoria_oidc_state=nope' },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await profileOf(dave)).user_profile.user_identified).toBe(false);
  });

  it('refuses an identity already linked to another account', async () => {
    const erin = await signedInUser(t, { name: 'Erin' });
    const started = await startVerification(erin);
    const back = await comeBack(await idp.authorise(started.url, 'alice-sub'), started.cookie);
    expect(back.headers.location).toBe('/account-settings/verify-name?result=failed');
    expect((await profileOf(erin)).user_profile.user_identified).toBe(false);
  });

  async function startLogin(): Promise<Started> {
    const res = await t.app.inject({ method: 'GET', url: '/api/pim/url?locale=en' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { url: string; request: string };
    return {
      url: body.url,
      request: body.request,
      cookie: String(res.headers['set-cookie']).split(';')[0] ?? '',
    };
  }

  it('signs in the linked account: 400 until the provider answered, then tokens, once', async () => {
    const started = await startLogin();
    expect(started.request).toMatch(/.{20,}/);
    const early = await call(null, 'POST', '/api/pim/login', { request: started.request });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('The identity service has not answered yet.');

    const back = await comeBack(await idp.authorise(started.url, 'alice-sub'), started.cookie);
    expect(back.headers.location).toBe('/auth/pim?result=done');
    const res = await call(null, 'POST', '/api/pim/login', { request: started.request });
    expect(res.status).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${(res.body as { token: string }).token}` },
    });
    expect(me.statusCode).toBe(200);
    expect((me.json() as { id: number }).id).toBe(alice.id);
    const again = await call(null, 'POST', '/api/pim/login', { request: started.request });
    expect(again.status).toBe(410);
  });

  it('answers an identity no account is linked to, and refuses bad input', async () => {
    idp.people.set('stranger-sub', 'Stranger Official');
    const started = await startLogin();
    await comeBack(await idp.authorise(started.url, 'stranger-sub'), started.cookie);
    const res = await call(null, 'POST', '/api/pim/login', { request: started.request });
    expect(res.status).toBe(401);
    expect(res.body.message).toContain('No account is linked to this identity');
    expect((await call(null, 'POST', '/api/pim/login', {})).status).toBe(422);
    expect((await call(null, 'POST', '/api/pim/login', { request: 'x'.repeat(201) })).status).toBe(
      422,
    );
    expect((await call(null, 'POST', '/api/pim/login', { request: 'unknown' })).status).toBe(410);
    expect((await call(null, 'GET', '/api/pim/url?locale=xx')).status).toBe(422);
    expect((await call(null, 'GET', '/api/identify_user_pim')).status).toBe(401);
  });

  it('gives up on a sign-in the provider did not answer within 2 minutes', async () => {
    const started = await startLogin();
    await t.database.db
      .updateTable('identity_requests')
      .set({ expires_at: t.database.dialect.time(new Date(Date.now() - 1000)) })
      .where('status', '=', 'waiting')
      .execute();
    const res = await call(null, 'POST', '/api/pim/login', { request: started.request });
    expect(res.status).toBe(410);
    expect(res.body.message).toContain('more than 2 minutes');
  });
});

describeDb('identity: no provider configured', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  it("answers 'User verification is not allowed' and changes nothing", async () => {
    const frank = await signedInUser(t, { name: 'Frank' });
    const res = await call(frank, 'GET', '/api/identify_user_pim');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('User verification is not allowed');
    const profile = await call(frank, 'GET', '/api/profile');
    expect(profile.body.user_profile.has_pending_identification).toBe(false);
    expect((await call(null, 'GET', '/api/pim/url')).status).toBe(403);
    expect((await call(null, 'POST', '/api/pim/login', { request: 'abc' })).status).toBe(403);
    expect((await call(null, 'GET', '/api/pim/provider')).body).toEqual({
      enabled: false,
      name: null,
    });
  });
});

describe('identity: configuration', () => {
  it('needs the issuer, client id and secret together', async () => {
    const { loadConfig, ConfigError } = await import('../../config.js');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(ConfigError);
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example/realm',
      OIDC_CLIENT_ID: 'memoria',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example/realm',
      clientId: 'memoria',
      clientSecret: 'secret',
      name: 'id.example',
    });
    expect(loadConfig({}).oidc).toBeUndefined();
  });
});
