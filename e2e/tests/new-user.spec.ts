import type { Page } from '@playwright/test';
import { completeCourseByApi, createPublishedCourse } from './course-fixtures';
import { DEMO, expect, registerVerifiedUser, signInAs, test, useToken } from './helpers';

// Issue 26 section 5: what a new user tripped on, walked through at a desktop and a phone width.

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-header')).toBeVisible({ timeout: 15_000 });
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a new account has nothing to continue; then the last lesson and problem, and a finished course’s certificate', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const learner = await registerVerifiedUser(request, 'Nia Newcomer');
      await useToken(page, learner.token);
      await openDashboard(page);
      const panel = page.getByTestId('continue-panel');
      await expect(panel.getByRole('heading', { name: 'Continue where you left off' })).toBeVisible();
      await expect(panel.getByTestId('continue-empty')).toContainText('Nothing to pick up yet.');
      await expect(panel.getByRole('link', { name: 'DSA Sheet' })).toHaveAttribute('href', '/dsa-sheet');

      const course = await createPublishedCourse(request, `${viewport.name} ${Date.now()}`);
      const certificateId = await completeCourseByApi(request, learner.token, course);
      const headers = { authorization: `Bearer ${learner.token}` };
      const opened = await request.put(`/api/courses/${course.id}/resume`, {
        headers,
        data: { lessonId: course.lessons[1]!.id, positionSeconds: 0 },
      });
      expect(opened.ok(), await opened.text()).toBeTruthy();
      const problem = (
        (await (await request.get('/api/dsa/problems')).json()).problems as { id: string; title: string }[]
      )[0]!;
      const solved = await request.put(`/api/dsa/progress/${problem.id}`, { headers, data: { solved: true } });
      expect(solved.ok()).toBeTruthy();

      await page.reload();
      const lesson = panel.getByTestId('continue-lesson');
      await expect(lesson).toContainText(course.lessons[1]!.title);
      await expect(lesson).toContainText(`Lesson in ${course.title}`);
      await expect(lesson.getByRole('link', { name: `Continue lesson: ${course.lessons[1]!.title}` })).toHaveAttribute(
        'href',
        `/courses/${course.slug}?lesson=${course.lessons[1]!.id}`,
      );
      const last = panel.getByTestId('continue-problem');
      await expect(last).toContainText(problem.title);
      await last.getByRole('link', { name: `Open problem: ${problem.title}` }).click();
      await expect(page).toHaveURL(/\/dsa-sheet\?q=/);
      await expect(page.getByRole('checkbox', { name: `Solved: ${problem.title}` })).toBeChecked({ timeout: 15_000 });

      // My Courses: the finished course offers its certificate and Review, never Continue.
      await openDashboard(page);
      await page.getByRole('tab', { name: 'My Courses' }).click();
      const row = page.getByTestId('my-courses').getByRole('listitem').filter({ hasText: course.title });
      await expect(row.getByText('Completed', { exact: true })).toBeVisible();
      await expect(row.getByRole('link', { name: `View certificate: ${course.title}` })).toHaveAttribute(
        'href',
        `/certificates/${certificateId}`,
      );
      await expect(row.getByRole('link', { name: `Review ${course.title}` })).toBeVisible();
      await expect(row.getByRole('link', { name: /Continue/ })).toHaveCount(0);
      await row.getByRole('link', { name: `View certificate: ${course.title}` }).click();
      await expect(page.getByTestId('certificate-course')).toHaveText(course.title);
    });

    test('a locked lesson says why and when it opens, on a click and from the keyboard', async ({ page, request }) => {
      const course = await createPublishedCourse(request, `locked ${viewport.name} ${Date.now()}`);
      await page.goto(`/courses/${course.slug}`);
      const rows = page.getByTestId('outline-lesson');
      await expect(rows).toHaveCount(3);
      // Named by the lesson, its kind and its state (the visually hidden part reads after a space in Chromium).
      const locked = rows.nth(1).getByRole('button', { name: /, Article, locked$/ });
      await expect(locked).toContainText(course.lessons[1]!.title);
      await expect(locked).toHaveAttribute('aria-expanded', 'false');
      await locked.click();
      await expect(locked).toHaveAttribute('aria-expanded', 'true');
      await expect(rows.nth(1).getByTestId('locked-lesson-note')).toHaveText(
        'Locked until you enroll. Log in and enroll (it is free), and this lesson opens as soon as you do.',
      );
      // The page stays where it is: the click explained, it did not navigate.
      await expect(page).toHaveURL(new RegExp(`/courses/${course.slug}$`));

      const quiz = rows.nth(2).getByRole('button', { name: /locked$/ });
      await quiz.focus();
      await page.keyboard.press('Enter');
      await expect(rows.nth(2).getByTestId('locked-lesson-note')).toBeVisible();
      await page.keyboard.press('Space');
      await expect(rows.nth(2).getByTestId('locked-lesson-note')).toHaveCount(0);
    });

    test('the profile menu and the footer reach Community and the Code Editor', async ({ page }) => {
      await signInAs(page, DEMO.student);
      const openMenu = async () => {
        if (viewport.width >= 1024) {
          await page.getByTestId('profile-menu-trigger').click();
          return page.getByRole('menu');
        }
        await page.getByRole('button', { name: 'Open menu' }).click();
        return page.getByTestId('mobile-menu');
      };
      const entry = viewport.width >= 1024 ? 'menuitem' : 'link';
      for (const [name, path] of [
        ['Community', '/community'],
        ['Code Editor', '/code-editor'],
      ] as const) {
        await page.goto('/');
        // SPEC's five links stay the navbar's; the new places are in the menu.
        if (viewport.width >= 1024) {
          await expect(page.getByTestId('nav-links').getByRole('link', { name, exact: true })).toHaveCount(0);
        }
        const menu = await openMenu();
        await menu.getByRole(entry, { name, exact: true }).click();
        await expect(page).toHaveURL(path);

        const footer = page.getByTestId('footer');
        await footer.getByRole('link', { name, exact: true }).scrollIntoViewIfNeeded();
        await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
      }
    });
  });
}

test('the Instructor Panel and the instructor dashboard count the same learners', async ({ page }) => {
  await signInAs(page, DEMO.instructor);
  await openDashboard(page);
  const students = page.getByTestId('stat-total-students-value');
  await expect(students).toHaveText(/^\d+$/);
  const fromDashboard = await students.textContent();
  await page.goto('/instructor-panel');
  await expect(page.getByTestId('total-learners')).toHaveText(fromDashboard!, { timeout: 15_000 });
});

test.describe('the admin chart, far east of UTC', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('problems solved per day ends today in the admin’s own zone, never tomorrow', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await openDashboard(page);
    const chart = page.getByTestId('chart-solves');
    await chart.getByText('Show the numbers as a table').click();
    const days = chart.getByRole('table').getByRole('row');
    await expect(days).toHaveCount(85);
    const today = await page.evaluate(() =>
      new Date().toLocaleDateString(navigator.language, { day: 'numeric', month: 'short' }),
    );
    await expect(days.last().getByRole('cell').first()).toHaveText(today);
  });
});
