import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { isApiError } from '../../api/errors';

/**
 * Web push in this browser (docs/API.md, Calls): the service worker /sw.js shows what the
 * server pushes. Enabling asks for permission, registers the worker, subscribes with the
 * server's VAPID key and stores the subscription (POST /api/push_token), which puts it on
 * the news topic; disabling removes it (DELETE /api/push_token/{endpoint}) and unsubscribes.
 * A browser without push is 'unsupported' — never an error shown to the person (docs/API.md,
 * Errors).
 */
export type PushState = 'unsupported' | 'denied' | 'disabled' | 'enabled';

export const SERVICE_WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return true; // the browser does not tell: assume it is ours
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((byte, i) => byte === b[i]);
}

async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  try {
    return await navigator.serviceWorker.getRegistration('/');
  } catch {
    return undefined;
  }
}

async function registerWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, {
    scope: '/',
    updateViaCache: 'none',
  });
  return navigator.serviceWorker.ready;
}

const permissionState = (): PushState =>
  Notification.permission === 'denied' ? 'denied' : 'disabled';

/** Where this browser stands, without asking anything. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission !== 'granted') return permissionState();
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'enabled' : 'disabled';
}

async function store(subscription: PushSubscription): Promise<void> {
  await api.post('/api/push_token', { token: JSON.stringify(subscription.toJSON()) });
}

/**
 * Turns push on for this browser. Answers the state reached: 'denied' when the person
 * refused the permission, 'unsupported' when the browser cannot subscribe. A failing
 * request to our server is thrown (the caller shows it).
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'disabled';
  const { public_key } = await api.get<{ public_key: string }>('/api/push/vapid-key', {
    anonymous: true,
  });
  const serverKey = base64UrlToBytes(public_key);
  let subscription: PushSubscription | null;
  try {
    const registration = await registerWorker();
    subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
      // made for other server keys: those pushes would be refused
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: serverKey,
    });
  } catch {
    // no push service reachable, private mode, a blocked worker: push is not available here
    return 'unsupported';
  }
  await store(subscription);
  return 'enabled';
}

/** Turns push off for this browser: the server forgets the subscription, then the browser. */
export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    try {
      await api.delete(`/api/push_token/${encodeURIComponent(subscription.endpoint)}`);
    } catch (error) {
      // already gone on the server (another session removed it): still unsubscribe here
      if (!isApiError(error) || error.status !== 404) throw error;
    }
    await subscription.unsubscribe().catch(() => false);
  }
  return permissionState();
}

/**
 * Stores the subscription again when push is on (a browser may renew it, and the server
 * drops one its push service gave up): called when the settings screen opens.
 */
export async function refreshPush(): Promise<PushState> {
  const state = await currentPushState();
  if (state !== 'enabled') return state;
  const subscription = await (await existingRegistration())?.pushManager.getSubscription();
  if (subscription) await store(subscription);
  return 'enabled';
}

export interface PushControls {
  /** null while the browser is asked */
  state: PushState | null;
  busy: boolean;
  enable(): Promise<PushState>;
  disable(): Promise<PushState>;
}

/** This browser's push state for a switch; enable/disable update it. */
export function usePushState(): PushControls {
  const [state, setState] = useState<PushState | null>(() =>
    pushSupported() ? null : 'unsupported',
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    refreshPush()
      .catch(() => currentPushState())
      .catch((): PushState => 'unsupported')
      .then((found) => {
        if (live) setState(found);
      });
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(async (action: () => Promise<PushState>) => {
    setBusy(true);
    try {
      const next = await action();
      setState(next);
      return next;
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    state,
    busy,
    enable: useCallback(() => run(enablePush), [run]),
    disable: useCallback(() => run(disablePush), [run]),
  };
}
