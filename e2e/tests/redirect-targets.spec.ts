import { DEMO, expect, logInWithForm, signInAs, test } from './helpers';

/**
 * Issue 26: a redirectTo holding a tab, a newline or a backslash once reached React Router, which refused it
 * with its "Unexpected Application Error!" screen (and a browser would read `/\t/host` as `//host`).
 * Whatever the target, the user lands on a page of this site: the dashboard when the target is refused.
 */
const REFUSED_TARGETS = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\\evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%5cevil.example',
  // (A NUL never reaches the page: the server refuses it in any address with 400.)
  '/\u001b/x',
  '/\u007f/x',
  '//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
];

test.describe('redirect targets after login', () => {
  test('a tab in redirectTo, sent through the login form, lands on the dashboard', async ({ page }) => {
    await page.goto('/login?redirectTo=/%09/evil.example');
    await logInWithForm(page, DEMO.student);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  });

  for (const target of REFUSED_TARGETS) {
    test(`a signed-in user sent to /login or /register with redirectTo=${encodeURIComponent(target)} lands on the dashboard`, async ({
      page,
    }) => {
      await signInAs(page, DEMO.student);
      for (const screen of ['/login', '/register']) {
        await page.goto(`${screen}?redirectTo=${encodeURIComponent(target)}`);
        await expect(page, screen).toHaveURL('/dashboard');
        await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
      }
    });
  }

  test('a same-site target with a query is still followed', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto(`/login?redirectTo=${encodeURIComponent('/dsa-sheet?difficulty=Easy')}`);
    await expect(page).toHaveURL('/dsa-sheet?difficulty=Easy');
  });
});
