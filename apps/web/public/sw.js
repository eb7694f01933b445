/* global self */
/**
 * Memoria's service worker (web push, issue 6). The server sends an encrypted JSON
 * payload { title, body, url, tag? }; this shows it as a notification, and a click focuses
 * an open Memoria tab on that route or opens one. Plain JavaScript, served as /sw.js so
 * its scope is the whole app.
 */

const FALLBACK_TITLE = 'Memoria';
const ICON = '/favicon.svg';

/** Only routes of this app are opened (a path, never another site). */
function routeOf(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : '/';
}

function readPayload(data) {
  if (!data) return {};
  try {
    const value = data.json();
    return value && typeof value === 'object' ? value : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title =
    typeof payload.title === 'string' && payload.title.trim() ? payload.title : FALLBACK_TITLE;
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: ICON,
    badge: ICON,
    data: { url: routeOf(payload.url) },
  };
  if (typeof payload.tag === 'string' && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    routeOf(event.notification.data && event.notification.data.url),
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        const focused = (await open.focus()) || open;
        if (focused.url === target.href) return;
        try {
          // a tab this worker controls goes to the route
          if (await focused.navigate(target.href)) return;
        } catch {
          // not controlled by this worker yet: open the route in a new window instead
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
