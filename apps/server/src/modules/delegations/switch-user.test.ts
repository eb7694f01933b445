import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  bearer,
  createDelegation,
  createUser,
  revokeDelegation,
  signedInUser,
  uniqueEmail,
  type SignedIn,
} from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';

describeDb('POST /api/switch-user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  let address = 0;
  const switchUser = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/switch-user',
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: payload as object,
      // Refusals count against the failure limit: keep the tests' addresses apart.
      remoteAddress: `10.7.0.${(address++ % 250) + 1}`,
    });
  const profile = (token: string) => t.app.inject({ url: '/api/profile', headers: bearer(token) });

  /** An account that delegated to a signed-in person, with the delegation's token. */
  async function delegatedPair(accountOptions: Parameters<typeof createUser>[1] = {}) {
    const account = await createUser(t, { name: 'Workspace Account', ...accountOptions });
    const person: SignedIn = await signedInUser(t, { name: 'Root Person' });
    const { delegation, secure_token } = await createDelegation(t, account, person);
    return { account, person, delegation, secureToken: secure_token };
  }

  it('switches into the delegated account: the profile is the account, root_user the person', async () => {
    const { account, person, secureToken } = await delegatedPair();
    const res = await switchUser(person.token, {
      account_user: `/api/user/${account.id}`,
      secure_token: secureToken,
    });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(Object.keys(pair).sort()).toEqual(['refresh_token', 'token']);

    const me = await profile(pair.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: account.id,
      usermail: account.usermail,
      user_profile: { name: 'Workspace Account' },
      root_user: { id: person.id, '@id': `/api/user/${person.id}`, name: 'Root Person' },
    });
    // the access token names the person too
    const claims = JSON.parse(Buffer.from(pair.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: String(account.id), rid: person.id });
  });

  it('revokes the session it switched from', async () => {
    const { account, person, secureToken } = await delegatedPair();
    const res = await switchUser(person.token, {
      account_user: account.id,
      secure_token: secureToken,
    });
    expect(res.statusCode).toBe(200);
    const old = await profile(person.token);
    expect(old.statusCode).toBe(401);
    expect(old.headers['x-token-expired']).toBe('1');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: person.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('a normal session has root_user null', async () => {
    const session = await signedInUser(t);
    expect((await profile(session.token)).json().root_user).toBeNull();
  });

  it('switches back to one’s own account without a token', async () => {
    const { account, person, secureToken } = await delegatedPair();
    const acting = (
      await switchUser(person.token, { account_user: account.id, secure_token: secureToken })
    ).json();
    const back = await switchUser(acting.token, { account_user: `/api/user/${person.id}` });
    expect(back.statusCode).toBe(200);
    const me = (await profile(back.json().token)).json();
    expect(me).toMatchObject({ id: person.id, root_user: null });
    expect((await profile(acting.token)).statusCode).toBe(401);
    // an empty token does as well, and switching back from one's own session is harmless
    const again = await switchUser(back.json().token, {
      account_user: person.id,
      secure_token: '',
    });
    expect(again.statusCode).toBe(200);
    expect((await profile(again.json().token)).json()).toMatchObject({
      id: person.id,
      root_user: null,
    });
  });

  it('accepts the account as an IRI, a bare id or a numeric string', async () => {
    for (const form of ['iri', 'number', 'string'] as const) {
      const { account, person, secureToken } = await delegatedPair();
      const ref =
        form === 'iri'
          ? `/api/user/${account.id}`
          : form === 'number'
            ? account.id
            : String(account.id);
      const res = await switchUser(person.token, { account_user: ref, secure_token: secureToken });
      expect(res.statusCode, form).toBe(200);
      expect((await profile(res.json().token)).json().id).toBe(account.id);
    }
  });

  it('refuses a wrong token with 403 and changes nothing', async () => {
    const { account, person } = await delegatedPair();
    for (const secure_token of ['wrong', '', undefined, null]) {
      const res = await switchUser(person.token, { account_user: account.id, secure_token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        status: 403,
        detail: 'You are not authorised to perform this action',
      });
    }
    const me = await profile(person.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: person.id, root_user: null });
  });

  it('refuses a revoked delegation, even with its token', async () => {
    const { account, person, delegation, secureToken } = await delegatedPair();
    await revokeDelegation(t, delegation.id);
    const res = await switchUser(person.token, {
      account_user: account.id,
      secure_token: secureToken,
    });
    expect(res.statusCode).toBe(403);
    expect((await profile(person.token)).statusCode).toBe(200);
  });

  it("refuses someone else's delegation and another account's token", async () => {
    const { account, secureToken } = await delegatedPair();
    const stranger = await signedInUser(t);
    const stolen = await switchUser(stranger.token, {
      account_user: account.id,
      secure_token: secureToken,
    });
    expect(stolen.statusCode).toBe(403);
    // the person holds a delegation of another account: its token opens only that account
    const other = await delegatedPair();
    const mixed = await switchUser(other.person.token, {
      account_user: account.id,
      secure_token: other.secureToken,
    });
    expect(mixed.statusCode).toBe(403);
  });

  it('answers an unknown, disabled or unactivated account like a wrong token', async () => {
    const session = await signedInUser(t);
    const unknown = await switchUser(session.token, { account_user: 999999, secure_token: 'x' });
    expect(unknown.statusCode).toBe(403);

    const inactive = await delegatedPair({ active: false });
    const refused = await switchUser(inactive.person.token, {
      account_user: inactive.account.id,
      secure_token: inactive.secureToken,
    });
    expect(refused.statusCode).toBe(403);

    const disabled = await delegatedPair();
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.database.dialect.time(new Date()) })
      .where('id', '=', disabled.account.id)
      .execute();
    const off = await switchUser(disabled.person.token, {
      account_user: disabled.account.id,
      secure_token: disabled.secureToken,
    });
    expect(off.statusCode).toBe(403);
    for (const res of [unknown, refused, off])
      expect(res.json().detail).toBe(unknown.json().detail);
  });

  it('acts for accounts delegated to the person, not to the account acted for', async () => {
    const { account, person, secureToken } = await delegatedPair();
    const second = await createUser(t);
    const toPerson = await createDelegation(t, second, person);
    const third = await createUser(t);
    const toAccount = await createDelegation(t, third, account);
    const acting = (
      await switchUser(person.token, { account_user: account.id, secure_token: secureToken })
    ).json();
    const borrowed = await switchUser(acting.token, {
      account_user: third.id,
      secure_token: toAccount.secure_token,
    });
    expect(borrowed.statusCode).toBe(403);
    const next = await switchUser(acting.token, {
      account_user: second.id,
      secure_token: toPerson.secure_token,
    });
    expect(next.statusCode).toBe(200);
    expect((await profile(next.json().token)).json()).toMatchObject({
      id: second.id,
      root_user: { id: person.id },
    });
  });

  it('needs a full session: 401 without one, 403 for the signup session', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/switch-user',
      payload: { account_user: 1, secure_token: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        usermail: uniqueEmail('switch'),
        password: STRONG_PASSWORD,
        userProfile: { name: 'New' },
      },
    });
    const activation = signup.json().token as string;
    const res = await switchUser(activation, { account_user: 1, secure_token: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Activate your account to continue.');
  });

  it('answers 422 for a missing or malformed body', async () => {
    const session = await signedInUser(t);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/switch-user',
      headers: session.headers,
    });
    expect(missing.statusCode).toBe(422);
    const empty = await switchUser(session.token, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'account_user', code: 'validation.required' }),
    ]);
    for (const account_user of ['/api/memo/3', 'abc', 0, -1, true, '/api/user/99999999999']) {
      const res = await switchUser(session.token, { account_user, secure_token: 'x' });
      expect(res.statusCode, String(account_user)).toBe(422);
      expect(res.json().violations[0].propertyPath).toBe('account_user');
    }
    const long = await switchUser(session.token, {
      account_user: 1,
      secure_token: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(422);
    expect((await profile(session.token)).statusCode).toBe(200);
  });
});
