import { axeFindings } from './a11y-checks';
import { createPublishedCourse } from './course-fixtures';
import { apiLogin, bearer, DEMO, expect, registerVerifiedUser, signInAs, test } from './helpers';

/**
 * Instructor insight (issue 30), on a phone: the instructor opens a course's insight from the Instructor Panel,
 * reads the funnel (as its table) and the quiz item analysis made by learners through the API, then nudges a
 * stalled learner of a demo course (the demo student, whose seeded progress stopped a week ago).
 */
test.describe('course insight', () => {
  test('the instructor reads the funnel and item analysis, and nudges a stalled learner', async ({ page, request }) => {
    test.setTimeout(120_000);
    const course = await createPublishedCourse(request, `Insight ${Date.now()}`);
    const [first, , quiz] = course.lessons;
    // Ana completes the whole course; Ben reads the first lesson and gets both quiz questions wrong; Cy only enrols.
    const learners = await Promise.all(['Ana', 'Ben', 'Cy'].map((name) => registerVerifiedUser(request, name)));
    for (const learner of learners) {
      expect((await request.post(`/api/courses/${course.id}/enroll`, { headers: bearer(learner.token) })).ok()).toBe(
        true,
      );
    }
    const [ana, ben] = learners;
    for (const lesson of course.lessons) {
      const reply =
        lesson.kind === 'quiz'
          ? await request.post(`/api/courses/${course.id}/lessons/${lesson.id}/quiz`, {
              headers: bearer(ana!.token),
              data: { answers: course.quizAnswers },
            })
          : await request.put(`/api/courses/${course.id}/lessons/${lesson.id}/progress`, {
              headers: bearer(ana!.token),
              data: { completed: true },
            });
      expect(reply.ok(), await reply.text()).toBe(true);
    }
    expect((await request.post(`/api/courses/${course.id}/complete`, { headers: bearer(ana!.token) })).ok()).toBe(true);
    expect(
      (
        await request.put(`/api/courses/${course.id}/lessons/${first!.id}/progress`, {
          headers: bearer(ben!.token),
          data: { completed: true },
        })
      ).ok(),
    ).toBe(true);
    const wrong = await request.post(`/api/courses/${course.id}/lessons/${quiz!.id}/quiz`, {
      headers: bearer(ben!.token),
      data: { answers: [1, 0] },
    });
    expect(wrong.ok(), await wrong.text()).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO.instructor);
    await page.goto('/instructor-panel');
    const card = page.getByTestId('teaching-course').filter({ hasText: course.title });
    await card.getByRole('link', { name: `Insight of ${course.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Insight: ${course.title}` })).toBeVisible();
    await expect(page.getByTestId('insight-totals')).toHaveText(
      'Learners3Completed the course1Not started1Quiz attempts2',
    );

    // The funnel, read through its table.
    const funnel = page.getByTestId('insight-funnel');
    await expect(
      funnel.getByRole('img', { name: 'Learners who completed each lesson, in course order' }),
    ).toBeVisible();
    await funnel.getByText('Show the numbers as a table').click();
    const rows = funnel.getByRole('table', { name: 'Learners by lesson' }).getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('1Why indexes make reads fast21');
    await expect(rows.nth(2)).toContainText('2When an index does not help10');
    await expect(rows.nth(3)).toContainText('3Indexes quiz10');

    // The item analysis: each question right once in two answers, and the wrong option Ben chose.
    const items = page.getByRole('table', { name: 'Quiz item analysis' });
    const first1 = items.getByRole('row').filter({ hasText: 'What does an index store?' });
    await expect(first1.getByRole('progressbar', { name: 'Answered right: 50%' })).toBeVisible();
    await expect(first1).toContainText('A second copy of the whole table');
    await expect(first1).toContainText('chosen in 50% of answers');
    const second = items.getByRole('row').filter({ hasText: 'A query reads 90% of a table.' });
    await expect(second).toContainText('An index scan');
    await expect(page.getByText('This course has no code exercises')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No stalled learners' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    // Refreshing at once is refused with the server's reason.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText(/^This insight was computed less than 60 seconds ago/)).toBeVisible();

    // A demo course where the demo student stopped a week ago: nudge them.
    const demo = await (await request.get('/api/courses/modern-javascript-for-the-web')).json();
    await page.goto(`/instructor-panel/courses/${demo.course._id}/insight`);
    const stalled = page.getByRole('list', { name: 'Stalled learners' });
    const sam = stalled.getByRole('listitem').filter({ hasText: 'Sam Student' });
    await expect(sam).toContainText(/No progress for \d+ days/);
    await sam.getByRole('button', { name: 'Nudge Sam Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nudge Sam Student' });
    const message = dialog.getByLabel('Message');
    await expect(message).toHaveValue(/^Hi Sam, we have not seen you in Modern JavaScript for the Web for a while\./);
    expect(await axeFindings(page)).toEqual([]);
    await message.fill('Sam, the next lesson on modules is waiting for you.');
    await dialog.getByRole('button', { name: 'Send nudge' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Nudge sent to Sam Student' })).toBeVisible();
    await expect(sam.getByRole('button', { name: 'Sam Student was nudged today' })).toBeDisabled();
    expect(await axeFindings(page)).toEqual([]);

    // Sam has it among their notifications.
    const samToken = await apiLogin(request, DEMO.student);
    const notifications = await (await request.get('/api/notifications', { headers: bearer(samToken) })).json();
    expect(notifications.notifications.map((n: { title: string }) => n.title)).toContain(
      'Sam, the next lesson on modules is waiting for you.',
    );
  });
});
