import { isMessageKey } from '@memoria/domain';
import type { ViolationInput } from './errors.js';

/** The subset of a zod issue (as carried by fastify-type-provider-zod) that we read. */
export interface IssueLike {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
  keys?: string[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

/** `userProfile.name`, `items[0].title` */
export function propertyPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = root;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/**
 * Turns zod issues into violations whose message is a catalogue key. Schemas in
 * @memoria/domain carry keys as messages; zod's own English defaults are mapped by code.
 * `input` is the data that was validated, used to tell "missing" from "wrong type".
 */
export function violationsFromIssues(issues: IssueLike[], input: unknown): ViolationInput[] {
  const out: ViolationInput[] = [];
  for (const issue of issues) {
    const path = propertyPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) {
        out.push({
          propertyPath: path ? `${path}.${key}` : key,
          key: 'validation.unknownField',
        });
      }
      continue;
    }
    if (issue.code === 'invalid_type') {
      const value = valueAt(input, issue.path);
      const missing = value === undefined;
      out.push({
        propertyPath: path,
        key: missing ? 'validation.required' : 'validation.type',
      });
      continue;
    }
    if (isMessageKey(issue.message)) {
      out.push({ propertyPath: path, key: issue.message });
      continue;
    }
    out.push({ propertyPath: path, ...defaultKey(issue) });
  }
  return out;
}

function defaultKey(issue: IssueLike): Pick<ViolationInput, 'key' | 'params'> {
  const numeric = issue.origin === 'number' || issue.origin === 'bigint';
  switch (issue.code) {
    case 'too_big':
      return numeric
        ? { key: 'validation.max', params: { max: Number(issue.maximum) } }
        : { key: 'validation.tooLong' };
    case 'too_small':
      return numeric
        ? { key: 'validation.min', params: { min: Number(issue.minimum) } }
        : { key: 'validation.tooShort' };
    default:
      return { key: 'validation.invalid' };
  }
}
