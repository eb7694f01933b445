import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketHandler, SocketMessage, SocketOpenListener } from '../../api/socket';
import { json, mockApi, renderWidget, signIn } from '../../test/render';
import { flattenMessages, type MessageData } from './cache';
import { MessengerLive, useMessengerLive } from './live';
import type { LiveBacklog } from './live-on-demand';
import { messengerKeys } from './queries';
import { ADA, BEN, CHLOE, hydra, message, messengerRoute, thread } from './test-support';
import { useTypingNames } from './typing';
import { fromWire } from './types';

const handlers = new Map<string, SocketHandler>();
const openListeners = new Set<SocketOpenListener>();
const sent: SocketMessage[] = [];
vi.mock('../../api/socket', () => ({
  useSocketMessage: (type: string, handler: SocketHandler) => {
    handlers.set(type, handler);
  },
  onSocketOpen: (listener: SocketOpenListener) => {
    openListeners.add(listener);
    return () => openListeners.delete(listener);
  },
  sendSocket: (m: SocketMessage) => {
    sent.push(m);
    return true;
  },
}));

beforeEach(() => {
  handlers.clear();
  openListeners.clear();
  sent.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

function Live() {
  useMessengerLive(7);
  const typing = useTypingNames(1);
  return <div data-testid="typing">{typing.join(',')}</div>;
}

const push = (m: SocketMessage) => act(() => handlers.get(m.message_type)!(m));
const cached = (data: MessageData | undefined) =>
  flattenMessages(data).map((m) => [m.seq, m.description]);

async function setup(server: ReturnType<typeof message>[]) {
  signIn();
  const calls = mockApi(messengerRoute([thread(1, { unread: 0 })], server));
  const { queryClient } = await renderWidget(<Live />);
  const start: MessageData = {
    pages: [{ items: server.slice(0, 2).map(fromWire), total: 2, page: 1 }],
    pageParams: [1],
  };
  queryClient.setQueryData(messengerKeys.messages(1), start);
  queryClient.setQueryData(messengerKeys.threads, [thread(1)]);
  const read = () => queryClient.getQueryData<MessageData>(messengerKeys.messages(1));
  return { calls, queryClient, read };
}

/** Messages 1-3 cached, the third read once by a resume after the second (`after_seq=2`). */
async function expectResumedOnceAfterSeq2(
  read: () => MessageData | undefined,
  calls: ReadonlyArray<{ url: string }>,
) {
  await waitFor(() =>
    expect(cached(read())).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'm3'],
    ]),
  );
  expect(calls.filter((c) => c.url.includes('after_seq=2'))).toHaveLength(1);
}
describe('messenger live', () => {
  it('applies the next message, acknowledges it, and drops one already seen', async () => {
    const server = [message(1, BEN, 'one'), message(2, BEN, 'two'), message(3, BEN, 'three')];
    const { read, calls, queryClient } = await setup(server);
    await push({ message_type: 'new_message', thread_id: 1, message: server[2] });
    expect(cached(read())).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
    expect(sent).toContainEqual({ message_type: 'new_message', message_id: 1003, thread_id: 1 });
    await push({ message_type: 'new_message', thread_id: 1, message: server[2] });
    expect(cached(read())).toHaveLength(3);
    expect(calls.some((c) => c.url.includes('after_seq'))).toBe(false);
    const listed = queryClient.getQueryData<{ last_message: string; unread: number }[]>(
      messengerKeys.threads,
    )![0]!;
    expect(listed).toMatchObject({ last_message: 'three', unread: 1 });
  });

  it('a gap asks for everything after the last number, then each once and in order', async () => {
    const server = [1, 2, 3, 4, 5].map((n) => message(n, n % 2 ? BEN : CHLOE, `m${n}`));
    const { read, calls } = await setup(server);
    await push({ message_type: 'new_message', thread_id: 1, message: server[4] });
    await waitFor(() =>
      expect(cached(read())).toEqual([
        [1, 'm1'],
        [2, 'm2'],
        [3, 'm3'],
        [4, 'm4'],
        [5, 'm5'],
      ]),
    );
    expect(calls.filter((c) => c.url.includes('after_seq=2'))).toHaveLength(1);
    // the ones missed arrive late over the socket: nothing doubles
    await push({ message_type: 'new_message', thread_id: 1, message: server[2] });
    await push({ message_type: 'new_message', thread_id: 1, message: server[3] });
    expect(cached(read())).toHaveLength(5);
  });

  it('after a reconnect reads what was sent meanwhile', async () => {
    const server = [1, 2, 3, 4].map((n) => message(n, BEN, `m${n}`));
    const { read, calls } = await setup(server);
    act(() => openListeners.forEach((listener) => listener({ reconnected: true })));
    await waitFor(() =>
      expect(cached(read())).toEqual([
        [1, 'm1'],
        [2, 'm2'],
        [3, 'm3'],
        [4, 'm4'],
      ]),
    );
    expect(calls.some((c) => c.url.startsWith('/api/thread/1/messages?after_seq=2'))).toBe(true);
  });

  it('a first socket reads what was sent between the thread read and its opening', async () => {
    const server = [1, 2, 3].map((n) => message(n, BEN, `m${n}`));
    const { read, calls } = await setup(server);
    act(() => openListeners.forEach((listener) => listener({ reconnected: false })));
    await expectResumedOnceAfterSeq2(read, calls);
  });

  it('edits, deletions, reactions, read state, typing and removal arrive live', async () => {
    const server = [message(1, BEN, 'one'), message(2, ADA, 'two')];
    const { read, queryClient } = await setup(server);
    queryClient.setQueryData(messengerKeys.thread(1), thread(1));
    await push({
      message_type: 'message_edited',
      thread_id: 1,
      message: { ...server[0], description: 'uno', edited: true },
    });
    expect(cached(read())[0]).toEqual([1, 'uno']);
    await push({
      message_type: 'message_reactions',
      thread_id: 1,
      message_id: 1002,
      reactions: [{ unicode: '👍', count: 1, users: [{ user_id: 8, reacted_at: 'x' }] }],
    });
    expect(flattenMessages(read())[1]!.reactions).toHaveLength(1);
    const photo = {
      id: 55,
      '@id': '/api/message/photo/55',
      content_url: '/p?variant=550w',
      secure_urls: { '550w': '/p?variant=550w' },
      width: 10,
      height: 10,
      name: 'p.png',
      mime_type: 'image/png',
    };
    queryClient.setQueryData<MessageData>(messengerKeys.messages(1), (data) => ({
      ...data!,
      pages: data!.pages.map((page) => ({
        ...page,
        items: page.items.map((m) => (m.id === 1001 ? { ...m, message_photos: [photo] } : m)),
      })),
    }));
    expect(flattenMessages(read())[0]!.message_photos).toHaveLength(1);
    await push({
      message_type: 'message_file_removed',
      thread_id: 1,
      file_id: 55,
      message: { ...server[0], description: 'uno', edited: true, message_photos: [] },
    });
    expect(flattenMessages(read())[0]!.message_photos).toEqual([]);
    await push({
      message_type: 'message_deleted',
      thread_id: 1,
      message: { ...server[1], description: '[deleted]', status: 'deleted' },
    });
    expect(flattenMessages(read())[1]!.status).toBe('deleted');
    await push({
      message_type: 'thread_read',
      thread_id: 1,
      user_id: 8,
      last_read_seq: 2,
      last_read_at: 'now',
    });
    const users = queryClient.getQueryData<ReturnType<typeof thread>>(
      messengerKeys.thread(1),
    )!.users;
    expect(users.find((u) => u.user_id === 8)!.last_read_seq).toBe(2);
    await push({ message_type: 'typing', thread_id: 1, user_id: 8, name: 'Ben Brown' });
    expect(screen.getByTestId('typing')).toHaveTextContent('Ben Brown');
    await push({ message_type: 'typing', thread_id: 1, user_id: 7, name: 'Ada' });
    expect(screen.getByTestId('typing')).not.toHaveTextContent('Ada');
    await push({ message_type: 'removed_from_thread', thread_id: 1 });
    expect(queryClient.getQueryData<unknown[]>(messengerKeys.threads)).toEqual([]);
    expect(read()).toBeUndefined();
  });

  it('a message in a thread not open raises its unread count', async () => {
    signIn();
    mockApi((url) =>
      url === '/api/thread/unread' ? json(200, { unread: 1, threads: 1 }) : json(200, hydra([])),
    );
    const { queryClient } = await renderWidget(<Live />);
    queryClient.setQueryData(messengerKeys.threads, [thread(1), thread(2)]);
    await push({
      message_type: 'new_message',
      thread_id: 2,
      message: { ...message(1, BEN, 'psst'), thread_id: 2 },
    });
    const threads = queryClient.getQueryData<ReturnType<typeof thread>[]>(messengerKeys.threads)!;
    expect(threads[0]).toMatchObject({ id: 2, unread: 1, last_message: 'psst' });
  });

  it('applies what arrived before it was loaded, then only what it hears itself', async () => {
    const server = [1, 2, 3, 4].map((n) => message(n, BEN, `m${n}`));
    const backlog: LiveBacklog = {
      events: [{ message_type: 'new_message', thread_id: 1, message: server[2] }],
      reconnected: true,
      opened: false,
      live: false,
    };
    function Later() {
      const [on, setOn] = useState(false);
      if (on) return <MessengerLive userId={7} backlog={backlog} />;
      return <button onClick={() => setOn(true)}>start</button>;
    }
    signIn();
    const calls = mockApi(messengerRoute([thread(1, { unread: 0 })], server));
    const { queryClient } = await renderWidget(<Later />);
    queryClient.setQueryData<MessageData>(messengerKeys.messages(1), {
      pages: [{ items: server.slice(0, 2).map(fromWire), total: 2, page: 1 }],
      pageParams: [1],
    });
    expect(handlers.size).toBe(0);
    fireEvent.click(screen.getByText('start'));
    const read = () => queryClient.getQueryData<MessageData>(messengerKeys.messages(1));
    // the waiting message is applied and acknowledged; the reopened socket resumes the thread
    await waitFor(() =>
      expect(cached(read())).toEqual([
        [1, 'm1'],
        [2, 'm2'],
        [3, 'm3'],
        [4, 'm4'],
      ]),
    );
    expect(sent).toContainEqual({ message_type: 'new_message', message_id: 1003, thread_id: 1 });
    expect(calls.some((c) => c.url.startsWith('/api/thread/1/messages?after_seq=3'))).toBe(true);
    expect(backlog).toMatchObject({ events: [], live: true });
    expect(handlers.has('new_message')).toBe(true);
  });

  it('loaded for a first socket that opened after a thread was read, resumes that thread', async () => {
    const server = [1, 2, 3].map((n) => message(n, BEN, `m${n}`));
    const backlog: LiveBacklog = { events: [], reconnected: false, opened: true, live: false };
    signIn();
    const calls = mockApi(messengerRoute([thread(1, { unread: 0 })], server));
    function Later() {
      const [on, setOn] = useState(false);
      if (on) return <MessengerLive userId={7} backlog={backlog} />;
      return <button onClick={() => setOn(true)}>start</button>;
    }
    const { queryClient } = await renderWidget(<Later />);
    queryClient.setQueryData<MessageData>(messengerKeys.messages(1), {
      pages: [{ items: server.slice(0, 2).map(fromWire), total: 2, page: 1 }],
      pageParams: [1],
    });
    fireEvent.click(screen.getByText('start'));
    const read = () => queryClient.getQueryData<MessageData>(messengerKeys.messages(1));
    await expectResumedOnceAfterSeq2(read, calls);
  });
});
