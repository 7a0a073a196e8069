import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, DEMO, expect, registerVerifiedUser, signInAs, test, useToken, writtenDay } from './helpers';

/** A problem of our own, so the journey does not depend on the seeded bank. */
async function createProblem(
  request: APIRequestContext,
  title: string,
  { difficulty = 'Medium', step = 'Step 0: Browser tests' }: { difficulty?: string; step?: string } = {},
) {
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
    data: { title, step, topicId, difficulty, url: 'https://leetcode.com/problems/two-sum/' },
  });
  expect(reply.status()).toBe(201);
  return (await reply.json()).problem as { id: string; slug: string; topic: string; step: string };
}

function row(page: Page, title: string) {
  return page.getByTestId('problem-row').filter({ has: page.getByRole('checkbox', { name: `Solved: ${title}` }) });
}

/** The number in "N / M" of the header. */
async function solvedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('solved-count').textContent()) ?? '';
  return Number(text.split('/')[0]!.trim());
}

/**
 * Opens a DSA screen and waits for its heading: the screen's code loads on demand, which a busy
 * machine can stretch past the usual 5 s.
 */
async function openScreen(page: Page, path: string, heading = 'DSA Sheet') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 15_000 });
}

/** Tomorrow in the browser's own time zone, as the app counts days. */
function browserTomorrow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 1);
    return day.toLocaleDateString('en-CA');
  });
}

/** The N of the 'Revise today (N)' view button; the button reads 'Revise today' when nothing is due. */
async function dueCount(page: Page): Promise<number> {
  const text = (await page.getByRole('button', { name: /^Revise today/ }).textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? 0);
}

test.describe('DSA sheet', () => {
  test('solve and bookmark from the sheet, see counts and the grid change, find it in bookmarks, unsolve', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const title = `Browser Solve ${Date.now()}`;
    const note = `complement lookup ${Date.now()}`;
    await createProblem(page.request, title);
    await signInAs(page, DEMO.student);
    await openScreen(page, '/dsa-sheet');
    // The first stats call of a fresh server also warms its caches.
    await expect(page.getByTestId('solved-count')).toBeVisible({ timeout: 15_000 });
    const before = await solvedCount(page);
    const bookmarksBefore = Number(await page.getByTestId('bookmarked-count').textContent());
    const todayCell = page.getByTestId('activity-grid').locator('[data-level]').last();
    const levelBefore = Number(await todayCell.getAttribute('data-level'));
    const todayLabelBefore = (await todayCell.getAttribute('aria-label')) ?? '';

    // Search keeps the filter in the URL and opens every matching step.
    const search = page.getByLabel('Search titles, tags and your notes');
    await search.fill(title);
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
    await expect(page.getByTestId('bookmarked-count')).toHaveText(String(bookmarksBefore + 1));

    // Notes are saved with the progress and found by search: search by the note, not the title.
    await problem.getByRole('button', { name: `Notes: ${title}` }).click();
    await page.getByLabel('Notes', { exact: true }).fill(note);
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expect(problem.getByText(note)).toBeVisible();
    await search.fill(note.toUpperCase());
    await expect(page).toHaveURL(/q=COMPLEMENT(\+|%20)LOOKUP/);
    await expect(page.getByTestId('problem-row')).toHaveCount(1);
    await expect(row(page, title).getByText(note)).toBeVisible();

    // The URL keeps the search across a reload.
    await page.reload();
    await expect(search).toHaveValue(note.toUpperCase());
    await expect(row(page, title).getByRole('checkbox')).toBeChecked();

    await openScreen(page, '/dsa-bookmarks', 'DSA Bookmarks');
    const saved = row(page, title);
    await expect(saved).toBeVisible();

    // Unsolve from the bookmarks page: the counts and today's cell go back; the bookmark stays.
    // The tick changes at once (optimistic); leave only once the server has the change, as the page below
    // is a new load that would cut the request short.
    const unsolved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/api/dsa/progress/'),
    );
    await saved.getByRole('checkbox', { name: `Solved: ${title}` }).uncheck();
    await expect(saved.getByRole('checkbox')).not.toBeChecked();
    expect((await unsolved).status()).toBe(200);
    await openScreen(page, '/dsa-sheet');
    await expect(page.getByTestId('solved-count')).toContainText(`${before} /`);
    await expect(todayCell).toHaveAttribute('data-level', String(levelBefore));
    await expect(todayCell).toHaveAttribute('aria-label', todayLabelBefore);
    await expect(page.getByTestId('bookmarked-count')).toHaveText(String(bookmarksBefore + 1));

    await search.fill(title);
    await row(page, title)
      .getByRole('button', { name: `Remove bookmark: ${title}` })
      .click();
    await expect(page.getByTestId('bookmarked-count')).toHaveText(String(bookmarksBefore));
  });

  test('failed stats and activity replies show zeroed stats and an all-empty 49-day grid, with no message', async ({
    page,
  }) => {
    await signInAs(page, DEMO.student);
    const failed = new Set<string>();
    await page.route(/\/api\/dsa\/progress\/(stats|activity)(\?|$)/, async (route) => {
      failed.add(new URL(route.request().url()).pathname);
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Something went wrong on our side' }),
      });
    });
    await openScreen(page, '/dsa-sheet');
    await expect(page.getByTestId('solved-count')).toHaveText('0 / 0');
    await expect(page.getByTestId('current-streak')).toHaveText('0 days');
    await expect(page.getByTestId('bookmarked-count')).toHaveText('0');
    for (const difficulty of ['Easy', 'Medium', 'Hard']) {
      await expect(page.getByTestId(`difficulty-${difficulty}`)).toContainText('0 / 0');
    }
    const grid = page.getByTestId('activity-grid');
    await expect(grid.locator('[data-level]')).toHaveCount(49);
    await expect(grid.locator('[data-level="0"]')).toHaveCount(49);
    await expect(grid.getByRole('img', { name: /^\w{3} \d{1,2}, \d{4}: No activity$/ })).toHaveCount(49);
    await expect(grid).toHaveAttribute('aria-label', 'Activity in the last 49 days: 0 problems on 0 days');
    expect([...failed].sort()).toEqual(['/api/dsa/progress/activity', '/api/dsa/progress/stats']);
    // Only logged: no message reaches the learner, and the sheet itself still works.
    await expect(page.getByTestId('step-section').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Something went wrong on our side')).toHaveCount(0);
  });

  test('topic, difficulty and status filters live in the URL, survive a reload and filter the rows', async ({
    page,
  }) => {
    // A filtered sheet opens every step: with the full bank that is a few hundred rows to render.
    test.setTimeout(60_000);
    const stamp = Date.now();
    const medium = `Browser Filter Medium ${stamp}`;
    const easy = `Browser Filter Easy ${stamp}`;
    const created = await createProblem(page.request, medium);
    await createProblem(page.request, easy, { difficulty: 'Easy' });
    await signInAs(page, DEMO.student);
    await openScreen(page, '/dsa-sheet');
    const topic = page.getByLabel('Topic', { exact: true });
    const difficulty = page.getByLabel('Difficulty', { exact: true });
    const status = page.getByLabel('Status', { exact: true });
    await topic.selectOption(created.topic);
    await difficulty.selectOption('Medium');
    await status.selectOption('unsolved');
    const topicParam = encodeURIComponent(created.topic).replace(/%20/g, '(\\+|%20)');
    for (const param of [`topic=${topicParam}`, 'difficulty=Medium', 'status=unsolved']) {
      await expect(page).toHaveURL(new RegExp(`[?&]${param}(&|$)`));
    }

    const rows = page.getByTestId('problem-row');
    const filtered = async () => {
      await expect(row(page, medium)).toBeVisible();
      await expect(row(page, easy)).toHaveCount(0);
      await expect(rows.filter({ hasNot: page.getByText('Medium', { exact: true }) })).toHaveCount(0);
      await expect(page.locator(`[data-testid=problem-row]:not([data-topic="${created.topic}"])`)).toHaveCount(0);
      await expect(rows.filter({ has: page.getByRole('checkbox', { checked: true }) })).toHaveCount(0);
    };
    await filtered();
    await page.reload();
    await expect(topic).toHaveValue(created.topic);
    await expect(difficulty).toHaveValue('Medium');
    await expect(status).toHaveValue('unsolved');
    await filtered();

    // Solved now lists it (and only solved rows); without a difficulty the Easy one is back.
    await row(page, medium).getByRole('checkbox').check();
    await expect(row(page, medium).getByRole('checkbox')).toBeChecked();
    await status.selectOption('solved');
    await expect(page).toHaveURL(/[?&]status=solved(&|$)/);
    await expect(row(page, medium)).toBeVisible();
    await expect(rows.filter({ has: page.getByRole('checkbox', { checked: false }) })).toHaveCount(0);
    await status.selectOption('');
    await difficulty.selectOption('');
    await expect(page).not.toHaveURL(/difficulty=|status=/);
    await expect(row(page, easy)).toBeVisible();
  });

  test('revise later: a solved problem comes back tomorrow, not today; on its day Mark reviewed sends it on (simple schedule)', async ({
    page,
  }) => {
    const title = `Browser Revise ${Date.now()}`;
    const created = await createProblem(page.request, title);
    // A learner who kept the fixed 1-3-7-14-30 days (issue 29: adaptive is the default, see dsa-revision.spec.ts).
    const learner = await registerVerifiedUser(page.request, 'Simple Reviser');
    const simple = await page.request.put('/api/auth/preferences', {
      headers: { authorization: `Bearer ${learner.token}` },
      data: { revisionSchedule: 'simple' },
    });
    expect(simple.status()).toBe(200);
    await useToken(page, learner.token);
    await openScreen(page, `/dsa-sheet?q=${encodeURIComponent(title)}`);
    const problem = row(page, title);
    await problem.getByRole('checkbox').check();
    await expect(problem.getByRole('checkbox')).toBeChecked();
    const dueBefore = await dueCount(page);

    await problem.getByRole('button', { name: `Revise later: ${title}` }).click();
    await expect(problem.getByRole('button', { name: `Stop revising: ${title}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const tomorrow = await browserTomorrow(page);
    await expect(problem.getByText(`Revise on ${await writtenDay(page, tomorrow)}`, { exact: true })).toBeVisible();
    await expect(problem.getByText('Revise today', { exact: true })).toHaveCount(0);
    // The server agrees: after a reload it is still tomorrow's, and today's list has not grown.
    await page.reload();
    await expect(row(page, title).getByText(`Revise on ${await writtenDay(page, tomorrow)}`)).toBeVisible();
    expect(await dueCount(page)).toBe(dueBefore);

    // Its day comes: the schedule is taken off and brought back due today by the progress import (the only way
    // to set a day from outside).
    await row(page, title)
      .getByRole('button', { name: `Stop revising: ${title}` })
      .click();
    await expect(row(page, title).getByRole('button', { name: `Revise later: ${title}` })).toBeVisible();
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    const token = learner.token;
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const imported = await page.request.post(`/api/dsa/progress/import?timeZone=${encodeURIComponent(timeZone)}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { progress: [{ slug: created.slug, solved: true, revisionStage: 0, revisionDueOn: today }] },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    await page.reload();
    await expect(row(page, title).getByText('Revise today', { exact: true })).toBeVisible();
    await expect.poll(() => dueCount(page)).toBe(dueBefore + 1);

    const view = page.getByRole('button', { name: /^Revise today/ });
    await view.click();
    await expect(view).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/[?&]status=revision(&|$)/);
    const review = row(page, title).getByRole('button', { name: `Mark ${title} reviewed` });
    // An action, not a state.
    await expect(review).toHaveText('Mark reviewed');
    await review.click();
    const inThreeDays = await page.evaluate(() => {
      const day = new Date();
      day.setDate(day.getDate() + 3);
      return day.toLocaleDateString('en-CA');
    });
    const next = await writtenDay(page, inThreeDays);
    await expect(page.getByRole('status').filter({ hasText: `Reviewed. Next review on ${next}.` })).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
    await expect.poll(() => dueCount(page)).toBe(dueBefore);

    // On the full list it is still solved and comes back in three days.
    await page.getByRole('button', { name: 'All problems' }).click();
    await expect(row(page, title).getByText(`Revise on ${next}`, { exact: true })).toBeVisible();
    await expect(row(page, title).getByRole('checkbox')).toBeChecked();
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
    await openScreen(page, `/dsa-sheet?q=${encodeURIComponent(title)}`);
    const checkbox = row(page, title).getByRole('checkbox');
    await checkbox.check();
    await expect(page.getByRole('alert').filter({ hasText: 'The service is briefly unavailable' })).toBeVisible();
    await expect(checkbox).not.toBeChecked();
  });

  test('interview mode hides difficulty, topic names and step names, is remembered, and turns off', async ({
    page,
  }) => {
    const title = `Browser Interview ${Date.now()}`;
    const created = await createProblem(page.request, title);
    await signInAs(page, DEMO.student);
    await openScreen(page, `/dsa-sheet?q=${encodeURIComponent(title)}`);
    const problem = row(page, title);
    const section = page.getByTestId('step-section').filter({ has: problem });
    const toggle = page.getByRole('button', { name: /Interview mode/ });

    const shown = async () => {
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await expect(problem.getByText('Medium', { exact: true })).toBeVisible();
      // A step of one topic names it once, above its rows.
      await expect(section.getByTestId('step-topic')).toHaveText(`Topic: ${created.topic}`);
      await expect(section.getByTestId('step-name')).toHaveText('Step 0: Browser tests');
      await expect(page.getByLabel('Topic', { exact: true })).toBeVisible();
    };
    const hidden = async () => {
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(problem).toBeVisible();
      await expect(problem.getByText('Medium', { exact: true })).toHaveCount(0);
      await expect(section.getByText(created.topic, { exact: true })).toHaveCount(0);
      await expect(section.getByTestId('step-name')).toHaveText('Step 0');
      await expect(page.getByText('Browser tests')).toHaveCount(0);
      await expect(page.getByLabel('Topic', { exact: true })).toHaveCount(0);
      await expect(page.getByLabel('Difficulty', { exact: true })).toHaveCount(0);
    };

    await shown();
    await toggle.click();
    await hidden();
    await page.reload();
    await hidden();
    await toggle.click();
    await shown();
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
    await openScreen(page, `/dsa-sheet?q=${encodeURIComponent(title)}`);
    await expect(row(page, title)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('DSA management', () => {
  test('an instructor adds a problem in /dsa-management and a student sees it', async ({ browser }) => {
    // The management screen lists the whole bank (about 300 problems): slower than a usual page.
    test.setTimeout(60_000);
    const title = `Instructor Added ${Date.now()}`;
    const instructor = await browser.newPage();
    await instructor.addInitScript(() => window.localStorage.setItem('learnbuild.subscribePopupDone', 'seen'));
    await signInAs(instructor, DEMO.instructor);
    await openScreen(instructor, '/dsa-management', 'DSA Management');
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
    await openScreen(student, `/dsa-sheet?q=${encodeURIComponent(title)}`);
    await expect(row(student, title)).toBeVisible();
    await expect(row(student, title).getByRole('link', { name: new RegExp(`^${title} \\(opens`) })).toHaveAttribute(
      'href',
      'https://leetcode.com/problems/valid-parentheses/',
    );
    await student.close();
  });

  test('an instructor edits a problem, deletes one after confirming, and a dry-run import reports a bad row', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const editMe = `Manage Edit ${stamp}`;
    const deleteMe = `Manage Delete ${stamp}`;
    const created = await createProblem(page.request, editMe);
    await createProblem(page.request, deleteMe);
    await signInAs(page, DEMO.instructor);
    await openScreen(page, '/dsa-management', 'DSA Management');
    await page.getByLabel('Find a problem').fill(String(stamp));
    const managed = page.getByTestId('managed-problem');
    await expect(managed).toHaveCount(2);

    await page.getByRole('button', { name: `Edit: ${editMe}` }).click();
    const editor = page.getByRole('dialog', { name: `Edit "${editMe}"` });
    await editor.getByLabel('Title').fill(`Manage Edited ${stamp}`);
    await editor.getByLabel('Difficulty').selectOption('Hard');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await expect(editor).toHaveCount(0);
    const edited = managed.filter({ hasText: `Manage Edited ${stamp}` });
    await expect(edited).toBeVisible();
    await expect(edited.getByText('Hard', { exact: true })).toBeVisible();

    // Cancel keeps the problem; confirming deletes it.
    const confirm = page.getByRole('dialog', { name: `Delete "${deleteMe}"?` });
    await page.getByRole('button', { name: `Delete: ${deleteMe}` }).click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(managed.filter({ hasText: deleteMe })).toHaveCount(1);
    await page.getByRole('button', { name: `Delete: ${deleteMe}` }).click();
    await expect(confirm).toContainText("It leaves every learner's sheet, bookmarks and counts.");
    await confirm.getByRole('button', { name: 'Delete problem' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(managed.filter({ hasText: deleteMe })).toHaveCount(0);
    await expect(managed).toHaveCount(1);

    // A dry run reports each bad row by its place in the file and writes nothing.
    const file = [
      { title: `Manage Import ${stamp}`, url: 'https://leetcode.com/problems/two-sum/', tags: ['array'] },
      { title: `Manage Broken ${stamp}`, url: 'http://leetcode.com/problems/two-sum/', tags: ['array'] },
    ].map((fields) => ({ ...fields, step: created.step, topic: created.topic, difficulty: 'Easy' }));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importer = page.getByRole('dialog', { name: 'Import problems' });
    await importer.getByLabel('JSON or CSV file').setInputFiles({
      name: 'problems.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await expect(importer.getByText('Dry run: nothing has been written yet.')).toBeVisible();
    const report = importer.getByTestId('import-report');
    await expect(report.locator('dd')).toHaveText(['1', '0', '0']);
    await expect(report.getByText('1 row has an error:')).toBeVisible();
    await expect(report.getByRole('listitem')).toHaveText(['Row 2: Enter a judge link starting with https://']);
    await expect(importer.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await importer.getByRole('button', { name: 'Cancel' }).click();
    await expect(importer).toHaveCount(0);
    const written = await page.request.get(`/api/dsa/problems?q=${encodeURIComponent(`Manage Import ${stamp}`)}`);
    expect((await written.json()).problems).toEqual([]);
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
