import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from '../../i18n';
import { json, mockApi, signIn } from '../../test/render';
import { logout, setNavigator } from '../../session/session-actions';
import { disablePush, enablePush, currentPushState } from './push';
import { PushSwitch } from './push-switch';

/** A browser's push side, faked: permission, service worker registration, push manager. */
function fakeBrowser(
  options: { permission?: NotificationPermission; answer?: NotificationPermission } = {},
) {
  const serverKeys: Array<Uint8Array | null> = [];
  const state = {
    permission: options.permission ?? 'default',
    subscription: null as null | {
      endpoint: string;
      options: { applicationServerKey: ArrayBuffer | null };
      toJSON(): unknown;
      unsubscribe: ReturnType<typeof vi.fn>;
    },
    subscribeError: null as Error | null,
  };
  const makeSubscription = (endpoint: string, key: Uint8Array | null) => ({
    endpoint,
    options: { applicationServerKey: key ? (key.slice().buffer as ArrayBuffer) : null },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPUB', auth: 'AUTH' } }),
    unsubscribe: vi.fn(async () => {
      state.subscription = null;
      return true;
    }),
  });
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      if (state.subscribeError) throw state.subscribeError;
      serverKeys.push(applicationServerKey);
      state.subscription = makeSubscription('https://push.example/sub/a b', applicationServerKey);
      return state.subscription;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: vi.fn(async () => {
      state.permission = options.answer ?? 'granted';
      return state.permission;
    }),
  });
  return { state, serviceWorker, pushManager, serverKeys, makeSubscription };
}

function removeBrowserPush() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
}

// 65 bytes, as a P-256 public key is
const VAPID = `B${'A'.repeat(86)}`;
const vapidBytes = () => {
  const base64 = VAPID.replace(/-/g, '+').replace(/_/g, '/') + '=';
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

function pushApi(options: { deleteStatus?: number } = {}) {
  return mockApi((url, init) => {
    if (url === '/api/push/vapid-key') return json(200, { public_key: VAPID });
    if (url === '/api/push_token' && init.method === 'POST') {
      return json(201, { id: 3, endpoint: 'x', topics: ['news'] });
    }
    if (url.startsWith('/api/push_token/') && init.method === 'DELETE') {
      return options.deleteStatus === 404
        ? json(404, { message: 'This push subscription does not exist.' })
        : new Response(null, { status: 204 });
    }
    return undefined;
  });
}

describe('web push in the browser', () => {
  beforeEach(() => signIn());
  afterEach(() => removeBrowserPush());

  it('is unsupported, silently, where the browser has no push', async () => {
    const calls = pushApi();
    expect(await enablePush()).toBe('unsupported');
    expect(await disablePush()).toBe('unsupported');
    expect(await currentPushState()).toBe('unsupported');
    expect(calls).toEqual([]);
  });

  it('asks for permission, subscribes with the server key and stores the subscription', async () => {
    const browser = fakeBrowser();
    const calls = pushApi();
    expect(await currentPushState()).toBe('disabled');
    expect(await enablePush()).toBe('enabled');
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js', {
      scope: '/',
      updateViaCache: 'none',
    });
    expect(Array.from(browser.serverKeys[0] ?? [])).toEqual(Array.from(vapidBytes()));
    const stored = calls.find((c) => c.url === '/api/push_token');
    expect(stored?.method).toBe('POST');
    expect(JSON.parse((stored?.body as { token: string }).token)).toEqual({
      endpoint: 'https://push.example/sub/a b',
      expirationTime: null,
      keys: { p256dh: 'BPUB', auth: 'AUTH' },
    });
    expect(await currentPushState()).toBe('enabled');
  });

  it('answers denied (and subscribes nothing) when the person refuses', async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const calls = pushApi();
    expect(await enablePush()).toBe('denied');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(await currentPushState()).toBe('denied');
  });

  it('is unsupported when the browser cannot reach its push service', async () => {
    const browser = fakeBrowser();
    browser.state.subscribeError = new DOMException('push service error', 'AbortError');
    const calls = pushApi();
    expect(await enablePush()).toBe('unsupported');
    expect(calls.some((c) => c.url === '/api/push_token')).toBe(false);
  });

  it('replaces a subscription made for other server keys', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const old = browser.makeSubscription('https://push.example/old', new Uint8Array(65).fill(9));
    browser.state.subscription = old;
    pushApi();
    expect(await enablePush()).toBe('enabled');
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('removes the subscription on the server by its endpoint, then in the browser', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const calls = pushApi();
    await enablePush();
    const subscription = browser.state.subscription!;
    expect(await disablePush()).toBe('disabled');
    const removed = calls.find((c) => c.method === 'DELETE');
    expect(removed?.url).toBe(
      `/api/push_token/${encodeURIComponent('https://push.example/sub/a b')}`,
    );
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(await currentPushState()).toBe('disabled');
  });

  it('still unsubscribes when the server no longer has it', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    pushApi({ deleteStatus: 404 });
    await enablePush();
    const subscription = browser.state.subscription!;
    expect(await disablePush()).toBe('disabled');
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});

describe('signing out', () => {
  beforeEach(() => signIn());
  afterEach(() => removeBrowserPush());

  it("removes this device's subscription before the session ends", async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const calls = pushApi();
    await enablePush();
    const subscription = browser.state.subscription!;
    setNavigator(() => undefined);
    await logout();
    const order = calls.map((c) => `${c.method} ${c.url.split('/').slice(0, 3).join('/')}`);
    expect(order.slice(-2)).toEqual(['DELETE /api/push_token', 'POST /api/logout']);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});

describe('PushSwitch', () => {
  beforeEach(async () => {
    signIn();
    await initI18n('en');
    await loadNamespaces('push');
  });
  afterEach(() => removeBrowserPush());

  const renderSwitch = () =>
    render(
      <MantineProvider env="test">
        <Notifications />
        <PushSwitch />
      </MantineProvider>,
    );

  it('is off and disabled, saying why, in a browser without push', async () => {
    pushApi();
    renderSwitch();
    const toggle = screen.getByRole('switch', { name: 'Push notifications on this device' });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('This browser cannot receive push notifications.');
    // the switches per kind still matter on the person's other devices
    expect(await screen.findByTestId('push-elsewhere')).toHaveTextContent(
      'The Push choices below still apply on your other devices where push is on.',
    );
  });

  it('turns push on and off from the keyboard', async () => {
    fakeBrowser();
    const calls = pushApi();
    renderSwitch();
    const toggle = screen.getByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    toggle.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(toggle).toBeChecked());
    expect(await screen.findByText('Push notifications are on for this device.')).toBeVisible();
    expect(screen.queryByTestId('push-elsewhere')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/push_token')).toHaveLength(1);
    await userEvent.keyboard(' ');
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('says the permission is blocked when the person refused it', async () => {
    fakeBrowser({ permission: 'denied' });
    pushApi();
    renderSwitch();
    expect(
      await screen.findByText(/Notifications are blocked for Memoria in this browser/),
    ).toBeVisible();
    expect(screen.getByRole('switch')).not.toBeChecked();
  });
});
