import { apiLogin, DEMO, expect, test, useToken } from './helpers';

/**
 * Issue 26: a learner's page is drawn in the browser alone (no server rendering), so its first screen waits for
 * the app, the session check and the screen's own code. The screen's code is fetched beside the session check,
 * never queued behind its answer.
 */
test.describe("a learner's page drawn in the browser", () => {
  test('asks for its screen while the session is being checked', async ({ page }) => {
    await useToken(page, await apiLogin(page.request, DEMO.student));
    const events: string[] = [];
    let screenAsked = () => {};
    const screenRequested = new Promise<void>((resolve) => {
      screenAsked = resolve;
    });
    page.on('request', (request) => {
      if (!/\/assets\/dashboard-screen-[\w-]+\.js$/.test(new URL(request.url()).pathname)) return;
      events.push('screen requested');
      screenAsked();
    });
    // The check is held until the screen is asked for (or 5 s, for an app that would ask only after the answer).
    await page.route('**/api/auth/me', async (route) => {
      await Promise.race([screenRequested, new Promise((resolve) => setTimeout(resolve, 5000))]);
      events.push('session answered');
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (Morning|Afternoon|Evening), Sam$/);
    expect(events.slice(0, 2)).toEqual(['screen requested', 'session answered']);
  });
});

test.describe('the footer of a page that grows as its data arrives', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('starts below the first screen while the page is still loading, so it never moves in view', async ({ page }) => {
    await useToken(page, await apiLogin(page.request, DEMO.student));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The sheet's own code is held back: the page shows its short loading state, as on a slow connection.
    await page.route(/\/assets\/dsa-sheet-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dsa-sheet');
    const footer = page.getByTestId('footer');
    await expect(page.getByRole('status', { name: 'Loading page' })).toBeVisible();
    await expect(footer).toBeAttached();
    expect((await footer.boundingBox())!.y).toBeGreaterThanOrEqual(844);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
