import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInUser, type SignedIn } from '../../test/factories.js';
import { multipart, noisePng, storageUsed, storedFiles } from './test-support.js';
import { DRAIN_LIMIT_BYTES } from './upload-scope.js';

const UPLOAD_ROUTES = [
  '/api/collection/picture',
  '/api/memo/photo',
  '/api/memo/video',
  '/api/memo/document',
  '/api/user/picture',
];

/**
 * One keep-alive TCP connection to the server: requests are written raw, answers read
 * until their status line, headers and declared body are in.
 */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffered = Buffer.alloc(0);
  let closed = false;
  let wake: () => void = () => {};
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  // A server closing while the client still writes resets the socket; the test reads the
  // answers it got and whether the connection closed.
  socket.on('error', () => {});

  /** The next answer, or null when the connection closed first or `ms` passed. */
  async function answer(ms = 5000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = buffered.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length >= end + 4 + length) {
          const body = buffered.subarray(end + 4, end + 4 + length).toString();
          buffered = buffered.subarray(end + 4 + length);
          return {
            status: Number(head.split(' ')[1]),
            connection: /\r\nconnection: *([^\r]+)/i.exec(head)?.[1]?.toLowerCase(),
            body,
          };
        }
      }
      if (closed || Date.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }

  return {
    socket,
    answer,
    isClosed: () => closed,
    write: (data: Buffer | string) =>
      new Promise<void>((resolve) => {
        if (closed) resolve();
        else socket.write(data, () => resolve());
      }),
  };
}

const requestHead = (
  method: string,
  url: string,
  headers: Record<string, string | number>,
): string =>
  `${method} ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';

describeDb('broken and refused multipart uploads', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const attachmentRows = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('attachments')
        .select('id')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  const expectNothingStored = async (user: SignedIn) => {
    expect(await attachmentRows(user.id)).toBe(0);
    expect(storedFiles(t, user.id)).toEqual([]);
    expect(await storageUsed(t, user.id)).toBe(0);
  };

  it('answers 400 to a multipart body without a usable boundary, on every upload route', async () => {
    const alice = await signedInUser(t);
    const contentTypes = [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      `multipart/form-data; boundary=${'x'.repeat(300)}`,
    ];
    for (const url of UPLOAD_ROUTES) {
      for (const contentType of contentTypes) {
        const answer = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...alice.headers, 'content-type': contentType },
          payload: 'garbage',
        });
        expect(answer.statusCode, `${url} ${contentType.slice(0, 40)}`).toBe(400);
        expect(answer.json().message, url).toBe(
          'The upload was cut off or is not a valid form. Please try again.',
        );
      }
    }
    await expectNothingStored(alice);
  });

  it('answers 400 to a cut-off multipart body, stores nothing and charges nothing', async () => {
    const alice = await signedInUser(t);
    const headStart = Buffer.from(
      '--abc\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n' +
        'content-type: image/png\r\n\r\n',
    );
    const cutOffs = {
      'in the file': Buffer.concat([headStart, Buffer.from('xxxx')]),
      // a real PNG's start, so the kind check passes and the cut shows while streaming
      'in a large file': Buffer.concat([
        headStart,
        (await noisePng(300, 300)).subarray(0, 200_000),
      ]),
      'in a part head': Buffer.from('--abc\r\ncontent-disposition: form-da'),
    };
    for (const url of UPLOAD_ROUTES) {
      for (const [where, payload] of Object.entries(cutOffs)) {
        // a PNG is no video or document: refused for its kind before the cut shows
        if (!url.endsWith('picture') && url !== '/api/memo/photo' && where === 'in a large file') {
          continue;
        }
        const answer = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...alice.headers, 'content-type': 'multipart/form-data; boundary=abc' },
          payload,
        });
        expect(answer.statusCode, `${url} cut off ${where}`).toBe(400);
        expect(answer.json().status).toBe(400);
      }
    }
    await expectNothingStored(alice);
  });

  it('keeps a keep-alive connection usable after refusing an upload early', async () => {
    const alice = await signedInUser(t);
    const bigFile = { name: 'big.png', content: randomBytes(1024 * 1024), type: 'image/png' };
    const signedIn = { authorization: alice.headers.authorization as string };
    const refusals = [
      { url: '/api/memo/photo', body: multipart(bigFile, { memo: 'abc' }), status: 422 },
      { url: '/api/memo/video', body: multipart(bigFile, { memo: 'abc' }), status: 422 },
      { url: '/api/memo/document', body: multipart(bigFile, { memo: 'abc' }), status: 422 },
      // random bytes are no image
      { url: '/api/user/picture', body: multipart(bigFile), status: 422 },
      { url: '/api/collection/picture', body: multipart(bigFile), status: 422 },
      // refused before the body is read at all
      { url: '/api/memo/photo', body: multipart(bigFile), status: 401, anonymous: true },
    ];
    for (const { url, body, status, anonymous } of refusals) {
      const connection = rawConnection(port);
      await connection.write(
        requestHead('POST', url, {
          ...(anonymous ? {} : signedIn),
          ...body.headers,
          'content-length': body.payload.length,
        }),
      );
      await connection.write(body.payload);
      const refused = await connection.answer();
      expect(refused?.status, url).toBe(status);
      // The rest of the body was read and dropped: the next request on this connection
      // is answered.
      await connection.write(requestHead('GET', '/api/health', {}));
      const next = await connection.answer();
      expect(next?.status, `${url} then /api/health`).toBe(200);
      expect(JSON.parse(next?.body ?? '{}')).toEqual({ status: 'ok' });
      connection.socket.destroy();
    }
    await expectNothingStored(alice);
  });

  it('closes the connection after refusing an upload whose rest is too large to drain', async () => {
    const alice = await signedInUser(t);
    const body = multipart({ name: 'big.png', content: randomBytes(512 * 1024) }, { memo: 'abc' });
    const connection = rawConnection(port);
    // Declares far more than it sends: the server must not wait for the rest to answer.
    await connection.write(
      requestHead('POST', '/api/memo/photo', {
        authorization: alice.headers.authorization as string,
        ...body.headers,
        'content-length': DRAIN_LIMIT_BYTES * 4,
      }),
    );
    await connection.write(body.payload);
    const refused = await connection.answer();
    expect(refused?.status).toBe(422);
    expect(refused?.connection).toBe('close');
    // Closed cleanly after the answer, so a client sends its next request on a new one.
    const deadline = Date.now() + 5000;
    while (!connection.isClosed() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(connection.isClosed()).toBe(true);
    const fresh = await t.app.inject({ url: '/api/health' });
    expect(fresh.statusCode).toBe(200);
    await expectNothingStored(alice);
  });
});
