import dns, { type LookupAddress } from 'node:dns';
import net from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import type { Agent, request as undiciRequest } from 'undici';

/**
 * The one client for URLs a user gave (docs/API.md, Security headers and fetching: link previews,
 * the image proxy). It resolves the name itself, refuses every address that is not public unicast
 * (loopback, private, link-local and cloud metadata, CGNAT, multicast, reserved, IPv4
 * embedded in IPv6) unless the policy allows it, and connects to exactly the address it
 * checked: the check runs inside the socket's `lookup`, so a DNS answer that changes
 * between check and connect (rebinding) cannot slip through. Every redirect is checked
 * again (at most three), only http and https are spoken, and the time and the bytes read
 * (after decompression) are capped.
 */

export type FetchFailure =
  | 'invalid-url'
  | 'refused-address'
  | 'too-many-redirects'
  | 'too-large'
  | 'timeout'
  | 'http-status'
  | 'unreachable';

export class GuardedFetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GuardedFetchError';
  }
}

export interface GuardedFetchPolicy {
  /** host names, addresses or CIDR ranges that may be fetched although not public */
  allowHosts: readonly string[];
  /** every private and local address may be fetched (tests, closed networks) */
  allowPrivate: boolean;
  /** the whole fetch, redirects and body included (default 5 s) */
  timeoutMs?: number;
  /** default 3 */
  maxRedirects?: number;
  /** name resolution (default dns.lookup with all addresses); tests fake it */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export interface FetchOptions {
  /** the most bytes read from the body, after decompression */
  maxBytes: number;
  /** the Accept header */
  accept?: string;
}

export interface SendOptions {
  /** default POST */
  method?: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: Buffer | string;
  /** the most bytes read from the answer (default 64 KiB) */
  maxBytes?: number;
}

export interface SentAnswer {
  status: number;
  body: Buffer;
}

export interface FetchedResource {
  /** the URL finally answered, after redirects */
  url: string;
  status: number;
  /** the media type without parameters, lower case; null when the server sent none */
  mediaType: string | null;
  /** the Content-Type parameters, e.g. { charset: 'iso-8859-1' } */
  typeParams: Record<string, string>;
  body: Buffer;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_REDIRECTS = 3;
const MAX_URL_LENGTH = 2048;
const USER_AGENT = 'MemoriaLinkPreview/1.0 (+link previews)';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseAllowList(entries: readonly string[]): { hosts: Set<string>; ranges: Range[] } {
  const hosts = new Set<string>();
  const ranges: Range[] = [];
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (entry === '') continue;
    if (entry.includes('/') && ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const address = unmapped(ipaddr.parse(entry));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else hosts.add(entry);
  }
  return { hosts, ranges };
}

function unmapped(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/**
 * Whether an address may be connected to: public unicast only (an IPv4-mapped IPv6
 * address is judged as the IPv4 address it carries), unless the policy allows it.
 */
export function addressAllowed(
  address: string,
  policy: Pick<GuardedFetchPolicy, 'allowHosts' | 'allowPrivate'>,
): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (policy.allowPrivate) return true;
  const parsed = unmapped(ipaddr.parse(address));
  const { ranges } = parseAllowList(policy.allowHosts);
  if (ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits))) {
    return true;
  }
  return parsed.range() === 'unicast';
}

/** The URL, if it is one we may try to fetch: http(s), a host, no credentials. */
export function parseFetchUrl(value: string): URL {
  if (value.length > MAX_URL_LENGTH) {
    throw new GuardedFetchError('invalid-url', 'the address is too long');
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch (error) {
    throw new GuardedFetchError('invalid-url', 'not a valid URL', { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GuardedFetchError('invalid-url', `the scheme ${url.protocol} is not fetched`);
  }
  if (url.username || url.password || url.hostname === '') {
    throw new GuardedFetchError('invalid-url', 'addresses with credentials are not fetched');
  }
  url.hash = '';
  return url;
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

function findReason(error: unknown): GuardedFetchError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof GuardedFetchError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The body decompressed as its Content-Encoding says; an error on either side ends both. */
function decoded(body: Readable, encoding: string | undefined): Readable {
  const decoders: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
    gzip: () => zlib.createGunzip(),
    'x-gzip': () => zlib.createGunzip(),
    deflate: () => zlib.createInflate(),
    br: () => zlib.createBrotliDecompress(),
  };
  const make = decoders[(encoding ?? '').trim().toLowerCase()];
  if (!make) return body;
  const decoder = make();
  pipeline(body, decoder, () => undefined);
  return decoder;
}

/** undici's own timeouts (connect, headers, body) */
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function headerOf(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function contentTypeOf(header: string | undefined) {
  if (!header) return { mediaType: null, typeParams: {} };
  const [type = '', ...params] = header.split(';');
  const typeParams: Record<string, string> = {};
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq > 0) {
      typeParams[param.slice(0, eq).trim().toLowerCase()] = param
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '');
    }
  }
  return { mediaType: type.trim().toLowerCase() || null, typeParams };
}

export function createGuardedFetch(policy: GuardedFetchPolicy) {
  const timeoutMs = policy.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxRedirects = policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allowedHosts = parseAllowList(policy.allowHosts).hosts;
  const resolve =
    policy.resolve ?? ((hostname: string) => dns.promises.lookup(hostname, { all: true }));

  const refused = (host: string) =>
    new GuardedFetchError('refused-address', `${host} is not a public address`);

  /** Resolves and checks in one step: what it answers is what the socket connects to. */
  const lookup = (
    hostname: string,
    options: dns.LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    const host = bareHost(hostname);
    resolve(host)
      .then((found) => {
        const wanted = found.filter((a) => !options.family || a.family === options.family);
        if (wanted.length === 0) throw new GuardedFetchError('unreachable', `${host} not found`);
        // One refused address refuses the name: a mixed answer is how rebinding starts.
        if (!allowedHosts.has(host) && !wanted.every((a) => addressAllowed(a.address, policy))) {
          throw refused(host);
        }
        const [first] = wanted as [LookupAddress];
        if (options.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      })
      .catch((error: unknown) => {
        const reason =
          findReason(error) ??
          new GuardedFetchError('unreachable', `${host} could not be resolved`, { cause: error });
        callback(reason as NodeJS.ErrnoException, '');
      });
  };

  // undici is loaded on the first outgoing request, not at start: a quarter second of CPU that
  // the command line and a server nobody has asked for a link preview yet never need.
  let client: Promise<{ agent: Agent; request: typeof undiciRequest }> | undefined;
  const undici = () =>
    (client ??= import('undici').then(({ Agent, request }) => ({
      agent: new Agent({
        connect: { lookup, timeout: timeoutMs },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        connections: 16,
      }),
      request,
    })));

  /** Refuses before connecting what needs no name resolution (address literals). */
  function precheck(url: URL): void {
    const host = bareHost(url.hostname);
    if (net.isIP(host) && !allowedHosts.has(host) && !addressAllowed(host, policy)) {
      throw refused(host);
    }
  }

  async function readBody(
    body: Readable,
    encoding: string | undefined,
    maxBytes: number,
  ): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let length = 0;
    const stream = decoded(body, encoding);
    try {
      for await (const chunk of stream) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        length += buffer.length;
        if (length > maxBytes) {
          throw new GuardedFetchError('too-large', `the answer is larger than ${maxBytes} bytes`);
        }
        chunks.push(buffer);
      }
    } finally {
      if (stream !== body) stream.destroy();
      body.destroy();
    }
    return Buffer.concat(chunks);
  }

  async function fetchOnce(target: string, options: FetchOptions): Promise<FetchedResource> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = parseFetchUrl(target);
    const { agent, request } = await undici();
    try {
      for (let hop = 0; ; hop += 1) {
        precheck(url);
        const answer = await request(url, {
          method: 'GET',
          dispatcher: agent,
          signal,
          headers: {
            'user-agent': USER_AGENT,
            accept: options.accept ?? '*/*',
            'accept-encoding': 'gzip, deflate, br',
          },
        });
        const headers = answer.headers;
        const location = headerOf(headers, 'location');
        if (answer.statusCode >= 300 && answer.statusCode < 400 && location) {
          await answer.body.dump();
          if (hop >= maxRedirects) {
            throw new GuardedFetchError('too-many-redirects', 'too many redirects');
          }
          url = parseFetchUrl(new URL(location, url).toString());
          continue;
        }
        if (answer.statusCode < 200 || answer.statusCode >= 300) {
          await answer.body.dump();
          throw new GuardedFetchError('http-status', `the server answered ${answer.statusCode}`);
        }
        const declared = Number(headerOf(headers, 'content-length'));
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          answer.body.destroy();
          throw new GuardedFetchError(
            'too-large',
            `the answer is larger than ${options.maxBytes} bytes`,
          );
        }
        const body = await readBody(
          answer.body,
          headerOf(headers, 'content-encoding'),
          options.maxBytes,
        );
        return {
          url: url.toString(),
          status: answer.statusCode,
          ...contentTypeOf(headerOf(headers, 'content-type')),
          body,
        };
      }
    } catch (error) {
      const known = findReason(error);
      if (known) throw known;
      if (signal.aborted || TIMEOUT_CODES.has((error as { code?: string }).code ?? '')) {
        throw new GuardedFetchError('timeout', `no complete answer within ${timeoutMs} ms`, {
          cause: error,
        });
      }
      throw new GuardedFetchError('unreachable', 'the address could not be fetched', {
        cause: error,
      });
    }
  }

  /**
   * Sends one request with a body (web push deliveries) under the same policy. Redirects
   * are not followed: a 3xx is answered as it came. Any status is answered (the caller
   * decides what 404 or 500 mean); the body read is capped at `maxBytes`.
   */
  async function send(target: string, options: SendOptions): Promise<SentAnswer> {
    const signal = AbortSignal.timeout(timeoutMs);
    const url = parseFetchUrl(target);
    const { agent, request } = await undici();
    try {
      precheck(url);
      const answer = await request(url, {
        method: options.method ?? 'POST',
        dispatcher: agent,
        signal,
        headers: { 'user-agent': USER_AGENT, ...options.headers },
        body: options.body,
      });
      const body = await readBody(answer.body, undefined, options.maxBytes ?? 64 * 1024);
      return { status: answer.statusCode, body };
    } catch (error) {
      const known = findReason(error);
      if (known) throw known;
      if (signal.aborted || TIMEOUT_CODES.has((error as { code?: string }).code ?? '')) {
        throw new GuardedFetchError('timeout', `no complete answer within ${timeoutMs} ms`, {
          cause: error,
        });
      }
      throw new GuardedFetchError('unreachable', 'the address could not be reached', {
        cause: error,
      });
    }
  }

  return {
    /** GETs `url` under the policy; throws GuardedFetchError saying why it could not. */
    fetch: fetchOnce,
    send,
    close: async () => {
      if (client) await (await client).agent.close();
    },
  };
}

export type GuardedFetch = ReturnType<typeof createGuardedFetch>;
