import { axeFindings, overflowFindings } from './a11y-checks';
import { earlyPage, expect, registerVerifiedUser, test, useToken } from './helpers';

/**
 * Issue 28: a problem's Discussion tab. One learner opens the discussion with a post that gives the solution away
 * (folded for readers until opened), another replies from a phone, through a link that opens the tab.
 */

const SLUG = 'assign-cookies';
const TITLE = 'Discussion: Assign Cookies';
const LOAD_TIMEOUT = 20_000;

test.use({ viewport: { width: 1366, height: 900 } });

test('a learner opens the discussion with a folded solution; another reads it on a phone and replies', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const opener = await registerVerifiedUser(request, 'Olive Opener');
  const replier = await registerVerifiedUser(request, 'Remy Replier');
  const solution = `Sort both lists, then walk them greedily (${Date.now()}).`;

  await useToken(page, opener.token);
  await page.goto(`/problems/${SLUG}`);
  await page.getByRole('tab', { name: 'Discussion' }).click();
  await expect(page.getByRole('tab', { name: 'Discussion' })).toHaveAttribute('aria-selected', 'true');
  // A retried test finds the thread it made before: then it posts a reply instead of opening one.
  const box = page.getByRole('textbox', { name: /Start the discussion|Your post/ });
  await expect(box).toBeVisible({ timeout: LOAD_TIMEOUT });
  await box.fill(solution);
  await page.getByRole('checkbox', { name: /Contains a solution/ }).check();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(box).toHaveValue('');
  // The author's own post is folded like anyone's: the mark says what readers see.
  const mine = page.getByText(solution);
  await expect(mine).toBeHidden();
  const fold = page.getByTestId('solution-fold').filter({ has: page.getByText(solution) });
  await fold.getByRole('button', { name: /^Show the solution/ }).click();
  await expect(mine).toBeVisible();
  await expect(fold.getByRole('button', { name: /^Fold it again/ })).toHaveAttribute('aria-expanded', 'true');
  expect(await axeFindings(page)).toEqual([]);

  // The other learner, on a phone (their token is set after the first one's, so it is the one kept).
  const other = page;
  await other.setViewportSize({ width: 390, height: 844 });
  await useToken(other, replier.token);
  await other.goto(`/problems/${SLUG}?tab=discussion`);
  await expect(other.getByRole('tab', { name: 'Discussion' })).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(other.getByText(solution)).toBeHidden();
  const reveal = other
    .getByTestId('solution-fold')
    .filter({ has: other.getByText(solution) })
    .getByRole('button');
  await expect(reveal).toHaveAttribute('aria-expanded', 'false');
  await reveal.click();
  await expect(reveal).toHaveAttribute('aria-expanded', 'true');
  await expect(other.getByText(solution)).toBeVisible();

  const hint = `Try the smallest cookie that still satisfies each child (${Date.now()}).`;
  await other.getByRole('textbox', { name: 'Your post' }).fill(hint);
  await other.getByRole('button', { name: 'Post', exact: true }).click();
  const replies = other.getByRole('list', { name: 'Replies, the accepted answer first' });
  await expect(replies.getByText(hint)).toBeVisible({ timeout: LOAD_TIMEOUT });
  expect(await overflowFindings(other)).toEqual([]);
  expect(await axeFindings(other)).toEqual([]);

  // The same thread is a community thread, listed in DSA Help.
  await other.getByRole('link', { name: /Open this discussion in the community/ }).click();
  await expect(other).toHaveURL(/\/community\/[0-9a-f-]{36}$/);
  await expect(other.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(other.getByText(hint)).toBeVisible();
});

test('the Discussion tab pressed the moment it shows opens the discussion, as a late press does', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const learner = await registerVerifiedUser(request, 'Early Discusser');
  const page = await earlyPage(browser, learner.token);
  await page.goto(`/problems/${SLUG}`, { waitUntil: 'commit' });
  await page.getByRole('tab', { name: 'Discussion' }).click();
  await expect(page.getByRole('tab', { name: 'Discussion' })).toHaveAttribute('aria-selected', 'true', {
    timeout: LOAD_TIMEOUT,
  });
  await expect(page.getByRole('textbox', { name: /Start the discussion|Your post/ })).toBeVisible({
    timeout: LOAD_TIMEOUT,
  });
  await expect(page.getByTestId('problem-statement')).toBeHidden();
  await page.close();
});
