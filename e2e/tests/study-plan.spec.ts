import type { Page } from '@playwright/test';
import { axeFindings, DESKTOP, overflowFindings } from './a11y-checks';
import { expect, registerVerifiedUser, test, useToken } from './helpers';

const PHONE_390 = { width: 390, height: 844 };

interface TodayProblem {
  problemId: string;
  slug: string;
  title: string;
  judged: boolean;
}

async function openCard(page: Page) {
  await page.goto('/dashboard');
  const card = page.getByTestId('study-plan');
  await expect(card.getByRole('heading', { name: 'Study plan', level: 2 })).toBeVisible();
  return card;
}

test.describe('study plans (issue 29)', () => {
  test('a learner picks "Interview in 30 days" and sees today\'s problems at 1366 and 390 px', async ({
    page,
    request,
  }) => {
    const { token } = await registerVerifiedUser(request, 'Plan Learner');
    const auth = { authorization: `Bearer ${token}` };
    await useToken(page, token);
    await page.setViewportSize(DESKTOP);

    const card = await openCard(page);
    const interview = card.getByRole('button', { name: /Interview in 30 days/ });
    await expect(interview).toBeVisible();
    expect(await axeFindings(page, { include: '[data-testid="study-plan"]' })).toEqual([]);

    // Picked with the keyboard.
    await interview.focus();
    await page.keyboard.press('Enter');
    await expect(card.getByTestId('study-plan-status')).toHaveText('On track');

    // The server's plan is what the card shows: the next unsolved problems of the plan in sheet order.
    const plan = (await (await request.get('/api/plans/mine', { headers: auth })).json()).plan;
    expect(plan.kind).toBe('interview-30');
    expect(plan.daysLeft).toBe(30);
    const today = plan.today as TodayProblem[];
    expect(today.length).toBe(plan.dailyTarget);
    expect(today.length).toBeGreaterThan(0);
    const heading = card.getByRole('heading', { name: `Today: ${today.length} problems`, level: 3 });
    await expect(heading).toBeVisible();
    const links = card.getByRole('list').getByRole('link');
    await expect(links).toHaveText(today.map((problem) => problem.title));
    const first = today[0]!;
    await expect(links.first()).toHaveAttribute(
      'href',
      first.judged ? `/problems/${first.slug}` : `/dsa-sheet?q=${encodeURIComponent(first.title)}`,
    );
    await expect(card.getByTestId('study-plan-progress')).toHaveText(`0 of ${plan.total} solved`);
    await expect(card).toContainText('30 days left');
    expect(await axeFindings(page, { include: '[data-testid="study-plan"]' })).toEqual([]);

    // Solving one of today's problems takes it off the list; the target holds.
    const solved = await request.put(`/api/dsa/progress/${first.problemId}`, {
      headers: auth,
      data: { solved: true, timeZone: 'UTC' },
    });
    expect(solved.ok()).toBeTruthy();
    await page.reload();
    await expect(card.getByTestId('study-plan-progress')).toHaveText(`1 of ${plan.total} solved`);
    await expect(card.getByRole('list').getByRole('link')).toHaveText(today.slice(1).map((problem) => problem.title));

    // At 390 px: the same card, nothing sticking out, still clean.
    await page.setViewportSize(PHONE_390);
    await page.reload();
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('heading', { name: /^Today: \d+ problems?$/, level: 3 })).toBeVisible();
    expect(await overflowFindings(page)).toEqual([]);
    expect(await axeFindings(page, { include: '[data-testid="study-plan"]' })).toEqual([]);

    // Changing to a custom plan opens its form: labelled steps and a finish date.
    await card.getByRole('button', { name: 'Change plan' }).click();
    await card.getByRole('button', { name: /Custom plan/ }).click();
    const form = card.getByRole('form', { name: 'Custom study plan' });
    await expect(form.getByRole('group', { name: 'Steps of the sheet' })).toBeVisible();
    await expect(form.getByLabel('Finish date')).toBeVisible();
    expect(await overflowFindings(page)).toEqual([]);
    expect(await axeFindings(page, { include: '[data-testid="study-plan"]' })).toEqual([]);
  });
});
