import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, DEMO, expect, signInAs, test } from './helpers';

/** A problem of our own, so the journey does not depend on the seeded bank. */
async function createProblem(request: APIRequestContext, title: string) {
  const token = await apiLogin(request, DEMO.admin);
  const headers = { authorization: `Bearer ${token}` };
  const topics = (await (await request.get('/api/dsa/topics')).json()).topics as { id: string; name: string }[];
  let topicId = topics[0]?.id;
  if (!topicId) {
    topicId = (await (await request.post('/api/admin/dsa/topics', { headers, data: { name: 'Arrays' } })).json()).topic
      .id;
  }
  const reply = await request.post('/api/admin/dsa/problems', {
    headers,
    data: {
      title,
      step: 'Step 0: Browser tests',
      topicId,
      difficulty: 'Medium',
      url: 'https://leetcode.com/problems/two-sum/',
    },
  });
  expect(reply.status()).toBe(201);
  return (await reply.json()).problem as { id: string; slug: string };
}

function row(page: Page, title: string) {
  return page.getByTestId('problem-row').filter({ has: page.getByRole('checkbox', { name: `Solved: ${title}` }) });
}

/** The number in "N / M" of the header. */
async function solvedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('solved-count').textContent()) ?? '';
  return Number(text.split('/')[0]!.trim());
}

test.describe('DSA sheet', () => {
  test('solve and bookmark from the sheet, see counts and the grid change, find it in bookmarks, unsolve', async ({
    page,
  }) => {
    const title = `Browser Solve ${Date.now()}`;
    await createProblem(page.request, title);
    await signInAs(page, DEMO.student);
    await page.goto('/dsa-sheet');
    await expect(page.getByRole('heading', { name: 'DSA Sheet', level: 1 })).toBeVisible();
    await expect(page.getByTestId('solved-count')).toBeVisible();
    const before = await solvedCount(page);
    const todayCell = page.getByTestId('activity-grid').locator('[data-level]').last();
    const levelBefore = Number(await todayCell.getAttribute('data-level'));

    // Search keeps the filter in the URL and opens every matching step.
    await page.getByLabel('Search titles, tags and your notes').fill(title);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(title).replace(/%20/g, '(\\+|%20)')}`));
    const problem = row(page, title);
    await expect(problem).toHaveCount(1);

    // Keyboard: focus the checkbox and press space.
    const checkbox = problem.getByRole('checkbox', { name: `Solved: ${title}` });
    await checkbox.focus();
    await page.keyboard.press('Space');
    await expect(checkbox).toBeChecked();
    await expect(page.getByTestId('solved-count')).toContainText(`${before + 1} /`);
    await expect(page.getByTestId('current-streak')).not.toHaveText('0 days');
    await expect
      .poll(async () => Number(await todayCell.getAttribute('data-level')))
      .toBeGreaterThan(levelBefore === 4 ? 3 : levelBefore);

    await problem.getByRole('button', { name: `Bookmark: ${title}` }).click();
    await expect(problem.getByRole('button', { name: `Remove bookmark: ${title}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Notes are saved with the progress and found by search.
    await problem.getByRole('button', { name: `Notes: ${title}` }).click();
    await page.getByLabel('Notes', { exact: true }).fill('hash map of complements');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expect(problem.getByText('hash map of complements')).toBeVisible();

    // The URL keeps the filter across a reload.
    await page.reload();
    await expect(page.getByLabel('Search titles, tags and your notes')).toHaveValue(title);
    await expect(row(page, title).getByRole('checkbox')).toBeChecked();

    await page.goto('/dsa-bookmarks');
    await expect(page.getByRole('heading', { name: 'DSA Bookmarks', level: 1 })).toBeVisible();
    const saved = row(page, title);
    await expect(saved).toBeVisible();

    // Unsolve from the bookmarks page: the row and the counts go back.
    await saved.getByRole('checkbox', { name: `Solved: ${title}` }).uncheck();
    await expect(saved.getByRole('checkbox')).not.toBeChecked();
    await page.goto('/dsa-sheet');
    await expect(page.getByTestId('solved-count')).toContainText(`${before} /`);
  });

  test('a refused toggle rolls back with a message', async ({ page }) => {
    const title = `Browser Refused ${Date.now()}`;
    await createProblem(page.request, title);
    await signInAs(page, DEMO.student);
    await page.route('**/api/dsa/progress/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'The service is briefly unavailable' }),
      });
    });
    await page.goto(`/dsa-sheet?q=${encodeURIComponent(title)}`);
    const checkbox = row(page, title).getByRole('checkbox');
    await checkbox.check();
    await expect(page.getByRole('alert').filter({ hasText: 'The service is briefly unavailable' })).toBeVisible();
    await expect(checkbox).not.toBeChecked();
  });

  test('interview mode hides difficulty and topics and is remembered', async ({ page }) => {
    const title = `Browser Interview ${Date.now()}`;
    await createProblem(page.request, title);
    await signInAs(page, DEMO.student);
    await page.goto(`/dsa-sheet?q=${encodeURIComponent(title)}`);
    await expect(row(page, title).getByText('Medium')).toBeVisible();
    await page.getByRole('button', { name: /Interview mode/ }).click();
    await expect(row(page, title).getByText('Medium')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: /Interview mode/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(row(page, title).getByText('Medium')).toHaveCount(0);
  });

  test('bookmarks show a real empty state', async ({ page }) => {
    // Only the student bookmarks in these journeys; the instructor has none.
    await signInAs(page, DEMO.instructor);
    await page.goto('/dsa-bookmarks');
    await expect(page.getByRole('heading', { name: 'No bookmarks yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Open the DSA Sheet' }).click();
    await expect(page).toHaveURL('/dsa-sheet');
  });

  test('works at 375 px wide', async ({ page }) => {
    const title = `Browser Narrow ${Date.now()}`;
    await createProblem(page.request, title);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, DEMO.student);
    await page.goto(`/dsa-sheet?q=${encodeURIComponent(title)}`);
    await expect(row(page, title)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('DSA management', () => {
  test('an instructor adds a problem in /dsa-management and a student sees it', async ({ browser }) => {
    const title = `Instructor Added ${Date.now()}`;
    const instructor = await browser.newPage();
    await instructor.addInitScript(() => window.localStorage.setItem('learnbuild.subscribePopupDone', 'seen'));
    await signInAs(instructor, DEMO.instructor);
    await instructor.goto('/dsa-management');
    await expect(instructor.getByRole('heading', { name: 'DSA Management', level: 1 })).toBeVisible();
    await instructor.getByRole('button', { name: 'Add problem' }).click();

    const dialog = instructor.getByRole('dialog');
    // Validation messages first.
    await dialog.getByRole('button', { name: 'Add problem' }).click();
    await expect(dialog.getByText('Title must be at least 2 characters')).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Step').fill('Step 0: Browser tests');
    await dialog.getByLabel('Judge link').fill('not a link');
    await dialog.getByRole('button', { name: 'Add problem' }).click();
    await expect(dialog.getByText('Enter a judge link starting with https://')).toBeVisible();
    await dialog.getByLabel('Judge link').fill('https://leetcode.com/problems/valid-parentheses/');
    await dialog.getByLabel('Difficulty').selectOption('Easy');
    await dialog.getByRole('button', { name: 'Add problem' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(instructor.getByTestId('managed-problem').filter({ hasText: title })).toBeVisible();
    await instructor.close();

    const student = await browser.newPage();
    await student.addInitScript(() => window.localStorage.setItem('learnbuild.subscribePopupDone', 'seen'));
    await signInAs(student, DEMO.student);
    await student.goto(`/dsa-sheet?q=${encodeURIComponent(title)}`);
    await expect(row(student, title)).toBeVisible();
    await expect(row(student, title).getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
      'href',
      'https://leetcode.com/problems/valid-parentheses/',
    );
    await student.close();
  });

  test('a student is sent away from /dsa-management', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/dsa-management');
    await expect(page).toHaveURL('/dashboard');
  });
});

test.describe('DSA accessibility', () => {
  for (const [path, who] of [
    ['/dsa-sheet', DEMO.student],
    ['/dsa-bookmarks', DEMO.student],
    ['/dsa-management', DEMO.instructor],
  ] as const) {
    test(`no serious or critical accessibility violations on ${path}`, async ({ page }) => {
      // Axe walks every row of the full bank (about 300 problems): slower than a usual page.
      test.setTimeout(120_000);
      await signInAs(page, who);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
