import { describe, expect, it } from 'vitest';
import { publicProfilePatchSchema } from './public-profile.js';
import { isDomainUrl, isLinkedinUrl, isSlug } from './validators.js';

describe('public profile validators', () => {
  it('slug: 3 to 30 lowercase letters or digits with a letter', () => {
    for (const ok of ['abc', 'ann2', 'a'.repeat(30), '1a1']) expect(isSlug(ok), ok).toBe(true);
    for (const bad of ['ab', 'a'.repeat(31), 'Abc', 'a-b', 'a b', 'ä12', '123', ''])
      expect(isSlug(bad), bad).toBe(false);
  });

  it('URL looks like a domain; LinkedIn URL host is linkedin.com', () => {
    for (const ok of ['', 'ann.example', 'https://ann.example/x?y=1', 'http://a.bc:8080'])
      expect(isDomainUrl(ok), ok).toBe(true);
    for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://a.bc', 'localhost'])
      expect(isDomainUrl(bad), bad).toBe(false);
    for (const ok of ['', 'linkedin.com/in/a', 'https://www.linkedin.com/in/a', 'be.linkedin.com'])
      expect(isLinkedinUrl(ok), ok).toBe(true);
    for (const bad of [
      'https://example.com/in/a',
      'https://linkedin.com.evil.io/in/a',
      'evillinkedin.com',
    ])
      expect(isLinkedinUrl(bad), bad).toBe(false);
  });

  it('the patch schema: colours, button title at most 20, strict', () => {
    const parsed = publicProfilePatchSchema.safeParse({
      accent_color: '#abc',
      cta_button_color: '#A1B2C3',
      cta_button_title: ' '.repeat(3) + 'x'.repeat(20),
    });
    expect(parsed.success).toBe(true);
    const bad = publicProfilePatchSchema.safeParse({
      accent_color: '#abcd',
      cta_button_title: 'x'.repeat(21),
      extra: 1,
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining(['validation.colour', 'validation.buttonTitle']),
    );
  });
});
