import { describe, expect, it } from 'vitest';
import { memoCopySchema, memoWriteSchema, normalizeTags } from './memo.js';

describe('memo write contract', () => {
  it('tags: trimmed, without #, deduplicated case-insensitively, first spelling and order kept', () => {
    expect(normalizeTags([' Travel ', '#travel', 'Gent', '', '  ', '##gent', 'Zoo'])).toEqual([
      'Travel',
      'Gent',
      'Zoo',
    ]);
  });

  it('memos_per_collection is required and says so on that field', () => {
    for (const input of [{ title: 'x' }, { title: 'x', memos_per_collection: [] }]) {
      const result = memoWriteSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: ['memos_per_collection'],
          message: 'memo.collectionRequired',
        }),
      ]);
    }
  });

  it('drops todos without a description and normalises tags on parse', () => {
    const parsed = memoWriteSchema.parse({
      title: ' t ',
      memos_per_collection: ['/api/collection/abcdefghij'],
      memo_todos: [{ description: 'a' }, { description: '  ' }],
      memo_tags: ['a', 'A'],
    });
    expect(parsed).toMatchObject({
      title: 't',
      memo_todos: [{ description: 'a', closed: false }],
      memo_tags: ['a'],
      isScheduled: false,
    });
  });

  it('copy takes an optional collection reference', () => {
    expect(memoCopySchema.parse({})).toEqual({});
    expect(memoCopySchema.parse({ collection: '/api/collection/abcdefghij' }).collection).toBe(
      '/api/collection/abcdefghij',
    );
    expect(memoCopySchema.safeParse({ other: 1 }).success).toBe(false);
  });
});
