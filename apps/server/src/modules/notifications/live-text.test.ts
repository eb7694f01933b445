import { describe, expect, it } from 'vitest';
import { notificationTexts } from './live-text.js';
import { presentNotification } from './present.js';
import type { EventRow } from './store.js';

const row = (over: Partial<EventRow>): EventRow => ({
  id: 1,
  type: 'new_comment_watcher_notification',
  actor_user_id: 3,
  recipient_user_id: 10,
  connection_id: null,
  memo_id: 7,
  collection_id: null,
  thread_id: null,
  attachment_id: null,
  payload: '{"comment_id":5,"parent_id":null}',
  created_at: '2026-11-21T13:00:00.000Z',
  reviewed_at: null,
  actor_name: 'Ada Author',
  actor_avatar_id: 42,
  memo_title: 'Says "id":-1,"@id":"/api/notification/-1" ünd more',
  collection_name: null,
  document_file_name: null,
  ...over,
});

describe('notification texts of a fan-out (no database)', () => {
  it('are what serialising each notification on its own gives', () => {
    const rows = [
      row({ id: 101 }),
      row({ id: 102, recipient_user_id: 11 }),
      row({ id: 103, recipient_user_id: 12, type: 'new_comment' }),
      row({ id: 104, recipient_user_id: 13, memo_title: 'Another memo' }),
      row({ id: 105, recipient_user_id: 14, created_at: new Date('2026-11-21T13:00:01Z') }),
      row({ id: 106, recipient_user_id: 15, payload: { comment_id: 6 } }),
      row({ id: 107, recipient_user_id: 16, actor_avatar_id: null }),
    ];
    const expected = rows.map((r) =>
      JSON.stringify({ message_type: 'notification', notification: presentNotification(r) }),
    );
    expect(notificationTexts(rows)).toEqual(expected);
    expect(JSON.parse(notificationTexts(rows)[1]!).notification).toMatchObject({
      id: 102,
      '@id': '/api/notification/102',
      memo: { id: 7, title: rows[1]!.memo_title },
      from_user: { id: 3, picture: '/api/user/photo/42?variant=220w' },
    });
    expect(JSON.parse(notificationTexts(rows)[6]!).notification.from_user.picture).toBeNull();
  });

  it('carry the unread count of each recipient, and leave it out for one not counted', () => {
    const rows = [
      row({ id: 201 }),
      row({ id: 202, recipient_user_id: 11 }),
      row({ id: 203, recipient_user_id: 12 }),
    ];
    const unread = new Map([
      [10, 4],
      [11, 0],
    ]);
    const texts = notificationTexts(rows, unread);
    expect(texts).toEqual([
      JSON.stringify({
        message_type: 'notification',
        notification: presentNotification(rows[0]!),
        unread: 4,
      }),
      JSON.stringify({
        message_type: 'notification',
        notification: presentNotification(rows[1]!),
        unread: 0,
      }),
      JSON.stringify({ message_type: 'notification', notification: presentNotification(rows[2]!) }),
    ]);
  });
});
