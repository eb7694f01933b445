import { describe, expect, it } from 'vitest';
import {
  isEmail,
  isHexColour,
  isPhone,
  isStrongPassword,
  isTokenExpired,
  normaliseCustomColour,
  splitEmails,
} from './validators.js';
import { signupSchema } from './auth.js';
import { profilePatchSchema } from './user.js';
import { LOCALES } from './locales.js';
import { MESSAGES, formatMessage } from './messages/index.js';

describe('validators', () => {
  it('checks emails and splits lists on comma, semicolon and newline', () => {
    expect(isEmail('')).toBe(true);
    expect(isEmail('ada@example.org')).toBe(true);
    expect(isEmail('ada@example')).toBe(false);
    expect(splitEmails('a@b.co, c@d.co;e@f.co\ng@h.co')).toEqual([
      'a@b.co',
      'c@d.co',
      'e@f.co',
      'g@h.co',
    ]);
  });

  it('checks phone numbers as + and 10 to 14 digits', () => {
    expect(isPhone('+3212345678')).toBe(true);
    expect(isPhone('+321234567')).toBe(false);
    expect(isPhone('3212345678')).toBe(false);
    expect(isPhone('')).toBe(true);
  });

  it('checks the strong-password rule: 8 characters and 3 of 4 classes', () => {
    expect(isStrongPassword('abcdefgH1')).toBe(true);
    expect(isStrongPassword('abcdefg!H')).toBe(true);
    expect(isStrongPassword('abcdefgh1')).toBe(false);
    expect(isStrongPassword('Ab1!')).toBe(false);
  });

  it('normalises custom colours: # prefixed, six hex digits only', () => {
    expect(normaliseCustomColour('12AB3f')).toBe('#12ab3f');
    expect(normaliseCustomColour('#12ab3f')).toBe('#12ab3f');
    expect(normaliseCustomColour('#fff')).toBeUndefined();
    expect(normaliseCustomColour('zzzzzz')).toBeUndefined();
    expect(isHexColour('#fff')).toBe(true);
  });

  it('tells expired tokens', () => {
    expect(isTokenExpired(new Date(Date.now() - 1000))).toBe(true);
    expect(isTokenExpired(new Date(Date.now() + 60000))).toBe(false);
  });
});

describe('schemas', () => {
  it('rejects a weak signup password with a message key', () => {
    const result = signupSchema.safeParse({
      usermail: 'ada@example.org',
      password: 'password',
      userProfile: { name: 'Ada' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.passwordWeak');
  });

  it('refuses a language we do not ship', () => {
    const result = profilePatchSchema.safeParse({ locale: 'xx' });
    expect(result.success).toBe(false);
    expect(formatMessage(result.error!.issues[0]!.message, 'en')).toBe('Cannot set this language');
  });
});

describe('message catalogue', () => {
  it('has every key in every locale', () => {
    const keys = Object.keys(MESSAGES.en).sort();
    for (const locale of LOCALES) expect(Object.keys(MESSAGES[locale]).sort()).toEqual(keys);
  });

  it('fills placeholders', () => {
    expect(formatMessage('validation.min', 'en', { min: 3 })).toBe(
      'This value must be at least 3.',
    );
  });
});
