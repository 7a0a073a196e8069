import { axeFindings } from './a11y-checks';
import { completeCourseByApi, createPublishedCourse, type FixtureCourse } from './course-fixtures';
import { expect, logInWithForm, registerVerifiedUser, test, useToken } from './helpers';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const lessonUrl = (course: FixtureCourse, index: number) =>
  `/courses/${course.slug}?lesson=${course.lessons[index]!.id}`;

test.describe('courses: learner', () => {
  test('a student finds a course by search and level, enrols, completes every lesson and the quiz, and gets a certificate anyone can open', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const label = unique();
    const course = await createPublishedCourse(request, label);
    const learner = await registerVerifiedUser(request, 'Cat Learner');
    await useToken(page, learner.token);

    // The catalogue: search and level go to the address, and survive a reload.
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search courses' }).fill(label);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${label}`));
    await page.getByRole('combobox', { name: 'Level' }).selectOption('Advanced');
    await expect(page).toHaveURL(new RegExp(`\\?q=${label}&level=Advanced$`));
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toHaveValue(label);
    await expect(page.getByRole('combobox', { name: 'Level' })).toHaveValue('Advanced');
    await expect(page.getByTestId('catalogue-summary')).toHaveText(`1 course match “${label}”, newest first`);
    const card = page.getByTestId('course-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('course-level')).toHaveText('Advanced');
    await expect(card).toContainText('3 lessons');
    await expect(card).toContainText('Ian Instructor');

    // Another level finds nothing, and says how to get out of it.
    await page.getByRole('combobox', { name: 'Level' }).selectOption('Beginner');
    await expect(page.getByRole('heading', { name: 'No courses match your filters' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Level' }).selectOption('Advanced');

    // The course page: enrol.
    await card.getByRole('link', { name: course.title }).click();
    await expect(page).toHaveURL(`/courses/${course.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: "What you'll learn" })).toBeVisible();
    await expect(page.getByTestId('lesson-locked')).toHaveCount(2);
    await page.getByRole('button', { name: 'Enroll now' }).click();
    await expect(page.getByRole('status').filter({ hasText: `You are enrolled in ${course.title}` })).toBeVisible();
    await expect(page.getByTestId('lesson-locked')).toHaveCount(0);
    await page.getByRole('link', { name: 'Start course' }).click();

    // Lesson 1: an article with a runnable code block, marked complete.
    await expect(page).toHaveURL(lessonUrl(course, 0));
    await expect(page.getByRole('heading', { level: 1, name: course.lessons[0]!.title })).toBeVisible();
    const outline = page.getByRole('navigation', { name: 'Course outline' });
    await expect(outline.getByRole('link', { name: new RegExp(course.lessons[0]!.title) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const tryIt = page.getByTestId('try-it');
    await expect(tryIt).toHaveCount(1);
    expect(await tryIt.getAttribute('href')).toMatch(/^\/code-editor\?lang=javascript&code=const\+rows/);
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('mark-complete')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('player-progress')).toHaveText('1/3 · 33%');

    // Lesson 2 through Next, marked complete.
    await page.getByRole('link', { name: `Next: ${course.lessons[1]!.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: course.lessons[1]!.title })).toBeFocused();
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('player-progress')).toHaveText('2/3 · 67%');

    // The quiz: a wrong answer fails with explanations; Try again, then a pass completes the lesson.
    await page.getByRole('link', { name: `Next: ${course.lessons[2]!.title}` }).click();
    const question = (n: number) => page.getByRole('group', { name: new RegExp(`^Question ${n} of 2`) });
    await question(1).getByRole('radio').nth(1).check();
    await question(2).getByRole('radio').nth(1).check();
    await page.getByRole('button', { name: 'Check answers' }).click();
    await expect(page.getByTestId('quiz-result')).toHaveText(/You got 1 of 2 right \(50%\)\. You need 70% to pass/);
    await expect(question(1).getByTestId('quiz-outcome')).toContainText('Not quite.');
    await expect(question(1).getByTestId('quiz-outcome')).toContainText('An index keeps the indexed columns');
    await page.getByRole('button', { name: 'Try again' }).click();
    for (const [index, answer] of course.quizAnswers.entries()) {
      await question(index + 1)
        .getByRole('radio')
        .nth(answer)
        .check();
    }
    await page.getByRole('button', { name: 'Check answers' }).click();
    await expect(page.getByTestId('quiz-result')).toHaveText(
      'You got 2 of 2 right (100%). You passed, and this lesson is complete.',
    );
    await expect(page.getByTestId('player-progress')).toHaveText('3/3 · 100%');
    // The checked quiz (verdicts, explanations, disabled radios) keeps to WCAG 2.2 AA.
    expect(await axeFindings(page)).toEqual([]);

    // The completion screen issues the certificate.
    await page.getByRole('link', { name: 'Finish course' }).first().click();
    await expect(page).toHaveURL(`/courses/${course.slug}?finished=1`);
    await expect(page.getByRole('heading', { level: 1, name: 'Course complete!' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await expect(page.getByRole('status').filter({ hasText: 'Course complete.' })).toHaveText(
      `Course complete. Your certificate for ${course.title} is ready.`,
    );
    await page.getByRole('link', { name: 'View your certificate' }).click();
    await expect(page).toHaveURL(/\/certificates\/[\w-]+$/);
    const certificateUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('certificate-learner')).toHaveText('Cat Learner');
    await expect(page.getByTestId('certificate-course')).toHaveText(course.title);
    await expect(page.getByTestId('certificate-verified')).toHaveText(
      // The reader's own way of writing a date (Chromium here: en-US, 'Mar 3, 2026').
      /^This certificate was issued by LearnBuild on \w{3} \d{1,2}, \d{4}\.$/,
    );
    expect(await axeFindings(page)).toEqual([]);

    // Anyone can check it: a fresh browser, logged out.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(certificateUrl);
    await expect(strangerPage.getByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeVisible();
    await expect(strangerPage.getByTestId('certificate-learner')).toHaveText('Cat Learner');
    await strangerPage.goto('/certificates/00000000-0000-4000-8000-000000000000');
    await expect(strangerPage.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
    await stranger.close();

    // Back on the course page: finished, with the certificate, and a review given by keyboard.
    await page.goto(`/courses/${course.slug}`);
    await expect(page.getByRole('link', { name: 'View your certificate' })).toHaveAttribute('href', certificateUrl);
    const stars = page.getByRole('group', { name: 'Your rating' });
    await stars.getByRole('radio', { name: '1 star, Poor' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(stars.getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();
    await page.getByLabel('What did you think? (optional)').fill('Clear and short.');
    await page.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByRole('list', { name: 'Reviews' })).toContainText('Clear and short.');
    await expect(page.getByRole('button', { name: 'Update review' })).toBeVisible();
    // The enrolled, finished course page with the learner's review form.
    expect(await axeFindings(page)).toEqual([]);
  });

  test('an anonymous visitor reads the free preview, meets locked lessons, and enrols after logging in', async ({
    page,
    request,
  }) => {
    const course = await createPublishedCourse(request, unique());
    const learner = await registerVerifiedUser(request, 'Vic Visitor');

    await page.goto(`/courses/${course.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    const rows = page.getByTestId('outline-lesson');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).getByTestId('free-preview')).toHaveText('Preview');
    await expect(rows.nth(0).getByTestId('lesson-locked')).toHaveCount(0);
    await expect(rows.nth(1).getByTestId('lesson-locked')).toBeVisible();
    await expect(rows.nth(2).getByTestId('lesson-locked')).toBeVisible();

    // The free preview reads in full, without an account.
    await rows.nth(0).getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'A table without an index' })).toBeVisible();
    await expect(page.getByTestId('mark-complete')).toHaveCount(0);
    await expect(page.getByText('This is a free preview.')).toBeVisible();

    // A locked lesson asks to enrol; that goes through login and comes back enrolled.
    await page.getByRole('link', { name: `Next: ${course.lessons[1]!.title}` }).click();
    await expect(page.getByTestId('locked-lesson')).toBeVisible();
    await page.getByRole('button', { name: 'Log in to enroll' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await logInWithForm(page, learner.email, 'a fresh long passphrase');
    await expect(page).toHaveURL(lessonUrl(course, 1));
    await expect(page.getByTestId('locked-lesson')).toHaveCount(0);
    await expect(page.getByText('A query that reads most of the table')).toBeVisible();
    await expect(page.getByTestId('mark-complete')).toBeVisible();
  });

  test('Continue resumes at the last lesson opened, from the course page and from My learning; leaving asks first', async ({
    page,
    request,
  }) => {
    const course = await createPublishedCourse(request, unique());
    const learner = await registerVerifiedUser(request, 'Ray Resume');
    const headers = { authorization: `Bearer ${learner.token}` };
    expect((await request.post(`/api/courses/${course.id}/enroll`, { headers })).ok()).toBeTruthy();
    await useToken(page, learner.token);

    await page.goto(lessonUrl(course, 0));
    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('player-progress')).toHaveText('1/3 · 33%');
    await page.getByRole('link', { name: `Next: ${course.lessons[1]!.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: course.lessons[1]!.title })).toBeVisible();

    // My learning: progress, and Continue lands on lesson 2 (in a new page load, so it comes from the server).
    await page.goto('/courses?view=learning');
    await expect(page.getByRole('link', { name: 'My learning' })).toHaveAttribute('aria-current', 'page');
    const card = page.getByTestId('course-card').filter({ hasText: course.title });
    await expect(card.getByTestId('course-progress')).toHaveText('33%');
    await card.getByRole('link', { name: `Continue ${course.title}` }).click();
    await expect(page).toHaveURL(lessonUrl(course, 1));

    await page.goto(`/courses/${course.slug}`);
    await expect(page.getByTestId('course-percent')).toHaveText('33%');
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(lessonUrl(course, 1));

    // Leaving is in a menu and asks first; enrolling again restores the progress.
    await page.goto(`/courses/${course.slug}`);
    await page.getByRole('button', { name: 'Course options' }).click();
    await page.getByRole('menuitem', { name: 'Leave course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave this course?' });
    await dialog.getByRole('button', { name: 'Leave course' }).click();
    await expect(page.getByRole('button', { name: 'Enroll now' })).toBeVisible();
    await page.getByRole('button', { name: 'Enroll now' }).click();
    await expect(page.getByTestId('course-percent')).toHaveText('33%');
  });

  test('a certificate issued through the API prints alone', async ({ page, request }) => {
    const course = await createPublishedCourse(request, unique());
    const learner = await registerVerifiedUser(request, 'Pat Printer');
    const certificateId = await completeCourseByApi(request, learner.token, course);
    await page.goto(`/certificates/${certificateId}`);
    await expect(page.getByTestId('certificate-learner')).toHaveText('Pat Printer');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('navbar')).toBeHidden();
    await expect(page.getByTestId('certificate')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  });
});
