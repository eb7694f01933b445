import { Suspense, lazy, useEffect, useState } from 'react';
import { MESSENGER_EVENTS } from '@memoria/domain';
import { onSocketOpen, subscribeSocket, type SocketMessage } from '../../api/socket';
import { loadChunk } from '../../ui/lazy-page';

/**
 * What reached the tab before the live part was there: its messages in order, and whether a
 * socket reopened after a drop. `live` turns true when the live part has taken them over.
 */
export interface LiveBacklog {
  events: SocketMessage[];
  reconnected: boolean;
  live: boolean;
}

const MessengerLive = lazy(() =>
  loadChunk(() => import('./live')).then((m) => ({ default: m.MessengerLive })),
);

/**
 * The messenger's live part, loaded on the first messenger message or socket reopening
 * rather than with the first screen (docs/notes/messenger-screens.md, Live and resume). Until
 * it is there, what arrives waits in a backlog that the live part applies first.
 */
export function MessengerLiveOnDemand({ userId }: { userId: number }) {
  const [backlog] = useState<LiveBacklog>(() => ({ events: [], reconnected: false, live: false }));
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const stops = MESSENGER_EVENTS.map((type) =>
      subscribeSocket(type, (event) => {
        if (backlog.live) return;
        backlog.events.push(event);
        setWanted(true);
      }),
    );
    stops.push(
      onSocketOpen(({ reconnected }) => {
        if (backlog.live || !reconnected) return;
        backlog.reconnected = true;
        setWanted(true);
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [backlog]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MessengerLive userId={userId} backlog={backlog} />
    </Suspense>
  );
}
