import { Suspense, lazy, useEffect, useState } from 'react';
import { MESSENGER_EVENTS } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { onSocketOpen, subscribeSocket, type SocketMessage } from '../../api/socket';
import { loadChunk } from '../../ui/lazy-page';

/**
 * What reached the tab before the live part was there: its messages in order, whether a
 * socket reopened after a drop, and whether the first socket opened after a thread's messages
 * were read. `live` turns true when the live part has taken them over.
 */
export interface LiveBacklog {
  events: SocketMessage[];
  reconnected: boolean;
  /** a first socket opened while messages were cached: what was sent before it reached nobody */
  opened: boolean;
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
  const client = useQueryClient();
  const [backlog] = useState<LiveBacklog>(() => ({
    events: [],
    reconnected: false,
    opened: false,
    live: false,
  }));
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
        if (backlog.live) return;
        if (reconnected) backlog.reconnected = true;
        // the key of messengerKeys.messages, without loading the messenger's queries here
        else if (
          client
            .getQueriesData({ queryKey: ['messenger', 'messages'] })
            .some(([, data]) => data !== undefined)
        ) {
          backlog.opened = true;
        } else return;
        setWanted(true);
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [backlog, client]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MessengerLive userId={userId} backlog={backlog} />
    </Suspense>
  );
}
