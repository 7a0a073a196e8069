import type { Page } from '@playwright/test';
import { axeFindings } from './a11y-checks';
import { apiLogin, DEMO, earlyPage, expect, signInAs, test } from './helpers';

/**
 * The admins' Jobs tab (issue 31): every scheduled job with its schedule, last run and a Run now button,
 * by keyboard and screen reader, at 1366 and 390 px.
 */

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Opens the Jobs tab from the panel's first tab, by keyboard. */
async function openJobsTab(page: Page) {
  await page.goto('/admin');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  // By keyboard: the tab list takes focus on its selected tab, and the arrows move along it.
  await tabs.getByRole('tab', { name: 'Applications' }).focus();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Jobs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=jobs/);
  return page.getByRole('table', { name: 'Scheduled jobs, their schedules and their last runs' });
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`an admin sees the scheduled jobs and runs one now (${viewport.width} px)`, async ({ page }) => {
    // A run goes through the job queue and the tab reads the list again after it: more than the default 30 s
    // on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInAs(page, DEMO.admin);
    const table = await openJobsTab(page);
    const cleanup = table.getByRole('row', { name: /auth\.cleanup/ });
    await expect(cleanup).toContainText('Every 15 minutes');
    await expect(cleanup).toContainText('*/15 * * * *');
    await expect(table.getByRole('row', { name: /blog\.publish-scheduled/ })).toContainText('Every minute');
    await expect(table.getByRole('row', { name: /jobs\.prune-runs/ })).toContainText('Daily at 03:40 UTC');

    // The table scrolls sideways in its own region, which fits the screen and takes the keyboard; nothing in it
    // (its screen-reader-only labels included) makes the page any wider than the panel's first tab.
    const region = page.getByRole('region', { name: 'Scheduled jobs table' });
    const box = (await region.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    const widthWithJobs = await pageWidth(page);
    await region.focus();
    await expect(region).toBeFocused();

    const run = page.getByRole('button', { name: 'Run jobs.prune-runs now' });
    await run.scrollIntoViewIfNeeded();
    await run.press('Enter');
    await expect(page.getByText('jobs.prune-runs will run in a moment')).toBeVisible();
    // One server's worker takes it; the tab reads the list again and shows the run.
    await expect(table.getByRole('row', { name: /jobs\.prune-runs/ })).toContainText(/Succeeded/, {
      timeout: 30_000,
    });
    await expect(table.getByRole('row', { name: /jobs\.prune-runs/ })).toContainText(/old runs? deleted/);

    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Applications' }).click();
    await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    expect(widthWithJobs).toBeLessThanOrEqual(await pageWidth(page));
    // Nor does anything else: the navbar's search, bell and Create fit an admin's phone.
    expect(widthWithJobs).toBeLessThanOrEqual(viewport.width);
  });
}

test('a student asking for the Jobs tab lands on the dashboard', async ({ page }) => {
  await signInAs(page, DEMO.student);
  await page.goto('/admin?tab=jobs');
  await expect(page).toHaveURL('/dashboard');
});

test('the Jobs tab pressed the moment it shows opens the jobs, as a late press does', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const page = await earlyPage(browser, await apiLogin(request, DEMO.admin));
  await page.goto('/admin', { waitUntil: 'commit' });
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.getByRole('tab', { name: 'Jobs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=jobs/);
  const table = page.getByRole('table', { name: 'Scheduled jobs, their schedules and their last runs' });
  await expect(table.getByRole('row', { name: /auth\.cleanup/ })).toContainText('Every 15 minutes', {
    timeout: 20_000,
  });
  await page.close();
});
