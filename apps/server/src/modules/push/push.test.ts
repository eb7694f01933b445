import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readTime } from '../../db/dialect.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { createPushSender, NEWS_TOPIC } from './index.js';
import { DELIVER_JOB } from './sender.js';
import { MAX_SUBSCRIPTIONS_PER_USER } from './store.js';
import { browserKeys, startPushReceiver, type PushReceiver } from './test-support.js';

const later = (ms: number) => new Date(Date.now() + ms);

describeDb('web push: subscriptions, VAPID key and delivery', () => {
  let t: TestApp;
  let receiver: PushReceiver;
  let ada: SignedIn;
  let ben: SignedIn;

  beforeAll(async () => {
    receiver = await startPushReceiver();
    // the receiver is on loopback: allowed by name, as the e2e server does
    t = await createTestApp({
      config: { fetch: { allowHosts: ['127.0.0.1'], allowPrivate: false } },
    });
    ada = await signedInUser(t, { name: 'Ada' });
    ben = await signedInUser(t, { name: 'Ben' });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const subscribe = (who: SignedIn | null, token: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/push_token',
      headers: who ? who.headers : {},
      payload: { token },
    });

  function subscription(pathName: string, keys = browserKeys()) {
    return {
      keys,
      json: JSON.stringify({
        endpoint: `${receiver.origin}${pathName}`,
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      }),
    };
  }

  const rowsOf = (userId: number) =>
    t.database.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('answers one VAPID public key (a P-256 point), kept in DATA_DIR across restarts', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/push/vapid-key' });
    expect(first.statusCode).toBe(200);
    const key = first.json().public_key as string;
    const point = Buffer.from(key, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    const stored = JSON.parse(fs.readFileSync(path.join(t.dataDir, 'vapid.json'), 'utf8'));
    expect(stored.public_key).toBe(key);
    expect(fs.statSync(path.join(t.dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
    const again = await t.app.inject({ method: 'GET', url: '/api/push/vapid-key' });
    expect(again.json().public_key).toBe(key);
  });

  it('stores a subscription on the news topic, once per user and endpoint', async () => {
    const sub = subscription('/store-once');
    const created = await subscribe(ada, sub.json);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      endpoint: `${receiver.origin}/store-once`,
      topics: [NEWS_TOPIC],
    });
    // the same browser again (new keys after a refresh): the same row, keys replaced
    const renewed = subscription('/store-once');
    const again = await subscribe(ada, renewed.json);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.json().id);
    const rows = (await rowsOf(ada.id)).filter((r) => r.endpoint.endsWith('/store-once'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.p256dh).toBe(renewed.keys.p256dh);
    // the object form is taken too; another person with the same endpoint has their own row
    const benRes = await subscribe(ben, JSON.parse(sub.json));
    expect(benRes.statusCode).toBe(201);
    expect(benRes.json().id).not.toBe(created.json().id);
  });

  it('keeps the newest browsers of a person, up to the limit', async () => {
    const many = await signedInUser(t, { name: 'Many Devices' });
    const first = (await subscribe(many, subscription('/device-0').json)).json().id as number;
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_USER; i += 1) {
      expect((await subscribe(many, subscription(`/device-${i}`).json)).statusCode).toBe(201);
    }
    const rows = await rowsOf(many.id);
    expect(rows).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(rows.some((r) => r.id === first)).toBe(false);
    expect(rows.some((r) => r.endpoint.endsWith(`/device-${MAX_SUBSCRIPTIONS_PER_USER}`))).toBe(
      true,
    );
  });

  it('refuses what is not a usable subscription with 422 and stores nothing', async () => {
    const keys = browserKeys();
    const valid = {
      endpoint: `${receiver.origin}/x`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    };
    const bad: unknown[] = [
      'not json',
      '',
      JSON.stringify({ endpoint: valid.endpoint }),
      JSON.stringify({ ...valid, endpoint: 'ftp://push.example.com/x' }),
      JSON.stringify({ ...valid, endpoint: 'not a url' }),
      // plain http to a host nobody allowed; an address that is not public
      JSON.stringify({ ...valid, endpoint: 'http://push.example.com/x' }),
      JSON.stringify({ ...valid, endpoint: 'https://10.1.2.3/x' }),
      JSON.stringify({ ...valid, endpoint: 'https://169.254.169.254/latest' }),
      JSON.stringify({ ...valid, keys: { p256dh: 'abc', auth: keys.auth } }),
      JSON.stringify({ ...valid, keys: { p256dh: keys.p256dh, auth: 'c2hvcnQ' } }),
      JSON.stringify({ ...valid, keys: { p256dh: `${keys.p256dh}!`, auth: keys.auth } }),
      12,
    ];
    const before = (await rowsOf(ben.id)).length;
    for (const token of bad) {
      const res = await subscribe(ben, token);
      expect(res.statusCode, JSON.stringify(token)).toBe(422);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/push_token',
      headers: ben.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    const garbage = await subscribe(ben, 'not json');
    expect(garbage.json().violations?.[0]).toMatchObject({
      propertyPath: 'token',
      message: 'This is not a valid push subscription.',
    });
    expect(await rowsOf(ben.id)).toHaveLength(before);
    expect((await subscribe(null, JSON.stringify(valid))).statusCode).toBe(401);
  });

  it('removes only your own subscription, by id or by endpoint', async () => {
    const a = subscription('/remove-me/with/slashes?x=1');
    const mine = (await subscribe(ada, a.json)).json();
    const bens = (await subscribe(ben, a.json)).json();
    const del = (who: SignedIn, value: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/push_token/${value}`, headers: who.headers });

    // someone else's: not found, and it stays
    expect((await del(ben, String(mine.id))).statusCode).toBe(404);
    expect((await rowsOf(ada.id)).some((r) => r.id === mine.id)).toBe(true);
    // by the endpoint, URL-encoded (longer than a path parameter may be)
    const encoded = encodeURIComponent(mine.endpoint as string);
    expect((await del(ada, encoded)).statusCode).toBe(204);
    expect((await rowsOf(ada.id)).some((r) => r.id === mine.id)).toBe(false);
    expect((await del(ada, encoded)).statusCode).toBe(404);
    // Ben's copy of the same endpoint is untouched; by id it goes
    expect((await rowsOf(ben.id)).some((r) => r.id === bens.id)).toBe(true);
    expect((await del(ben, String(bens.id))).statusCode).toBe(204);
    const topics = await t.database.db
      .selectFrom('push_subscription_topics')
      .selectAll()
      .where('subscription_id', 'in', [mine.id, bens.id])
      .execute();
    expect(topics).toEqual([]);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/push_token/1` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('delivers an encrypted push (aes128gcm, VAPID) that the browser keys decrypt', async () => {
    const sub = subscription('/deliver');
    const id = (await subscribe(ada, sub.json)).json().id as number;
    const sender = createPushSender({ ...contextOf(t) });
    await sender.enqueue(t.database.db, [ada.id, ada.id], {
      title: 'Ada wrote',
      body: 'Groceries',
      url: '/memo/12',
      tag: 'memo-12',
    });
    await t.app.jobs.runDue();
    const got = receiver.received.filter((r) => r.path === '/deliver');
    expect(got).toHaveLength(1);
    const push = got[0]!;
    expect(push.method).toBe('POST');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const vapidKey = (await t.app.inject({ method: 'GET', url: '/api/push/vapid-key' })).json()
      .public_key as string;
    expect(push.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapidKey}$`),
    );
    expect(JSON.parse(sub.keys.decrypt(push.body))).toEqual({
      title: 'Ada wrote',
      body: 'Groceries',
      url: '/memo/12',
      tag: 'memo-12',
    });
    const row = (await rowsOf(ada.id)).find((r) => r.id === id);
    expect(readTime(row?.last_sent_at)).not.toBeNull();
  });

  it('drops a subscription the push service says is gone (404, 410)', async () => {
    const gone = subscription('/gone');
    const missing = subscription('/missing');
    receiver.answer('/gone', 410);
    receiver.answer('/missing', 404);
    await subscribe(ben, gone.json);
    await subscribe(ben, missing.json);
    await createPushSender(contextOf(t)).enqueue(t.database.db, [ben.id], {
      title: 't',
      body: 'b',
      url: '/',
    });
    await t.app.jobs.runDue();
    expect(receiver.received.map((r) => r.path).sort()).toEqual(
      expect.arrayContaining(['/gone', '/missing']),
    );
    const left = (await rowsOf(ben.id)).map((r) => r.endpoint);
    expect(left.some((e) => e.endsWith('/gone') || e.endsWith('/missing'))).toBe(false);
  });

  it('retries a delivery the push service could not take (5xx) through the job queue', async () => {
    const flaky = subscription('/flaky');
    receiver.answer('/flaky', 503);
    const carl = await signedInUser(t, { name: 'Carl' });
    await subscribe(carl, flaky.json);
    await createPushSender(contextOf(t)).enqueue(t.database.db, [carl.id], {
      title: 'again',
      body: 'b',
      url: '/feed',
    });
    await t.app.jobs.runDue();
    expect(receiver.received.filter((r) => r.path === '/flaky')).toHaveLength(1);
    const retry = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('type', '=', DELIVER_JOB)
      .where('status', '=', 'queued')
      .execute();
    expect(retry).toHaveLength(1);
    // still failing at the first retry: the queue keeps it for a later attempt
    await t.app.jobs.runDue({ now: later(60_000) });
    expect(receiver.received.filter((r) => r.path === '/flaky')).toHaveLength(2);
    receiver.answer('/flaky', 201);
    await t.app.jobs.runDue({ now: later(60 * 60_000) });
    const deliveries = receiver.received.filter((r) => r.path === '/flaky');
    expect(deliveries).toHaveLength(3);
    expect(JSON.parse(flaky.keys.decrypt(deliveries[2]!.body)).title).toBe('again');
    expect(await rowsOf(carl.id)).toHaveLength(1);
    const job = await t.database.db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', retry[0]!.id)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
  });

  it('sends news to every subscription on the news topic', async () => {
    const dora = await signedInUser(t, { name: 'Dora' });
    const news = subscription('/news-dora');
    await subscribe(dora, news.json);
    await createPushSender(contextOf(t)).enqueueTopic(t.database.db, NEWS_TOPIC, {
      title: 'Memoria news',
      body: 'Something new',
      url: '/',
    });
    await t.app.jobs.runDue();
    const paths = receiver.received.map((r) => r.path);
    expect(paths).toContain('/news-dora');
    expect(paths).toContain('/deliver');
    const mine = receiver.received.find((r) => r.path === '/news-dora')!;
    expect(JSON.parse(news.keys.decrypt(mine.body)).body).toBe('Something new');
  });
});

describeDb('web push: the guarded client refuses private addresses unless allowed', () => {
  let t: TestApp;
  let receiver: PushReceiver;

  beforeAll(async () => {
    receiver = await startPushReceiver();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('does not post to loopback (by address or by a name that resolves there) and drops it', async () => {
    const user = await signedInUser(t);
    const keys = browserKeys();
    const token = JSON.stringify({
      endpoint: `${receiver.origin}/private`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/push_token',
      headers: user.headers,
      payload: { token },
    });
    expect(refused.statusCode).toBe(422);
    // rows written before the rules changed (or a name that resolves to loopback)
    const port = new URL(receiver.origin).port;
    const now = t.database.dialect.time(new Date());
    for (const endpoint of [`${receiver.origin}/private`, `https://localhost:${port}/by-name`]) {
      await t.database.db
        .insertInto('push_subscriptions')
        .values({
          user_id: user.id,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          user_agent: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await createPushSender(contextOf(t)).enqueue(t.database.db, [user.id], {
      title: 't',
      body: 'b',
      url: '/',
    });
    await t.app.jobs.runDue();
    expect(receiver.received).toEqual([]);
    const left = await t.database.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('web push payload', () => {
  it('keeps only app routes as the address a notification opens', async () => {
    const { pushPayload } = await import('./sender.js');
    expect(
      JSON.parse(pushPayload({ title: 'a', body: 'b', url: 'https://evil.example' })).url,
    ).toBe('/');
    expect(JSON.parse(pushPayload({ title: 'a', body: 'b', url: '//evil.example' })).url).toBe('/');
    expect(JSON.parse(pushPayload({ title: 'a', body: 'b', url: '/memo/3' })).url).toBe('/memo/3');
    expect(
      JSON.parse(pushPayload({ title: 'a', body: 'x'.repeat(5000), url: '/' })).body,
    ).toHaveLength(600);
  });
});

/** The app's context as the push module sees it (the sender is shared per job queue). */
function contextOf(t: TestApp) {
  return {
    config: t.config,
    database: t.database,
    jobs: t.app.jobs,
    log: t.app.log,
  } as unknown as Parameters<typeof createPushSender>[0];
}

describe('VAPID configuration', () => {
  it('takes both keys or neither, and a contact the push services accept', async () => {
    const { loadConfig, ConfigError } = await import('../../config.js');
    const base = { DATA_DIR: '/tmp/memoria-vapid-test' };
    expect(loadConfig(base).vapid).toEqual({ subject: 'mailto:no-reply@localhost' });
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://memo.example' }).vapid.subject).toBe(
      'https://memo.example',
    );
    expect(
      loadConfig({ ...base, VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }).vapid,
    ).toMatchObject({ publicKey: 'pub', privateKey: 'priv' });
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: 'pub' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://memo.example' })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ ...base, VAPID_SUBJECT: 'mailto:ops@memo.example' }).vapid.subject).toBe(
      'mailto:ops@memo.example',
    );
  });
});
