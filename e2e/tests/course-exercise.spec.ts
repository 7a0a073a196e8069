import type { Page } from '@playwright/test';
import { axeFindings } from './a11y-checks';
import { createExerciseCourse } from './course-fixtures';
import { appReady, bearer, expect, POPUP_KEY, registerVerifiedUser, test, useToken } from './helpers';

/** The editor and the judge load on demand; a busy machine takes its time. */
const LOAD_TIMEOUT = 30_000;

/** Counts only lower-case vowels: right on both examples, wrong on the hidden "AEIOU". */
const WRONG = 'function countVowels(text) {\n  return (text.match(/[aeiou]/g) ?? []).length;\n}';
const RIGHT = 'function countVowels(text) {\n  return (text.match(/[aeiou]/gi) ?? []).length;\n}';

const editor = (page: Page) => page.getByRole('textbox', { name: 'Code, JavaScript' });

/** Replaces the editor's text as if pasted (no auto-indent or closing brackets on the way). */
async function setCode(page: Page, code: string) {
  await expect(editor(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

test.describe('a code exercise in a course', () => {
  test('a learner on a phone fails a hidden test, then passes, and the lesson is completed', async ({
    browser,
    request,
  }) => {
    const course = await createExerciseCourse(request);
    const { token } = await registerVerifiedUser(request, 'Exercise Learner');
    expect((await request.post(`/api/courses/${course.id}/enroll`, { headers: bearer(token) })).ok()).toBeTruthy();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
    await useToken(phone, token);
    await phone.goto(`/courses/${course.slug}?lesson=${course.exerciseId}`);
    await appReady(phone);
    await expect(phone.getByRole('heading', { level: 1, name: 'Count the vowels' })).toBeVisible();
    await expect(phone.getByText('Return how many vowels')).toBeVisible();
    await expect(phone.getByTestId('example')).toHaveCount(2);
    await expect(phone.getByTestId('exercise-status')).toHaveText('An Accepted submission completes this lesson.');
    await expect(phone.getByTestId('mark-complete')).toHaveCount(0);
    // No hidden test reached the page.
    expect(await phone.content()).not.toContain('AEIOU');

    // Run checks the two visible examples in the browser: this one passes both.
    await setCode(phone, WRONG);
    await phone.getByRole('button', { name: 'Run' }).click();
    await expect(phone.getByTestId('exercise-announcement')).toHaveText('Run: 2 of 2 examples passed.', {
      timeout: LOAD_TIMEOUT,
    });

    // Submit: the server's judge finds the hidden test it fails, and names only its number.
    await phone.getByRole('button', { name: 'Submit' }).click();
    const result = phone.getByTestId('submission-result');
    await expect(result.locator('[data-verdict]')).toHaveText('Wrong Answer', { timeout: LOAD_TIMEOUT });
    await expect(result).toContainText('3 / 5 tests passed');
    await expect(phone.getByTestId('failed-case')).toContainText('Failed on Hidden test 4');
    await expect(phone.getByTestId('exercise-status')).toHaveText('An Accepted submission completes this lesson.');
    expect(await axeFindings(phone)).toEqual([]);

    await setCode(phone, RIGHT);
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(result.locator('[data-verdict]')).toHaveText('Accepted', { timeout: LOAD_TIMEOUT });
    await expect(result).toContainText('5 / 5 tests passed');
    await expect(phone.getByTestId('exercise-status')).toHaveText('Passed: this lesson is completed.');
    await expect(phone.getByTestId('player-progress')).toHaveText('1/2 · 50%');
    await expect(phone.getByText(/^Lesson 1 of 2 · .*Completed$/)).toBeVisible();
    expect(await axeFindings(phone)).toEqual([]);

    // The server agrees: the lesson is completed, by the Accepted submission.
    const detail = await request.get(`/api/courses/${course.id}`, { headers: bearer(token) });
    expect((await detail.json()).course.viewer.completedLessonIds).toEqual([course.exerciseId]);
    const list = await request.get(`/api/courses/${course.id}/lessons/${course.exerciseId}/exercise/submissions`, {
      headers: bearer(token),
    });
    expect((await list.json()).submissions.map((row: { verdict: string }) => row.verdict)).toEqual([
      'Accepted',
      'Wrong Answer',
    ]);
    await context.close();
  });
});

test.describe('a code exercise in a core-subject lesson', () => {
  const LESSON = { subject: 'oop', topic: 'encapsulation', subtopic: 'getters-setters-invariants' };
  /** Every operation refused: wrong on both examples. */
  const REFUSING = 'function runAccount(operations) {\n  return operations.map(() => "refused: unknown operation");\n}';
  const ACCOUNT = `function runAccount(operations) {
  let balance = 0;
  return operations.map((operation) => {
    const [name, text] = operation.split(' ');
    const amount = Number(text);
    if (name === 'balance') return String(balance);
    if (name !== 'deposit' && name !== 'withdraw') return 'refused: unknown operation';
    if (!Number.isInteger(amount) || amount <= 0) return 'refused: amount must be positive';
    if (name === 'withdraw' && amount > balance) return 'refused: insufficient funds';
    balance += name === 'deposit' ? amount : -amount;
    return 'ok';
  });
}`;

  test('on a phone, Run and Submit bring the console into view, and Accepted completes the lesson', async ({
    browser,
    request,
  }) => {
    const { token } = await registerVerifiedUser(request, 'Subject Exerciser');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
    await useToken(phone, token);
    await phone.goto(`/subject/${LESSON.subject}/topic/${LESSON.topic}/subtopic/${LESSON.subtopic}`);
    await appReady(phone);
    await expect(phone.getByRole('heading', { name: 'Try it: a code exercise' })).toBeVisible();
    // How much of the console shows: the workbench brings it up until its first 120 px do.
    const consoleShownPx = () =>
      phone.getByTestId('exercise-console').evaluate((element) => {
        const { top, bottom } = element.getBoundingClientRect();
        return Math.min(bottom, window.innerHeight) - Math.max(top, 0);
      });

    // Run with the editor half down the screen, as after reading the examples: the console is below the screen.
    await setCode(phone, REFUSING);
    const atEditor = () =>
      phone.locator('.cm-editor').evaluate((element) => {
        element.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -300);
      });
    await atEditor();
    expect(await consoleShownPx()).toBeLessThan(120);
    await phone.getByRole('button', { name: 'Run' }).click();
    await expect(phone.getByTestId('exercise-announcement')).toHaveText('Run: 0 of 2 examples passed.', {
      timeout: LOAD_TIMEOUT,
    });
    await expect.poll(consoleShownPx).toBeGreaterThanOrEqual(120);

    await setCode(phone, ACCOUNT);
    await atEditor();
    expect(await consoleShownPx()).toBeLessThan(120);
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(consoleShownPx).toBeGreaterThanOrEqual(120);
    const result = phone.getByTestId('submission-result');
    await expect(result.locator('[data-verdict]')).toHaveText('Accepted', { timeout: LOAD_TIMEOUT });
    await expect(phone.getByText('Passed: every test is green, and this lesson is marked as completed.')).toBeVisible();
    expect(await axeFindings(phone)).toEqual([]);

    // The server agrees: the subtopic is completed.
    const subject = (await (await request.get(`/api/subjects/${LESSON.subject}`, { headers: bearer(token) })).json())
      .subject as { topics: { id: string; subtopics: { id: string; completed: boolean }[] }[] };
    const done = subject.topics
      .find((topic) => topic.id === LESSON.topic)!
      .subtopics.find((subtopic) => subtopic.id === LESSON.subtopic);
    expect(done?.completed).toBe(true);
    await context.close();
  });
});
