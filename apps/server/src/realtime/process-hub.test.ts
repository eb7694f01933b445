import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createRelay, type RelayPeer } from '../processes.js';
import type { RealtimeHub } from './hub.js';
import { createProcessHub, isHubWire, type HubLink, type HubWire } from './process-hub.js';

/**
 * Several server processes' hubs joined by the primary's relay, with the IPC channel of each
 * worker played by two emitters whose messages arrive on a later turn, as IPC's do.
 */
function processes() {
  const relay = createRelay();
  const peers = new Map<number, { peer: RelayPeer; up: boolean; broken: boolean }>();

  function start(number: number): RealtimeHub {
    const toWorker = new EventEmitter();
    const toPrimary = new EventEmitter();
    const state = {
      up: true,
      /** the channel broke while the worker still counted as connected (it is ending) */
      broken: false,
      peer: {
        isConnected: () => state.up,
        send(message: HubWire) {
          // a write on a closed channel fails on a later turn, as an 'error' event
          if (state.broken) {
            setImmediate(() => toPrimary.emit('error', new Error('write EPIPE')));
            return;
          }
          // IPC copies: the receiver never shares the sender's objects
          const copy: unknown = JSON.parse(JSON.stringify(message));
          setImmediate(() => toWorker.emit('message', copy));
        },
        on(event: 'message' | 'error', listener: (value: unknown) => void) {
          toPrimary.on(event, listener);
        },
      },
    };
    peers.set(number, state);
    relay.add(number, state.peer);
    const link: HubLink = {
      send(message) {
        if (!state.up) return;
        const copy: unknown = JSON.parse(JSON.stringify(message));
        setImmediate(() => toPrimary.emit('message', copy));
      },
      onMessage(listener) {
        const handler = (message: unknown) => {
          if (isHubWire(message)) listener(message);
        };
        toWorker.on('message', handler);
        return () => toWorker.off('message', handler);
      },
    };
    return createProcessHub(number, link);
  }
  /** The worker's channel breaks before the primary sees it end. */
  function breakChannel(number: number) {
    const state = peers.get(number);
    if (state) state.broken = true;
  }
  function end(number: number) {
    const state = peers.get(number);
    if (!state) return;
    state.up = false;
    relay.remove(number, state.peer);
  }
  return { start, end, breakChannel };
}

function socket() {
  const received: unknown[] = [];
  return {
    received,
    send: (utf8: Buffer) => received.push(JSON.parse(utf8.toString('utf8'))),
  };
}

/** Lets every message in flight arrive (each hop is a turn of the loop). */
async function settle() {
  for (let turn = 0; turn < 6; turn += 1) await nextTurn();
}

describe('the hub of several server processes', () => {
  it('delivers a message to the sockets of every process once, the sender’s included', async () => {
    const { start } = processes();
    const one = start(1);
    const two = start(2);
    const three = start(3);
    const here = socket();
    const there = socket();
    const other = socket();
    one.attach(7, here);
    two.attach(7, there);
    three.attach(8, other);
    await one.sendToUsers([7], { message_type: 'memo_changed', memo_id: 1 });
    await two.sendEach([
      { userId: 8, message: { message_type: 'notification', n: 1 } },
      { userId: 7, message: '{"message_type":"notification","n":2}' },
    ]);
    await settle();
    // each sender's messages in its order; two senders' may interleave differently per socket
    const sorted = (received: unknown[]) => received.map((m) => JSON.stringify(m)).sort();
    expect(sorted(here.received)).toEqual(
      sorted([
        { message_type: 'memo_changed', memo_id: 1 },
        { message_type: 'notification', n: 2 },
      ]),
    );
    expect(sorted(there.received)).toEqual(sorted(here.received));
    expect(other.received).toEqual([{ message_type: 'notification', n: 1 }]);
  });

  it('keeps one process’s messages to a socket in the order they were sent', async () => {
    const { start } = processes();
    const sender = start(1);
    const receiver = start(2);
    const watcher = socket();
    receiver.attach(5, watcher);
    for (let n = 1; n <= 50; n += 1) await sender.sendToUsers([5], { message_type: 'n', n });
    await settle();
    expect(watcher.received.map((m) => (m as { n: number }).n)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it('knows who is online in the other processes, and when they leave', async () => {
    const { start } = processes();
    const one = start(1);
    const two = start(2);
    const detach = two.attach(11, socket());
    two.attach(12, socket());
    // a call participant's socket (a negative address) is no one's presence
    two.attach(-3, socket());
    await settle();
    expect([...(await one.onlineAmong!([11, 12, 13]))].sort()).toEqual([11, 12]);
    expect((await one.onlineEverywhere!()).sort()).toEqual([11, 12]);
    expect(one.onlineUserIds()).toEqual([]);
    detach();
    await settle();
    expect([...(await one.onlineAmong!([11, 12]))]).toEqual([12]);
  });

  it('a process that starts later asks the others who is online in them', async () => {
    const { start } = processes();
    const one = start(1);
    one.attach(21, socket());
    await settle();
    const two = start(2);
    await settle();
    expect(await two.onlineEverywhere!()).toEqual([21]);
  });

  it('forgets who was online in a process that ended', async () => {
    const { start, end } = processes();
    const one = start(1);
    const two = start(2);
    two.attach(31, socket());
    await settle();
    expect(await one.onlineEverywhere!()).toEqual([31]);
    end(2);
    await settle();
    expect(await one.onlineEverywhere!()).toEqual([]);
    // and sends it nothing more
    const three = start(3);
    const late = socket();
    three.attach(31, late);
    await one.sendToUsers([31], { message_type: 'x' });
    await settle();
    expect(late.received).toEqual([{ message_type: 'x' }]);
  });

  it('the relay outlives a message that fails on the channel of a process that is ending', async () => {
    const { start, end, breakChannel } = processes();
    const one = start(1);
    const two = start(2);
    const three = start(3);
    const here = socket();
    three.attach(5, here);
    breakChannel(2);
    await one.sendToUsers([5], { message_type: 'notification', n: 1 });
    // the failed write to process 2 is an 'error' event: unheard, it would end the primary
    await settle();
    end(2);
    await one.sendToUsers([5], { message_type: 'notification', n: 2 });
    await settle();
    expect(here.received).toEqual([
      { message_type: 'notification', n: 1 },
      { message_type: 'notification', n: 2 },
    ]);
    two.close();
  });

  it('after close, a process hears nothing more', async () => {
    const { start } = processes();
    const one = start(1);
    const two = start(2);
    const gone = socket();
    two.attach(41, gone);
    await two.close();
    await one.sendToUsers([41], { message_type: 'x' });
    await settle();
    expect(gone.received).toEqual([]);
  });

  it('a memo change announced in one process is judged and sent where its watchers are', async () => {
    const { start } = processes();
    const one = start(1);
    const two = start(2);
    const three = start(3);
    const judged: Array<{ process: number; watchers: number[] }> = [];
    // the audience rule here: everyone but user 66 may see the memo
    for (const [number, hub] of [one, two, three].entries()) {
      hub.judgeMemoChanges('updated', async (_announcement, watchers) => {
        judged.push({ process: number + 1, watchers });
        return watchers.filter((id) => id !== 66);
      });
    }
    const watcher = socket();
    const stranger = socket();
    const idle = socket();
    two.attach(61, watcher);
    two.watchMemos(61, watcher, [5, 9]);
    two.attach(66, stranger);
    two.watchMemos(66, stranger, [5]);
    three.attach(62, idle);
    three.watchMemos(62, idle, [9]);
    await one.announceMemoChange({ memoId: 5, change: 'updated' });
    await settle();
    expect(watcher.received).toEqual([
      { message_type: 'memo_changed', memo_id: 5, change: 'updated' },
    ]);
    expect(stranger.received).toEqual([]);
    expect(idle.received).toEqual([]);
    // judged only where someone watches the memo, and only for them
    expect(judged).toEqual([{ process: 2, watchers: [61, 66] }]);
  });

  it('reads only its own kinds of message on the channel', () => {
    expect(isHubWire({ kind: 'memoria:hub:ask', from: 1 })).toBe(true);
    expect(
      isHubWire({
        kind: 'memoria:hub:memo',
        from: 1,
        announcement: { memoId: 1, change: 'updated' },
      }),
    ).toBe(true);
    expect(isHubWire({ kind: 'memoria:hub:ask' })).toBe(false);
    expect(isHubWire({ type: 'load-probe' })).toBe(false);
    expect(isHubWire('memoria:hub:ask')).toBe(false);
    expect(isHubWire(null)).toBe(false);
  });
});
