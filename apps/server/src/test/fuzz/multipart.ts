import fc from 'fast-check';
import { hostileValue, oddString, validish, type References } from './values.js';

/**
 * Multipart bodies for the upload operations, mostly broken: no boundary, cut off, a part
 * over the limits (the fuzz app allows 1 MB files and 1 kB fields), many parts, the file
 * missing or misnamed, odd part headers; some well-formed ones reach the success path.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Over the fuzz app's 1 MB upload limit. */
const OVERSIZED = Buffer.alloc(1_300_000, 0x61);
const NOT_AN_IMAGE = Buffer.from('%PDF-1.4 not really\u0000'.repeat(40));

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
  /** replaces the generated part headers */
  rawHeaders?: string;
}

const BOUNDARY = 'fuzzb0undary';

function form(parts: Part[], boundary = BOUNDARY, close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.rawHeaders ??
      `Content-Disposition: form-data; name="${part.name}"` +
        (part.filename !== undefined ? `; filename="${part.filename}"` : '') +
        (part.type ? `\r\nContent-Type: ${part.type}` : '');
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n`, 'latin1'));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const typeFor = (boundary: string) => ({
  'content-type': `multipart/form-data; boundary=${boundary}`,
});
const file = (value: Buffer = PNG, filename = 'a.png', type = 'image/png'): Part => ({
  name: 'file',
  value,
  filename,
  type,
});

export function malformedMultipart(fields: string[], refs: References) {
  const fieldValue = fc.oneof(
    fc.constantFrom(...refs.values).map(String),
    oddString,
    hostileValue.filter((v) => typeof v === 'string' && v.length < 4000).map(String),
  );
  const someFields = fc
    .array(fc.tuple(fc.constantFrom(...fields, 'extra'), fieldValue), { maxLength: 4 })
    .map((pairs) => pairs.map(([name, value]) => ({ name, value }) as Part));
  const validFields = fc
    .array(
      fc.tuple(fc.constantFrom(...fields, 'memo'), validish({ type: ['string', 'number'] }, refs)),
      { maxLength: 2 },
    )
    .map((pairs) =>
      pairs
        .filter(([name]) => fields.includes(name))
        .map(([name, value]) => ({ name, value: String(value) }) as Part),
    );

  const variants: fc.Arbitrary<{
    kind: string;
    headers: Record<string, string>;
    body: Buffer | string;
  }>[] = [
    fc.tuple(someFields, fc.boolean()).map(([parts, garbage]) => ({
      kind: 'multipart: no boundary',
      headers: { 'content-type': 'multipart/form-data' },
      body: garbage ? 'garbage' : form([...parts, file()]),
    })),
    fc.tuple(validFields, fc.nat()).map(([parts, cut]) => {
      const whole = form([...parts, file()]);
      return {
        kind: 'multipart: truncated',
        headers: typeFor(BOUNDARY),
        body: whole.subarray(0, cut % whole.length),
      };
    }),
    validFields.map((parts) => ({
      kind: 'multipart: oversized file',
      headers: typeFor(BOUNDARY),
      body: form([...parts, file(OVERSIZED)]),
    })),
    fc.constantFrom(...fields, 'memo').map((name) => ({
      kind: 'multipart: oversized field',
      headers: typeFor(BOUNDARY),
      body: form([{ name, value: '7'.repeat(5000) }, file()]),
    })),
    fc.tuple(fc.integer({ min: 13, max: 300 }), fc.boolean()).map(([count, files]) => ({
      kind: `multipart: ${count} parts`,
      headers: typeFor(BOUNDARY),
      body: form(
        Array.from({ length: count }, (_, i) =>
          files ? file(PNG, `${i}.png`) : { name: `f${i}`, value: String(i) },
        ),
      ),
    })),
    someFields.map((parts) => ({
      kind: 'multipart: file missing',
      headers: typeFor(BOUNDARY),
      body: form(parts),
    })),
    fc.constantFrom('files', 'File', '', 'file[]', 'memo').map((name) => ({
      kind: 'multipart: file misnamed',
      headers: typeFor(BOUNDARY),
      body: form([{ ...file(), name }]),
    })),
    someFields.map((parts) => ({
      kind: 'multipart: hostile fields',
      headers: typeFor(BOUNDARY),
      body: form([...parts, file()]),
    })),
    validFields.map((parts) => ({
      kind: 'multipart: well-formed',
      headers: typeFor(BOUNDARY),
      body: form([...parts, file()]),
    })),
    fc
      .tuple(
        validFields,
        fc.constantFrom('image/png', 'video/mp4', 'application/pdf', 'text/plain', ''),
      )
      .map(([parts, type]) => ({
        kind: 'multipart: not what it says',
        headers: typeFor(BOUNDARY),
        body: form([...parts, file(NOT_AN_IMAGE, 'x.png', type)]),
      })),
    fc
      .constantFrom('b'.repeat(71), 'b'.repeat(500), '"quoted"', 'with space', '', ';', '--')
      .map((boundary) => ({
        kind: 'multipart: odd boundary',
        headers: typeFor(boundary),
        body: form([file()], boundary.replace(/"/g, '')),
      })),
    fc
      .constantFrom(
        'X-Nothing: 1',
        'Content-Disposition: form-data',
        'Content-Disposition: form-data; name="file"; filename="../../../etc/passwd"',
        'Content-Disposition: form-data; name="file"; filename="a\u0000.png"',
        'Content-Disposition: form-data; name="file"; filename="\u00e9\u00e8.png"; filename*=UTF-8\'\'%F0%9F%92%A9.png',
        `Content-Disposition: form-data; name="file"; filename="${'n'.repeat(5000)}.png"`,
        'Content-Disposition: attachment; name="file"',
        `Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${'x'.repeat(3000)}`,
      )
      .map((rawHeaders) => ({
        kind: 'multipart: odd part headers',
        headers: typeFor(BOUNDARY),
        body: form([{ name: 'file', value: PNG, rawHeaders }]),
      })),
    fc.constant({ kind: 'multipart: empty body', headers: typeFor(BOUNDARY), body: '' }),
    fc.constant({
      kind: 'multipart: JSON instead',
      headers: { 'content-type': 'application/json' },
      body: '{"file":"a"}',
    }),
    fc.constant({
      kind: 'multipart: two files',
      headers: typeFor(BOUNDARY),
      body: form([file(), file(PNG, 'b.png')]),
    }),
    validFields.map((parts) => ({
      kind: 'multipart: fields after the file',
      headers: typeFor(BOUNDARY),
      body: form([file(), ...parts]),
    })),
    fc.constant({
      kind: 'multipart: no closing boundary',
      headers: typeFor(BOUNDARY),
      body: form([file()], BOUNDARY, false),
    }),
  ];
  return fc.oneof(...variants).map((v) => ({ ...v, url: '' }));
}
