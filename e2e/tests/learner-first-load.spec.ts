import { SIGNED_IN_HINT_COOKIE } from '@learnbuild/domain/constants';
import type { Page } from '@playwright/test';
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

/** The layout shift the page has seen so far (Cumulative Layout Shift without a session window), shifts listed. */
async function layoutShift(page: Page): Promise<{ total: number; shifts: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; shifts: string[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[];
          const counted = entries.filter((entry) => !entry.hadRecentInput);
          resolve({
            total: counted.reduce((sum, entry) => sum + entry.value, 0),
            shifts: counted.map(
              (entry) =>
                `${entry.value.toFixed(4)}: ${(entry.sources ?? []).map((source) => (source.node?.textContent ?? '').slice(0, 40)).join(' | ')}`,
            ),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // An observer with nothing buffered is not called: report no shift.
        setTimeout(() => resolve({ total: 0, shifts: [] }), 500);
      }),
  );
}

/**
 * Issue 26 (Lighthouse, signed-in pages): what a learner's page shows while its data loads has the size of what
 * comes, so nothing on screen jumps when it comes (a phone, the data calls held back as on a slow network).
 */
test.describe("a learner's page keeps its layout while its data arrives", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Holds every data call but the session check and the config for 800 ms: the loading states are drawn first. */
  async function slowData(page: Page) {
    await page.route(/\/api\/(?!auth\/me|config)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue().catch(() => undefined);
    });
  }

  for (const { name, path, loaded } of [
    { name: 'the DSA sheet', path: '/dsa-sheet', loaded: (page: Page) => page.getByTestId('activity-grid') },
    {
      name: 'a core-subject lesson',
      path: '/subject/dbms/topic/data-models/subtopic/dbms-basics',
      loaded: (page: Page) => page.getByRole('heading', { name: 'Finished this lesson?' }),
    },
    { name: 'the dashboard', path: '/dashboard', loaded: (page: Page) => page.getByText('Progress Updated') },
  ]) {
    for (const drawn of [false, true]) {
      test(`${name}${drawn ? ', drawn on the server for a returning learner' : ''}: no layout shift as its data comes`, async ({
        page,
        context,
        baseURL,
      }) => {
        await useToken(page, await apiLogin(page.request, DEMO.student));
        // The hint cookie the app sets beside the token: the server draws the page, its data waiting for the account.
        if (drawn) await context.addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: baseURL! }]);
        await slowData(page);
        const reply = await page.goto(path);
        expect((await reply!.text()).includes('data-waits-for-account')).toBe(drawn);
        await expect(loaded(page)).toBeVisible({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        const { total, shifts } = await layoutShift(page);
        expect(total, shifts.join('\n')).toBeLessThan(0.02);
      });
    }
  }

  test('code in a lesson is at least 12 px, as a phone needs', async ({ page }) => {
    await useToken(page, await apiLogin(page.request, DEMO.student));
    await page.goto('/subject/dbms/topic/data-models/subtopic/dbms-basics');
    const code = page.locator('.prose-lesson pre code').first();
    await expect(code).toBeVisible();
    const size = await code.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(size).toBeGreaterThanOrEqual(12);
  });

  test("the browser's Issues panel stays empty on a learner's pages", async ({ page, context }) => {
    await useToken(page, await apiLogin(page.request, DEMO.student));
    const client = await context.newCDPSession(page);
    const issues: string[] = [];
    client.on('Audits.issueAdded', ({ issue }) => issues.push(JSON.stringify(issue).slice(0, 300)));
    await client.send('Audits.enable');
    for (const path of ['/dsa-sheet', '/dashboard', '/subject/dbms/topic/data-models/subtopic/dbms-basics']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // Each of these loads the forms' schemas, whose probe for code compiled from strings the Content-Security-Policy
    // refused, and each read the sign-in hint through document.cookie as the app started.
    expect(issues).toEqual([]);
  });
});
