import { describe, expect, it } from 'vitest';
import { plainText, sanitizeDescription, searchTextOf } from './sanitize.js';

describe('memo description sanitising', () => {
  it('keeps the editor’s formatting', () => {
    const html =
      '<h2>Plan</h2><p><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>x</code></pre>';
    expect(sanitizeDescription(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts, handlers, styles and foreign tags', () => {
    expect(
      sanitizeDescription(
        '<p onclick="x()" style="color:red" class="c">hi<script>alert(1)</script></p><img src=x onerror=alert(1)><iframe src="//evil"></iframe>',
      ),
    ).toBe('<p>hi</p>');
    expect(sanitizeDescription('<h5>five</h5><div>d</div>')).toBe('fived');
  });

  it('keeps safe links, opening apart, and removes javascript: links', () => {
    expect(sanitizeDescription('<a href="https://example.org" target="_self" rel="x">e</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    );
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).not.toContain('javascript');
    expect(sanitizeDescription('<a href="data:text/html,hi">x</a>')).not.toContain('data:');
  });

  it('mentions link to /profile/{id}, hashtags to /?search=tag', () => {
    expect(
      sanitizeDescription(
        '<a data-type="mention" data-id="12" data-label="Ada" href="https://evil">@Ada</a>',
      ),
    ).toBe('<a data-type="mention" data-id="12" data-label="Ada" href="/profile/12">@Ada</a>');
    expect(
      sanitizeDescription(
        '<a data-type="hashtag" data-label="#road trip" href="/x">#road trip</a>',
      ),
    ).toBe(
      '<a data-type="hashtag" data-label="#road trip" href="/?search=road%20trip">#road trip</a>',
    );
    expect(
      sanitizeDescription(
        '<span data-type="mention" data-id="7" data-label="Bo" onclick="x" class="m">@Bo</span>',
      ),
    ).toBe('<span data-type="mention" data-id="7" data-label="Bo">@Bo</span>');
    expect(sanitizeDescription('<span data-type="evil" data-id="7">x</span>')).toBe(
      '<span>x</span>',
    );
  });

  it('answers null for nothing', () => {
    expect(sanitizeDescription(null)).toBeNull();
    expect(sanitizeDescription('  ')).toBeNull();
    expect(sanitizeDescription('<script>x</script>')).toBeNull();
  });

  it('plain text decodes entities and separates blocks', () => {
    expect(plainText('<p>Fish &amp; chips</p><p>second&nbsp;line</p>')).toBe(
      'Fish & chips second\u00a0line'.replace(/\s+/g, ' '),
    );
    expect(searchTextOf('Trip', '<p>To <strong>Gent</strong></p>', ['Belgium'])).toBe(
      'trip to gent belgium',
    );
  });
});
