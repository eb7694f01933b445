import type { Page } from '@playwright/test';
import { grantPlan } from '../support/admin.js';
import { shoot } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { api, apiCollection, connectMembers, newMember, pageFor } from '../support/members.js';

/**
 * A video call on a collection (docs/notes/calls.md), with Chromium's fake camera and
 * microphone: the owner starts it from the collection, a member joins from theirs, each
 * plays the other's video; a visitor with the call link waits in the lobby until the owner
 * admits them; a mute shows on the others' tiles.
 */

/** Every remote video on the page has decoded frames of its own size. */
async function remoteVideosPlaying(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('call-remote-video')).toHaveCount(count);
  await expect
    .poll(() =>
      page
        .getByTestId('call-remote-video')
        .evaluateAll(
          (videos) => videos.filter((v) => (v as HTMLVideoElement).videoWidth > 0).length,
        ),
    )
    .toBe(count);
}

test('owner and member call from a collection; a visitor is admitted from the lobby', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await newMember(request, 'Olga Caller');
  const member = await newMember(request, 'Milo Joiner');
  await connectMembers(request, owner, member);
  await grantPlan(owner.usermail, 'bronze');
  const collection = await apiCollection(request, owner, {
    name: 'Weekly call',
    type: 'selected_contacts',
    users_per_collection: [`/api/user/${member.id}`],
    user_can_join_call: true,
  });
  const { call_secure_token: token } = await api<{ call_secure_token: string }>(
    request,
    owner,
    'GET',
    `/api/collection/${collection.id}/secure-token`,
  );

  // The owner starts the call from the collection page.
  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto(`/collections/${collection.id}`);
  await ownerPage.getByTestId('call-start').click();
  await expect(ownerPage).toHaveURL(/\/meet\?collection=/);
  await expect(ownerPage.getByTestId('call-prejoin').locator('video')).toBeVisible();
  await ownerPage.getByTestId('call-enter').click();
  await expect(ownerPage.getByTestId('call-room')).toBeVisible();
  await expect(ownerPage.getByTestId('call-tile')).toHaveCount(1);

  // The member sees the call running on the collection and joins.
  const memberPage = await pageFor(browser, member);
  await memberPage.goto(`/collections/${collection.id}`);
  await expect(memberPage.getByTestId('call-live')).toBeVisible();
  await memberPage.getByTestId('call-join').click();
  await memberPage.getByTestId('call-enter').click();
  await expect(memberPage.getByTestId('call-tile')).toHaveCount(2);
  await expect(ownerPage.getByTestId('call-tile')).toHaveCount(2);
  await remoteVideosPlaying(memberPage, 1);
  await remoteVideosPlaying(ownerPage, 1);

  // A visitor with the link types a name and waits in the lobby.
  const visitorPage = await pageFor(browser, undefined, { viewport: { width: 375, height: 812 } });
  await visitorPage.goto(`/joincall?token=${encodeURIComponent(token)}`);
  await expect(visitorPage.getByTestId('call-enter')).toBeDisabled();
  await visitorPage.getByTestId('call-name').fill('Vera Visitor');
  await visitorPage.getByTestId('call-enter').click();
  await expect(visitorPage.getByTestId('call-lobby-wait')).toBeVisible();
  await shoot(visitorPage, 'call-lobby-375');
  await ownerPage.getByRole('button', { name: 'Admit Vera Visitor' }).click();
  await expect(visitorPage.getByTestId('call-tile')).toHaveCount(3);
  await remoteVideosPlaying(visitorPage, 2);
  await remoteVideosPlaying(ownerPage, 2);
  await shoot(ownerPage, 'call-three-1280');
  await shoot(visitorPage, 'call-three-375');

  // The member mutes: the others see it on the member's tile.
  await memberPage.getByTestId('call-mute').click();
  await expect(
    ownerPage
      .getByTestId('call-tile')
      .filter({ hasText: 'Milo Joiner' })
      .getByTestId('call-tile-muted'),
  ).toBeVisible();

  // The owner leaves; the call goes on for the others.
  await ownerPage.getByTestId('call-leave').click();
  await expect(ownerPage.getByTestId('call-ended')).toBeVisible();
  await expect(memberPage.getByTestId('call-tile')).toHaveCount(2);
  await expect(visitorPage.getByTestId('call-tile')).toHaveCount(2);
});
