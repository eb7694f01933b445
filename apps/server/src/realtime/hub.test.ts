import { describe, expect, it } from 'vitest';
import { createLocalHub, createSocketRegistry, onlineAnywhere, SEND_BATCH } from './hub.js';
import { decodePublication, encodePublication } from './redis-hub.js';

/** A publication decoded from its bytes, each text read back as a string. */
const decoded = (raw: string) =>
  decodePublication(Buffer.from(raw))?.map(({ userIds, utf8 }) => ({
    userIds,
    text: utf8.toString(),
  }));

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
    hub.attach(1, { send: (utf8) => got.push(`a:${utf8.toString()}`) });
    hub.attach(1, {
      send: () => {
        throw new Error('closing');
      },
    });
    hub.attach(2, { send: (utf8) => got.push(`b:${utf8.toString()}`) });
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
    expect(decoded(encodePublication([{ userIds: [4, 5], text }]))).toEqual([
      { userIds: [4, 5], text },
    ]);
    expect(decoded('no newline')).toBeUndefined();
    expect(decoded('')).toBeUndefined();
    expect(decoded('7\n{}\n')).toBeUndefined();
    // negative ids are call participants' sockets (callAddress); junk and 0 are dropped
    expect(decoded('1,x,-2,0,3\n{}')).toEqual([{ userIds: [1, -2, 3], text: '{}' }]);
  });

  it('one publication carries several personal messages, each to its own user', async () => {
    const parcels = [
      { userIds: [7], text: '{"n":1}' },
      { userIds: [8], text: '{"n":2}' },
    ];
    expect(decoded(encodePublication(parcels))).toEqual(parcels);
    expect(decoded('7\n{}\n8')).toBeUndefined();
    const hub = createLocalHub();
    const got: string[] = [];
    hub.attach(7, { send: (utf8) => got.push(`7:${utf8.toString()}`) });
    hub.attach(8, { send: (utf8) => got.push(`8:${utf8.toString()}`) });
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

  it('encodes a message once: every socket gets the same bytes, the JSON text in UTF-8', async () => {
    const hub = createLocalHub();
    const got: Buffer[] = [];
    for (const id of [1, 2, 3]) hub.attach(id, { send: (utf8) => got.push(utf8) });
    const message = { message_type: 'new_message', text: 'héllo 👋 "quoted"\n' };
    await hub.sendToUsers([1, 2, 3], message);
    expect(got).toHaveLength(3);
    expect(got[0]!.equals(Buffer.from(JSON.stringify(message), 'utf8'))).toBe(true);
    expect(got[1]).toBe(got[0]);
    expect(got[2]).toBe(got[0]);
  });

  it('a publication in bytes hands each message on as the bytes it came as', () => {
    const texts = [JSON.stringify({ n: 'ü€😀' }), JSON.stringify({ n: 'line\nbreak' })];
    const raw = Buffer.from(
      encodePublication([
        { userIds: [1, 2], text: texts[0]! },
        { userIds: [3], text: texts[1]! },
      ]),
    );
    const parcels = decodePublication(raw)!;
    expect(parcels.map((p) => p.userIds)).toEqual([[1, 2], [3]]);
    expect(parcels.map((p) => p.utf8.toString('utf8'))).toEqual(texts);
    // a view of the publication, not a copy
    expect(parcels[0]!.utf8.buffer).toBe(raw.buffer);
  });
});
