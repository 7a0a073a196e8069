import type { Locator, Page } from '@playwright/test';
import {
  applyTheme,
  DESKTOP,
  PHONE,
  screenFindings,
  stillMotion,
  THEMES,
  type Viewport,
  WIDTHS,
  watchPage,
} from './a11y-checks';
import { DEMO, expect, signInAs, test } from './helpers';

/**
 * The matrix's checks with the interesting states open (issue 17): the first-visit popup, every
 * dialog, the menus, and the DSA sheet with every step expanded. Each state is opened once and
 * checked at each width it exists at, in both themes.
 */

type Watch = ReturnType<typeof watchPage>;
const DIALOG = { focus: '[role="dialog"]' };

async function open(page: Page, path: string, email: string | null, { width = DESKTOP } = {}) {
  if (email) await signInAs(page, email);
  await stillMotion(page);
  const watch = watchPage(page);
  await page.setViewportSize(width);
  await page.goto(path);
  await watch.settle();
  return watch;
}

/**
 * Checks the page as it is at each width (both themes), then asserts nothing was found. With
 * `focus` (an open dialog) the first check covers the whole page and the others only that part:
 * the page behind was checked by the route matrix, and on the big management screens a whole-page
 * check costs seconds.
 */
async function expectCleanState(
  page: Page,
  watch: Watch,
  state: string,
  widths: readonly Viewport[],
  { focus }: { focus?: string } = {},
) {
  const findings: string[] = [];
  let first = true;
  for (const width of widths) {
    await page.setViewportSize(width);
    for (const [index, theme] of THEMES.entries()) {
      await applyTheme(page, theme);
      const include = first ? undefined : focus;
      first = false;
      const lines = await screenFindings(page, { phone: width === PHONE, repeat: index > 0, include });
      findings.push(...lines.map((line) => `${state} at ${width.width} px, ${theme}: ${line}`));
    }
  }
  findings.push(...watch.take().map((line) => `${state}: ${line}`));
  expect(findings, findings.join('\n')).toEqual([]);
}

async function openDialog(trigger: Locator, name: string | RegExp) {
  await trigger.click();
  const dialog = trigger.page().getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('first visit', () => {
  test.use({ firstVisit: true });

  test('the subscribe popup, at both widths and in both themes', async ({ page }) => {
    const watch = await open(page, '/about', null);
    await expect(page.getByRole('dialog', { name: 'Learn with us on video' })).toBeVisible({ timeout: 5000 });
    await expectCleanState(page, watch, 'popup', WIDTHS);
  });
});

test.describe('menus', () => {
  for (const email of [DEMO.student, DEMO.instructor, DEMO.admin]) {
    test(`the profile menu of ${email}`, async ({ page }) => {
      const watch = await open(page, '/about', email);
      await page.getByTestId('profile-menu-trigger').click();
      // Radix names a menu after its trigger (aria-labelledby), here the user's name and role.
      await expect(page.getByRole('menu')).toBeVisible();
      // The trigger exists at desktop widths; phones have the mobile menu.
      await expectCleanState(page, watch, 'profile menu', [DESKTOP]);
    });
  }

  test('the Core Subject dropdown', async ({ page }) => {
    const watch = await open(page, '/about', DEMO.student);
    await page.getByRole('button', { name: 'Core Subject' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveCount(5);
    await expectCleanState(page, watch, 'Core Subject dropdown', [DESKTOP]);
  });

  test('the mobile menu, anonymous', async ({ page }) => {
    const watch = await open(page, '/', null, { width: PHONE });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByTestId('mobile-menu')).toBeVisible();
    await expectCleanState(page, watch, 'mobile menu', [PHONE]);
  });

  test('the mobile menu, signed in, with Core Subject expanded', async ({ page }) => {
    const watch = await open(page, '/about', DEMO.admin, { width: PHONE });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('mobile-menu').getByRole('button', { name: 'Core Subject' }).click();
    await expect(page.getByRole('list', { name: 'Core subjects' }).getByRole('link')).toHaveCount(5);
    await expectCleanState(page, watch, 'mobile menu', [PHONE]);
  });

  test('the admin subjects row menu on a phone', async ({ page }) => {
    const watch = await open(page, '/admin/subjects', DEMO.admin, { width: PHONE });
    await page.getByRole('button', { name: 'Actions for DBMS' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectCleanState(page, watch, 'row menu', [PHONE]);
  });
});

test.describe('the DSA sheet', () => {
  test('with every step expanded', async ({ page }) => {
    test.setTimeout(120_000);
    const watch = await open(page, '/dsa-sheet', DEMO.student);
    await page.getByRole('button', { name: 'Expand all' }).click();
    const headers = page.getByTestId('step-section').locator('h2 > button');
    await expect(headers.first()).toBeVisible();
    await expect(page.getByTestId('step-section').locator('h2 > button[aria-expanded="false"]')).toHaveCount(0);
    await expectCleanState(page, watch, 'sheet expanded', WIDTHS);
  });

  test('the import progress dialog', async ({ page }) => {
    const watch = await open(page, '/dsa-sheet', DEMO.student);
    await page.getByRole('button', { name: 'Backup' }).click();
    await openDialog(page.getByRole('menuitem', { name: 'Import progress...' }), 'Import progress');
    await expectCleanState(page, watch, 'import progress dialog', WIDTHS, DIALOG);
  });

  test('the notes dialog', async ({ page }) => {
    const watch = await open(page, '/dsa-sheet', DEMO.student);
    await openDialog(page.getByRole('button', { name: /^Notes: / }).first(), /^Notes: /);
    await expectCleanState(page, watch, 'notes dialog', WIDTHS, DIALOG);
  });
});

test.describe('DSA management', () => {
  // The management list holds every problem of the bank with its actions (a judge's too, since issue 27): axe
  // reads all of it behind each dialog, at each width, which takes longer than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('the problem form dialog', async ({ page }) => {
    const watch = await open(page, '/dsa-management', DEMO.admin);
    await openDialog(page.getByRole('button', { name: 'Add problem' }), 'Add a problem');
    await expectCleanState(page, watch, 'problem form', WIDTHS, DIALOG);
  });

  test('the confirm delete dialog', async ({ page }) => {
    const watch = await open(page, '/dsa-management', DEMO.admin);
    const dialog = await openDialog(page.getByRole('button', { name: /^Delete: / }).first(), /^Delete ".*"\?$/);
    await expectCleanState(page, watch, 'confirm delete', WIDTHS, DIALOG);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('the import problems dialog', async ({ page }) => {
    const watch = await open(page, '/dsa-management', DEMO.admin);
    await openDialog(page.getByRole('button', { name: 'Import', exact: true }), 'Import problems');
    await expectCleanState(page, watch, 'import problems dialog', WIDTHS, DIALOG);
  });
});

test.describe('admin subjects', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the lesson editor', async ({ page }) => {
    test.setTimeout(60_000);
    const watch = await open(page, '/admin/subjects?subject=dbms&topic=data-models', DEMO.admin);
    const lessons = page.getByRole('list', { name: /^Lessons of / });
    await openDialog(lessons.getByRole('button', { name: /^Edit / }).first(), /^Edit /);
    await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeVisible();
    await watch.settle();
    await expectCleanState(page, watch, 'lesson editor', WIDTHS, DIALOG);
  });

  test('the subject form and the confirm delete dialog', async ({ page }) => {
    const watch = await open(page, '/admin/subjects', DEMO.admin);
    const form = await openDialog(page.getByRole('button', { name: 'New subject' }), 'New subject');
    await expectCleanState(page, watch, 'subject form', WIDTHS, DIALOG);
    await page.setViewportSize(DESKTOP);
    await form.getByRole('button', { name: 'Cancel' }).click();
    const confirm = await openDialog(page.getByRole('button', { name: 'Delete DBMS' }), 'Delete DBMS?');
    await expectCleanState(page, watch, 'confirm delete subject', WIDTHS, DIALOG);
    await page.setViewportSize(DESKTOP);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });
});
