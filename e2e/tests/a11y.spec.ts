import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, expect, signInAs, THEME_KEY, test } from './helpers';

const PUBLIC_ROUTES = [
  '/',
  '/Home',
  '/login',
  '/register',
  '/verify-otp',
  '/forgot-password',
  '/reset-password/abcdefghijkl',
  '/verify-email/abcdefghijkl',
  '/role-update',
  '/about',
  '/contact',
  '/careers',
  '/blog',
  '/blog/hello',
  '/help',
  '/community',
  '/privacy',
  '/terms',
  '/code-editor',
  '/courses/abc',
  '/auth-success',
  '/api/auth/success',
];

/** Serious and critical axe violations on the page as it is now, as readable lines. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const path of PUBLIC_ROUTES) {
  test(`no serious or critical accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // /api/auth/success hands over to /auth-success: scan the page it settles on.
    if (path === '/api/auth/success') await expect(page).toHaveURL('/auth-success');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe('dark theme', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, 'dark'), THEME_KEY);
  });
  for (const path of ['/', '/login', '/about', '/help', '/contact', '/no-such-page']) {
    test(`no serious or critical violations on ${path} in the dark theme`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('first-visit popup', () => {
  test.use({ firstVisit: true });

  for (const theme of ['light', 'dark'] as const) {
    test(`no serious or critical violations with the popup open (${theme})`, async ({ page }) => {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [THEME_KEY, theme] as const);
      await page.goto('/about');
      await expect(page.getByRole('dialog', { name: 'Learn with us on video' })).toBeVisible({ timeout: 5000 });
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('375 px wide', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const theme of ['light', 'dark'] as const) {
    test(`no serious or critical violations with the mobile menu open, anonymous (${theme})`, async ({ page }) => {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [THEME_KEY, theme] as const);
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByTestId('mobile-menu')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('no serious or critical violations with the signed-in mobile menu open', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('mobile-menu').getByRole('button', { name: 'Core Subject' }).click();
    await expect(page.getByRole('list', { name: 'Core subjects' }).getByRole('link')).toHaveCount(5);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const path of ['/login', '/help', '/contact']) {
    test(`no serious or critical violations on ${path} at 375 px`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test('no serious or critical violations on the signed-in navbar with the profile menu open', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/about');
  await page.getByTestId('profile-menu-trigger').click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
