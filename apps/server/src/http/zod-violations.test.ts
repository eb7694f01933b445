import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signupSchema } from '@memoria/domain';
import { propertyPath, violationsFromIssues } from './zod-violations.js';

describe('zod issues to violations', () => {
  it('builds property paths like userProfile.name and items[0].title', () => {
    expect(propertyPath(['userProfile', 'name'])).toBe('userProfile.name');
    expect(propertyPath(['items', 0, 'title'])).toBe('items[0].title');
    expect(propertyPath([])).toBe('');
  });

  it('keeps catalogue keys, tells missing from wrong type, names unknown fields', () => {
    const input = { usermail: 5, userProfile: { name: '' } };
    const result = signupSchema.safeParse(input);
    expect(result.success).toBe(false);
    const violations = violationsFromIssues(result.error?.issues ?? [], input);
    expect(violations).toEqual(
      expect.arrayContaining([
        { propertyPath: 'usermail', key: 'validation.type' },
        { propertyPath: 'password', key: 'validation.required' },
        { propertyPath: 'userProfile.name', key: 'validation.required' },
      ]),
    );
    const strict = z.object({ a: z.string() }).strict();
    const extra = { a: 'x', b: 1, c: 2 };
    const issues = strict.safeParse(extra).error?.issues ?? [];
    expect(violationsFromIssues(issues, extra)).toEqual([
      { propertyPath: 'b', key: 'validation.unknownField' },
      { propertyPath: 'c', key: 'validation.unknownField' },
    ]);
  });

  it('maps zod defaults to catalogue keys', () => {
    const schema = z.object({ n: z.number().max(3), s: z.string().min(2), e: z.enum(['a']) });
    const input = { n: 9, s: 'x', e: 'b' };
    const issues = schema.safeParse(input).error?.issues ?? [];
    expect(violationsFromIssues(issues, input)).toEqual([
      { propertyPath: 'n', key: 'validation.max', params: { max: 3 } },
      { propertyPath: 's', key: 'validation.tooShort' },
      { propertyPath: 'e', key: 'validation.invalid' },
    ]);
  });
});
