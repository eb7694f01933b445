import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { clipFixture } from '../modules/media/test-support.js';
import { describeDb } from '../test/harness.js';
import { sharedBundle, createCliInstance, type CliInstance } from './cli-harness.js';

// The server runs as a child process (the commands in this process, cli-harness.ts); give a
// busy machine time.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

/** What the shutdown may take at most, from SIGTERM to the process gone. */
const EXIT_WITHIN_MS = 10_000;

describeDb('server shutdown on SIGTERM', () => {
  let cli: CliInstance;
  let usermail: string;
  let password: string;

  beforeAll(async () => {
    cli = await createCliInstance(await sharedBundle());
    await cli.json('db:migrate');
    usermail = 'stopper@example.test';
    ({ password } = await cli.json<{ password: string }>(
      'users:create',
      usermail,
      '--name',
      'Stopper',
      '--generate-password',
    ));
  });
  afterAll(async () => {
    await cli?.close();
  });

  async function signIn(url: string): Promise<{ token: string; userId: number }> {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const login = await post('/api/login', { usermail, password });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const profile = await post('/api/profile', undefined, token);
    const { id: userId } = (await profile.json()) as { id: number };
    return { token, userId };
  }

  /** An avatar upload that sends its first bytes, then a trickle it never finishes. */
  async function slowUpload(url: string, token: string): Promise<() => void> {
    const boundary = 'slow-upload-boundary';
    const request = http.request(`${url}/api/user/picture`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(50 * 1024 * 1024),
      },
    });
    request.on('error', () => undefined); // the server cuts it
    request.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n` +
        'content-type: image/png\r\n\r\n',
    );
    request.write(Buffer.alloc(64 * 1024, 1));
    const trickle = setInterval(() => {
      if (!request.destroyed) request.write(Buffer.alloc(1024, 1));
    }, 100);
    // let the server take the request in before the signal comes
    await new Promise((resolve) => setTimeout(resolve, 500));
    return () => {
      clearInterval(trickle);
      request.destroy();
    };
  }

  async function openSocket(url: string, token: string, userId: number): Promise<WebSocket> {
    const query = `user_id=${userId}&token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws?${query}`);
    socket.on('error', () => undefined);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`ws ${res.statusCode}`)));
    });
    return socket;
  }

  async function stopTimed(stop: () => Promise<number | null>) {
    const started = Date.now();
    const code = await stop();
    return { code, elapsed: Date.now() - started };
  }

  it('ends within 10 s during an upload and with a socket open', async () => {
    const server = await cli.startServer();
    const { token, userId } = await signIn(server.url);
    const socket = await openSocket(server.url, token, userId);
    const endUpload = await slowUpload(server.url, token);
    try {
      const { code, elapsed } = await stopTimed(() => server.stop());
      expect(elapsed).toBeLessThan(EXIT_WITHIN_MS);
      expect(code).toBe(0);
    } finally {
      endUpload();
      socket.terminate();
    }
  });

  /** POSTs JSON and answers the new object's id. */
  async function create(url: string, token: string, pathname: string, body: object) {
    const res = await fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number | string }).id;
  }

  async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('ends within 10 s while a job runs, and lets the running job finish first', async () => {
    const server = await cli.startServer();
    const { token } = await signIn(server.url);
    const collection = await create(server.url, token, '/api/collection', {
      name: 'Stop during a job',
      type: 'private',
    });
    const memo = await create(server.url, token, '/api/memo', {
      title: 'A clip',
      memos_per_collection: [collection],
    });
    const form = new FormData();
    form.append('memo', String(memo));
    const clip = clipFixture({ width: 640, height: 360, seconds: 2 });
    form.append('file', new Blob([new Uint8Array(clip)], { type: 'video/quicktime' }), 'a.mov');
    const upload = await fetch(`${server.url}/api/memo/video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as { id: number };
    const db = cli.database().db;
    const job = () =>
      db
        .selectFrom('jobs')
        .select('status')
        .where('unique_key', '=', `media.video:${id}`)
        .executeTakeFirst();
    await until(async () => (await job())?.status === 'running', 'the conversion job to start');

    const { code, elapsed } = await stopTimed(() => server.stop());
    expect(elapsed).toBeLessThan(EXIT_WITHIN_MS);
    expect(code).toBe(0);
    // the queue's stop waits for the job it runs: the conversion ended before the exit
    expect((await job())?.status).toBe('done');
    const video = await db
      .selectFrom('attachments')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(video.status).toBe('ready');
  });

  // last: it removes the data folder the other cases start in
  it('ends within 10 s when its data folder was removed while it ran', async () => {
    const server = await cli.startServer();
    const { token, userId } = await signIn(server.url);
    const socket = await openSocket(server.url, token, userId);
    const endUpload = await slowUpload(server.url, token);
    fs.rmSync(cli.dataDir, { recursive: true, force: true });
    try {
      const { elapsed } = await stopTimed(() => server.stop());
      expect(elapsed).toBeLessThan(EXIT_WITHIN_MS);
    } finally {
      endUpload();
      socket.terminate();
    }
  });
});
