import type { APIRequestContext, Page } from '@playwright/test';
import { axeFindings, overflowFindings } from './a11y-checks';
import { apiLogin, DEMO, expect, registerVerifiedUser, test, useToken, writtenDay } from './helpers';

/** Issue 29: adaptive revision (recall graded Again / Hard / Good / Easy) and the confidence level. */

async function createProblem(request: APIRequestContext, title: string) {
  const token = await apiLogin(request, DEMO.admin);
  const headers = { authorization: `Bearer ${token}` };
  const topics = (await (await request.get('/api/dsa/topics')).json()).topics as { id: string }[];
  let topicId = topics[0]?.id;
  if (!topicId) {
    topicId = (await (await request.post('/api/admin/dsa/topics', { headers, data: { name: 'Arrays' } })).json()).topic
      .id;
  }
  const reply = await request.post('/api/admin/dsa/problems', {
    headers,
    data: {
      title,
      step: 'Step 0: Browser tests',
      topicId,
      difficulty: 'Medium',
      url: 'https://leetcode.com/problems/two-sum/',
    },
  });
  expect(reply.status()).toBe(201);
  return (await reply.json()).problem as { id: string; slug: string };
}

function row(page: Page, title: string) {
  return page.getByTestId('problem-row').filter({ has: page.getByRole('checkbox', { name: `Solved: ${title}` }) });
}

/** A fresh learner (adaptive schedule, the default) with a solved problem due for revision today. */
async function learnerWithDueProblem(page: Page, title: string) {
  const created = await createProblem(page.request, title);
  const learner = await registerVerifiedUser(page.request, 'Adaptive Reviser');
  await useToken(page, learner.token);
  await page.goto('/dsa-sheet');
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  // The progress import is the only way to set a day from outside (a problem marked today comes back tomorrow).
  const imported = await page.request.post(`/api/dsa/progress/import?timeZone=${encodeURIComponent(timeZone)}`, {
    headers: { authorization: `Bearer ${learner.token}` },
    data: { progress: [{ slug: created.slug, solved: true, revisionStage: 1, revisionDueOn: today }] },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  return { learner, today };
}

test.describe('adaptive revision (issue 29)', () => {
  test('revise a due problem with a grade: its due day moves to the one FSRS answers', async ({ page }) => {
    const title = `Browser Graded ${Date.now()}`;
    const { today } = await learnerWithDueProblem(page, title);
    await page.goto('/dsa-sheet?status=revision');
    await expect(page.getByRole('heading', { name: 'DSA Sheet', level: 1 })).toBeVisible({ timeout: 15_000 });
    const problem = row(page, title);
    await expect(problem.getByText('Revise today', { exact: true })).toBeVisible();
    const grades = problem.getByRole('group', { name: `How well did you recall ${title}?` });
    await expect(grades.getByRole('button')).toHaveText(['Again', 'Hard', 'Good', 'Easy']);
    expect(await axeFindings(page, { include: '[data-testid="grade-buttons"]' })).toEqual([]);
    // On a phone the four grades take their own line and nothing sticks out.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });

    const answered = page.waitForResponse((response) => response.url().includes('/review'));
    // Keyboard: the grade is a plain button.
    await problem.getByRole('button', { name: `Good: ${title}` }).focus();
    await page.keyboard.press('Enter');
    const reply = await (await answered).json();
    expect(reply.success).toBe(true);
    const dueOn: string = reply.dueOn;
    expect(dueOn > today).toBe(true);
    expect(reply.progress).toMatchObject({ revisionDueOn: dueOn, revisionStage: 2 });
    const written = await writtenDay(page, dueOn);
    await expect(page.getByRole('status').filter({ hasText: `Reviewed. Next review on ${written}.` })).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);

    await page.getByRole('button', { name: 'All problems' }).click();
    await page.goto(`/dsa-sheet?q=${encodeURIComponent(title)}`);
    await expect(row(page, title).getByText(`Revise on ${written}`, { exact: true })).toBeVisible();
  });

  test('sets a confidence level on the row and filters the sheet by it', async ({ page }) => {
    const title = `Browser Confidence ${Date.now()}`;
    await learnerWithDueProblem(page, title);
    await page.goto(`/dsa-sheet?q=${encodeURIComponent(title)}`);
    const select = row(page, title).getByRole('combobox', { name: `Confidence: ${title}` });
    await expect(select).toHaveValue('');
    await select.selectOption('high');
    await expect(select).toHaveValue('high');
    await page.reload();
    await expect(row(page, title).getByRole('combobox', { name: `Confidence: ${title}` })).toHaveValue('high');

    const filter = page.getByLabel('Confidence', { exact: true });
    await filter.selectOption('low');
    await expect(page).toHaveURL(/[?&]confidence=low(&|$)/);
    await expect(row(page, title)).toHaveCount(0);
    await filter.selectOption('high');
    await expect(page).toHaveURL(/[?&]confidence=high(&|$)/);
    await expect(row(page, title)).toHaveCount(1);
    expect(await overflowFindings(page)).toEqual([]);
  });

  test('the learner may keep the simple schedule in their settings', async ({ page }) => {
    const learner = await registerVerifiedUser(page.request, 'Setting Reviser');
    await useToken(page, learner.token);
    await page.goto('/profile');
    const adaptive = page.getByRole('radio', { name: 'Adaptive (recommended)' });
    await expect(adaptive).toBeChecked({ timeout: 15_000 });
    await page.getByRole('radio', { name: 'Simple' }).check();
    await expect(page.getByRole('status').filter({ hasText: 'simple 1-3-7-14-30 day schedule' })).toBeVisible();
    const saved = await (
      await page.request.get('/api/auth/preferences', { headers: { authorization: `Bearer ${learner.token}` } })
    ).json();
    expect(saved.preferences.revisionSchedule).toBe('simple');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Simple' })).toBeChecked({ timeout: 15_000 });
  });
});
