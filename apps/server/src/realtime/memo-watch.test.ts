import { describe, expect, it } from 'vitest';
import { MEMO_WATCH } from '@memoria/domain';
import { createLocalHub } from './hub.js';
import { createMemoWatchIndex, parseAnnouncement, watchedMemoIds } from './memo-watch.js';

function socket() {
  const received: unknown[] = [];
  return { received, send: (utf8: Buffer) => received.push(JSON.parse(utf8.toString('utf8'))) };
}

describe('watched memos', () => {
  it('the index follows each socket’s whole set: replaced, shared by tabs, forgotten', () => {
    const index = createMemoWatchIndex();
    const first = {};
    const second = {};
    index.replace(first, 1, [10, 11, 11]);
    index.replace(second, 1, [11, 12]);
    index.replace({}, 2, [11]);
    expect(index.watchersOf(11).sort()).toEqual([1, 2]);
    index.replace(first, 1, [12]);
    expect(index.watchersOf(10)).toEqual([]);
    // the other tab still holds 11
    expect(index.watchersOf(11).sort()).toEqual([1, 2]);
    index.forget(second);
    expect(index.watchersOf(11)).toEqual([2]);
    expect(index.watchersOf(12)).toEqual([1]);
    index.replace(first, 1, []);
    expect(index.watchersOf(12)).toEqual([]);
  });

  it('a hub judges only the watchers of the memo, and none at all when nobody watches', async () => {
    const hub = createLocalHub();
    const judged: number[][] = [];
    hub.judgeMemoChanges('updated', async (_announcement, watchers) => {
      judged.push(watchers);
      return watchers.filter((id) => id !== 3);
    });
    const [ada, cy, stranger] = [socket(), socket(), socket()];
    const detachAda = hub.attach(1, ada);
    hub.attach(2, cy);
    hub.attach(3, stranger);
    hub.watchMemos(1, ada, [7]);
    hub.watchMemos(3, stranger, [7]);
    // a socket that is not attached (or no longer) watches nothing
    hub.watchMemos(2, socket(), [7]);

    await hub.announceMemoChange({ memoId: 8, change: 'updated' });
    expect(judged).toEqual([]);
    await hub.announceMemoChange({ memoId: 7, change: 'updated' });
    expect(judged).toEqual([[1, 3]]);
    const message = { message_type: 'memo_changed', memo_id: 7, change: 'updated' };
    expect(ada.received).toEqual([message]);
    expect(cy.received).toEqual([]);
    expect(stranger.received).toEqual([]);

    // a kind without a rule is told to nobody
    await hub.announceMemoChange({ memoId: 7, change: 'reaction', actorId: 1 });
    expect(ada.received).toEqual([message]);

    detachAda();
    hub.watchMemos(1, ada, [7]);
    await hub.announceMemoChange({ memoId: 7, change: 'updated' });
    expect(judged).toEqual([[1, 3], [3]]);
    expect(ada.received).toEqual([message]);
  });

  it('reads a watch_memos message only when it is a set of ids within the limit', () => {
    expect(watchedMemoIds({ memo_ids: [1, 2, 3] })).toEqual([1, 2, 3]);
    expect(watchedMemoIds({ memo_ids: [] })).toEqual([]);
    const most = Array.from({ length: MEMO_WATCH.maxMemos }, (_, i) => i + 1);
    expect(watchedMemoIds({ memo_ids: most })).toEqual(most);
    expect(watchedMemoIds({ memo_ids: [...most, MEMO_WATCH.maxMemos + 1] })).toBeUndefined();
    for (const bad of [undefined, null, '1,2', { 0: 1 }, [0], [-1], [1.5], ['1'], [2 ** 53]]) {
      expect(watchedMemoIds({ memo_ids: bad })).toBeUndefined();
    }
  });

  it('reads an announcement from another instance only when it is one', () => {
    expect(parseAnnouncement({ memoId: 4, change: 'updated' })).toEqual({
      memoId: 4,
      change: 'updated',
    });
    expect(parseAnnouncement({ memoId: 4, change: 'comment', actorId: 2, skip: [5] })).toEqual({
      memoId: 4,
      change: 'comment',
      actorId: 2,
      skip: [5],
    });
    for (const bad of [
      null,
      'x',
      { memoId: 4, change: 'deleted' },
      { memoId: '4', change: 'updated' },
      { memoId: 4, change: 'reaction' },
      { memoId: 4, change: 'comment', actorId: 2, skip: ['5'] },
    ]) {
      expect(parseAnnouncement(bad)).toBeUndefined();
    }
  });
});
