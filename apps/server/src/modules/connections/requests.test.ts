import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, uniqueEmail, type SignedIn } from '../../test/factories.js';
import { blockUser } from '../../test/social.js';
import {
  activityOf,
  caller,
  contactPairs,
  setRules,
  tokenOfLink,
  violationOf,
} from './test-support.js';

/** The fields and the kind of each value: what stays the same whoever the address belongs to. */
function shapeOf(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value,
    ]),
  );
}

describeDb('connection requests by email', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  const person = (name: string, locale: 'en' | 'nl' = 'en') => signedInUser(t, { name, locale });
  const request = (from: SignedIn, email: string, message?: string) =>
    call(from, 'POST', '/api/connection', {
      user_to_email: email,
      ...(message === undefined ? {} : { personal_message: message }),
    });

  describe('to an existing account', () => {
    it('is an outcome for the sender, an income for the receiver, with a mail and an event', async () => {
      const ann = await person('Ann Archer');
      const bob = await person('Bob Baker', 'nl');
      const res = await request(ann, bob.usermail.toUpperCase(), '  Hi Bob!  ');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        status: 'outcome',
        user_outbound: { id: ann.id, name: 'Ann Archer', label: 'AA' },
        // until Bob accepts, Ann sees only the address she typed
        user_inbound: null,
        user: null,
        user_id: null,
        picture: null,
        url: null,
        label: bob.usermail.slice(0, 1).toUpperCase(),
        user_to_email: bob.usermail,
        personal_message: 'Hi Bob!',
        watching: false,
        auto_accepted: false,
        accepted_at: null,
      });
      expect(res.body['@id']).toBe(`/api/connection/${res.body.id}`);

      const mail = t.mail.lastTo(bob.usermail);
      expect(mail).toMatchObject({ template: 'connectionRequest', locale: 'nl' });
      expect(mail?.params).toMatchObject({ sender: 'Ann Archer', message: 'Hi Bob!' });
      expect(mail?.params.link).toMatch(
        /^http:\/\/memoria\.test\/connections\/accept\/[\w-]{40,}$/,
      );
      expect(mail?.subject).toContain('Ann Archer');
      expect(mail?.text).toContain('Hi Bob!');

      const inbound = await call(
        bob,
        'GET',
        `/api/user/${bob.id}/connection/inbound?status=requested`,
      );
      expect(inbound.status).toBe(200);
      expect(inbound.body).toHaveLength(1);
      expect(inbound.body[0]).toMatchObject({
        id: res.body.id,
        status: 'income',
        user: { id: ann.id },
        user_to_email: null,
      });
      expect(inbound.body[0]).not.toHaveProperty('valid_until');
      const outbound = await call(
        ann,
        'GET',
        `/api/user/${ann.id}/connection/outbound?status=requested`,
      );
      expect(outbound.body.map((c: { id: number }) => c.id)).toEqual([res.body.id]);
      expect(outbound.body[0].valid_until).toMatch(/\+00:00$/);
      expect(outbound.body[0]).toMatchObject({ user: null, user_inbound: null, url: null });
      expect(await activityOf(t, bob.id)).toEqual([
        {
          type: 'new_connection',
          actor_user_id: ann.id,
          recipient_user_id: bob.id,
          connection_id: res.body.id,
        },
      ]);
    });

    it('accept by the receiver makes it active with two contact rows and tells the sender', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const { body: sent } = await request(ann, bob.usermail);
      expect((await call(ann, 'GET', `/api/connection/${sent.id}/accept`)).status).toBe(403);
      expect(await contactPairs(t, ann.id, bob.id)).toEqual([]);

      const accepted = await call(bob, 'GET', `/api/connection/${sent.id}/accept`);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ status: 'active', user: { id: ann.id } });
      expect(accepted.body.accepted_at).toMatch(/\+00:00$/);
      expect(await contactPairs(t, ann.id, bob.id)).toHaveLength(2);
      expect((await activityOf(t, ann.id)).at(-1)).toMatchObject({
        type: 'accepted_connection',
        actor_user_id: bob.id,
        connection_id: sent.id,
      });
      const again = await call(bob, 'GET', `/api/connection/${sent.id}/accept`);
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe('You are already connected with this person.');

      const active = await call(ann, 'GET', '/api/user/connection?status=active');
      expect(active.body.map((c: { user: { id: number } }) => c.user.id)).toEqual([bob.id]);
      expect(active.body[0].status).toBe('active');
      // contacts see each other's phone, and email only when disclosed
      expect(active.body[0].user).toMatchObject({ usermail: null, phone_number: null });
      expect((await request(ann, bob.usermail)).body.violations[0].code).toBe(
        'connections.alreadyConnected',
      );
    });

    it('refuses own email, a bad address, a duplicate, and an unknown field with 422 and no row', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const count = async () =>
        (
          await t.database.db
            .selectFrom('connections')
            .select('id')
            .where('user_outbound_id', '=', ann.id)
            .execute()
        ).length;

      const own = await request(ann, ann.usermail.toUpperCase());
      expect(own.status).toBe(422);
      expect(violationOf(own.body)).toEqual({
        path: 'user_to_email',
        code: 'connections.ownEmail',
      });
      const bad = await request(ann, 'not-an-email');
      expect(violationOf(bad.body)).toEqual({ path: 'user_to_email', code: 'validation.email' });
      const missing = await call(ann, 'POST', '/api/connection', {});
      expect(missing.status).toBe(422);
      const extra = await call(ann, 'POST', '/api/connection', {
        user_to_email: bob.usermail,
        x: 1,
      });
      expect(extra.status).toBe(422);
      const long = await request(ann, bob.usermail, 'x'.repeat(1001));
      expect(violationOf(long.body).path).toBe('personal_message');
      expect(await count()).toBe(0);

      expect((await request(ann, bob.usermail)).status).toBe(201);
      const duplicate = await request(ann, bob.usermail);
      expect(duplicate.status).toBe(422);
      expect(violationOf(duplicate.body)).toEqual({
        path: 'user_to_email',
        code: 'connections.alreadyRequested',
      });
      expect(await count()).toBe(1);
      expect(
        (await call(null, 'POST', '/api/connection', { user_to_email: bob.usermail })).status,
      ).toBe(401);
    });

    it('asking someone who already asked you accepts their request', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const { body: sent } = await request(ann, bob.usermail);
      const back = await request(bob, ann.usermail);
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ id: sent.id, status: 'active' });
      expect(await contactPairs(t, ann.id, bob.id)).toHaveLength(2);
    });

    it('a declined request is cancelled for both; the sender cannot ask again until removing it', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const { body: sent } = await request(ann, bob.usermail);
      expect((await call(ann, 'GET', `/api/connection/${sent.id}/reject`)).status).toBe(403);
      const rejected = await call(bob, 'GET', `/api/connection/${sent.id}/reject`);
      expect(rejected.body).toMatchObject({ status: 'cancelled' });
      expect(rejected.body.rejected_at).toMatch(/\+00:00$/);
      expect((await call(bob, 'GET', `/api/connection/${sent.id}/reject`)).status).toBe(409);
      for (const who of [ann, bob]) {
        const list = await call(who, 'GET', `/api/users/${who.id}/user_rejected_connections`);
        expect(list.body.map((c: { status: string }) => c.status)).toEqual(['cancelled']);
        const cancelled = await call(who, 'GET', '/api/user/connection?status=cancelled');
        expect(cancelled.body).toHaveLength(1);
      }
      expect((await call(bob, 'GET', `/api/user/${bob.id}/connection/inbound`)).body).toEqual([]);
      expect(violationOf((await request(ann, bob.usermail)).body).code).toBe(
        'connections.alreadyRequested',
      );
      expect((await call(ann, 'DELETE', `/api/connection/${sent.id}`)).status).toBe(204);
      expect((await request(ann, bob.usermail)).status).toBe(201);
    });

    it('the receiver may still accept a request they declined', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const { body: sent } = await request(ann, bob.usermail);
      await call(bob, 'GET', `/api/connection/${sent.id}/reject`);
      const accepted = await call(bob, 'GET', `/api/connection/${sent.id}/accept`);
      expect(accepted.body).toMatchObject({ status: 'active', rejected_at: null });
    });

    it('cancel and remove delete the row, its contacts and the favourites of each other', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const { body: pending } = await request(ann, bob.usermail);
      expect((await call(ann, 'DELETE', `/api/connection/${pending.id}`)).status).toBe(204);
      expect((await call(bob, 'GET', `/api/user/${bob.id}/connection/inbound`)).body).toEqual([]);
      expect((await call(ann, 'DELETE', `/api/connection/${pending.id}`)).status).toBe(404);

      const { body: sent } = await request(ann, bob.usermail);
      await call(bob, 'GET', `/api/connection/${sent.id}/accept`);
      const fav = await call(ann, 'POST', '/api/favourite-contact', {
        favouriteUser: `/api/user/${bob.id}`,
      });
      expect(fav.status).toBe(201);
      const stranger = await person('Stranger');
      expect((await call(stranger, 'DELETE', `/api/connection/${sent.id}`)).status).toBe(404);
      expect((await call(bob, 'DELETE', `/api/connection/${sent.id}`)).status).toBe(204);
      expect(await contactPairs(t, ann.id, bob.id)).toEqual([]);
      expect((await call(ann, 'GET', '/api/favourite-contact')).body).toEqual([]);
      expect((await call(ann, 'GET', '/api/user/connection')).body).toEqual([]);
      expect((await call(ann, 'DELETE', '/api/connection/abc')).status).toBe(404);
    });

    it('blocked either way: answered like an unknown address, but nothing reaches the other', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      await blockUser(t, bob.id, ann.id);
      for (const [from, to] of [
        [ann, bob],
        [bob, ann],
      ] as const) {
        const res = await request(from, to.usermail);
        const unknown = await request(from, uniqueEmail('nobody'));
        expect(res.status).toBe(unknown.status);
        expect(shapeOf(res.body)).toEqual(shapeOf(unknown.body));
        expect(res.body).toMatchObject({ status: 'outcome', user: null, user_inbound: null });
        expect(t.mail.lastTo(to.usermail)).toBeUndefined();
        const inbound = await call(to, 'GET', `/api/user/${to.id}/connection/inbound`);
        expect(inbound.body).toEqual([]);
        expect((await request(from, to.usermail)).body.violations[0].code).toBe(
          'connections.alreadyRequested',
        );
      }
      expect(await contactPairs(t, ann.id, bob.id)).toEqual([]);
    });

    it('answers a registered and an unknown address alike, in the answer and in "Sent"', async () => {
      const ann = await person('Ann Archer');
      const bob = await person('Bob Baker');
      await t.database.db
        .updateTable('user_profiles')
        .set({ function: 'Pilot', organization_name: 'Sky', location: 'Lyon' })
        .where('user_id', '=', bob.id)
        .execute();
      const stranger = uniqueEmail('stranger');
      const registered = await request(ann, bob.usermail, 'Hello');
      const unknown = await request(ann, stranger, 'Hello');
      expect(registered.status).toBe(201);
      expect(unknown.status).toBe(201);
      expect(shapeOf(registered.body)).toEqual(shapeOf(unknown.body));
      expect(Object.keys(registered.body)).toEqual(Object.keys(unknown.body));
      // ids, times and the address differ; everything else must be the same text
      const shown = (body: Record<string, unknown>, email: string) =>
        JSON.stringify({
          ...body,
          id: 0,
          '@id': '',
          created_at: '',
          valid_until: '',
          user_to_email: body.user_to_email === email ? 'ADDRESS' : body.user_to_email,
          label: body.label === email.slice(0, 1).toUpperCase() ? 'INITIAL' : body.label,
        });
      expect(shown(registered.body, bob.usermail)).toBe(shown(unknown.body, stranger));
      expect(JSON.stringify(registered.body)).not.toMatch(/Bob|Pilot|Sky|Lyon/);

      const sent = await call(ann, 'GET', `/api/user/${ann.id}/connection/outbound`);
      const byAddress = (email: string) =>
        sent.body.find((c: { user_to_email: string }) => c.user_to_email === email);
      expect(shown(byAddress(bob.usermail), bob.usermail)).toBe(
        shown(byAddress(stranger), stranger),
      );
      expect(JSON.stringify(sent.body)).not.toMatch(/Bob|Pilot|Sky|Lyon/);
      // asking again is refused alike
      const again = [await request(ann, bob.usermail), await request(ann, stranger)];
      expect(again.map((r) => [r.status, r.body.violations[0].code])).toEqual([
        [422, 'connections.alreadyRequested'],
        [422, 'connections.alreadyRequested'],
      ]);
    });

    it('only the person themself may list their inbound, outbound and declined requests', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      for (const path of [
        `/api/user/${bob.id}/connection/inbound`,
        `/api/user/${bob.id}/connection/outbound`,
        `/api/users/${bob.id}/user_rejected_connections`,
      ]) {
        expect((await call(ann, 'GET', path)).status).toBe(403);
      }
      expect(
        (await call(ann, 'GET', `/api/user/${ann.id}/connection/inbound?status=active`)).status,
      ).toBe(422);
      expect((await call(ann, 'GET', '/api/user/connection?status=friends')).status).toBe(422);
      expect((await call(ann, 'GET', '/api/user/connection?user_type=robot')).status).toBe(422);
    });
  });

  describe("the receiver's rules", () => {
    it('a mandatory personal message (rules.connection_message_required)', async () => {
      const ann = await person('Ann');
      const org = await person('Org');
      await setRules(t, org.id, {
        connection_message_required: true,
        connection_message_hint: 'Say who you are',
      });
      const res = await request(ann, org.usermail, '   ');
      expect(res.status).toBe(422);
      expect(violationOf(res.body)).toEqual({
        path: 'personal_message',
        code: 'connections.messageRequired',
      });
      expect((await request(ann, org.usermail, 'I am Ann from the choir')).status).toBe(201);
    });

    it('connections_require_* name the missing profile field', async () => {
      const ann = await person('Ann');
      const ws = await person('Workspace');
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ connections_require_function: true }, 'connections.requiresFunction'],
        [{ connections_require_location: true }, 'connections.requiresLocation'],
        [{ connections_require_organisation_name: true }, 'connections.requiresOrganisation'],
        [{ connections_require_profile_photo: true }, 'connections.requiresPhoto'],
        [{ connections_require_product_id: 4 }, 'connections.requiresSubscription'],
      ];
      for (const [rules, code] of cases) {
        await setRules(t, ws.id, rules);
        const res = await request(ann, ws.usermail);
        expect([res.status, violationOf(res.body)]).toEqual([422, { path: 'user_to_email', code }]);
      }
      await setRules(t, ws.id, {
        connections_require_function: true,
        connections_require_location: true,
        connections_require_organisation_name: true,
        connections_require_product_id: 4,
      });
      await call(
        ann,
        'PATCH',
        `/api/user/profile/${ann.profileId}`,
        {
          function: 'Engineer',
          location: 'Ghent',
          organization_name: 'Acme',
        },
        { 'content-type': 'application/merge-patch+json' },
      );
      await setRules(t, ann.id, { has_subscription: true });
      expect((await request(ann, ws.usermail)).status).toBe(201);
    });

    it("'max users reached' when the account has as many connections as maximum_users", async () => {
      const ws = await person('Workspace');
      const first = await person('First');
      const second = await person('Second');
      await setRules(t, ws.id, { maximum_users: 1 });
      const { body: sent } = await request(first, ws.usermail);
      const { body: other } = await request(second, ws.usermail);
      expect((await call(ws, 'GET', `/api/connection/${sent.id}/accept`)).status).toBe(200);
      const full = await call(ws, 'GET', `/api/connection/${other.id}/accept`);
      expect(full.status).toBe(409);
      expect(full.body.detail).toBe('Max users reached: the connection cannot be created.');
      expect(await contactPairs(t, ws.id, second.id)).toEqual([]);
      const third = await person('Third');
      const refused = await request(third, ws.usermail);
      expect(refused.status).toBe(409);
    });
  });

  describe('invitations to an address without an account', () => {
    const signup = async (usermail: string, name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { usermail, password: 'Secret-pass1', userProfile: { name, locale: 'de' } },
      });
      const token = res.json().token as string;
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/user/account/verification',
        headers: { authorization: `Bearer ${token}` },
        payload: { code: t.mail.codeFor(usermail) },
      });
      expect(verify.statusCode).toBe(200);
      const me = await t.app.inject({
        url: '/api/profile',
        headers: { authorization: `Bearer ${verify.json().token}` },
      });
      return {
        id: me.json().id as number,
        headers: { authorization: `Bearer ${verify.json().token}` },
      };
    };

    it('mails a public link valid 14 days; signing up with the address connects', async () => {
      const ann = await person('Ann Archer', 'nl');
      const email = uniqueEmail('newcomer');
      const res = await request(ann, email, 'Join me');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        status: 'outcome',
        user_inbound: null,
        user: null,
        user_id: null,
        user_to_email: email,
        url: null,
      });
      const days = (Date.parse(res.body.valid_until) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);
      expect(days).toBeLessThanOrEqual(14);
      const mail = t.mail.lastTo(email);
      expect(mail).toMatchObject({ template: 'connectionInvitation', locale: 'nl' });
      expect(mail?.params.link).toMatch(/^http:\/\/memoria\.test\/p\/connections\/accept\/[\w-]+$/);
      expect(mail?.text).toContain('Join me');
      expect(mail?.text).toContain('14');

      const token = tokenOfLink(mail?.params.link ?? '');
      const preview = await call(null, 'GET', `/api/p/connection-invitation/${token}`);
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        user_outbound: { id: ann.id, name: 'Ann Archer' },
        user_to_email: email,
        personal_message: 'Join me',
        has_account: false,
      });
      const again = await request(ann, email);
      expect(violationOf(again.body)).toEqual({
        path: 'user_to_email',
        code: 'connections.alreadyRequested',
      });

      const newcomer = await signup(email, 'Nina New');
      const list = await t.app.inject({ url: '/api/user/connection', headers: newcomer.headers });
      expect(list.json()).toHaveLength(1);
      expect(list.json()[0]).toMatchObject({
        id: res.body.id,
        status: 'active',
        user: { id: ann.id },
      });
      expect(await contactPairs(t, ann.id, newcomer.id)).toHaveLength(2);
      expect((await activityOf(t, ann.id)).at(-1)).toMatchObject({
        type: 'accepted_connection',
        actor_user_id: newcomer.id,
      });
      // the link is spent once the connection exists; the invited person is told so
      expect((await call(null, 'GET', `/api/p/connection-invitation/${token}`)).status).toBe(404);
      const own = await t.app.inject({
        url: `/api/p/connection-invitation/${token}`,
        headers: newcomer.headers,
      });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ user_outbound: { id: ann.id }, connected: true });
      expect(preview.body.connected).toBe(false);
    });

    it('an expired invitation does not connect; inviting again renews its link', async () => {
      const ann = await person('Ann');
      const email = uniqueEmail('late');
      const { body: sent } = await request(ann, email);
      const oldToken = tokenOfLink(t.mail.linkFor(email));
      const { db, dialect } = t.database;
      await db
        .updateTable('connections')
        .set({ valid_until: dialect.time(new Date(Date.now() - 1000)) })
        .where('id', '=', sent.id)
        .execute();
      expect((await call(null, 'GET', `/api/p/connection-invitation/${oldToken}`)).status).toBe(
        404,
      );
      const renewed = await request(ann, email);
      expect(renewed.status).toBe(201);
      expect(renewed.body.id).toBe(sent.id);
      const newToken = tokenOfLink(t.mail.linkFor(email));
      expect(newToken).not.toBe(oldToken);
      expect((await call(null, 'GET', `/api/p/connection-invitation/${oldToken}`)).status).toBe(
        404,
      );
      expect((await call(null, 'GET', `/api/p/connection-invitation/${newToken}`)).status).toBe(
        200,
      );

      const expiredEmail = uniqueEmail('expired');
      const { body: expired } = await request(ann, expiredEmail);
      await db
        .updateTable('connections')
        .set({ valid_until: dialect.time(new Date(Date.now() - 1000)) })
        .where('id', '=', expired.id)
        .execute();
      const late = await signup(expiredEmail, 'Late');
      expect(await contactPairs(t, ann.id, late.id)).toEqual([]);
    });

    it('a sender may send a limited number of invitations a day', async () => {
      const ann = await person('Ann');
      const { db, dialect } = t.database;
      const now = dialect.time(new Date());
      await db
        .insertInto('connections')
        .values(
          Array.from({ length: 50 }, (_, i) => ({
            user_outbound_id: ann.id,
            user_inbound_id: null,
            user_to_email: `bulk${i}-${ann.id}@example.test`,
            personal_message: null,
            status: 'requested' as const,
            token_hash: null,
            valid_until: now,
            auto_accepted: dialect.bool(false),
            watching_by_outbound: dialect.bool(false),
            watching_by_inbound: dialect.bool(false),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const res = await request(ann, uniqueEmail('one-too-many'));
      expect(res.status).toBe(429);
      // an address with an account counts and is refused alike: the limit tells nothing
      const bob = await person('Bob');
      const registered = await request(ann, bob.usermail);
      expect(registered.status).toBe(429);
      expect(registered.body.detail).toBe(res.body.detail);
      expect(t.mail.lastTo(bob.usermail)).toBeUndefined();
    });
  });

  describe('emailed links', () => {
    it('the receiver accepts by the link once; reuse, expiry, other accounts and the sender are refused', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const carol = await person('Carol');
      const { body: sent } = await request(ann, bob.usermail);
      const token = tokenOfLink(t.mail.linkFor(bob.usermail));

      expect((await call(ann, 'GET', `/api/connection-token/${token}/accept`)).status).toBe(403);
      const other = await call(carol, 'GET', `/api/connection-token/${token}/accept`);
      expect(other.status).toBe(403);
      expect(other.body.detail).toBe('This invitation was sent to another account.');
      expect((await call(null, 'GET', `/api/connection-token/${token}/accept`)).status).toBe(401);
      expect((await call(bob, 'GET', '/api/connection-token/short/accept')).status).toBe(404);

      const accepted = await call(bob, 'GET', `/api/connection-token/${token}/accept`);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ id: sent.id, status: 'active' });
      const reused = await call(bob, 'GET', `/api/connection-token/${token}/accept`);
      expect(reused.status).toBe(404);
      expect(reused.body.detail).toBe('This link is invalid or has expired.');

      const { body: late } = await request(ann, carol.usermail);
      const lateToken = tokenOfLink(t.mail.linkFor(carol.usermail));
      await t.database.db
        .updateTable('connections')
        .set({ valid_until: t.database.dialect.time(new Date(Date.now() - 1)) })
        .where('id', '=', late.id)
        .execute();
      expect((await call(carol, 'GET', `/api/connection-token/${lateToken}/accept`)).status).toBe(
        404,
      );
      // the request itself stays and can be accepted in the app
      expect((await call(carol, 'GET', `/api/connection/${late.id}/accept`)).status).toBe(200);
    });

    it('an invitation link may be taken by whoever signs in with it; blocked senders are hidden', async () => {
      const ann = await person('Ann');
      const dave = await person('Dave');
      const email = uniqueEmail('forwarded');
      await request(ann, email);
      const token = tokenOfLink(t.mail.linkFor(email));
      await blockUser(t, ann.id, dave.id);
      expect((await call(dave, 'GET', `/api/connection-token/${token}/accept`)).status).toBe(404);
      expect((await call(dave, 'GET', `/api/p/connection-invitation/${token}`)).status).toBe(404);
      const erin = await person('Erin');
      const accepted = await call(erin, 'GET', `/api/connection-token/${token}/accept`);
      expect(accepted.body).toMatchObject({ status: 'active', user: { id: ann.id } });
    });
  });

  describe('direct requests from a profile', () => {
    it('asks the person named by user_outbound; unknown or missing people are refused', async () => {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const res = await call(ann, 'POST', '/api/connection-direct', {
        user_outbound: `/api/user/${bob.id}`,
        personal_message: 'Saw your profile',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        status: 'outcome',
        user: { id: bob.id },
        user_to_email: null,
      });
      expect(t.mail.lastTo(bob.usermail)?.template).toBe('connectionRequest');
      const unknown = await call(ann, 'POST', '/api/connection-direct', {
        user_outbound: '/api/user/999999',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe('User not found.');
      const missing = await call(ann, 'POST', '/api/connection-direct', {});
      expect(violationOf(missing.body)).toEqual({
        path: 'user_outbound',
        code: 'validation.required',
      });
      const wrongKind = await call(ann, 'POST', '/api/connection-direct', {
        user_outbound: '/api/memo/1',
      });
      expect(violationOf(wrongKind.body)).toEqual({
        path: 'user_outbound',
        code: 'validation.invalid',
      });
      const self = await call(ann, 'POST', '/api/connection-direct', { user_outbound: ann.id });
      expect(violationOf(self.body).code).toBe('connections.ownEmail');
      const carol = await person('Carol');
      await blockUser(t, carol.id, ann.id);
      expect((await call(ann, 'POST', '/api/connection-direct', { user: carol.id })).status).toBe(
        404,
      );
    });
  });
});
