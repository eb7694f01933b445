import { describe, expect, it } from 'vitest';
import {
  flattenMessages,
  lastSeq,
  markDeleted,
  toggleReaction,
  upsertMessage,
  type MessageData,
} from './cache';
import { optimisticMessage } from './send';
import { ADA, BEN, message } from './test-support';
import { fromWire } from './types';

const me = { id: 7, '@id': '/api/user/7', name: 'Ada', picture: null, label: 'AD' };
const data = (...seqs: number[]): MessageData => ({
  pages: [
    { items: seqs.map((n) => fromWire(message(n, BEN, `m${n}`))), total: seqs.length, page: 1 },
  ],
  pageParams: [1],
});

describe('messenger cache', () => {
  it('the saved message replaces its optimistic copy by key, once', () => {
    const draft = { threadId: 1, text: 'hi', replyTo: null, photos: [], documents: [] };
    const pending = optimisticMessage(draft, me, 'key-1');
    let cached = upsertMessage(data(1), pending);
    expect(flattenMessages(cached).map((m) => m.status)).toEqual(['sent', 'sending']);
    const saved = fromWire(message(2, ADA, 'hi', { key: 'key-1' }));
    cached = upsertMessage(cached, saved);
    cached = upsertMessage(cached, saved);
    expect(flattenMessages(cached).map((m) => [m.seq, m.status])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
    ]);
  });

  it('orders by number across pages, the unsent last, each message once', () => {
    const older = data(1, 2, 3);
    const both: MessageData = {
      pages: [data(3, 4, 5).pages[0]!, { ...older.pages[0]!, page: 2 }],
      pageParams: [1, 2],
    };
    expect(flattenMessages(both).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lastSeq stops before a missing number', () => {
    expect(lastSeq(data(4, 5, 6))).toBe(6);
    expect(lastSeq(data(4, 5, 7))).toBe(5);
    expect(lastSeq(undefined)).toBe(0);
  });

  it('a reaction adds, counts and is taken back; the last count drops the kind', () => {
    let reactions = toggleReaction([], '👍', 7, false, 'now');
    expect(reactions).toEqual([
      { unicode: '👍', count: 1, users: [{ user_id: 7, reacted_at: 'now' }] },
    ]);
    reactions = toggleReaction(reactions, '👍', 8, false, 'now');
    expect(reactions[0]!.count).toBe(2);
    expect(toggleReaction(reactions, '👍', 7, false)).toBe(reactions);
    reactions = toggleReaction(reactions, '👍', 7, true);
    expect(reactions).toEqual([
      { unicode: '👍', count: 1, users: [{ user_id: 8, reacted_at: 'now' }] },
    ]);
    expect(toggleReaction(reactions, '👍', 8, true)).toEqual([]);
  });

  it('a deleted message keeps no text, photos, documents or reactions', () => {
    const photo = {
      id: 1,
      '@id': '/api/attachment/1',
      content_url: '/x',
      secure_urls: { '550w': '/x' },
      width: 800,
      height: 600,
      name: 'a.jpg',
      mime_type: 'image/jpeg',
    };
    const deleted = markDeleted(fromWire(message(1, ADA, 'secret', { message_photos: [photo] })));
    expect(deleted).toMatchObject({
      description: '[deleted]',
      status: 'deleted',
      message_photos: [],
    });
  });
});
