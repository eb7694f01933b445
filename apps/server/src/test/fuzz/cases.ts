import fc from 'fast-check';
import type { Operation, Parameter } from './openapi.js';
import { malformedMultipart } from './multipart.js';
import {
  deepValue,
  hostileValue,
  hugeString,
  oddString,
  toJson,
  validish,
  type References,
} from './values.js';

/** Who a case is sent as. */
export type Caller = 'user' | 'none' | 'bad-token';

/** One request of the fuzzer. */
export interface FuzzCase {
  /** what the case tries, e.g. "body: field replaced" */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  caller: Caller;
  /** over a real socket (to see a connection left unanswered) instead of app.inject */
  socket: boolean;
}

type Parts = Omit<FuzzCase, 'method' | 'caller' | 'socket'>;

const JSON_TYPE = { 'content-type': 'application/json' };

/** Path values: real ids of the right kind, and bad ones. */
function pathValue(op: Operation, param: Parameter, refs: References): fc.Arbitrary<string> {
  const segments = op.path.split('/');
  const before = segments[segments.indexOf(`{${param.name}}`) - 1] ?? '';
  const kind = before.replace(/s$/, '');
  const real = refs.byKind[kind] ?? refs.all;
  const bad = fc.oneof(
    fc.constantFrom(
      'abc',
      '-1',
      '0',
      '1.5',
      '1e3',
      '0x10',
      ' 1',
      '99999999999999999999',
      '2147483648',
      '9007199254740993',
      'null',
    ),
    oddString.map((s) => encodePart(s)),
    fc.constantFrom(
      '..%2F..%2Fetc%2Fpasswd',
      '..',
      '%2e%2e',
      '%00',
      '%ff',
      '%',
      '%zz',
      '9'.repeat(150),
      '%F0%9F%92%A9',
    ),
  );
  return fc.oneof(
    { arbitrary: fc.constantFrom(...real), weight: 2 },
    { arbitrary: bad, weight: 3 },
  );
}

function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1');
}

function validPath(op: Operation, refs: References): fc.Arbitrary<string> {
  const entries = op.pathParams.map((p) => {
    const kind = (op.path.split('/')[op.path.split('/').indexOf(`{${p.name}}`) - 1] ?? '').replace(
      /s$/,
      '',
    );
    return [p.name, fc.constantFrom(...(refs.byKind[kind] ?? refs.all))] as const;
  });
  return fc.record(Object.fromEntries(entries)).map((values) => fillPath(op, values));
}

function badPath(op: Operation, refs: References): fc.Arbitrary<string> {
  const entries = op.pathParams.map((p) => [p.name, pathValue(op, p, refs)] as const);
  return fc.record(Object.fromEntries(entries)).map((values) => fillPath(op, values));
}

/** A lone surrogate has no UTF-8 form: it goes as the bytes of its WTF-8 form, which do not decode. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Percent-encodes any text, lone surrogates included. */
export const encodePart = (text: string) =>
  text.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');

const encode = (value: unknown) => encodePart(typeof value === 'string' ? value : toJson(value));

/** A query string with valid-ish, hostile, repeated, unknown and undecodable values. */
function badQuery(op: Operation, refs: References): fc.Arbitrary<string> {
  const pairs = op.query.map((p) =>
    fc.oneof(
      validish(p.schema, refs).map((v) => `${p.name}=${encode(v)}`),
      hostileValue
        .filter((v) => typeof v !== 'string' || v.length < 20_000)
        .map((v) => `${p.name}=${encode(v)}`),
      fc.constantFrom(
        `${p.name}=%zz`,
        `${p.name}`,
        `${p.name}=1&${p.name}=2`,
        `${p.name}[]=1`,
        `${p.name}[a]=1`,
        `${p.name}=-1`,
        `${p.name}=99999999999999999999`,
      ),
      fc.constant(''),
    ),
  );
  const extra = fc.constantFrom(
    '',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    'x=%00',
    '%=1',
    '&&&',
    '=',
    'a=' + 'b'.repeat(8000),
  );
  return fc
    .tuple(fc.tuple(...pairs), extra)
    .map(([list, more]) => [...list, more].filter(Boolean).join('&'));
}

function withQuery(path: fc.Arbitrary<string>, query: fc.Arbitrary<string>) {
  return fc.tuple(path, query).map(([p, q]) => (q ? `${p}?${q}` : p));
}

/** Removes a required field, adds an unknown one, or replaces one with a hostile value. */
function mutatedBody(op: Operation, refs: References): fc.Arbitrary<Parts & { body: string }> {
  const schema = op.json?.schema ?? {};
  return fc
    .tuple(
      validish(schema, refs),
      fc.nat(),
      hostileValue,
      fc.constantFrom('drop', 'extra', 'replace', 'replace', 'whole'),
      fc.string({ maxLength: 10 }),
    )
    .map(([valid, pick, bad, how, extraKey]) => {
      const body =
        valid !== null && typeof valid === 'object' && !Array.isArray(valid)
          ? { ...(valid as object) }
          : undefined;
      const record = body as Record<string, unknown> | undefined;
      if (how === 'whole' || !record)
        return { kind: 'body: whole replaced', url: '', headers: JSON_TYPE, body: toJson(bad) };
      const keys =
        how === 'drop'
          ? (schema.required ?? Object.keys(record))
          : Object.keys(schema.properties ?? record);
      const key = keys.length > 0 ? keys[pick % keys.length] : undefined;
      if (how === 'drop' && key !== undefined) delete record[key];
      else if (how === 'extra' || key === undefined) record[extraKey || 'extra'] = bad;
      else record[key] = bad;
      return {
        kind: `body: ${how} ${key ?? extraKey}`,
        url: '',
        headers: JSON_TYPE,
        body: toJson(record),
      };
    });
}

const MALFORMED_JSON = [
  '{',
  '[',
  '{"a":}',
  "{'a':1}",
  'NaN',
  'undefined',
  '{"a":1}garbage',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '1e99999',
  '-',
  '""',
  '"text"',
  '[]',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '1'.repeat(100_000),
  '['.repeat(100_000),
];

function malformedJson(op: Operation, refs: References): fc.Arbitrary<Parts> {
  const truncated = fc
    .tuple(validish(op.json?.schema ?? {}, refs), fc.nat())
    .map(([value, cut]) => {
      const full = toJson(value);
      return full.slice(0, cut % Math.max(1, full.length));
    });
  return fc.oneof(
    fc
      .constantFrom(...MALFORMED_JSON)
      .map((body) => ({ kind: 'json: malformed', url: '', headers: JSON_TYPE, body })),
    truncated.map((body) => ({ kind: 'json: truncated', url: '', headers: JSON_TYPE, body })),
    fc.constant({
      kind: 'json: invalid utf-8',
      url: '',
      headers: JSON_TYPE,
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    }),
    fc.tuple(deepValue, hugeString([10_000, 1_100_000])).map(([deep, huge]) => ({
      kind: 'json: deep and huge',
      url: '',
      headers: JSON_TYPE,
      body: toJson({ deep, huge }),
    })),
  );
}

const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/ld+json',
  'a/b/c',
  'application/octet-stream',
  'image/png',
];

function wrongContentType(op: Operation, refs: References): fc.Arbitrary<Parts> {
  return fc
    .tuple(fc.constantFrom(...WRONG_TYPES, ''), validish(op.json?.schema ?? {}, refs))
    .map(([type, value]): Parts => ({
      kind: `content-type: ${type || 'none'}`,
      url: '',
      headers: type ? { 'content-type': type } : {},
      body: toJson(value),
    }));
}

/** A body (JSON or not) on an operation that takes none. */
const strayBody: fc.Arbitrary<Parts> = fc
  .tuple(hostileValue, fc.constantFrom('application/json', 'text/plain', 'multipart/form-data'))
  .map(([value, type]) => ({
    kind: `stray body: ${type}`,
    url: '',
    headers: { 'content-type': type },
    body: toJson(value),
  }));

/**
 * The cases of one operation: what is tried depends on what the document says it takes.
 * About one in six goes over a real socket (all the multipart ones do).
 */
export function caseFor(op: Operation, refs: References): fc.Arbitrary<FuzzCase> {
  const hasPath = op.pathParams.length > 0;
  const good = validPath(op, refs);
  const url = fc.oneof(
    { arbitrary: good, weight: 3 },
    { arbitrary: hasPath ? badPath(op, refs) : good, weight: hasPath ? 2 : 0 },
    { arbitrary: withQuery(good, badQuery(op, refs)), weight: op.query.length > 0 ? 2 : 1 },
  );
  const body: { arbitrary: fc.Arbitrary<Parts>; weight: number }[] = [];
  if (op.multipart) {
    body.push({ arbitrary: malformedMultipart(op.multipart.fields, refs), weight: 10 });
  } else if (op.json) {
    body.push(
      {
        arbitrary: validish(op.json.schema, refs).map((v) => ({
          kind: 'body: valid-ish',
          url: '',
          headers: JSON_TYPE,
          body: toJson(v),
        })),
        weight: 3,
      },
      { arbitrary: mutatedBody(op, refs), weight: 6 },
      { arbitrary: malformedJson(op, refs), weight: 2 },
      { arbitrary: wrongContentType(op, refs), weight: 2 },
    );
  } else {
    body.push(
      { arbitrary: fc.constant({ kind: 'no body', url: '', headers: {} }), weight: 6 },
      { arbitrary: strayBody, weight: 1 },
    );
  }
  const caller = fc.oneof(
    { arbitrary: fc.constant<Caller>('user'), weight: 8 },
    { arbitrary: fc.constantFrom<Caller>('none', 'bad-token'), weight: 2 },
  );
  return fc.tuple(url, fc.oneof(...body), caller, fc.nat(5)).map(([path, parts, who, dice]) => ({
    ...parts,
    method: op.method,
    url: path,
    caller: who,
    socket: op.multipart !== undefined || dice === 0,
  }));
}

/** A short, printable form of a case for a failure message. */
export function describeCase(c: FuzzCase): string {
  const body =
    c.body === undefined ? '' : Buffer.isBuffer(c.body) ? c.body.toString('latin1') : c.body;
  const short = (s: string, n: number) =>
    s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
  return JSON.stringify({
    kind: c.kind,
    method: c.method,
    url: short(c.url, 300),
    headers: c.headers,
    caller: c.caller,
    socket: c.socket,
    body: short(body, 400),
  });
}
