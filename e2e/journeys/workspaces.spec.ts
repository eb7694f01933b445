import { createWorkspace } from '../support/admin.js';
import { api, newMember, pageFor, type Member } from '../support/members.js';
import { shoot } from '../support/screens.js';
import { expect, test } from '../support/test.js';

interface MemberCard {
  id: number;
  usermail: string | null;
}

/**
 * Issue 22 (workspaces): an operator makes a workspace for two members with Ada as its
 * admin; it takes two members and refuses the third; members see each other's e-mail only
 * once the share flag is on, on the members list and on each other's profile; Ann's
 * connection card of the workspace names it as one; Ada opens /workspaces and the
 * workspace's page.
 */
test('a workspace takes its members up to its limit and shares what its flags say', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [ada, ann, bob, cal] = await Promise.all([
    newMember(request, 'Ada Admin'),
    newMember(request, 'Ann Member'),
    newMember(request, 'Bob Member'),
    newMember(request, 'Cal Late'),
  ]);
  const workspace = await createWorkspace(ada.usermail, 'Harbour Team', { maximumUsers: 2 });
  const base = `/api/workspace/${workspace.id}`;

  // Ada invites three; the first two accept and join, the third finds it full
  const invite = (who: Member) =>
    api<{ id: number }>(request, ada, 'POST', `${base}/invite`, { user_to_email: who.usermail });
  const toAnn = await invite(ann);
  const toBob = await invite(bob);
  const toCal = await invite(cal);
  await api(request, ann, 'GET', `/api/connection/${toAnn.id}/accept`);
  await api(request, bob, 'GET', `/api/connection/${toBob.id}/accept`);
  const full = await api<{ detail: string }>(
    request,
    cal,
    'GET',
    `/api/connection/${toCal.id}/accept`,
    undefined,
    409,
  );
  expect(full.detail).toContain('Max users reached');

  // members see each other's e-mail only when the share flag is on
  // the plain array: the helper asks for application/json
  const bobSeenBy = async (who: Member) =>
    (await api<MemberCard[]>(request, who, 'GET', `${base}/members`)).find((m) => m.id === bob.id);
  expect((await bobSeenBy(ann))?.usermail).toBeNull();
  await api(request, ada, 'PATCH', base, { connections_share_email_to_workspace_members: true });
  expect((await bobSeenBy(ann))?.usermail).toBe(bob.usermail);

  // Ann is not connected with Bob: his profile shows her his address through the workspace,
  // and her connection card of the workspace says what it is
  const annPage = await pageFor(browser, ann);
  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ] as const) {
    await annPage.setViewportSize({ width, height });
    await annPage.goto(`/profile/${bob.id}`);
    await expect(annPage.getByRole('link', { name: bob.usermail })).toBeVisible();
    await shoot(annPage, `workspace-shared-profile-${width}`);
    await annPage.goto('/connections');
    const workspaceCard = annPage.getByTestId(`connection-${workspace.id}`);
    await expect(workspaceCard.getByTestId('account-kind')).toHaveText('Workspace');
    await shoot(annPage, `workspace-connection-card-${width}`);
  }
  await annPage.context().close();

  // Ada's screens: the list, then the workspace with its two members and her admin tools
  const page = await pageFor(browser, ada);
  await page.goto('/workspaces');
  const card = page.getByTestId('workspace-card').filter({ hasText: 'Harbour Team' });
  await expect(card).toContainText('Admin');
  await expect(card).toContainText('Members: 2');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}$`));
  await expect(page.getByRole('heading', { name: 'Harbour Team' })).toBeVisible();
  await expect(page.getByTestId('workspace-limit')).toHaveText('Up to 2 members');
  await expect(page.getByTestId('workspace-member')).toHaveCount(2);
  await expect(
    page.getByTestId('workspace-member').filter({ hasText: bob.name }).getByTestId('member-email'),
  ).toHaveText(bob.usermail);
  await expect(
    page.getByTestId('workspace-flag-connections_share_email_to_workspace_members'),
  ).toBeChecked();
  await page.getByTestId('workspace-member-search').fill('Ann');
  await expect(page.getByTestId('workspace-member')).toHaveCount(1);
  await expect(page.getByTestId('workspace-member')).toContainText(ann.name);
});
