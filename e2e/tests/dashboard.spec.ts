import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { axeFindings, overflowFindings, PHONE, stillMotion, targetSizeFindings } from './a11y-checks';
import {
  DEMO,
  expect,
  POPUP_KEY,
  readyOnNavigation,
  registerVerifiedUser,
  signInAs,
  THEME_KEY,
  TOKEN_KEY,
  test,
} from './helpers';

/** A learner of their own, in a browser of their own: tests that change progress never touch the demo accounts. */
async function freshLearner(browser: Browser, request: APIRequestContext, name: string) {
  const { email, token } = await registerVerifiedUser(request, name);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await context.addInitScript(
    ([tokenKey, value, popupKey]) => {
      window.localStorage.setItem(tokenKey, value);
      window.localStorage.setItem(popupKey, 'seen');
    },
    [TOKEN_KEY, token, POPUP_KEY] as const,
  );
  return { email, token, context, page: readyOnNavigation(await context.newPage()) };
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-header')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText('Live', { timeout: 15_000 });
}

/** The event stream is open (its 'ready' arrived): from now on a change reaches the page without polling. */
async function waitForInstantUpdates(page: Page) {
  await expect(page.getByTestId('live-mode')).toHaveText('Instant updates on', { timeout: 15_000 });
}

async function firstProblemTitle(request: APIRequestContext): Promise<string> {
  const reply = await request.get('/api/dsa/problems');
  return ((await reply.json()).problems as { title: string }[])[0]!.title;
}

test.describe('the learner dashboard', () => {
  test('a Student sees every SPEC element with the demo data', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await openDashboard(page);

    // Header: greeting, role label, Online, last login, Syncing.../Live, Updated time, refresh control.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (Morning|Afternoon|Evening), Sam$/);
    await expect(page.getByTestId('dashboard-role')).toHaveText('Student');
    await expect(page.getByTestId('online')).toHaveText('Online');
    await expect(page.getByTestId('last-login')).toHaveText(/^Last login: \w{3} \d{1,2}, \d{4}$/);
    await expect(page.getByTestId('updated-at')).toHaveText(/^Updated \d{1,2}:\d{2}:\d{2}/);
    await expect(page.getByTestId('live-mode')).toHaveText('Instant updates on');
    await expect(page.getByRole('button', { name: 'Refresh dashboard' })).toBeEnabled();

    // Tabs, 'overview' first and selected.
    const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
    await expect(tabs).toHaveText(['Overview', 'My Courses', 'Activity']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

    await expect(page.getByTestId('progress-updated')).toHaveText(/^Progress UpdatedSynced at \d{1,2}:\d{2}:\d{2}/);

    // Stat cards.
    // The six demo courses are published; the demo student is enrolled in two of them (other tests may add more).
    await expect(page.getByTestId('stat-total-courses')).toContainText('Total Courses');
    expect(Number(await page.getByTestId('stat-total-courses-value').textContent())).toBeGreaterThanOrEqual(6);
    await expect(page.getByTestId('stat-enrolled-courses')).toContainText('Enrolled Courses');
    expect(Number(await page.getByTestId('stat-enrolled-courses-value').textContent())).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('stat-total-students')).toHaveCount(0);
    await expect(page.getByTestId('stat-completed')).toContainText('DSA problems solved');
    await expect(page.getByTestId('stat-core-progress-value')).toHaveText(/^\d+%$/);
    await expect(page.getByTestId('stat-core-progress').getByRole('progressbar')).toBeVisible();

    // Core subjects: the link, and per subject icon, name, percentage, topics and level badge.
    const subjects = page.getByTestId('core-subjects-panel');
    await expect(subjects.getByRole('heading', { name: 'Core Subjects Progress' })).toBeVisible();
    await expect(subjects.getByRole('link', { name: 'View All Subjects' })).toHaveAttribute('href', '/core-subject');
    const cards = subjects.getByRole('listitem');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) {
      await expect(card.locator('svg').first()).toBeVisible();
      await expect(card.getByTestId('subject-percent')).toHaveText(/^\d+%$/);
      await expect(card.getByTestId('topic-count')).toHaveText(/^\d+\/\d+ topics$/);
      await expect(card.getByTestId('level-badge')).toHaveText(/^(Beginner|Intermediate|Advanced)$/);
    }

    // DSA sheet progress.
    const dsa = page.getByTestId('dsa-panel');
    await expect(dsa.getByRole('link', { name: 'View Full Sheet' })).toHaveAttribute('href', '/dsa-sheet');
    await expect(dsa.getByRole('img', { name: /% of the sheet solved$/ })).toBeVisible();
    await expect(dsa.getByTestId('dsa-solved')).toHaveText(/^\d+\/\d+$/);
    await expect(dsa.getByTestId('dsa-bookmarked')).toHaveText(/^\d+$/);
    await expect(dsa.getByTestId('dsa-streak')).toHaveText(/^\d+ days?$/);
    for (const difficulty of ['Easy', 'Medium', 'Hard']) {
      await expect(dsa.getByTestId(`dsa-${difficulty}`)).toContainText(difficulty);
      await expect(dsa.getByTestId(`dsa-${difficulty}`).getByRole('progressbar')).toBeVisible();
    }
    const cells = dsa.getByTestId('activity-grid').locator('[data-level]');
    await expect(cells).toHaveCount(49);
    await expect(dsa.getByText('Less')).toBeVisible();
    await expect(dsa.getByText('More')).toBeVisible();
    await cells.last().hover();
    await expect(page.getByRole('tooltip')).toHaveText(/^\w{3} \d{1,2}, \d{4}: (No activity|\d+ problems?)$/);

    // Career level with its hints, each a link.
    const career = page.getByTestId('career-panel');
    await expect(career.getByTestId('career-level')).toHaveText(/^(Beginner\+?|Intermediate|Advanced)$/);
    const hints = career.getByTestId('skill-hints').getByRole('link');
    expect(await hints.count()).toBeGreaterThan(0);
    expect(await hints.count()).toBeLessThanOrEqual(4);
    await expect(hints.first()).toHaveAttribute('href', '/dsa-sheet');

    // Recent activity, and the card for a Student.
    await expect(page.getByTestId('recent-activity').getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
    await expect(
      page.getByTestId('instructor-card').getByRole('heading', { name: 'Become an Instructor' }),
    ).toBeVisible();

    // The other tabs.
    await tabs.nth(1).click();
    // The demo student's seeded enrolments, each with its progress and a way back in.
    const myCourses = page.getByTestId('my-courses');
    await expect(myCourses.getByRole('listitem').first()).toBeVisible();
    expect(await myCourses.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await expect(myCourses.getByRole('progressbar').first()).toBeVisible();
    await expect(myCourses.getByRole('link', { name: 'Continue' }).first()).toHaveAttribute('href', /^\/courses\//);
    await tabs.nth(2).click();
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  });

  test('solving a problem in a second page updates the first page’s Completed card and grid within 2 s', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const learner = await freshLearner(browser, request, 'Lia Live');
    try {
      const { page } = learner;
      await openDashboard(page);
      await waitForInstantUpdates(page);
      await expect(page.getByTestId('live-mode')).toHaveText('Instant updates on');
      await expect(page.getByTestId('stat-completed-value')).toHaveText('0');
      await expect(page.getByTestId('activity-empty')).toBeVisible();
      const today = page.getByTestId('dsa-panel').getByTestId('activity-grid').locator('[data-level]').last();
      await expect(today).toHaveAttribute('data-level', '0');

      const title = await firstProblemTitle(request);
      const second = await learner.context.newPage();
      await second.goto(`/dsa-sheet?q=${encodeURIComponent(title)}`);
      const checkbox = second.getByRole('checkbox', { name: `Solved: ${title}` }).first();
      await expect(checkbox).toBeVisible({ timeout: 15_000 });
      const saved = second.waitForResponse(
        (r) => r.url().includes('/api/dsa/progress/') && r.request().method() === 'PUT',
      );
      await checkbox.check();
      expect((await saved).ok()).toBe(true);

      await expect(page.getByTestId('stat-completed-value')).toHaveText('1', { timeout: 2_000 });
      await expect(today).toHaveAttribute('data-level', '1', { timeout: 2_000 });
      await expect(page.getByTestId('activity-entry').first()).toContainText(`Solved ${title}`);
      await expect(page.getByTestId('activity-entry').first()).toContainText('just now');
    } finally {
      await learner.context.close();
    }
  });

  test('an admin approving the application turns the open dashboard into an instructor’s within 2 s', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const learner = await freshLearner(browser, request, 'Abe Applies');
    try {
      const { page } = learner;
      await openDashboard(page);
      await waitForInstantUpdates(page);
      const applied = await request.post('/api/auth/apply-instructor', {
        headers: { Authorization: `Bearer ${learner.token}` },
        data: {},
      });
      expect(applied.ok()).toBe(true);
      await expect(page.getByTestId('instructor-card')).toContainText('Under Review', { timeout: 2_000 });

      const admin = (
        await (await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO.password } })).json()
      ).token;
      const headers = { Authorization: `Bearer ${admin}` };
      const list = await request.get(`/api/admin/instructor-applications?q=${encodeURIComponent(learner.email)}`, {
        headers,
      });
      const [application] = (await list.json()).applications as { id: string }[];
      expect(
        (await request.post(`/api/admin/instructor-applications/${application!.id}/approve`, { headers })).ok(),
      ).toBe(true);

      await expect(page.getByTestId('dashboard-role')).toHaveText('Instructor', { timeout: 2_000 });
      await expect(page.getByTestId('stat-total-students')).toBeVisible({ timeout: 2_000 });
      await expect(page.getByTestId('instructor-card')).toHaveCount(0);
    } finally {
      await learner.context.close();
    }
  });

  test('the refresh control stamps a new Updated time', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await openDashboard(page);
    const stamp = page.getByTestId('updated-at');
    const before = await stamp.textContent();
    await page.waitForTimeout(1_100);
    const refetched = page.waitForResponse((r) => r.url().includes('/api/dsa/progress/stats'));
    await page.getByRole('button', { name: 'Refresh dashboard' }).click();
    await refetched;
    await expect(stamp).not.toHaveText(before ?? '');
    await expect(page.getByTestId('sync-status')).toHaveText('Live');
    await expect(page.getByTestId('progress-updated')).toContainText(
      (await stamp.textContent())!.replace('Updated ', ''),
    );
  });

  test('a failed DSA stats call is only logged: zeroed stats, and later the last data stays', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.route('**/api/dsa/progress/stats*', (route) => route.abort('connectionrefused'));
    await page.goto('/dashboard');
    await expect(page.getByTestId('dsa-solved')).toHaveText(/^0\/0$/, { timeout: 15_000 });
    await expect(page.getByTestId('stat-completed-value')).toHaveText('0');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.unroute('**/api/dsa/progress/stats*');
    await page.getByRole('button', { name: 'Refresh dashboard' }).click();
    await expect(page.getByTestId('dsa-solved')).toHaveText(/^\d+\/[1-9]\d*$/);
    // The server goes away: the numbers on screen stay.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    const solved = await page.getByTestId('dsa-solved').textContent();
    await page.getByRole('button', { name: 'Refresh dashboard' }).click();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('dsa-solved')).toHaveText(solved!);
    await expect(page.getByTestId('core-subjects-panel').getByRole('listitem')).toHaveCount(4);
  });

  test('with the event stream down the header says the dashboard refreshes every 30 s', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.route('**/api/events?*', (route) => route.fulfill({ status: 503, body: 'down' }));
    await openDashboard(page);
    await expect(page.getByTestId('live-mode')).toHaveText('Refreshing every 30 s');
    await expect(page.getByTestId('stat-completed-value')).toHaveText(/^\d+$/);
    // The stream comes back: the page reconnects with a fresh ticket on its own.
    await page.unroute('**/api/events?*');
    await expect(page.getByTestId('live-mode')).toHaveText('Instant updates on', { timeout: 10_000 });
  });

  test('an Instructor sees Total Students and no instructor card', async ({ page }) => {
    await signInAs(page, DEMO.instructor);
    await openDashboard(page);
    await expect(page.getByTestId('dashboard-role')).toHaveText('Instructor');
    // The demo student is enrolled in two of the demo instructor's courses.
    await expect(page.getByTestId('stat-total-students')).toContainText('Total Students');
    expect(Number(await page.getByTestId('stat-total-students-value').textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('stat-enrolled-courses')).toHaveCount(0);
    await expect(page.getByTestId('instructor-card')).toHaveCount(0);
    await expect(page.getByTestId('core-subjects-panel')).toBeVisible();
    await expect(page.getByTestId('dsa-panel')).toBeVisible();
  });
});

test.describe('the admin dashboard', () => {
  test('an Admin sees every admin element and the Quick Actions lead where SPEC says', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await openDashboard(page);
    await expect(page.getByTestId('dashboard-role')).toHaveText('Admin');
    for (const [testId, label] of [
      ['stat-total-students', 'Total Students'],
      ['stat-total-instructors', 'Total Instructors'],
      ['stat-total-courses', 'Total Courses'],
      ['stat-pending-applications', 'Pending Applications'],
    ] as const) {
      await expect(page.getByTestId(testId)).toContainText(label);
      await expect(page.getByTestId(`${testId}-value`)).toHaveText(/^\d+$/);
    }
    const overview = page.getByTestId('platform-overview');
    await expect(overview.getByRole('heading', { name: 'Platform Overview' })).toBeVisible();
    await expect(overview.getByRole('link', { name: 'Open the platform details' })).toHaveAttribute('href', '/admin');
    await expect(overview.getByRole('heading', { name: 'Growth Metrics' })).toBeVisible();
    await expect(overview.getByText('New students this month')).toBeVisible();
    await expect(overview.getByText('New courses this month')).toBeVisible();
    await expect(overview.getByTestId('growth-rate')).toHaveText(/^-?\d+(\.\d)?%$/);
    await expect(overview.getByRole('heading', { name: 'DSA Engagement' })).toBeVisible();
    await expect(overview.getByText('Total DSA users')).toBeVisible();
    await expect(overview.getByText('Active DSA users')).toBeVisible();
    await expect(overview.getByTestId('engagement-rate')).toHaveText(/^\d+(\.\d)?%$/);

    const instructors = page.getByTestId('top-instructor');
    await expect(instructors.first()).toContainText('instructor@demo.local');
    await expect(instructors.first()).toContainText(/\d+ courses?/);

    const recent = page.getByTestId('recent-user');
    expect(await recent.count()).toBeGreaterThan(0);
    expect(await recent.count()).toBeLessThanOrEqual(5);
    await expect(recent.first()).toContainText(/Joined \w{3} \d{1,2}, \d{4}/);
    await expect(recent.first()).toContainText(/(Admin|Instructor|Student)$/);

    const actions = page.getByTestId('quick-actions').getByRole('link');
    await expect(actions).toHaveCount(4);
    for (const [name, href] of [
      ['Admin Panel', '/admin'],
      ['DSA Management', '/admin/dsa'],
      ['Manage Subjects', '/admin/subjects'],
      ['Courses', '/courses'],
    ] as const) {
      await expect(page.getByTestId('quick-actions').getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await page
      .getByTestId('quick-actions')
      .getByRole('link', { name: /DSA Management/ })
      .click();
    await expect(page).toHaveURL('/admin/dsa');
    await page.goBack();

    // The charts: images with a title and a summary, and a table of the same numbers.
    await expect(page.getByRole('img', { name: /^Sign-ups per week/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^DSA problems solved per day/ })).toBeVisible();
    const signups = page.getByTestId('chart-signups');
    await signups.getByText('Show the numbers as a table').click();
    await expect(signups.getByRole('table').getByRole('row')).toHaveCount(13);
    await expect(page.getByTestId('chart-solves').locator('rect')).toHaveCount(84);
  });
});

test.describe('every dashboard at phone width and to axe', () => {
  for (const [role, email] of [
    ['Student', DEMO.student],
    ['Instructor', DEMO.instructor],
    ['Admin', DEMO.admin],
  ] as const) {
    test(`the ${role}'s dashboard: nothing overflows at 375 px, targets are big enough, axe finds nothing serious`, async ({
      page,
    }) => {
      await stillMotion(page);
      await signInAs(page, email);
      for (const theme of ['light', 'dark'] as const) {
        await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          THEME_KEY,
          theme,
        ] as const);
        for (const viewport of [PHONE, { width: 1366, height: 900 }]) {
          await page.setViewportSize(viewport);
          await openDashboard(page);
          const where = `${theme} at ${viewport.width} px`;
          expect(await overflowFindings(page), where).toEqual([]);
          expect(await targetSizeFindings(page, { within: 'main' }), where).toEqual([]);
          expect(await axeFindings(page), where).toEqual([]);
        }
      }
    });
  }
});

test.describe("the dashboard's headings", () => {
  /**
   * axe's heading-order (a best practice, outside the WCAG tags the other scans run, and only 'moderate', which
   * they do not report): each heading is at most one level below the one before it, as Lighthouse checks.
   */
  async function headingOrder(page: Page) {
    const results = await new AxeBuilder({ page }).setLegacyMode(true).withRules(['heading-order']).analyze();
    return results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
  }

  for (const [role, email, tabs] of [
    ['Student', DEMO.student, ['Overview', 'My Courses', 'Activity']],
    ['Instructor', DEMO.instructor, ['Overview', 'My Courses', 'Activity']],
    ['Admin', DEMO.admin, []],
  ] as const) {
    test(`the ${role}'s dashboard goes down one heading level at a time, on every tab`, async ({ page }) => {
      await signInAs(page, email);
      await openDashboard(page);
      // The figures' cards have loaded (their labels are the h3s an h2 must come before).
      await expect(page.locator('[data-testid^="stat-"][data-testid$="-value"]').first()).toBeVisible();
      expect(await page.locator('h1').allTextContents()).toHaveLength(1);
      expect(await headingOrder(page), 'first screen').toEqual([]);
      for (const tab of tabs) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        expect(await headingOrder(page), tab).toEqual([]);
      }
    });
  }
});
