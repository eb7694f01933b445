import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import { memoFixture } from '../memos/test-support';
import { CommentsLink } from './comments-link';
import { renderWidget } from '../../test/render';

afterEach(async () => {
  await act(() => initI18n('en'));
});

const counts = [0, 1, 2, 5, 22, 1500];

async function renderLinks() {
  await renderWidget(
    <>
      {counts.map((count) => (
        <CommentsLink key={count} memo={memoFixture({ id: count + 1, comments_number: count })} />
      ))}
    </>,
  );
  return () =>
    screen.getAllByTestId('memo-comments-link').map((link) => ({
      text: link.textContent,
      name: link.getAttribute('aria-label') ?? link.textContent,
    }));
}

describe('comments link on a memo card', () => {
  it('says the number of comments in words, large numbers shortened', async () => {
    const links = await renderLinks();
    expect(links()).toEqual([
      { text: 'Comments', name: '0 comments' },
      { text: '1 comment', name: '1 comment' },
      { text: '2 comments', name: '2 comments' },
      { text: '5 comments', name: '5 comments' },
      { text: '22 comments', name: '22 comments' },
      { text: '1.5k comments', name: '1.5k comments' },
    ]);
    expect(screen.getByRole('link', { name: '1 comment' })).toHaveAttribute(
      'href',
      '/memo/2#comments',
    );
  });

  it('uses the few and many forms in Polish and Ukrainian', async () => {
    const links = await renderLinks();
    await act(() => initI18n('pl'));
    expect(links().map((link) => link.text)).toEqual([
      'Komentarze',
      '1 komentarz',
      '2 komentarze',
      '5 komentarzy',
      '22 komentarze',
      '1,5k komentarzy',
    ]);
    await act(() => initI18n('uk'));
    expect(links().map((link) => link.text)).toEqual([
      'Коментарі',
      '1 коментар',
      '2 коментарі',
      '5 коментарів',
      '22 коментарі',
      '1,5k коментарів',
    ]);
  });
});
