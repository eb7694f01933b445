import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { FuzzCase } from './cases.js';

/** What came back for a case: an answer, or why none did. */
export interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** A stack frame ("    at f (file.js:1:2)") or an error's stack in text. */
const STACK =
  /(^|\n|\\n)\s*at (async )?[^\s()]+ \(?[^()\s]*:\d+:\d+\)?|\bError: [^\n"]*(\n|\\n)\s+at /;
/** A file-system path: the machine's folders, dependencies, a source file with a line. */
const FILE_PATH = /\/work\/|\/tmp\/|\/home\/|\/usr\/|node_modules|\b[\w.-]+\.(ts|js|mjs|cjs):\d+/;

/** Why an answer fails the fuzzer, or undefined when it passes. */
export function problemWith(answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  // file contents (pictures, documents) are what was uploaded, not the server talking
  if (!/json|text|html|xml|problem/.test(answer.contentType) && answer.contentType !== '')
    return undefined;
  const text = answer.body.toString('utf8');
  const stack = STACK.exec(text);
  if (stack) return `answer holds a stack trace: ${JSON.stringify(excerpt(text, stack.index))}`;
  const path = FILE_PATH.exec(text);
  if (path) return `answer holds a file path: ${JSON.stringify(excerpt(text, path.index))}`;
  return undefined;
}

const excerpt = (text: string, at: number) => text.slice(Math.max(0, at - 60), at + 100);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms (${what})`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function sendInjected(
  app: FastifyInstance,
  c: FuzzCase,
  headers: Record<string, string>,
  remoteAddress: string,
  timeoutMs: number,
): Promise<Answer> {
  const res = await withTimeout(
    app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers,
      payload: c.body,
      remoteAddress,
    }),
    timeoutMs,
    'inject',
  );
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: res.rawPayload,
  };
}

interface Head {
  status: number;
  headers: Record<string, string>;
  headerEnd: number;
}

function parseHead(buffer: Buffer): Head | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const lines = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(lines[0]?.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, headerEnd: end + 4 };
}

/** The length of a complete chunked body from `start`, or undefined while incomplete. */
function chunkedEnd(buffer: Buffer, start: number): { end: number; body: Buffer } | undefined {
  const pieces: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) {
      const trailerEnd = buffer.indexOf('\r\n\r\n', lineEnd);
      return trailerEnd < 0 ? undefined : { end: trailerEnd + 4, body: Buffer.concat(pieces) };
    }
    if (buffer.length < lineEnd + 2 + size + 2) return undefined;
    pieces.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * Reads the HTTP answers of one keep-alive connection in order. `next()` resolves with the
 * next complete answer, or rejects when the socket closes or nothing comes within the time.
 */
class AnswerReader {
  private buffer = Buffer.alloc(0);
  private closed = false;
  private wake: (() => void) | undefined;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (data: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, data]);
      this.wake?.();
    });
    const end = () => {
      this.closed = true;
      this.wake?.();
    };
    socket.on('close', end);
    socket.on('end', end);
    socket.on('error', end);
  }

  get isClosed() {
    return this.closed;
  }

  private take(method: string): (Answer & { close: boolean }) | undefined {
    const head = parseHead(this.buffer);
    if (!head) return undefined;
    const close = /close/i.test(head.headers.connection ?? '');
    const done = (end: number, body: Buffer) => {
      this.buffer = this.buffer.subarray(end);
      return { status: head.status, contentType: head.headers['content-type'] ?? '', body, close };
    };
    if (method === 'HEAD' || head.status === 204 || head.status === 304)
      return done(head.headerEnd, Buffer.alloc(0));
    if (/chunked/i.test(head.headers['transfer-encoding'] ?? '')) {
      const chunked = chunkedEnd(this.buffer, head.headerEnd);
      return chunked ? done(chunked.end, chunked.body) : undefined;
    }
    const length = Number(head.headers['content-length']);
    if (Number.isFinite(length)) {
      const end = head.headerEnd + length;
      return this.buffer.length >= end
        ? done(end, this.buffer.subarray(head.headerEnd, end))
        : undefined;
    }
    // no length: the body runs to the end of the connection
    return this.closed ? done(this.buffer.length, this.buffer.subarray(head.headerEnd)) : undefined;
  }

  async next(method: string, timeoutMs: number, what: string) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = this.take(method);
      if (answer) return answer;
      if (this.closed) throw new Error(`connection closed without an answer (${what})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms (${what})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}

const requestHead = (
  method: string,
  url: string,
  headers: Record<string, string>,
  length: number,
) =>
  `${method} ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  `content-length: ${length}\r\n\r\n`;

/**
 * Sends the case over a real keep-alive connection, then GET /api/health on the same
 * connection: a server that answered without reading the whole body (or never answered)
 * leaves the second request unanswered. A connection the server closes after saying
 * `Connection: close` is fine.
 */
export async function sendOverSocket(
  port: number,
  c: FuzzCase,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Answer> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.setNoDelay(true);
  const reader = new AnswerReader(socket);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const body =
      c.body === undefined
        ? Buffer.alloc(0)
        : Buffer.isBuffer(c.body)
          ? c.body
          : Buffer.from(c.body);
    socket.write(requestHead(c.method, c.url, headers, body.length));
    if (body.length > 0) socket.write(body);
    const first = await reader.next(c.method, timeoutMs, 'the case');
    if (!first.close && !reader.isClosed) {
      socket.write(requestHead('GET', '/api/health', {}, 0));
      // A close instead of an answer is fine (the client sees it and opens another
      // connection); neither an answer nor a close within the time is the hang.
      const health = await reader
        .next('GET', timeoutMs, 'GET /api/health after it, same connection')
        .catch((error: unknown) => {
          if (reader.isClosed) return undefined;
          throw error;
        });
      if (health && health.status !== 200) {
        throw new Error(`GET /api/health after it answered ${health.status}`);
      }
    }
    return first;
  } finally {
    socket.destroy();
  }
}
