import { describe, expect, it, vi } from 'vitest';
import { MEMO_WATCH } from '@memoria/domain';
import { createLocalHub } from './hub.js';
import {
  createMemoChangeDesk,
  createMemoWatchIndex,
  parseAnnouncement,
  watchedMemos,
  type MemoChangeAnnouncement,
} from './memo-watch.js';

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

  it('a replaced set answers the memos new to that socket', () => {
    const index = createMemoWatchIndex();
    const tab = {};
    expect(index.replace(tab, 1, [10, 11, 11])).toEqual([10, 11]);
    expect(index.replace(tab, 1, [11, 12])).toEqual([12]);
    expect(index.replace(tab, 1, [11, 12])).toEqual([]);
    // another tab of the same person has its own set
    expect(index.replace({}, 1, [12])).toEqual([12]);
    index.forget(tab);
    expect(index.replace(tab, 1, [11])).toEqual([11]);
  });

  it('a memo that joins a set hears of the changes it missed, judged, within MEMO_WATCH.replayMs', async () => {
    let clock = 1_000_000;
    const judged: Array<[string, number[]]> = [];
    const desk = createMemoChangeDesk(createMemoWatchIndex(), async () => undefined, {
      now: () => clock,
    });
    desk.judge('updated', async ({ memoId }, watchers) => {
      judged.push([`updated ${memoId}`, watchers]);
      return watchers.filter((id) => id !== 3);
    });
    desk.judge('comment', async ({ memoId }, watchers) => {
      judged.push([`comment ${memoId}`, watchers]);
      return watchers;
    });
    const replayed = async (userId: number, memoIds: number[]) => {
      const texts: unknown[] = [];
      await desk.replay(userId, memoIds, (text) => texts.push(JSON.parse(text)));
      return texts;
    };
    const comment: MemoChangeAnnouncement = { memoId: 7, change: 'comment', actorId: 2, skip: [4] };
    await desk.receive({ memoId: 7, change: 'updated' });
    await desk.receive({ memoId: 7, change: 'updated' });
    await desk.receive(comment);
    await desk.receive({ memoId: 8, change: 'reaction', actorId: 2 });
    // nobody watched: nothing judged yet
    expect(judged).toEqual([]);

    clock += MEMO_WATCH.replayMs - 1;
    expect(await replayed(1, [6, 7, 8])).toEqual([
      { message_type: 'memo_changed', memo_id: 7, change: 'updated' },
      { message_type: 'memo_changed', memo_id: 7, change: 'comment' },
    ]);
    // each kind once, the reaction without a rule judged for nobody
    expect(judged).toEqual([
      ['updated 7', [1]],
      ['comment 7', [1]],
    ]);
    // the rule decides: a stranger hears nothing
    expect(await replayed(3, [7])).toEqual([
      { message_type: 'memo_changed', memo_id: 7, change: 'comment' },
    ]);
    // someone a notification told of the comment is not told again
    expect(await replayed(4, [7])).toEqual([
      { message_type: 'memo_changed', memo_id: 7, change: 'updated' },
    ]);

    clock += 2;
    judged.length = 0;
    expect(await replayed(1, [7, 8])).toEqual([]);
    expect(judged).toEqual([]);
  });

  it('a tab that read the memo after a change is not told of it again', async () => {
    let clock = 1_000_000;
    const desk = createMemoChangeDesk(createMemoWatchIndex(), async () => undefined, {
      now: () => clock,
    });
    desk.judge('updated', async (_announcement, watchers) => watchers);
    desk.judge('reaction', async (_announcement, watchers) => watchers);
    await desk.receive({ memoId: 7, change: 'updated' });
    clock += 2_000;
    await desk.receive({ memoId: 7, change: 'reaction', actorId: 2 });
    clock += 3_000;
    const told = async (readMsAgo: number) => {
      const texts: string[] = [];
      await desk.replay(1, [7], (text) => texts.push(JSON.parse(text).change), readMsAgo);
      return texts;
    };
    // read 4 s ago: after the edit, before the reaction (less the slack for the answer's way)
    expect(await told(4_000 - MEMO_WATCH.readSlackMs)).toEqual(['reaction']);
    // read just now: the changes it got with the memo, however recent
    expect(await told(0)).toEqual([]);
    // read long ago: no further back than MEMO_WATCH.replayMs
    expect(await told(60_000)).toEqual(['updated', 'reaction']);
  });

  it('a hub tells a tab, on its own socket, of a change made before its set arrived', async () => {
    const hub = createLocalHub();
    hub.judgeMemoChanges('updated', async (_announcement, watchers) => watchers);
    const [tab, otherTab] = [socket(), socket()];
    hub.attach(1, tab);
    hub.attach(1, otherTab);
    await hub.announceMemoChange({ memoId: 7, change: 'updated' });
    hub.watchMemos(1, tab, [7]);
    const message = { message_type: 'memo_changed', memo_id: 7, change: 'updated' };
    await vi.waitFor(() => expect(tab.received).toEqual([message]));
    // the same set again: nothing new joined, nothing told twice
    hub.watchMemos(1, tab, [7]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(tab.received).toEqual([message]);
    expect(otherTab.received).toEqual([]);
    await hub.close();
  });

  it('reads a watch_memos message only when it is a set of ids within the limit', () => {
    expect(watchedMemos({ memo_ids: [1, 2, 3] })).toEqual({ memoIds: [1, 2, 3] });
    expect(watchedMemos({ memo_ids: [] })).toEqual({ memoIds: [] });
    const most = Array.from({ length: MEMO_WATCH.maxMemos }, (_, i) => i + 1);
    expect(watchedMemos({ memo_ids: most })).toEqual({ memoIds: most });
    expect(watchedMemos({ memo_ids: [...most, MEMO_WATCH.maxMemos + 1] })).toBeUndefined();
    for (const bad of [undefined, null, '1,2', { 0: 1 }, [0], [-1], [1.5], ['1'], [2 ** 53]]) {
      expect(watchedMemos({ memo_ids: bad })).toBeUndefined();
    }
    expect(watchedMemos({ memo_ids: [4], read_ms_ago: 0 })).toEqual({ memoIds: [4], readMsAgo: 0 });
    expect(watchedMemos({ memo_ids: [4], read_ms_ago: 350 })).toEqual({
      memoIds: [4],
      readMsAgo: 350,
    });
    // an age that is not one is unknown: the set still counts
    for (const bad of [-1, 1.5, '350', null, 2 ** 53]) {
      expect(watchedMemos({ memo_ids: [4], read_ms_ago: bad })).toEqual({ memoIds: [4] });
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
