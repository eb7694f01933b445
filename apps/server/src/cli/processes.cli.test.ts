import http from 'node:http';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { AUTH } from '@memoria/domain';
import { describeDb } from '../test/harness.js';
import {
  createCliInstance,
  sharedBundle,
  type CliInstance,
  type ServerProcess,
} from './cli-harness.js';

// A primary and two workers start as child processes; give a busy machine time.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

/** Edits sent, each on a new connection: Node's cluster hands connections out in turn. */
const EDITS = 6;

/**
 * SERVER_PROCESSES=2 (processes.ts): the built server as a primary and two workers on one
 * database, without Redis. A person's socket is held by one worker; edits reach the workers
 * in turn, so half of them are made by the worker that does not hold it, and every edit's
 * live event must still reach it: through the primary's relay, which also tells that worker
 * the person is online.
 */
describeDb('several server processes on one machine', () => {
  let cli: CliInstance;
  let server: ServerProcess;
  let password: string;
  const usermail = 'processes@example.test';
  const lockedMail = 'locked@example.test';

  beforeAll(async () => {
    cli = await createCliInstance(await sharedBundle());
    cli.env.SERVER_PROCESSES = '2';
    await cli.json('db:migrate');
    ({ password } = await cli.json<{ password: string }>(
      'users:create',
      usermail,
      '--name',
      'Two Processes',
      '--generate-password',
    ));
    await cli.json('users:create', lockedMail, '--name', 'Locked', '--generate-password');
    server = await cli.startServer();
    // the first worker's "listening" ended the start; the tests need both
    await vi.waitFor(() => expect(server.output()).toContain('every server process listens'), {
      timeout: 60_000,
      interval: 100,
    });
  });
  afterAll(async () => {
    await cli?.close();
  });

  /** A request on a connection of its own (no keep-alive), so each may reach another worker. */
  function request(
    url: string,
    method: string,
    pathname: string,
    body?: object,
    token?: string,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${url}${pathname}`,
        {
          method,
          agent: false,
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }),
          );
        },
      );
      req.on('error', reject);
      req.end(body ? JSON.stringify(body) : undefined);
    });
  }

  /**
   * Signs in, opens one socket, edits a memo EDITS times, each on a new connection, and
   * expects a live event for every edit on that socket, whichever worker made it.
   */
  async function expectEveryEditLive(): Promise<void> {
    const login = await request(server.url, 'POST', '/api/login', { usermail, password });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    const profile = await request(server.url, 'GET', '/api/profile', undefined, token);
    const userId = profile.body.id as number;
    const collection = await request(
      server.url,
      'POST',
      '/api/collection',
      { name: 'Two processes', type: 'private' },
      token,
    );
    expect(collection.status).toBe(201);
    const memo = await request(
      server.url,
      'POST',
      '/api/memo',
      { title: 'edited everywhere', memos_per_collection: [collection.body.id] },
      token,
    );
    expect(memo.status).toBe(201);
    const memoId = memo.body.id as number;

    const socket = new WebSocket(
      `${server.url.replace(/^http/, 'ws')}/api/ws?user_id=${userId}&token=${encodeURIComponent(token)}`,
    );
    const changes: number[] = [];
    const received: unknown[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      received.push(message);
      if (message.message_type === 'memo_changed' && message.memo_id === memoId) {
        changes.push(changes.length + 1);
      }
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    // the pong says the socket is attached in its worker (and its presence on its way) and
    // watches the memo, as a tab that shows it does
    const pong = new Promise((resolve) =>
      socket.on('message', (data) => {
        if (String(data).includes('"pong"')) resolve(true);
      }),
    );
    socket.send(JSON.stringify({ message_type: 'watch_memos', memo_ids: [memoId] }));
    socket.send(JSON.stringify({ message_type: 'ping' }));
    await pong;

    for (let edit = 1; edit <= EDITS; edit += 1) {
      const put = await request(
        server.url,
        'PUT',
        `/api/memo/${memoId}`,
        { title: `edit ${edit}`, memos_per_collection: [collection.body.id] },
        token,
      );
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
    await vi.waitFor(() => expect(changes.length, JSON.stringify(received)).toBe(EDITS), {
      timeout: 10_000,
      interval: 50,
    });
    socket.terminate();
  }

  it('a live event caused in either process reaches the socket the other one holds', async () => {
    await expectEveryEditLive();
  });

  it('starts a worker that died again, and live events cross between the workers again', async () => {
    const listeningPids = () =>
      [...server.output().matchAll(/"pid":(\d+)[^\n]*Server listening at/g)].map((m) =>
        Number(m[1]),
      );
    const listens = () => server.output().split('every server process listens').length - 1;
    expect(listeningPids()).toHaveLength(2);
    process.kill(listeningPids()[0]!, 'SIGKILL');
    await vi.waitFor(
      () => {
        expect(listeningPids()).toHaveLength(3);
        expect(listens()).toBe(2);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(server.output()).toContain('a server process ended; starting it again');
    // the others forgot who was online in the dead one, and the new one asked them
    await expectEveryEditLive();
  });

  it('counts failed sign-ins once, whichever process each attempt reaches', async () => {
    const attempt = (pass: string) =>
      request(server.url, 'POST', '/api/login', { usermail: lockedMail, password: pass });
    for (let failure = 1; failure <= AUTH.failuresBeforeLockout; failure += 1) {
      expect((await attempt(`wrong ${failure}`)).status).toBe(401);
    }
    // each worker saw half of them: counted apart, neither would refuse yet
    expect((await attempt('wrong again')).status).toBe(429);
  });

  it('ends every process on SIGTERM to the primary, with exit code 0', async () => {
    // the primary asks both workers to drain and ends after them (on failure: what they said)
    const code = await server.stop();
    expect(code, server.output().slice(-4000)).toBe(0);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
