import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import {
  browserKeys,
  startPushReceiver,
  type BrowserKeys,
  type PushReceiver,
} from '../../apps/server/src/modules/push/test-support.js';
import { admin } from '../support/admin.js';
import {
  api,
  apiCollection,
  apiMemo,
  connectMembers,
  newMember,
  pageFor,
  type Member,
} from '../support/members.js';
import { setSwitch, toast } from '../support/ui.js';

/**
 * Web push (issue 6) in Chromium with the notification permission granted. Chromium's own
 * push service is out of reach here, so the browser's PushManager hands out a subscription
 * pointing at a push receiver this test runs on 127.0.0.1 (with keys the test holds);
 * everything else is real: the switch asks, registers /sw.js, subscribes with the server's
 * VAPID key and stores the subscription; the server encrypts and posts each push to the
 * receiver (FETCH_ALLOW_HOSTS=127.0.0.1 in global-setup), and the service worker turns a
 * push into a notification.
 */

interface FakePush {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Replaces PushManager's subscribe/getSubscription in every page of the context. */
async function fakePushService(page: Page, fake: FakePush): Promise<void> {
  await page.context().addInitScript((sub: FakePush) => {
    const KEY = 'e2e-push-subscribed';
    const make = (serverKey: ArrayBuffer | null) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: serverKey },
      toJSON: () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        keys: { p256dh: sub.p256dh, auth: sub.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    const toBase64 = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array | undefined;
      const buffer = key ? (key.slice().buffer as ArrayBuffer) : null;
      localStorage.setItem(KEY, buffer ? toBase64(buffer) : '');
      return make(buffer) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(KEY);
      if (stored === null) return null;
      const binary = atob(stored.replace(/-/g, '+').replace(/_/g, '/'));
      const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
      return make(stored ? bytes.buffer : null) as unknown as PushSubscription;
    };
  }, fake);
}

interface Payload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/**
 * What reached `path`, decrypted with the browser's keys, that `match` picks (other pushes,
 * e.g. a new memo for a connection, may arrive at the same browser).
 */
function pushesTo(
  receiver: PushReceiver,
  path: string,
  keys: BrowserKeys,
  match: (payload: Payload) => boolean,
) {
  return receiver.received
    .filter((r) => r.path === path)
    .map((r) => ({ request: r, payload: JSON.parse(keys.decrypt(r.body)) as Payload }))
    .filter((p) => match(p.payload));
}

async function waitForPush(
  receiver: PushReceiver,
  path: string,
  keys: BrowserKeys,
  match: (payload: Payload) => boolean,
) {
  await expect
    .poll(() => pushesTo(receiver, path, keys, match).length, { timeout: 20_000 })
    .toBe(1);
  return pushesTo(receiver, path, keys, match)[0]!;
}

test.describe('web push', () => {
  let receiver: PushReceiver;

  test.beforeAll(async () => {
    receiver = await startPushReceiver();
  });
  test.afterAll(async () => {
    await receiver?.close();
  });

  test('a person turns push on, gets a push about a memo and the news, and turns it off', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const ada = await newMember(request, 'Ada Author');
    const ben: Member = await newMember(request, 'Ben Reader');
    await connectMembers(request, ada, ben);
    const collection = await apiCollection(request, ada, {
      name: 'Allotment',
      type: 'all_contacts',
    });

    // Ben's browser: notifications allowed, push service = the local receiver
    const keys = browserKeys();
    const endpointPath = `/ben-${ben.id}`;
    const page = await pageFor(browser, ben, { permissions: ['notifications'] });
    await fakePushService(page, {
      endpoint: `${receiver.origin}${endpointPath}`,
      p256dh: keys.p256dh,
      auth: keys.auth,
    });

    await page.goto('/notification-settings');
    const pushSwitch = page.getByTestId('push-switch');
    await expect(pushSwitch).toHaveAttribute('data-state', 'disabled');
    await expect(page.getByText('Push notifications on this device')).toBeVisible();
    await setSwitch(pushSwitch, true);
    await expect(toast(page, 'Push notifications are on for this device.')).toBeVisible();
    await expect(pushSwitch).toHaveAttribute('data-state', 'enabled');

    // the browser subscribed with the server's VAPID key, and the worker controls the app
    const vapid = await api<{ public_key: string }>(request, ben, 'GET', '/api/push/vapid-key');
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscribed'))).toBe(
      vapid.public_key,
    );
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL),
    ).toMatch(/\/sw\.js$/);

    // Ada sends a push about her memo to its audience: Ben's browser gets it, encrypted
    const memo = await apiMemo(request, ada, collection.id, { title: 'Beans are ready' });
    const sent = await api<{ recipients: number }>(
      request,
      ada,
      'POST',
      `/api/memo/${memo.id}/push-notification`,
      undefined,
      202,
    );
    expect(sent.recipients).toBe(1);
    const push = await waitForPush(
      receiver,
      endpointPath,
      keys,
      (p) => p.tag === `memo-${memo.id}`,
    );
    expect(push.request.headers['content-encoding']).toBe('aes128gcm');
    expect(push.request.headers.authorization).toContain(`k=${vapid.public_key}`);
    expect(push.payload).toEqual({
      title: 'Ada Author',
      body: 'Beans are ready',
      url: `/memo/${memo.id}`,
      tag: `memo-${memo.id}`,
    });
    // once per memo per 10 minutes
    const again = await request.post(`/api/memo/${memo.id}/push-notification`, {
      headers: { Authorization: `Bearer ${ada.pair.token}`, 'accept-language': 'en' },
    });
    expect(again.status()).toBe(429);

    // the operator's news reach every subscription on the news topic
    await admin(
      'push:news',
      '--title',
      'Memoria news',
      '--body',
      'Reactions arrived',
      '--url',
      '/feed',
    );
    const news = await waitForPush(receiver, endpointPath, keys, (p) => p.title === 'Memoria news');
    expect(news.payload).toEqual({
      title: 'Memoria news',
      body: 'Reactions arrived',
      url: '/feed',
    });

    // the service worker shows a pushed message as a notification
    const cdp = await page.context().newCDPSession(page);
    const registrations = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
        const found = event.registrations.find((r) => !r.isDeleted && r.scopeURL.endsWith('/'));
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registrations;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId,
      data: JSON.stringify({
        title: 'Ada Author',
        body: 'Beans are ready',
        url: `/memo/${memo.id}`,
      }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              url: (n.data as { url?: string } | null)?.url,
            })),
          ),
        { timeout: 10_000 },
      )
      .toEqual([{ title: 'Ada Author', body: 'Beans are ready', url: `/memo/${memo.id}` }]);

    // off again: the server forgets the subscription, so the next news do not come
    await page.reload();
    await expect(pushSwitch).toHaveAttribute('data-state', 'enabled');
    await setSwitch(pushSwitch, false);
    await expect(toast(page, 'Push notifications are off for this device.')).toBeVisible();
    // a subscription of Ada's at another endpoint shows when the next news went out
    const adaKeys = browserKeys();
    await api(request, ada, 'POST', '/api/push_token', {
      token: JSON.stringify({
        endpoint: `${receiver.origin}/ada-${ada.id}`,
        keys: { p256dh: adaKeys.p256dh, auth: adaKeys.auth },
      }),
    });
    await admin('push:news', '--title', 'Last news', '--body', 'Bye', '--url', '/');
    await waitForPush(receiver, `/ada-${ada.id}`, adaKeys, (p) => p.title === 'Last news');
    expect(pushesTo(receiver, endpointPath, keys, (p) => p.title === 'Last news')).toEqual([]);
    await page.context().close();
  });
});
