import { fireEvent, screen } from '@testing-library/react';
import type { User } from '@memoria/domain';
import { describe, expect, it } from 'vitest';
import { renderWidget, testUser } from '../../test/render';
import { AccountMenu } from './account-menu';

describe('account menu', () => {
  it('opens when the menu arrives between the press and the release of a click', async () => {
    await renderWidget(<AccountMenu user={testUser() as User} />);
    const card = screen.getByRole('button', { name: /Account menu/ });
    // The pointer reaches the card (the menu starts loading) and presses; the menu replaces
    // the card before the release, so no click event ever reaches the card.
    fireEvent.pointerEnter(card);
    fireEvent.pointerDown(card);
    expect(await screen.findByTestId('logout')).toBeVisible();
  });
});
