import type { Message as WireMessage, Thread, ThreadUser } from '@memoria/domain';
import { json } from '../../test/render';

/** Factories and a fake messenger API for the messenger's tests (the viewer is user 7, Ada). */
export function member(id: number, name: string, extra: Partial<ThreadUser> = {}): ThreadUser {
  return {
    id,
    user_id: id,
    '@id': `/api/user/${id}`,
    name,
    picture: null,
    label: name.slice(0, 2).toUpperCase(),
    isAdmin: false,
    admin: false,
    block_push: false,
    joined_at: '2025-01-01T10:00:00.000Z',
    last_read_at: null,
    last_read_seq: 0,
    ...extra,
  };
}

export const ADA = member(7, 'Ada');
export const BEN = member(8, 'Ben Brown');
export const CHLOE = member(9, 'Chloé Carter');

export function thread(id: number, extra: Partial<Thread> = {}): Thread {
  return {
    id,
    '@id': `/api/thread/${id}`,
    created_at: '2025-01-01T10:00:00.000Z',
    thread_type: 'direct',
    name: null,
    description: null,
    thread_picture: null,
    users: [ADA, BEN],
    last_message: null,
    last_message_created_at: null,
    last_read_at: null,
    unread: 0,
    muted: false,
    last_seq: 0,
    ...extra,
  };
}

export function message(
  seq: number,
  from: ThreadUser,
  text: string,
  extra: Partial<WireMessage> = {},
): WireMessage {
  const created = new Date(Date.UTC(2025, 0, 10, 9, 0, seq)).toISOString();
  return {
    id: 1000 + seq,
    '@id': `/api/thread/message/${1000 + seq}`,
    key: `k${seq}`,
    seq,
    thread: '/api/thread/1',
    thread_id: 1,
    created_at: created,
    modified_at: created,
    description: text,
    messageToReply: null,
    edited: false,
    edit_history: [],
    read_by_users: [],
    user: {
      id: from.user_id,
      '@id': from['@id'],
      name: from.name,
      picture: null,
      label: from.label,
    },
    sent_by: null,
    message_photos: [],
    message_documents: [],
    reactions: [],
    status: 'sent',
    ...extra,
  };
}

export function hydra<T>(items: T[], total = items.length) {
  return {
    '@context': '/api/contexts/x',
    '@id': '/api/x',
    '@type': 'hydra:Collection',
    'hydra:member': items,
    'hydra:totalItems': total,
  };
}

/** Answers the messenger's reads from the given threads and messages (thread 1). */
export function messengerRoute(threads: Thread[], messages: WireMessage[]) {
  return (url: string): Response | undefined => {
    const { pathname, searchParams } = new URL(url, 'http://x');
    if (pathname === '/api/user/threads') return json(200, hydra(threads));
    if (pathname === '/api/thread/unread') {
      return json(200, { unread: threads.reduce((n, t) => n + t.unread, 0), threads: 0 });
    }
    const one = /^\/api\/thread\/(\d+)$/.exec(pathname);
    if (one) {
      const found = threads.find((t) => t.id === Number(one[1]));
      return found ? json(200, found) : json(404, { message: 'Not found' });
    }
    if (pathname === '/api/thread/1/messages') {
      const after = searchParams.get('after_seq');
      if (after !== null) return json(200, hydra(messages.filter((m) => m.seq > Number(after))));
      const page = Number(searchParams.get('page') ?? 1);
      const newestFirst = [...messages].sort((a, b) => b.seq - a.seq);
      const slice = newestFirst.slice((page - 1) * 20, page * 20).reverse();
      return json(200, hydra(slice, messages.length));
    }
    if (pathname === '/api/thread/1/read') {
      return json(200, { thread_id: 1, last_read_seq: 0, last_read_at: null });
    }
    return undefined;
  };
}
