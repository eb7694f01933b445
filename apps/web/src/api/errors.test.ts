import { describe, expect, it } from 'vitest';
import { ApiError, extractErrorText } from './errors';

describe('extractErrorText (docs/API.md, Errors: order)', () => {
  it('prefers the first violation', () => {
    expect(
      extractErrorText({
        violations: [{ propertyPath: 'a', message: 'first' }, { message: 'second' }],
        message: 'response',
      }),
    ).toBe('first');
  });

  it('then the response message', () => {
    expect(extractErrorText({ message: 'response', data: { message: 'data' } })).toBe('response');
  });

  it('then the data message', () => {
    expect(extractErrorText({ data: { message: 'data', other: 'x' } })).toBe('data');
  });

  it('then the first data entry', () => {
    expect(extractErrorText({ data: { field: 'entry', other: 'x' } })).toBe('entry');
    expect(extractErrorText({ data: ['listed'] })).toBe('listed');
  });

  it('then the first of errors', () => {
    expect(extractErrorText({ errors: ['first error', 'second'] })).toBe('first error');
    expect(extractErrorText({ errors: [{ message: 'object error' }] })).toBe('object error');
  });

  it('gives undefined when nothing fits, so the caller shows the server error', () => {
    expect(extractErrorText({})).toBeUndefined();
    expect(extractErrorText(undefined)).toBeUndefined();
    expect(extractErrorText({ violations: [], message: '' })).toBeUndefined();
  });

  it('ApiError exposes the protocol error and detail', () => {
    const error = new ApiError(403, { detail: 'Storage limit exceeded', error: 'x', message: 'm' });
    expect(error.detail).toBe('Storage limit exceeded');
    expect(error.code).toBe('x');
    expect(error.message).toBe('m');
  });
});
