import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './helpers';

const PUBLIC_ROUTES = [
  '/',
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
];

for (const path of PUBLIC_ROUTES) {
  test(`no serious or critical accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
