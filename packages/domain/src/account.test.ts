import { describe, expect, it } from 'vitest';
import { accountDeletionSchema, describeUserAgent, emailChangeSchema } from './account.js';

describe('describeUserAgent', () => {
  it('names browser and system of common agents', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      ),
    ).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
  });

  it('answers null for what it does not recognise', () => {
    expect(describeUserAgent(undefined)).toEqual({ browser: null, system: null });
    expect(describeUserAgent('lightMyRequest')).toEqual({ browser: null, system: null });
  });
});

describe('account schemas', () => {
  it('an e-mail change needs a valid address and the password', () => {
    expect(
      emailChangeSchema.safeParse({ usermail: ' New@Example.TEST ', password: 'x' }).data,
    ).toEqual({ usermail: 'new@example.test', password: 'x' });
    expect(emailChangeSchema.safeParse({ usermail: 'nope', password: 'x' }).success).toBe(false);
    expect(emailChangeSchema.safeParse({ usermail: 'a@b.test', password: '' }).success).toBe(false);
  });

  it('a deletion needs a reason of at most 1000 characters and the password', () => {
    expect(accountDeletionSchema.safeParse({ reason: '  ', password: 'x' }).success).toBe(false);
    expect(
      accountDeletionSchema.safeParse({ reason: 'r'.repeat(1001), password: 'x' }).success,
    ).toBe(false);
    expect(accountDeletionSchema.safeParse({ reason: 'Leaving', password: 'x' }).success).toBe(
      true,
    );
  });
});
