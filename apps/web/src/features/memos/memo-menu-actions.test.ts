import { describe, expect, it } from 'vitest';
import { availableActions } from './memo-menu-actions';
import { collectionRef, memoFixture, userSummary } from './test-support';

describe('memo menu actions', () => {
  it('offers the author everything the server allows on their own memo', () => {
    const memo = memoFixture({ can_edit: true, can_delete: true, can_copy: false });
    expect(availableActions(memo, 7)).toEqual([
      'edit',
      'pin',
      'secretLink',
      'pushAudience',
      'delete',
    ]);
    expect(availableActions({ ...memo, sequence_number: 1 }, 7)).toContain('unpin');
    // a memo not yet published has no readers to tell
    expect(availableActions({ ...memo, isScheduled: true }, 7)).not.toContain('pushAudience');
  });

  it("offers copy and mute on someone else's memo, and nothing the server refuses", () => {
    const bob = userSummary(8, 'Bob');
    const memo = memoFixture({
      author: bob,
      collection: collectionRef({ author: bob }),
      can_edit: false,
      can_delete: false,
      can_copy: true,
    });
    expect(availableActions(memo, 7)).toEqual(['copy', 'mute']);
    const muted = { ...memo, collection: collectionRef({ author: bob, is_muted: true }) };
    expect(availableActions(muted, 7)).toEqual(['copy', 'unmute']);
    expect(availableActions({ ...memo, can_copy: false }, undefined)).toEqual([]);
  });

  it("lets a collection owner pin and remove others' memos in it", () => {
    const bob = userSummary(8, 'Bob');
    const memo = memoFixture({ author: bob, can_edit: false, can_delete: true, can_copy: false });
    expect(availableActions(memo, 7)).toEqual(['pin', 'pushAudience', 'delete']);
  });
});
