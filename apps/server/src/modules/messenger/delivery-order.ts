/**
 * New messages of one thread reach the sockets in the order of their numbers
 * (docs/notes/messenger.md, Delivery). Two sends to a thread take their numbers one after the
 * other (the thread row is locked until commit), but what follows each commit (reading the
 * message back, the push) runs side by side, and under load the later one was pushed first.
 *
 * A send takes a turn right after it took its number, inside its transaction, so turns are
 * handed out in number order; it pushes when every earlier turn of the thread is over, and
 * ends its own turn whatever happens (a rolled-back send ends it without pushing). Order is
 * kept within one server instance; a client that sees a gap still asks for what it missed.
 */
export interface DeliveryTurn {
  /** resolves when every earlier turn of the thread has ended */
  readonly ready: Promise<void>;
  /** ends this turn; calling it again does nothing */
  end(): void;
}

export function createDeliveryOrder() {
  const tails = new Map<number, Promise<void>>();

  return {
    take(threadId: number): DeliveryTurn {
      const previous = tails.get(threadId) ?? Promise.resolve();
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      const tail = previous.then(() => ended);
      tails.set(threadId, tail);
      // the map holds only threads with a turn still open
      void tail.then(() => {
        if (tails.get(threadId) === tail) tails.delete(threadId);
      });
      return { ready: previous, end };
    },
    /** threads with open turns (for tests) */
    get open(): number {
      return tails.size;
    },
  };
}

export type DeliveryOrder = ReturnType<typeof createDeliveryOrder>;
