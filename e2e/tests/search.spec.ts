import { axeFindings, DESKTOP, overflowFindings, stillMotion } from './a11y-checks';
import { earlyPage, expect, registerVerifiedUser, test } from './helpers';

/**
 * Issue 31: one search for everything. Ctrl+K opens the palette anywhere, a misspelt title still finds its
 * problem, the arrow keys and Enter open a result; on a phone the navbar's Search button opens it. Axe finds
 * nothing with the palette open at 1366 and 390 px.
 */

const LOAD_TIMEOUT = 20_000;
const PHONE_390 = { width: 390, height: 844 };

test('Ctrl+K, a misspelt title, the arrow keys and Enter open a problem', async ({ page }) => {
  // Axe reads the whole page behind the palette too (all of it hidden from assistive technology while it is open).
  test.setTimeout(90_000);
  await stillMotion(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search LearnBuild' });
  const input = palette.getByRole('combobox', { name: 'Search LearnBuild' });
  await expect(input).toBeFocused({ timeout: LOAD_TIMEOUT });

  await page.keyboard.type('two sun');
  const problems = palette.getByRole('group', { name: 'Problems' });
  const options = problems.getByRole('option');
  await expect(options.first()).toContainText('Two Sum', { timeout: LOAD_TIMEOUT });
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(palette.getByText('Problems', { exact: true })).toBeVisible();

  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/search-1366.png' });

  await page.keyboard.press('ArrowDown');
  const chosen = options.nth(1);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  const title = (await chosen.locator('span span').first().textContent()) ?? '';
  expect(title).toMatch(/^Two Sum I/);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/problems\/two-sum-i[iv]-/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title, { timeout: LOAD_TIMEOUT });
});

test('Escape closes the palette and gives focus back; nothing found is said so', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true });
  await button.click();
  const palette = page.getByRole('dialog', { name: 'Search LearnBuild' });
  await expect(palette).toBeVisible({ timeout: LOAD_TIMEOUT });
  await page.keyboard.type('qqzzxxv');
  await expect(palette.getByTestId('search-status')).toHaveText('No results for “qqzzxxv”', { timeout: LOAD_TIMEOUT });
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(button).toBeFocused();
});

test('on a phone the navbar Search button opens the palette, axe clean at 390 px', async ({ page }) => {
  test.setTimeout(90_000);
  await stillMotion(page);
  await page.setViewportSize(PHONE_390);
  await page.goto('/blog');
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true });
  await expect(button).toBeVisible();
  await button.click();
  const palette = page.getByRole('dialog', { name: 'Search LearnBuild' });
  await expect(palette).toBeVisible({ timeout: LOAD_TIMEOUT });
  await page.keyboard.type('dijkstra');
  const option = palette.getByRole('option').filter({ hasText: 'Implementing Dijkstra Algorithm' });
  await expect(option).toBeVisible({ timeout: LOAD_TIMEOUT });

  expect(await axeFindings(page)).toEqual([]);
  expect(await overflowFindings(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/search-390.png' });

  await option.click();
  await expect(page).toHaveURL(/\/problems\/implementing-dijkstra-algorithm$/);
});

test('the navbar Search button pressed the moment it shows opens the palette, as a late press does', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const learner = await registerVerifiedUser(request, 'Early Searcher');
  const page = await earlyPage(browser, learner.token);
  await page.goto('/dsa-sheet', { waitUntil: 'commit' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true }).click();
  const palette = page.getByRole('dialog', { name: 'Search LearnBuild' });
  const input = palette.getByRole('combobox', { name: 'Search LearnBuild' });
  await expect(input).toBeFocused({ timeout: LOAD_TIMEOUT });
  await input.fill('two sum');
  await expect(palette.getByRole('group', { name: 'Problems' }).getByRole('option').first()).toContainText('Two Sum', {
    timeout: LOAD_TIMEOUT,
  });
  await page.close();
});
