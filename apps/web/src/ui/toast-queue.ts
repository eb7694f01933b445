import type { NotificationData } from '@mantine/notifications';
import type * as ToastContainer from './toast-container';

/**
 * The Mantine notifications (container, store, transitions) are not part of the first screen:
 * the first toast loads them and mounts the container (app/providers.tsx watches
 * `subscribeToasts`). Toasts asked for meanwhile queue in order.
 */
let requested = false;
const listeners = new Set<() => void>();
let container: Promise<typeof ToastContainer> | undefined;

export function toastsRequested(): boolean {
  return requested;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function loadToastContainer(): Promise<typeof ToastContainer> {
  container ??= import('./toast-container').catch((error: unknown) => {
    // A failed download (offline, new deploy) may be retried by the next toast.
    container = undefined;
    throw error;
  });
  return container;
}

export function show(data: NotificationData): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  loadToastContainer().then(
    (module) => module.showNotification(data),
    (error: unknown) => console.error('toasts could not be loaded', error),
  );
}
