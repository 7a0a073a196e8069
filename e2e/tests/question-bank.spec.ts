import type { Locator, Page } from '@playwright/test';
import { axeFindings } from './a11y-checks';
import { createPublishedCourse } from './course-fixtures';
import { appReady, bearer, DEMO, expect, POPUP_KEY, registerVerifiedUser, signInAs, test, useToken } from './helpers';

/** Adds one question through the bank's form. */
async function addQuestion(
  page: Page,
  question: { kind: string; prompt: string; fill: (form: Locator) => Promise<void>; tag: string },
) {
  const bank = page.getByTestId('question-bank');
  await bank.getByRole('button', { name: 'Add question' }).click();
  const form = page.getByRole('form', { name: 'New question' });
  await form.getByRole('radio', { name: question.kind }).check();
  await form.getByRole('textbox', { name: 'Question', exact: true }).fill(question.prompt);
  await question.fill(form);
  const tags = form.getByRole('textbox', { name: 'Tags' });
  await tags.fill(question.tag);
  await tags.press('Enter');
  await form.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByTestId('question-bank')).toBeVisible();
}

/**
 * Question banks (issue 30): the instructor writes questions of three kinds into the course's bank and sets the
 * quiz to draw them; a learner on a phone starts an attempt, reloads and finds the same questions, and is graded.
 */
test.describe('question bank', () => {
  test('the instructor fills the bank and sets a quiz to draw; a learner takes it, reloads, and is graded', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const course = await createPublishedCourse(request, `Bank ${Date.now()}`);
    const quiz = course.lessons.find((lesson) => lesson.kind === 'quiz')!;

    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, DEMO.instructor);
    await page.goto(`/courses/edit/${course.id}?tab=questions`);
    const bank = page.getByTestId('question-bank');
    await expect(bank.getByRole('heading', { name: 'No questions in the bank yet' })).toBeVisible({ timeout: 15_000 });

    await addQuestion(page, {
      kind: 'Single choice',
      prompt: 'Which statement creates an index?',
      tag: 'sql',
      fill: async (form) => {
        await form.getByRole('textbox', { name: 'Option A' }).fill('`SELECT *`');
        await form.getByRole('textbox', { name: 'Option B' }).fill('`CREATE INDEX`');
        await form.getByRole('radio', { name: 'Option B is correct' }).check();
      },
    });
    await addQuestion(page, {
      kind: 'Short text',
      prompt: 'What structure keeps a sorted copy of a column?',
      tag: 'sql',
      fill: async (form) => {
        await form.getByRole('textbox', { name: 'Accepted answers (one a line)' }).fill('index\nan index');
      },
    });
    await addQuestion(page, {
      kind: 'Code output',
      prompt: 'What does this print?\n\n```js\nconsole.log([5, 1, 4].length);\n```',
      tag: 'js',
      fill: async (form) => {
        await form.getByRole('textbox', { name: 'What the code prints' }).fill('3');
      },
    });
    await expect(bank.getByTestId('bank-question')).toHaveCount(3);
    await expect(bank.getByRole('combobox', { name: 'Show' })).toContainText('sql (2)');
    expect(await axeFindings(page, { include: '[data-testid="question-bank"]' })).toEqual([]);

    // The quiz lesson draws all three from the bank.
    await page.goto(`/courses/edit/${course.id}?tab=curriculum&lesson=${quiz.id}`);
    const editor = page.getByTestId('lesson-editor');
    await expect(editor.getByRole('heading', { name: `Edit lesson: ${quiz.title}` })).toBeVisible({ timeout: 15_000 });
    const source = editor.getByTestId('quiz-source');
    await source.getByRole('radio', { name: /Draw from the question bank/ }).check();
    await source.getByRole('textbox', { name: 'Questions per attempt (1 to 30)' }).fill('3');
    await expect(source.getByTestId('quiz-draw-available')).toContainText('3 questions to draw from.');
    expect(await axeFindings(page, { include: '[data-testid="quiz-source"]' })).toEqual([]);
    await editor.getByRole('button', { name: 'Save lesson' }).click();
    await expect(editor.getByText('Lesson saved.')).toBeVisible();

    // A learner on a phone.
    const { token } = await registerVerifiedUser(request, 'Bank Learner');
    expect((await request.post(`/api/courses/${course.id}/enroll`, { headers: bearer(token) })).ok()).toBeTruthy();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.addInitScript((key) => window.localStorage.setItem(key, '1'), POPUP_KEY);
    await useToken(phone, token);
    await phone.goto(`/courses/${course.slug}?lesson=${quiz.id}`);
    await appReady(phone);
    await expect(phone.getByRole('heading', { level: 1, name: quiz.title })).toBeVisible();
    await expect(phone.getByText('3 questions, drawn at random for each attempt.', { exact: false })).toBeVisible();
    await phone.getByRole('button', { name: 'Start the quiz' }).click();
    const questions = phone.getByTestId('quiz-question');
    await expect(questions).toHaveCount(3);
    const drawn = await questions.allTextContents();
    // The single choice shows its options in this attempt's order.
    const single = questions.filter({ hasText: 'Which statement creates an index?' });
    const optionOrder = await single
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent));
    await single.getByRole('radio', { name: 'CREATE INDEX' }).check();

    // A reload shows the same attempt: same questions, same order, same options, and the answer typed so far.
    await phone.reload();
    await appReady(phone);
    await expect(questions).toHaveCount(3);
    expect(await questions.allTextContents()).toEqual(drawn);
    expect(
      await single
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent)),
    ).toEqual(optionOrder);
    await expect(single.getByRole('radio', { name: 'CREATE INDEX' })).toBeChecked();
    expect(await axeFindings(phone)).toEqual([]);

    await questions
      .filter({ hasText: 'What structure keeps a sorted copy' })
      .getByRole('textbox', { name: 'Your answer' })
      .fill('  Index ');
    await questions
      .filter({ hasText: 'What does this print?' })
      .getByRole('textbox', { name: 'What it prints' })
      .fill('3\n');
    await phone.getByRole('button', { name: 'Submit answers' }).click();
    await expect(phone.getByTestId('quiz-result')).toHaveText(
      'You got 3 of 3 right (100%). You passed, and this lesson is complete.',
    );
    await expect(phone.getByTestId('quiz-outcome')).toHaveCount(3);
    expect(await axeFindings(phone)).toEqual([]);
    const widths = await phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await phone.screenshot({ path: 'test-results/question-bank-phone.png', fullPage: true });
    await page.goto(`/courses/edit/${course.id}?tab=questions`);
    await expect(page.getByTestId('bank-question')).toHaveCount(3);
    await page.screenshot({ path: 'test-results/question-bank-desktop.png', fullPage: true });
    await context.close();
  });
});
