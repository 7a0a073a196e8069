import { axeFindings, DESKTOP, overflowFindings } from './a11y-checks';
import { expect, registerVerifiedUser, TWO_SUM_RIGHT, test, useToken } from './helpers';

/**
 * Issue 29: a learner earns "First verified solve" when the judge accepts their first solution, is told so in a
 * toast, and finds it in the dashboard's Badges section (and its activity feed), at 1366 and 390 px.
 */

const LOAD_TIMEOUT = 20_000;
const VERDICT_TIMEOUT = 45_000;
const PHONE_390 = { width: 390, height: 844 };

test('a learner earns a badge with an Accepted solution, sees the toast and the dashboard section', async ({
  page,
  request,
}) => {
  const { token } = await registerVerifiedUser(request, 'Badge Learner');
  await useToken(page, token);
  await page.setViewportSize(DESKTOP);

  // No badges yet: the section says how to earn one.
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Badges' });
  await expect(section.getByTestId('badges-empty')).toContainText('No badges yet: solve your first problem', {
    timeout: LOAD_TIMEOUT,
  });
  expect(await axeFindings(page, { include: '[data-testid="badges-panel"]' })).toEqual([]);

  // An Accepted verdict earns "First verified solve", told in a toast.
  await page.goto('/problems/two-sum');
  const editor = page.getByRole('textbox', { name: 'Code, JavaScript' });
  await expect(editor).toBeVisible({ timeout: LOAD_TIMEOUT });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(TWO_SUM_RIGHT);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByTestId('submission-result')).toContainText('Accepted', { timeout: VERDICT_TIMEOUT });
  await expect(page.getByRole('status').filter({ hasText: 'Badge earned: First verified solve' })).toBeVisible({
    timeout: LOAD_TIMEOUT,
  });

  // The dashboard lists it with its description and date, and the activity feed says so.
  await page.goto('/dashboard');
  const badge = section.getByTestId('badge');
  await expect(badge).toHaveCount(1, { timeout: LOAD_TIMEOUT });
  await expect(badge).toContainText('First verified solve');
  await expect(badge).toContainText('Have a solution accepted by the judge');
  await expect(page.getByTestId('recent-activity')).toContainText('Earned the badge First verified solve');
  expect(await axeFindings(page, { include: '[data-testid="badges-panel"]' })).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/badges-1366.png', fullPage: true });

  await page.setViewportSize(PHONE_390);
  await expect(badge).toBeVisible();
  expect(await overflowFindings(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/badges-390.png', fullPage: true });
});
