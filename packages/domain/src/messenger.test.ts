import { describe, expect, it } from 'vitest';
import {
  isEmptyMessageText,
  isSingleEmoji,
  mayAdministerThread,
  mayDeleteMessage,
  MESSENGER,
} from './messenger.js';
import { messageCreateSchema, threadCreateSchema } from './messenger-schemas.js';

describe('messenger rules', () => {
  it('one real emoji', () => {
    for (const ok of ['👍', '❤️', '🇧🇪', '👩‍👩‍👧', '1️⃣', '👍🏽'])
      expect([ok, isSingleEmoji(ok)]).toEqual([ok, true]);
    for (const bad of ['', 'a', ':)', '👍👍', '👍 ', 'like', 12, null]) {
      expect([bad, isSingleEmoji(bad)]).toEqual([bad, false]);
    }
  });

  it('the [empty] marker and blank text mean no text', () => {
    expect(isEmptyMessageText('[empty]')).toBe(true);
    expect(isEmptyMessageText('  ')).toBe(true);
    expect(isEmptyMessageText(undefined)).toBe(true);
    expect(isEmptyMessageText('[empty] not')).toBe(false);
  });

  it('admins of groups only; authors or group admins delete', () => {
    expect(mayAdministerThread('group', true)).toBe(true);
    expect(mayAdministerThread('group', false)).toBe(false);
    expect(mayAdministerThread('direct', true)).toBe(false);
    expect(mayDeleteMessage('direct', { userId: 1, isAdmin: false }, 1)).toBe(true);
    expect(mayDeleteMessage('direct', { userId: 2, isAdmin: true }, 1)).toBe(false);
    expect(mayDeleteMessage('group', { userId: 2, isAdmin: true }, 1)).toBe(true);
  });

  it('schemas: text limit, strict bodies', () => {
    const thread = '/api/thread/1';
    expect(messageCreateSchema.safeParse({ thread, description: 'hi', key: 'k' }).success).toBe(
      true,
    );
    expect(
      messageCreateSchema.safeParse({ thread, description: 'x'.repeat(MESSENGER.messageMax + 1) })
        .success,
    ).toBe(false);
    expect(messageCreateSchema.safeParse({ thread, description: 'hi', user: 1 }).success).toBe(
      false,
    );
    expect(threadCreateSchema.safeParse({ thread_type: 'direct', users: [] }).success).toBe(false);
    expect(
      threadCreateSchema.safeParse({ thread_type: 'group', users: ['/api/user/2'], name: 'A' })
        .success,
    ).toBe(true);
  });
});
