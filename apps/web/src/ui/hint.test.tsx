import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/render';
import { Hint } from './hint';

describe('Hint', () => {
  it('shows its label on hover, on the same element, without mounting it again', async () => {
    await renderWidget(
      <Hint label="Add to favourites">
        <button type="button" aria-label="Favourite">
          ★
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Favourite' });
    // nothing of the tooltip before a pointer comes
    expect(screen.queryByText('Add to favourites')).toBeNull();
    const user = userEvent.setup();
    button.focus();
    // the first hover loads the tooltip's chunk; it opens when it is in, the pointer still there
    await user.hover(button);
    expect(await screen.findByText('Add to favourites', {}, { timeout: 8000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Favourite' })).toBe(button);
    expect(button).toHaveFocus();
  });
});
