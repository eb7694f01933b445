import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocketMessage } from '../../api/socket';
import { prependNotification, setUnread, useUnreadCount } from './queries';
import type { AppNotification } from './types';

/** "(3) Memoria": the unread counter before the screen's own tab title. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\+?\)\s/, '');
  return count > 0 ? `(${count > 99 ? '99+' : count}) ${bare}` : bare;
}

let iconActive = false;
let originalIcon: string | null = null;
let activeIcon: Promise<string> | null = null;

function iconLink(): HTMLLinkElement | null {
  return document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

const DOT = '<circle cx="25" cy="7" r="6" fill="#fa5252" stroke="#fff" stroke-width="2"/>';

/** The app's SVG icon with a red dot (an SVG used as an icon cannot load another image). */
export function withDot(svg: string): string {
  const marked = svg.includes('</svg>')
    ? svg.replace(/<\/svg>\s*$/, `${DOT}</svg>`)
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${DOT}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(marked)}`;
}

/**
 * The tab icon shows a dot after a new notification arrives and is reset when page 1 of
 * the list is loaded (docs/DOMAIN.md, States: Notification).
 */
export function setTabIconActive(active: boolean): void {
  const link = iconLink();
  if (!link || active === iconActive) return;
  originalIcon ??= link.href;
  iconActive = active;
  if (!active) {
    link.href = originalIcon;
    return;
  }
  const base = originalIcon;
  activeIcon ??= fetch(base)
    .then((response) => (response.ok ? response.text() : ''))
    .catch(() => '')
    .then(withDot);
  void activeIcon.then((href) => {
    if (iconActive) link.href = href;
  });
}

export function tabIconActive(): boolean {
  return iconActive;
}

/**
 * Live notifications for the signed-in tab (mounted once, in the layout): a pushed
 * notification goes on top of the list and sets the counter; `unread_count` (another tab
 * reviewed or deleted) sets the counter; the tab title carries the counter.
 */
export function useNotificationsLive(enabled: boolean): void {
  const client = useQueryClient();
  const unread = useUnreadCount(enabled).data ?? 0;

  useSocketMessage('notification', (message) => {
    if (!enabled) return;
    const notification = message.notification as AppNotification | undefined;
    if (notification && typeof notification.id === 'number') {
      prependNotification(client, notification);
      setTabIconActive(true);
    }
    setUnread(client, message.unread);
  });
  useSocketMessage('unread_count', (message) => {
    if (enabled) setUnread(client, message.unread);
  });

  const count = enabled ? unread : 0;
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    // Screens set their own title (usePageTitle); the counter is put back in front of it.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);
}
