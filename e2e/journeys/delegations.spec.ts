import { expect, test } from '../support/test.js';
import { apiLogin } from '../support/accounts.js';
import { api, connectMembers, newMember, pageFor } from '../support/members.js';

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Issue 22 (delegations) in the browser: Ada gives Ben access without the memos right; Ben
 * switches in, finds the new-memo button disabled and the API refusing, makes a collection
 * for Ada; Ada reads it in the audit log and revokes; Ben is told, and his switched session
 * is over.
 */
test('a delegate acts within the rights given, is audited and loses access when revoked', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const ada = await newMember(request, 'Ada Lovelace');
  const ben = await newMember(request, 'Ben Franklin');
  await connectMembers(request, ada, ben);

  // Ada gives Ben access, memos unticked
  const adaPage = await pageFor(browser, ada);
  await adaPage.goto('/connections/delegations');
  await adaPage.getByTestId('delegation-create').click();
  const dialog = adaPage.getByTestId('delegation-dialog');
  await dialog.getByTestId('delegation-person').click();
  await adaPage.getByRole('option', { name: ben.name }).click();
  await expect(dialog.getByTestId('delegation-right-admin')).not.toBeChecked();
  await dialog.getByTestId('delegation-right-memos').uncheck();
  await dialog.getByTestId('delegation-save').click();
  await expect(dialog).toBeHidden();
  await expect(adaPage.getByText('Access given')).toBeVisible();
  await expect(adaPage.getByTestId('delegation-given')).toContainText(ben.name);
  await expect(adaPage.getByTestId('delegation-given')).not.toContainText('Memos');

  // a second session of Ben's, for his own notifications later (switching replaces a session)
  const benOwn = await apiLogin(request, ben.usermail);
  // Ben switches in from his list (the page reloads as Ada)
  const benPage = await pageFor(browser, ben);
  await benPage.goto('/connections/delegations');
  const held = benPage.getByTestId('delegation-held');
  await expect(held).toContainText(ada.name);
  await held.getByTestId('delegation-switch').click();
  // the page reloads with the new session: Ada's profile, Ben as the person behind it
  await expect
    .poll(async () => {
      const token = await benPage.evaluate(() => localStorage.getItem('token')).catch(() => null); // the reload may be under way
      if (!token) return null;
      return (await request.get('/api/profile', { headers: bearerOf(token) })).json();
    })
    .toMatchObject({ id: ada.id, root_user: { id: ben.id }, rules: { memos: false } });

  // no memo: the button is disabled and the API refuses
  await benPage.goto('/');
  await expect(benPage.getByTestId('memo-create')).toBeDisabled();
  const acting = bearerOf((await benPage.evaluate(() => localStorage.getItem('token'))) ?? '');
  const refused = await request.post('/api/memo', { headers: acting, data: { title: 'As Ada' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('You are not authorised to perform this action');

  // a collection, yes: it is Ada's
  await benPage.goto('/collections');
  await benPage.getByTestId('collection-create').click();
  const form = benPage.getByTestId('collection-form');
  await form.getByTestId('form-name').fill('Made by Ben');
  await form.getByTestId('form-save').click();
  await expect(form).toBeHidden();
  await expect(benPage.getByText('Collection created')).toBeVisible();
  const adaCollections = await api<Array<{ name: string }>>(
    request,
    ada,
    'GET',
    `/api/user/${ada.id}/collection`,
  );
  expect(adaCollections.map((c) => c.name)).toContain('Made by Ben');

  // Ada reads it in the audit log, then revokes
  await adaPage.goto('/connections/delegations');
  await expect(adaPage.getByTestId('delegation-audit-entry').first()).toContainText(
    `${ben.name}: POST /api/collection`,
  );
  await adaPage.getByTestId('delegation-revoke').click();
  await adaPage.getByTestId('confirm-action').click();
  await expect(adaPage.getByText('Access revoked')).toBeVisible();
  await expect(adaPage.getByTestId('delegations-given-empty')).toBeVisible();

  // Ben's switched session is over at once, and he is told
  const after = await request.get('/api/profile', { headers: acting });
  expect(after.status()).toBe(401);
  await expect
    .poll(async () => {
      const list = await api<Array<{ type: string }>>(
        request,
        { ...ben, pair: benOwn },
        'GET',
        '/api/notifications?itemsPerPage=10',
      );
      return list.map((n) => n.type);
    })
    .toEqual(expect.arrayContaining(['new_delegation', 'delegation_revoked']));
});
