import { axeFindings } from './a11y-checks';
import { createPublishedCourse } from './course-fixtures';
import {
  appReady,
  DEMO,
  expect,
  POPUP_KEY,
  registerVerifiedUser,
  signInAs,
  test,
  useToken,
  writtenDay,
} from './helpers';

/** A calendar day `days` after `day` ('YYYY-MM-DD'), on the calendar. */
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Cohorts (issue 30): the instructor opens a cohort and gives a lesson a due date two days after its start, then
 * announces to the cohort; a learner on a phone joins from the course page and finds the lesson on their schedule
 * with its due date, as a list and in the month, and the announcement.
 */
test.describe('course cohorts', () => {
  test('an instructor opens a cohort with a due date; a learner joins and sees the schedule and an announcement', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const course = await createPublishedCourse(request, `Cohorts ${Date.now()}`);
    const dueLesson = course.lessons[1]!;
    const cohortTitle = `Winter cohort ${Date.now() % 100_000}`;

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, DEMO.instructor);
    // The first day is today in the browser's zone; the cohort runs four weeks.
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });

    // The lesson editor: due two days after the cohort starts.
    await page.goto(`/courses/edit/${course.id}?tab=curriculum&lesson=${dueLesson.id}`);
    const editor = page.getByTestId('lesson-editor');
    await expect(editor.getByRole('heading', { name: `Edit lesson: ${dueLesson.title}` })).toBeVisible({
      timeout: 15_000,
    });
    await editor.getByLabel('Due N days after the cohort starts').fill('2');
    await editor.getByRole('button', { name: 'Save lesson' }).click();
    await expect(editor.getByText('Lesson saved.')).toBeVisible();
    await expect(editor.getByLabel('Due N days after the cohort starts')).toHaveValue('2');

    // The Cohorts tab: open a cohort of 10 seats.
    await page.goto(`/courses/edit/${course.id}?tab=cohorts`);
    const form = page.getByTestId('cohort-form');
    await expect(page.getByTestId('no-cohorts')).toBeVisible({ timeout: 15_000 });
    await form.getByLabel('Cohort title').fill(cohortTitle);
    await form.getByLabel('First day').fill(today);
    await form.getByLabel('Last day').fill(plusDays(today, 28));
    await form.getByLabel('Capacity (optional)').fill('10');
    await form.getByRole('button', { name: 'Open cohort' }).click();
    const listed = page.getByTestId('cohort-list').getByRole('listitem').filter({ hasText: cohortTitle });
    await expect(listed.getByTestId('cohort-members')).toHaveText('0 members of 10');

    // An announcement to the cohort's members.
    const composer = page.getByRole('form', { name: 'New announcement' });
    await composer.getByLabel('Announcement title').fill('Week one starts');
    await composer.getByLabel('Message (Markdown)').fill('Read **the first two lessons** by Wednesday.');
    await composer.getByLabel('Send to').selectOption({ label: `Members of ${cohortTitle}` });
    await composer.getByRole('button', { name: 'Post announcement' }).click();
    await expect(page.getByTestId('announcements').getByRole('heading', { name: 'Week one starts' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    // A learner on a phone joins the cohort from the course page: joining enrols them.
    const { token } = await registerVerifiedUser(request, 'Cohort Learner');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.addInitScript((key) => window.localStorage.setItem(key, '1'), POPUP_KEY);
    await useToken(phone, token);
    await phone.goto(`/courses/${course.slug}`);
    await appReady(phone);
    const card = phone.getByTestId('cohort-card').filter({ hasText: cohortTitle });
    await expect(card).toContainText('10 seats left');
    await card.getByRole('button', { name: `Join ${cohortTitle}` }).click();
    await expect(phone.getByRole('status').filter({ hasText: `You joined ${cohortTitle}` })).toBeVisible();
    await expect(card).toContainText('You are in this cohort');
    await expect(card).toContainText('9 seats left');

    // The schedule: the lesson due two days after the first day, upcoming.
    await card.getByRole('link', { name: 'Open schedule' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    const dueText = await writtenDay(phone, plusDays(today, 2));
    const row = phone.getByTestId('schedule-list').getByRole('listitem').filter({ hasText: dueLesson.title });
    await expect(row).toContainText(`Due ${dueText}`);
    await expect(row).toContainText('Upcoming');
    await expect(phone.getByTestId('announcements').getByRole('heading', { name: 'Week one starts' })).toBeVisible();
    expect(await axeFindings(phone)).toEqual([]);

    // The month view shows the lesson on its day, as a link that names its state.
    await phone.getByRole('button', { name: 'Month' }).click();
    const calendar = phone.getByTestId('schedule-calendar');
    await expect(calendar.getByRole('link', { name: `${dueLesson.title}, Upcoming` })).toBeVisible();
    expect(await axeFindings(phone)).toEqual([]);

    // The player shows the way to the schedule and the newest announcement.
    await phone.goto(`/courses/${course.slug}?lesson=${course.lessons[0]!.id}`);
    await expect(phone.getByRole('link', { name: `Schedule of ${cohortTitle}` })).toBeVisible();
    await expect(phone.getByRole('link', { name: /Week one starts/ })).toBeVisible();
    await context.close();
  });
});
