import { describe, expect, it } from 'vitest';
import { createLocalHub, createSocketRegistry, onlineAnywhere, SEND_BATCH } from './hub.js';
import { decodePublication, encodePublication } from './redis-hub.js';

describe('realtime hub (no database)', () => {
  it('lets other work run between batches of SEND_BATCH sockets', async () => {
    const registry = createSocketRegistry();
    const order: string[] = [];
    const userIds: number[] = [];
    for (let id = 1; id <= SEND_BATCH * 2 + 50; id += 1) {
      userIds.push(id);
      registry.attach(id, { send: () => order.push('send') });
    }
    setImmediate(() => order.push('other work'));
    await registry.deliver(userIds, '{}');
    expect(order.filter((entry) => entry === 'send')).toHaveLength(userIds.length);
    expect(order.indexOf('other work')).toBe(SEND_BATCH);
  });

  it('sends once per socket even when a user is named twice; a failing socket spoils nothing', async () => {
    const hub = createLocalHub();
    const got: string[] = [];
    hub.attach(1, { send: (text) => got.push(`a:${text}`) });
    hub.attach(1, {
      send: () => {
        throw new Error('closing');
      },
    });
    hub.attach(2, { send: (text) => got.push(`b:${text}`) });
    await hub.sendToUsers([1, 1, 2, 3], { message_type: 'ping' });
    expect(got).toEqual(['a:{"message_type":"ping"}', 'b:{"message_type":"ping"}']);
    expect(await onlineAnywhere(hub)).toEqual([1, 2]);
  });

  it('hears when a user comes online and when their last socket goes', () => {
    const changes: Array<[number, boolean]> = [];
    const registry = createSocketRegistry((userId, online) => changes.push([userId, online]));
    const first = registry.attach(5, { send: () => undefined });
    const second = registry.attach(5, { send: () => undefined });
    first();
    first();
    expect(changes).toEqual([[5, true]]);
    second();
    expect(changes).toEqual([
      [5, true],
      [5, false],
    ]);
    expect(registry.onlineUserIds()).toEqual([]);
  });

  it('a publication carries the user ids and the message text unchanged', () => {
    const text = JSON.stringify({ message_type: 'memo_changed', memo_id: 3, note: 'a\nb' });
    expect(decodePublication(encodePublication([{ userIds: [4, 5], text }]))).toEqual([
      { userIds: [4, 5], text },
    ]);
    expect(decodePublication('no newline')).toBeUndefined();
    // negative ids are call participants' sockets (callAddress); junk and 0 are dropped
    expect(decodePublication('1,x,-2,0,3\n{}')).toEqual([{ userIds: [1, -2, 3], text: '{}' }]);
  });

  it('one publication carries several personal messages, each to its own user', async () => {
    const parcels = [
      { userIds: [7], text: '{"n":1}' },
      { userIds: [8], text: '{"n":2}' },
    ];
    expect(decodePublication(encodePublication(parcels))).toEqual(parcels);
    expect(decodePublication('7\n{}\n8')).toBeUndefined();
    const hub = createLocalHub();
    const got: string[] = [];
    hub.attach(7, { send: (text) => got.push(`7:${text}`) });
    hub.attach(8, { send: (text) => got.push(`8:${text}`) });
    await hub.sendEach([
      { userId: 8, message: { message_type: 'notification', n: 2 } },
      { userId: 9, message: { message_type: 'notification', n: 3 } },
      { userId: 7, message: { message_type: 'notification', n: 1 } },
    ]);
    expect(got).toEqual([
      '8:{"message_type":"notification","n":2}',
      '7:{"message_type":"notification","n":1}',
    ]);
  });
});
