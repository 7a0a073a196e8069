import { axeFindings, overflowFindings, PHONE } from './a11y-checks';
import { expect, POPUP_KEY, registerVerifiedUser, TOKEN_KEY, test } from './helpers';

const FROZEN = 'Frozen: a streak freeze kept the streak';

/** The calendar day `days` after `day` ('YYYY-MM-DD'). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test.describe('streak freezes on the heatmap (issue 29)', () => {
  test('a learner with 7 days of streak and a missed day sees the frozen day on the sheet and the dashboard', async ({
    browser,
    request,
  }) => {
    const { token } = await registerVerifiedUser(request, 'Frozen Learner');
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await context.addInitScript(
      ([tokenKey, value, popupKey]) => {
        window.localStorage.setItem(tokenKey, value);
        window.localStorage.setItem(popupKey, 'seen');
      },
      [TOKEN_KEY, token, POPUP_KEY] as const,
    );
    const page = await context.newPage();
    await page.goto('/dsa-sheet');
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));

    // Past solve days can only be written by importing one's own progress (solvedOn per row): solves on each of
    // today-9 .. today-3 (seven days, one freeze), none on today-2, one yesterday.
    const auth = { authorization: `Bearer ${token}` };
    const problems = (await (await page.request.get('/api/dsa/problems', { headers: auth })).json()).problems as {
      slug: string;
    }[];
    const backs = [9, 8, 7, 6, 5, 4, 3, 1];
    expect(problems.length).toBeGreaterThanOrEqual(backs.length);
    const progress = backs.map((back, index) => ({
      slug: problems[index]!.slug,
      solved: true,
      solvedOn: addDays(today, -back),
    }));
    const imported = await page.request.post(`/api/dsa/progress/import?timeZone=${encodeURIComponent(timeZone)}`, {
      headers: auth,
      data: { progress },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const frozenDay = addDays(today, -2);

    const stats = await page.request.get(`/api/dsa/progress/stats?timeZone=${encodeURIComponent(timeZone)}`, {
      headers: auth,
    });
    expect((await stats.json()).stats).toMatchObject({
      currentStreak: 8,
      maxStreak: 8,
      freezes: { available: 0, usedOn: [frozenDay] },
    });

    for (const [path, area] of [
      ['/dsa-sheet', 'dsa-progress'],
      ['/dashboard', 'dsa-panel'],
    ] as const) {
      await page.goto(path);
      const grid = page.getByTestId(area).getByTestId('activity-grid');
      const frozen = grid.getByRole('img', { name: new RegExp(`: No activity\\. ${FROZEN}$`) });
      await expect(frozen).toHaveCount(1);
      await expect(frozen).toHaveAttribute('data-date', frozenDay);
      await expect(frozen).toHaveAttribute('data-frozen', 'true');
      await expect(frozen.locator('svg')).toBeVisible();
      await expect(grid).toHaveAttribute('aria-label', /, 1 frozen day$/);
      await expect(page.getByTestId(area)).toContainText(
        '0 streak freezes available (hold at most 2; earn one every 7 days of streak)',
      );
      // The day's tooltip says why the streak held.
      await frozen.hover();
      await expect(page.getByRole('tooltip')).toHaveText(
        new RegExp(`^\\w{3} \\d{1,2}, \\d{4}: No activity\\. ${FROZEN}$`),
      );
      expect(await axeFindings(page, { include: `[data-testid="${area}"]` }), path).toEqual([]);
      await page.getByTestId(area).screenshot({ path: test.info().outputPath(`${area}-desktop.png`) });
      await page.setViewportSize(PHONE);
      expect(await overflowFindings(page), path).toEqual([]);
      await page.getByTestId(area).screenshot({ path: test.info().outputPath(`${area}-phone.png`) });
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    await context.close();
  });
});
