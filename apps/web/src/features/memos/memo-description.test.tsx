import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoDescription } from './memo-description';
import { hashtagPath } from './memo-text';
import { renderWidget } from '../../test/render';

const html =
  '<p>Dinner: <a data-type="hashtag" data-label="waterzooi" href="/?search=waterzooi">#waterzooi</a> ' +
  'with <a data-type="mention" data-id="4" data-label="Ada" href="/profile/4">@Ada</a></p>';

describe('hashtag links', () => {
  it('search one’s own memos, or the public posts on a public page', () => {
    expect(hashtagPath('soup night')).toBe('/?search=soup%20night');
    expect(hashtagPath('soup night', { isPublic: true })).toBe(
      '/discover/posts?search=soup%20night',
    );
  });

  it('in a description lead a signed-in reader home and a visitor to public posts', async () => {
    const signedIn = await renderWidget(<MemoDescription html={html} />);
    expect(screen.getByRole('link', { name: '#waterzooi' })).toHaveAttribute(
      'href',
      '/?search=waterzooi',
    );
    signedIn.unmount();

    await renderWidget(<MemoDescription html={html} isPublic />);
    expect(screen.getByRole('link', { name: '#waterzooi' })).toHaveAttribute(
      'href',
      '/discover/posts?search=waterzooi',
    );
    // the rest of the text and its other links stay as written
    expect(screen.getByRole('link', { name: '@Ada' })).toHaveAttribute('href', '/profile/4');
    expect(screen.getByTestId('memo-view-description')).toHaveTextContent(
      'Dinner: #waterzooi with @Ada',
    );
  });
});
