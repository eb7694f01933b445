import { expect, test } from '../support/test.js';
import { apiCollection, connectMembers, newMember, pageFor } from '../support/members.js';
import { givePicture } from '../support/pictures.js';
import { SCREEN_SIZES, shoot } from '../support/screens.js';

/**
 * A collection's people with their account pictures (issue 6 gaps): the member avatars in
 * the collection header and the contacts in the dialog's people picker.
 */

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test(`members and contacts show their pictures (${size})`, async ({ browser, request }) => {
    const ada = await newMember(request, 'Ada Owner');
    const bob = await newMember(request, 'Bob Member');
    const cleo = await newMember(request, 'Cleo Contact');
    for (const other of [bob, cleo]) await connectMembers(request, ada, other);
    const bobPicture = await givePicture(request, bob, 'orange');
    const cleoPicture = await givePicture(request, cleo, 'teal');
    const team = await apiCollection(request, ada, {
      name: 'Team',
      type: 'selected_contacts',
      users_per_collection: [`/api/user/${bob.id}`],
    });

    const page = await pageFor(browser, ada, { viewport });
    await page.goto(`/collections/${team.id}`);
    const members = page.getByTestId('collection-members');
    await expect(members.getByRole('img', { name: 'Bob Member' })).toHaveAttribute(
      'src',
      bobPicture,
    );
    await expect(members).toContainText('AO');
    await shoot(page, `collection-members-${size}`);

    await page.goto('/collections');
    await page.getByTestId('collection-create').click();
    const form = page.getByTestId('collection-form');
    await form.getByTestId('visibility-selected_contacts').click();
    await form.getByTestId('form-contacts').click();
    const option = page.getByRole('option', { name: 'Cleo Contact' });
    await expect(option.locator('img')).toHaveAttribute('src', cleoPicture);
    await shoot(page, `collection-contacts-picker-${size}`);
  });
}
