import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuzzCase } from './cases.js';
import { encodePart } from './cases.js';
import { operationSeed } from './run.js';
import { problemWith, sendOverSocket } from './send.js';
import { Nested, toJson } from './values.js';

/** The fuzzer's own checks fire (a fuzzer that cannot fail finds nothing). */
const json = (status: number, text: string) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(text),
});

describe('fuzzer answer checks', () => {
  it('fails a 5xx, a stack trace and a file path; passes a clean refusal and file contents', () => {
    expect(problemWith(json(500, '{"status":500}'))).toBe('answered 500');
    expect(problemWith(json(503, ''))).toBe('answered 503');
    expect(
      problemWith(
        json(400, '{"detail":"TypeError: x\\n    at handler (/srv/app/dist/main.js:10:5)"}'),
      ),
    ).toMatch(/stack trace/);
    expect(problemWith(json(400, '{"detail":"ENOENT: open \'/tmp/memoria-x/a.part\'"}'))).toMatch(
      /file path/,
    );
    expect(problemWith(json(422, '{"detail":"see service.ts:42"}'))).toMatch(/file path/);
    expect(problemWith(json(422, '{"violations":[{"propertyPath":"title"}]}'))).toBeUndefined();
    const picture = { status: 200, contentType: 'image/webp', body: Buffer.from('node_modules') };
    expect(problemWith(picture)).toBeUndefined();
  });

  it('writes deep nesting without recursing and encodes lone surrogates', () => {
    const text = toJson({ a: new Nested(3, true), b: [new Nested(2, false)] });
    expect(JSON.parse(text)).toEqual({ a: [[[1]]], b: [{ a: { a: 1 } }] });
    expect(toJson(new Nested(100_000, true))).toHaveLength(200_001);
    expect(encodePart('a\ud800b')).toBe('a%ED%A0%80b');
    expect(encodePart('\u{1F4A9}')).toBe('%F0%9F%92%A9');
  });

  it('gives each operation its own seed, the same on every run', () => {
    expect(operationSeed(1, 'GET /api/a')).toBe(operationSeed(1, 'GET /api/a'));
    expect(operationSeed(1, 'GET /api/a')).not.toBe(operationSeed(1, 'GET /api/b'));
    expect(operationSeed(1, 'GET /api/a')).not.toBe(operationSeed(2, 'GET /api/a'));
  });
});

describe('fuzzer socket checks', () => {
  // A raw server: /silent never answers; /stuck answers, then reads nothing more (as an
  // upload refused without draining its body did); anything else answers every request.
  const server = net.createServer((socket) => {
    let first = true;
    socket.on('data', (data: Buffer) => {
      const path = data.toString('latin1').split(' ')[1] ?? '';
      const answer = (status: number) =>
        socket.write(
          `HTTP/1.1 ${status} X\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\n{}`,
        );
      if (path === '/silent') return;
      if (!first && (socket as net.Socket & { stuck?: boolean }).stuck) return;
      first = false;
      if (path === '/stuck') (socket as net.Socket & { stuck?: boolean }).stuck = true;
      answer(path === '/api/health' || path === '/stuck' ? 200 : 404);
    });
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  const get = (url: string): FuzzCase => ({
    kind: 'test',
    method: 'GET',
    url,
    headers: {},
    caller: 'none',
    socket: true,
  });

  it('answers with the status when the connection serves the next request', async () => {
    expect((await sendOverSocket(port, get('/other'), {}, 2000)).status).toBe(404);
  });

  it('fails a request never answered, and a connection that serves no next request', async () => {
    await expect(sendOverSocket(port, get('/silent'), {}, 300)).rejects.toThrow(
      /no answer within 300 ms \(the case\)/,
    );
    await expect(sendOverSocket(port, get('/stuck'), {}, 300)).rejects.toThrow(
      /no answer within 300 ms \(GET \/api\/health after it/,
    );
  });
});
