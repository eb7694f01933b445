import { expect, test } from '../support/test.js';
import { grantPlan, makeProfilePublic } from '../support/admin.js';
import { apiCollection, apiMemo, newMember, pageFor } from '../support/members.js';
import { shoot } from '../support/screens.js';

/**
 * A visitor on public pages meets no dead end: from a public collection to its author (the
 * name alone when the author has no public profile, the public profile when there is one;
 * never a false "does not exist"), and from a hashtag to the public posts that carry it,
 * without the sign-in page.
 */
test('a visitor goes from a public collection to its author and from a hashtag to public posts', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const tag = `soup${stamp}`;
  const pia = await newMember(request, `Pia Private ${stamp}`);
  const paul = await newMember(request, `Paul Public ${stamp}`);
  for (const member of [pia, paul]) await grantPlan(member.usermail, 'silver');
  makeProfilePublic(paul.id);

  const piaPublic = await apiCollection(request, pia, {
    name: `Soup club ${stamp}`,
    type: 'public',
  });
  const piaPrivate = await apiCollection(request, pia, { name: `Diary ${stamp}`, type: 'private' });
  const paulPublic = await apiCollection(request, paul, {
    name: `Paul's kitchen ${stamp}`,
    type: 'public',
  });
  const tagLink = `<a data-type="hashtag" data-label="${tag}" href="/?search=${tag}">#${tag}</a>`;
  const piaMemo = await apiMemo(request, pia, piaPublic.id, {
    title: `Waterzooi night ${stamp}`,
    description: `<p>Bring bread. ${tagLink}</p>`,
    memo_tags: [tag],
  });
  const paulMemo = `Leek soup ${stamp}`;
  await apiMemo(request, paul, paulPublic.id, { title: paulMemo, memo_tags: [tag] });
  const secret = `Secret broth ${stamp}`;
  await apiMemo(request, pia, piaPrivate.id, { title: secret, memo_tags: [tag] });

  const visitor = await pageFor(browser);
  const publicMatches = [piaMemo.title, paulMemo].sort();
  const expectPublicSearch = async () => {
    await expect(visitor).toHaveURL(new RegExp(`/discover/posts\\?search=${tag}$`));
    await expect(visitor.getByTestId('discover-search')).toContainText(`#${tag}`);
    const titles = visitor.getByTestId('discover-posts').getByTestId('memo-card-title');
    await expect(titles).toHaveCount(2);
    expect((await titles.allTextContents()).sort()).toEqual(publicMatches);
    await expect(visitor.getByText(secret)).toHaveCount(0);
    await expect(visitor.getByTestId('login-usermail')).toHaveCount(0);
  };

  // Pia has no public profile: her name shows without a link, and nothing leads to a 404
  await visitor.goto(`/p/collections/${piaPublic.id}`);
  const authorLine = visitor.getByTestId('collection-author-line');
  await expect(authorLine.getByTestId('collection-author')).toHaveText(pia.name);
  await expect(authorLine.getByRole('link')).toHaveCount(0);
  await expect(visitor.getByTestId('error-page-404')).toHaveCount(0);
  await shoot(visitor, 'public-collection-author-without-profile-desktop-light');

  // a hashtag on the card searches the public posts
  const card = visitor.getByTestId('memo-card').filter({ hasText: piaMemo.title });
  await card.getByTestId('memo-tag').click();
  await expectPublicSearch();
  await shoot(visitor, 'discover-hashtag-visitor-desktop-light');

  // and so does the hashtag in the memo's text, on the public memo page
  await visitor.goto(`/p/memo/${piaMemo.id}`);
  await visitor
    .getByTestId('memo-view-description')
    .getByRole('link', { name: `#${tag}` })
    .click();
  await expectPublicSearch();

  // Paul has a public profile: his name leads there
  await visitor.goto(`/p/collections/${paulPublic.id}`);
  const paulLink = visitor.getByTestId('collection-author-line').getByRole('link', {
    name: paul.name,
  });
  await paulLink.click();
  await expect(visitor).toHaveURL(new RegExp(`/p/profile/${paul.id}$`));
  await expect(visitor.getByTestId('public-profile-page')).toContainText(paul.name);
  await expect(visitor.getByTestId('error-page-404')).toHaveCount(0);
  await visitor.context().close();
});
