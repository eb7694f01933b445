import type { AddressInfo } from 'node:net';
import { pngFixture, postUpload, uploadAvatar } from '../../modules/media/test-support.js';
import { createCollection, insertCollection } from '../content.js';
import { bearer, login, signedInUser, type SignedIn } from '../factories.js';
import { createTestApp, type TestApp } from '../harness.js';
import { connectUsers } from '../social.js';
import type { References } from './values.js';

/**
 * The app the fuzzer attacks, listening on a port of its own as well (for the cases sent
 * over a real socket), with a signed-in account that owns real objects of every kind (a
 * collection, a memo, a comment, a reaction, a photo, a document, pictures, a connection,
 * notifications) and two other accounts, so that cases reach the handlers.
 */
export interface FuzzWorld {
  t: TestApp;
  port: number;
  user: SignedIn;
  refs: References;
  /** whether the fuzz account's session still answers */
  sessionAlive(): Promise<boolean>;
  /** signs the fuzz account in again (after an operation that ended its session) */
  renewSession(): Promise<void>;
  /** a session of its own for one case */
  freshToken(): Promise<string>;
  close(): Promise<void>;
}

async function created(t: TestApp, who: SignedIn, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: who.headers, payload });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json() as { id: number };
}

async function uploaded(res: { statusCode: number; body: string; json(): unknown }) {
  if (res.statusCode !== 201) throw new Error(`upload: ${res.body}`);
  return (res.json() as { id: number }).id;
}

export async function createFuzzWorld(): Promise<FuzzWorld> {
  const t = await createTestApp({
    // failures (wrong passwords, codes, PINs) must not lock the fuzz account out halfway
    failureLimit: 1_000_000,
    // a file part over the limit costs 1 MB to send, not 80
    config: { uploadLimitMb: 1, globalRateLimitPerMinute: 10_000_000 },
  });
  try {
    const user = await signedInUser(t, { name: 'Fuzz Owner' });
    const other = await signedInUser(t, { name: 'Fuzz Contact' });
    const stranger = await signedInUser(t, { name: 'Fuzz Stranger' });
    const connection = await connectUsers(t, user.id, other.id);
    const collection = await createCollection(t, user, { name: 'Fuzz', type: 'all_contacts' });
    const otherCollection = await insertCollection(t, other.id, 'all_contacts');
    const memo = await created(t, user, '/api/memo', {
      title: 'Fuzz memo',
      memos_per_collection: [collection],
    });
    const comment = await created(t, other, '/api/memo/comment', {
      memo: memo.id,
      description: 'hi',
    });
    const ownComment = await created(t, user, '/api/memo/comment', {
      memo: memo.id,
      description: 'yo',
    });
    const reaction = await created(t, other, '/api/memo/reaction', {
      memo: memo.id,
      reaction_type: 'like',
    });
    const png = { name: 'a.png', content: await pngFixture(32, 24), type: 'image/png' };
    const photo = await uploaded(
      await postUpload(t, '/api/memo/photo', user, png, { memo: String(memo.id) }),
    );
    const document = await uploaded(
      await postUpload(
        t,
        '/api/memo/document',
        user,
        { name: 'plan.txt', content: Buffer.from('plan'), type: 'text/plain' },
        { memo: String(memo.id) },
      ),
    );
    const avatar = await uploaded(await uploadAvatar(t, user, png));
    const picture = await uploaded(await postUpload(t, '/api/collection/picture', user, png));
    await t.app.jobs.runDue();
    const list = await t.app.inject({ url: '/api/notifications', headers: user.headers });
    const notifications = (list.json() as { id: number }[]).map((n) => String(n.id));

    const users = [user.id, other.id, stranger.id].map(String);
    const memos = [String(memo.id)];
    const collections = [collection, otherCollection];
    const byKind: Record<string, string[]> = {
      user: users,
      profile: [user.profileId, other.profileId].map(String),
      block: users,
      'favourite-contact': users,
      collection: collections,
      'favourite-collection': collections,
      memo: memos,
      pin_on_top: memos,
      unpin: memos,
      todo: memos,
      copy: memos,
      comment: [comment.id, ownComment.id].map(String),
      reaction: [String(reaction.id)],
      connection: [String(connection)],
      notification: notifications.length > 0 ? notifications : ['1'],
      photo: [photo, avatar, picture].map(String),
      document: [String(document)],
      // the image proxy's address: one the fetch guard refuses without a name lookup
      proxy: ['http%3A%2F%2F127.0.0.1%3A9%2Fa.png', 'https://10.0.0.1/x', 'a', 'ftp%3A%2F%2Fx'],
    };
    const numbers = [
      user.id,
      other.id,
      stranger.id,
      memo.id,
      comment.id,
      reaction.id,
      photo,
      document,
      connection,
    ];
    const refs: References = {
      values: [
        ...numbers,
        ...collections,
        ...users.map((id) => `/api/user/${id}`),
        `/api/memo/${memo.id}`,
        ...collections.map((id) => `/api/collection/${id}`),
      ],
      byKind,
      all: [...new Set(Object.values(byKind).flat())],
      addresses: [user, other, stranger].map((u) => u.usermail),
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;

    const world: FuzzWorld = {
      t,
      port,
      user,
      refs,
      async sessionAlive() {
        const res = await t.app.inject({ url: '/api/profile', headers: world.user.headers });
        return res.statusCode === 200;
      },
      async renewSession() {
        const pair = await login(t, user);
        world.user = { ...user, ...pair, headers: bearer(pair.token) };
      },
      async freshToken() {
        return (await login(t, user)).token;
      },
      close: () => t.close(),
    };
    return world;
  } catch (error) {
    await t.close();
    throw error;
  }
}
