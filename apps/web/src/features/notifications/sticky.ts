import { TIMINGS } from '@memoria/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A short note on one notification after an action (docs/DOMAIN.md, Entities: Sticky notification).
 */
export interface StickyNotification {
  id: string;
  relatedNotificationId: number;
  status: 'error' | 'success';
  text: string;
  hasIcon: boolean;
}

let sequence = 0;

/**
 * Sticky notes that clear themselves after 1000 ms (docs/DOMAIN.md, States; docs/RULES.md, Limits).
 */
export function useStickyNotifications() {
  const [items, setItems] = useState<StickyNotification[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const own = timers.current;
    return () => {
      for (const timer of own) clearTimeout(timer);
      own.clear();
    };
  }, []);

  const show = useCallback(
    (relatedNotificationId: number, status: StickyNotification['status'], text: string) => {
      sequence += 1;
      const id = `sticky-${sequence}`;
      setItems((current) => [
        ...current.filter((s) => s.relatedNotificationId !== relatedNotificationId),
        { id, relatedNotificationId, status, text, hasIcon: true },
      ]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setItems((current) => current.filter((s) => s.id !== id));
      }, TIMINGS.stickyNotificationClearMs);
      timers.current.add(timer);
    },
    [],
  );

  const forNotification = useCallback(
    (notificationId: number) => items.find((s) => s.relatedNotificationId === notificationId),
    [items],
  );

  return { items, show, forNotification };
}
