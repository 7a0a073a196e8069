import { axeFindings } from './a11y-checks';
import { createPublishedCourse } from './course-fixtures';
import { appReady, DEMO, expect, POPUP_KEY, registerVerifiedUser, signInAs, test, useToken } from './helpers';

/**
 * Gating (issue 30): the instructor sets a lesson to open 3 days after enrolment; a learner who enrols sees
 * "Opens on …" for it, a clear message when they click it, and the API refuses it with 403 and opensAt.
 */
test.describe('course gating', () => {
  test('a lesson set to open in 3 days is shown with its date, says why on click, and the API refuses it', async ({
    browser,
    page,
    request,
  }) => {
    const course = await createPublishedCourse(request, `Gating ${Date.now()}`);
    const dripped = course.lessons[1]!;

    // The instructor sets the second lesson to open 3 days after each learner enrols.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, DEMO.instructor);
    await page.goto(`/courses/edit/${course.id}?tab=curriculum&lesson=${dripped.id}`);
    const editor = page.getByTestId('lesson-editor');
    await expect(editor.getByRole('heading', { name: `Edit lesson: ${dripped.title}` })).toBeVisible({
      timeout: 15_000,
    });
    await editor.getByLabel('Opens after (days from enrolment)').fill('3');
    await editor.getByRole('button', { name: 'Save lesson' }).click();
    await expect(editor.getByText('Lesson saved.')).toBeVisible();
    await expect(editor.getByLabel('Opens after (days from enrolment)')).toHaveValue('3');
    expect(await axeFindings(page, { include: '[data-testid="lesson-release"]' })).toEqual([]);

    // A learner on a phone enrols.
    const { token } = await registerVerifiedUser(request, 'Gated Learner');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
    await useToken(phone, token);
    await phone.goto(`/courses/${course.slug}`);
    await appReady(phone);
    await phone.getByRole('button', { name: 'Enroll now' }).click();
    await expect(phone.getByRole('status').filter({ hasText: `You are enrolled in ${course.title}` })).toBeVisible();
    const before = Date.now();

    // The course page's outline says when it opens, on a click.
    const entry = phone.getByTestId('outline-lesson').filter({ hasText: dripped.title });
    await entry.getByRole('button').click();
    await expect(entry.getByTestId('locked-lesson-note')).toHaveText(/^Opens on .+/);

    // In the player, the sidebar says it too, and clicking the lesson shows why and when.
    await phone.getByRole('link', { name: 'Start course' }).click();
    await phone.getByRole('button', { name: 'Show course outline' }).click();
    const sidebar = phone.getByRole('navigation', { name: 'Course outline' });
    const link = sidebar.getByTestId('sidebar-lesson').filter({ hasText: dripped.title });
    await expect(link.getByTestId('sidebar-lock')).toHaveText(/^Opens on .+/);
    await link.click();
    await expect(phone.getByRole('heading', { level: 1, name: dripped.title })).toBeVisible();
    await expect(phone.getByRole('heading', { name: 'This lesson is not open yet' })).toBeVisible();
    await expect(phone.getByTestId('gated-lesson-reason')).toHaveText(/^Opens on .+/);
    await expect(phone.getByTestId('mark-complete')).toHaveCount(0);
    expect(await axeFindings(phone)).toEqual([]);

    // A direct API call gets 403 with the date it opens: 3 × 24 h after the enrolment.
    const refused = await request.get(`/api/courses/${course.id}/lessons/${dripped.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    const body = await refused.json();
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^This lesson opens on /);
    const opensAt = new Date(body.opensAt).getTime();
    const threeDays = 3 * 24 * 60 * 60 * 1000;
    expect(opensAt).toBeGreaterThan(before - 60_000 + threeDays);
    expect(opensAt).toBeLessThan(Date.now() + threeDays);
    const write = await request.put(`/api/courses/${course.id}/lessons/${dripped.id}/progress`, {
      headers: { authorization: `Bearer ${token}` },
      data: { completed: true },
    });
    expect(write.status()).toBe(403);
    expect((await write.json()).opensAt).toBe(body.opensAt);
    await context.close();
  });
});
