import fc from 'fast-check';
import type { JsonSchema } from './openapi.js';

/**
 * Values for the fuzzer: "valid-ish" ones generated from a JSON schema of the document (so
 * that cases get past the first validation and reach the handlers) and hostile ones (wrong
 * types, huge, NUL-laden and odd-unicode strings, deep nesting).
 *
 * Generated text never holds what the answer checks look for (a stack frame, a file path):
 * answers echo input, so random text is kept short and huge strings repeat a short piece.
 */

/** Real objects of the fuzz world, so references in bodies and paths find something. */
export interface References {
  /** ids (numbers) and IRIs or string ids of every kind, for body fields */
  values: (string | number)[];
  /** path ids per word before `{id}` in a path ("memo", "collection", …) */
  byKind: Record<string, string[]>;
  /** every path id of every kind */
  all: string[];
  /** the accounts' e-mail addresses */
  addresses: string[];
}

const text = (maxLength = 24) => fc.string({ maxLength, unit: 'grapheme' });

/** A string of about `size` characters: a short random piece repeated. */
export const hugeString = (sizes: number[] = [10_000, 100_000, 1_100_000]) =>
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom(...sizes))
    .map(([piece, size]) => piece.repeat(Math.ceil(size / piece.length)));

/** A mix of text with NUL and other control characters. */
export const nulString = fc
  .array(
    fc.oneof(text(6), fc.constantFrom('\u0000', '\u0000\u0000', '\u0001', '\u001f', '\u007f')),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((pieces) => pieces.join('\u0000'));

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202egnp.exe',
  '\u200b\u200d\ufeff',
  '\u2028\u2029',
  'e\u0301\u0301\u0301',
  '\u{1F469}\u200d\u{1F469}\u200d\u{1F467}',
  '\uff11\uff12\uff13',
  '\u0661\u0662\u0663',
  'ǅ\u0130\u0131ß',
  '%00',
  '%ff%fe',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '0x1f',
  '1e309',
  ' 12 ',
  '+1',
  '9'.repeat(40),
  '\r\nx-injected: 1',
];

export const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  nulString,
  text(12),
  fc.string({ maxLength: 12, unit: 'binary' }),
);

/**
 * Arrays or objects nested `depth` levels. Kept as a marker and written out by `toJson`:
 * JSON.stringify itself recurses and would overflow on the fuzzer's side.
 */
export class Nested {
  constructor(
    readonly depth: number,
    readonly arrays: boolean,
  ) {}

  text(): string {
    return this.arrays
      ? `${'['.repeat(this.depth)}1${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}`;
  }
}

export const deepValue = fc
  .tuple(fc.constantFrom(100, 1000, 1000, 5000), fc.boolean())
  .map(([depth, arrays]) => new Nested(depth, arrays));

const NESTED_MARK = '\u0001nested\u0001';

/** JSON text of a generated value (Nested markers written out); "null" for undefined. */
export function toJson(value: unknown): string {
  const nested: Nested[] = [];
  const text =
    JSON.stringify(value, (_key, v: unknown) => {
      if (!(v instanceof Nested)) return v;
      nested.push(v);
      return NESTED_MARK;
    }) ?? 'null';
  let index = 0;
  return nested.length === 0
    ? text
    : text.replace(/"\\u0001nested\\u0001"/g, () => (nested[index++] as Nested).text());
}

const wrongType = fc.constantFrom<unknown>(
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 53 + 2,
  2 ** 31,
  [],
  {},
  [1, 'a', null],
  { a: 1 },
  [[[]]],
);

/** Anything but what a schema asks for. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: wrongType, weight: 4 },
  { arbitrary: oddString, weight: 4 },
  { arbitrary: hugeString(), weight: 1 },
  { arbitrary: deepValue, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
  const lo = Math.max(-MAX_SAFE, Math.ceil(min));
  const hi = Math.min(MAX_SAFE, Math.floor(max));
  const bounded = lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.constant(lo);
  if (integer) return bounded;
  return fc.oneof(bounded, fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true }));
}

function stringFor(schema: JsonSchema, refs: References): fc.Arbitrary<unknown> {
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.nat(1_000_000).map((n) => `fuzz${n}@example.test`);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.constantFrom(...refs.values).map(String), weight: 1 },
    // link fields: an address the fetch guard refuses without any name lookup
    {
      arbitrary: fc.constantFrom('http://127.0.0.1:9/a.png', 'https://10.0.0.1/', 'http://[::1]/x'),
      weight: 1,
    },
  );
}

/**
 * A field's value; text fields named like an address or a password get one of that shape
 * (never the fuzz account's own password, so its sign-in keeps working).
 */
function byName(name: string, schema: JsonSchema, refs: References, depth: number) {
  const plain = validish(schema, refs, depth + 1);
  if (!typesOf(schema).includes('string')) return plain;
  if (/mail/i.test(name)) {
    const address = fc.nat(1_000_000).map((n) => `fuzz${n}@example.test`);
    return fc.oneof(address, fc.constantFrom(...refs.addresses), plain);
  }
  if (/password/i.test(name)) {
    return fc.oneof(
      fc.nat(1_000_000).map((n) => `Fuzz-pass-${n}`),
      plain,
    );
  }
  return plain;
}

/**
 * A value that satisfies `schema` most of the time (patterns and cross-field rules aside);
 * references pick real objects of the world.
 */
export function validish(schema: JsonSchema, refs: References, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0)
    return fc.oneof(...choices.map((s) => validish(s, refs, depth)));
  if (schema.allOf && schema.allOf[0]) return validish(schema.allOf[0], refs, depth);
  const types = typesOf(schema);
  if (types.length > 1) {
    const one = types.map((type) => validish({ ...schema, type }, refs, depth));
    // a string-or-number field is a reference to an object nearly always: pick real ones
    const reference = types.includes('number') || types.includes('integer');
    return reference
      ? fc.oneof({ arbitrary: fc.constantFrom(...refs.values), weight: 3 }, ...one)
      : fc.oneof(...one);
  }
  switch (types[0]) {
    case 'string':
      return stringFor(schema, refs);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return fc.oneof(
        numberFor(schema, false),
        fc.constantFrom(...refs.values.filter((v) => typeof v === 'number')),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validish(schema.items ?? {}, refs, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      if (depth > 4 || !schema.properties)
        return fc.dictionary(text(8), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const model = Object.fromEntries(
        Object.entries(schema.properties).map(([name, s]) => [name, byName(name, s, refs, depth)]),
      );
      const required = schema.required ?? [];
      const some = fc.record(model, { requiredKeys: required, noNullPrototype: true });
      // the required fields alone: fewer chances to break a rule between fields
      const least = fc.record(
        Object.fromEntries(required.flatMap((k) => (model[k] ? [[k, model[k]] as const] : []))),
        { noNullPrototype: true },
      );
      return fc.oneof(some, least);
    }
    default:
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...refs.values));
  }
}
