import type { Page } from '@playwright/test';
import { axeFindings, overflowFindings, stillMotion } from './a11y-checks';
import { DEMO, expect, logInWithForm, registerVerifiedUser, TWO_SUM_RIGHT, test } from './helpers';

/**
 * Issue 27: a judged problem of the DSA sheet, solved in place. Read /problems/two-sum signed out, Run the examples
 * in the browser, sign in, Submit a wrong and then a right answer to the server's judge, and find the problem solved
 * and verified in the sheet: at desktop width and on a phone held in one hand (390 px, the tabs).
 */

/** Right for the first and third examples only: it answers [0, 1] whatever it is given. */
const WRONG = 'function twoSum(nums, target) {\n  return [0, 1];\n}';

/** The editor's and the runner's code load on demand, and the judge queues: a busy machine takes its time. */
const LOAD_TIMEOUT = 20_000;
const VERDICT_TIMEOUT = 45_000;

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

const editor = (page: Page) => page.getByRole('textbox', { name: 'Code, JavaScript' });

/** On a phone, the part of the page the tab shows; on a desktop every part is on screen. */
async function showTab(page: Page, phone: boolean, name: 'Description' | 'Code' | 'Result') {
  if (phone) await page.getByRole('tab', { name, exact: true }).click();
}

/** Replaces the editor's text as if pasted (no auto-indent or closing brackets on the way). */
async function setCode(page: Page, phone: boolean, code: string) {
  await showTab(page, phone, 'Code');
  await expect(editor(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

async function expectAxeClean(page: Page) {
  expect(await axeFindings(page)).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`solving Two Sum on its page (${width.name})`, () => {
    test.use({ viewport: width.viewport });

    test('read it signed out, Run the examples, sign in, Submit wrong then right, see it verified in the sheet', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      await stillMotion(page);
      // The desktop journey is the demo student's; the phone's a new learner's, so its verified row is its own.
      const learner = width.phone
        ? { email: (await registerVerifiedUser(request, 'Phone Solver')).email, password: 'a fresh long passphrase' }
        : { email: DEMO.student, password: DEMO.password };

      // Signed out: the problem reads as the server drew it.
      await page.goto('/problems/two-sum');
      await expect(page).toHaveTitle('Two Sum · LearnBuild');
      await expect(page.getByRole('heading', { level: 1, name: 'Two Sum' })).toBeVisible();
      await expect(page.getByText('nums = [2,7,11,15], target = 9')).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: 'Example 3' })).toBeVisible();
      await page.getByRole('button', { name: 'Show hint 1' }).click();
      await expect(page.getByTestId('hint')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Show hint 2' })).toBeVisible();
      await expectAxeClean(page);
      if (width.phone) expect(await overflowFindings(page)).toEqual([]);

      // Run, in the browser: the wrong answer passes two examples of three, the right one all three.
      await setCode(page, width.phone, WRONG);
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const results = page.getByTestId('run-results');
      await expect(results).toContainText('2 of 3 examples passed', { timeout: LOAD_TIMEOUT });
      await expect(results.getByTestId('run-case').nth(1)).toHaveAttribute('data-status', 'failed');
      await expect(results.getByRole('button', { name: 'Example 2: Failed' })).toHaveAttribute('aria-pressed', 'true');
      await expect(results.getByRole('button', { name: 'Example 1: Passed' })).toBeVisible();
      await expect(results.getByTestId('run-case-detail')).toContainText('nums = [3,2,4], target = 6');
      await expect(page.getByTestId('practice-announcement')).toHaveText('Run: 2 of 3 examples passed.');
      await expectAxeClean(page);
      await setCode(page, width.phone, TWO_SUM_RIGHT);
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(results).toContainText('3 of 3 examples passed', { timeout: LOAD_TIMEOUT });

      // Submitting asks for a sign-in, which comes back here with the code kept.
      await showTab(page, width.phone, 'Code');
      await page.getByRole('link', { name: 'Log in to submit' }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproblems%2Ftwo-sum/);
      await logInWithForm(page, learner.email, learner.password);
      await expect(page).toHaveURL(/\/problems\/two-sum$/, { timeout: LOAD_TIMEOUT });
      await showTab(page, width.phone, 'Code');
      await expect(editor(page)).toContainText('seen.get(target - nums[i])', { timeout: LOAD_TIMEOUT });

      // Submit: a wrong answer fails on the second example, shown with its values; the right one is Accepted.
      await setCode(page, width.phone, WRONG);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const verdict = page.getByTestId('submission-result');
      await expect(verdict).toContainText('Wrong Answer', { timeout: VERDICT_TIMEOUT });
      await expect(verdict.getByTestId('failed-case')).toContainText('Test 2');
      await expect(verdict.getByTestId('failed-case')).toContainText('[1,2]');
      await expect(page.getByTestId('practice-announcement')).toContainText('Wrong Answer');
      await expectAxeClean(page);

      await setCode(page, width.phone, TWO_SUM_RIGHT);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(verdict).toContainText('Accepted', { timeout: VERDICT_TIMEOUT });
      await expect(page.getByTestId('practice-announcement')).toContainText('Accepted');
      await expectAxeClean(page);

      // The earlier submissions, with their code.
      await page.getByRole('tab', { name: 'Submissions' }).click();
      await expect(page.getByTestId('submission-row').first()).toContainText('Accepted', { timeout: LOAD_TIMEOUT });
      await expect(page.getByTestId('submission-row').filter({ hasText: 'Wrong Answer' }).first()).toBeVisible();

      // The sheet shows the solve as the judge's: ticked, and verified.
      await page.goto('/dsa-sheet?q=Two%20Sum');
      const row = page
        .getByTestId('problem-row')
        .filter({ has: page.getByRole('checkbox', { name: 'Solved: Two Sum', exact: true }) });
      await expect(row).toBeVisible({ timeout: LOAD_TIMEOUT });
      await expect(row.getByRole('checkbox', { name: 'Solved: Two Sum', exact: true })).toBeChecked();
      await expect(row.getByTestId('verified-seal')).toHaveText('Verified');
      await expect(row.getByRole('link', { name: 'Solve Two Sum here' })).toHaveAttribute('href', '/problems/two-sum');
      await expectAxeClean(page);
    });
  });
}

test('the divider between the statement and the editor moves with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/problems/two-sum');
  const divider = page.getByRole('separator', { name: 'Resize the statement and the editor' });
  const before = Number(await divider.getAttribute('aria-valuenow'));
  await divider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(divider).toHaveAttribute('aria-valuenow', String(before + 4));
  await page.keyboard.press('Home');
  await expect(divider).toHaveAttribute('aria-valuenow', '25');
  // Kept across a reload.
  await page.reload();
  await expect(page.getByRole('separator', { name: 'Resize the statement and the editor' })).toHaveAttribute(
    'aria-valuenow',
    '25',
  );
});

test('a problem without a judge says so', async ({ page }) => {
  const reply = await page.goto('/problems/no-such-problem');
  expect(reply?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Problem not found' })).toBeVisible({ timeout: LOAD_TIMEOUT });
});
