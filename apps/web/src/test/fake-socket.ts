import { vi } from 'vitest';
import { configureClient } from '../api/client';
import { resetSessionCache } from '../api/session';

/**
 * A stand-in for the browser's WebSocket (tests of api/socket.ts and of what rides on it):
 * the test accepts, feeds and ends it, and reads what the tab sent.
 */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  closedWith: number | undefined;
  /** what the tab sent, parsed */
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  static latest(): FakeSocket {
    return FakeSocket.all[FakeSocket.all.length - 1]!;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** the server accepts */
  accept() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  /** the connection ends from the other side */
  end(code: number) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

/** An access token of `sub` the client reads (not signed: the tests have no server). */
export function testJwt(sub: number, expiresInSeconds = 900): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(sub), exp })}.signature`;
}

/**
 * Before each socket test: fake timers, FakeSocket as the browser's WebSocket (none opened
 * yet), no session cached, the API client on this origin.
 */
export function useFakeSocketWorld(): void {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  resetSessionCache();
  configureClient({ baseUrl: '' });
}
