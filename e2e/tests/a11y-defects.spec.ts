import type { Locator } from '@playwright/test';
import { DESKTOP, PHONE, watchPage } from './a11y-checks';
import { DEMO, expect, readMail, registerVerifiedUser, signInAs, TOKEN_KEY, test, useToken } from './helpers';

/** Issue 17's numbered defects, each with the test that would have caught it. */

const LESSON = '/subject/dbms/topic/data-models/subtopic/dbms-basics';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

/** Rendered text of an element as a sighted user reads it: its visible lines, spaces collapsed. */
function visibleText(locator: Locator) {
  return locator.evaluate((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
}

/** Lines the text of an element takes: the distinct rows its text boxes sit on. */
function lineCount(locator: Locator) {
  return locator.evaluate((element) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
    }
    tops.sort((a, b) => a - b);
    return tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 3).length;
  });
}

test.describe('defect 1: the subscribe popup', () => {
  test.use({ firstVisit: true, viewport: PHONE });

  test('at 375 px its buttons are full size, Tab stays inside, Escape gives focus back', async ({ page }) => {
    // The popup may open the moment the app takes over (when that is later than a second after navigation
    // starts), so the field is focused as the drawn page arrives, before it can.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        document.querySelector<HTMLElement>('input[type=email]')?.focus(),
      ),
    );
    await page.goto('/login');
    const email = page.getByLabel('Email');
    const popup = page.getByRole('dialog', { name: 'Learn with us on video' });
    await expect(popup).toBeVisible({ timeout: 5000 });
    for (const control of [
      popup.getByRole('link', { name: 'Subscribe' }),
      popup.getByRole('button', { name: 'Maybe later' }),
    ]) {
      expect((await box(control)).height).toBeGreaterThanOrEqual(40);
    }
    await expect(popup.getByRole('link', { name: 'Subscribe' })).toBeFocused();
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await popup.evaluate((dialog) => dialog.contains(document.activeElement)), `after ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(email).toBeFocused();
  });
});

test.describe('defect 3: names contain the visible text (WCAG 2.5.3)', () => {
  test('the profile menu button is named by the name and role it shows', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/about');
    const trigger = page.getByTestId('profile-menu-trigger');
    // The page is drawn with a stand-in (grey shapes, named "Account menu") until the account has loaded.
    await expect(trigger).toContainText('Student');
    // The avatar's letter is decoration; what remains is exactly what the button says.
    const shown = await trigger.evaluate((element) =>
      [...element.querySelectorAll(':scope > :not([aria-hidden])')]
        .map((part) => (part.textContent ?? '').trim())
        .join(' '),
    );
    await expect(trigger).toHaveAccessibleName(shown);
    expect(shown).toMatch(/Student$/);
  });

  test('the GfG link is named starting with "GfG" and is a 24 px target', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto(`/dsa-sheet?q=${encodeURIComponent('Magnetic Force Between Two Balls')}`);
    const link = page.getByRole('link', { name: /^GfG: Magnetic Force Between Two Balls on GeeksforGeeks/ });
    await expect(link).toHaveText('GfG');
    const { width, height } = await box(link);
    expect(width).toBeGreaterThanOrEqual(24);
    expect(height).toBeGreaterThanOrEqual(24);
  });
});

test.describe('defect 4: lesson code blocks at phone width', () => {
  test.use({ viewport: PHONE });

  test('each code block that scrolls sideways is a named region that the keyboard can focus and scroll', async ({
    page,
  }) => {
    await signInAs(page, DEMO.student);
    await page.goto(LESSON);
    const blocks = page.locator('article pre');
    await expect(blocks.first()).toBeVisible();
    const scrolling = page.locator('article pre[data-scrolls]');
    await expect(scrolling.first()).toBeVisible();
    const total = await blocks.count();
    for (let index = 0; index < total; index++) {
      const block = blocks.nth(index);
      await expect(block).toHaveAttribute('role', 'region');
      await expect(block).toHaveAccessibleName(/^Code example/);
      const scrolls = await block.evaluate((element) => element.scrollWidth > element.clientWidth);
      if (scrolls) await expect(block).toHaveAttribute('tabindex', '0');
    }
    const first = scrolling.first();
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // Keyboard scrolling is animated: the block moves over the next frames.
    await expect.poll(() => first.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

test.describe('defect 5: finishing a lesson', () => {
  test('the end of the lesson offers "Mark complete and continue" and says Next does not mark it', async ({ page }) => {
    const learner = await registerVerifiedUser(page.request, 'Lesson Finisher');
    await useToken(page, learner.token);
    await page.goto(LESSON);
    const finish = page.getByTestId('finish-lesson');
    await expect(finish).toContainText('Next and Previous only move between lessons; they do not mark anything.');
    // It comes after the lesson's text, where a reader who read it all arrives.
    const body = await box(page.locator('article .prose-lesson'));
    expect((await box(finish)).y).toBeGreaterThan(body.y + body.height - 1);
    await finish.getByRole('button', { name: 'Mark complete and continue' }).click();
    await expect(page).toHaveURL(/\/subtopic\/er-model$/);
    const outline = page.getByRole('navigation', { name: 'DBMS outline' });
    await expect(
      outline
        .getByRole('link', { name: /DBMS Architecture and Data Independence/ })
        .getByLabel('Completed', { exact: true }),
    ).toBeAttached();
    await page.goBack();
    await expect(page.getByTestId('finish-lesson')).toContainText('Lesson complete');
    await expect(page.getByTestId('mark-complete')).toHaveText('Completed');
  });
});

test.describe('defect 6: the password strength meter', () => {
  test('speaks in sentences: what is weak and how to make it stronger', async ({ page }) => {
    await page.goto('/register');
    const password = page.getByLabel('Password', { exact: true });
    const meter = page.getByTestId('password-strength');
    await password.fill('abcabcabcabc');
    await expect(meter).toContainText('Repeated groups of characters (like "abcabcabc") are easy to guess.');
    await password.fill('password');
    await expect(meter).toContainText(
      'Password strength: Very weak. This is one of the ten most used passwords. Add another word or two; unusual words are best.',
    );
    await expect(meter).not.toContainText(/extendedRepeat|topTen|common\b(?! )/);
  });
});

test.describe('defect 7: the verification code field', () => {
  test('takes a pasted code with spaces or dashes, says what it ignored, and shows one message at a time', async ({
    page,
  }) => {
    const email = `otp-${Date.now()}@example.com`;
    const registered = await page.request.post('/api/auth/register', {
      data: { name: 'Code Paster', email, password: 'a fresh long passphrase' },
    });
    expect(registered.status()).toBe(201);
    await page.goto(`/verify-otp?email=${encodeURIComponent(email)}`);
    const code = page.getByLabel('Verification code');
    const note = page.getByTestId('code-note');

    await code.fill('12ab');
    await expect(code).toHaveValue('12');
    await expect(note).toHaveText('Ignored the characters "ab": the code has digits only.');
    await code.fill('000-000');
    await expect(code).toHaveValue('000000');
    await expect(note).toHaveCount(0);

    // A wrong code: the server's answer is the one message.
    await page.getByRole('button', { name: 'Verify email' }).click();
    const alerts = page.getByRole('alert');
    await expect(alerts).toHaveCount(1);
    await expect(alerts).toContainText(/invalid|expired|incorrect/i);
    // A short code: only the current problem shows, not the old reply beside it.
    await code.fill('123');
    await page.getByRole('button', { name: 'Verify email' }).click();
    await expect(page.getByText('The code is 6 digits')).toBeVisible();
    await expect(page.getByText(/invalid|expired|incorrect/i)).toHaveCount(0);

    const [, otp] = await readMail(email, /code is (\d{6})/);
    await code.fill(`${otp!.slice(0, 3)} ${otp!.slice(3)}`);
    await expect(code).toHaveValue(otp!);
    await page.getByRole('button', { name: 'Verify email' }).click();
    // Defect 9's other half: the confirmation is carried to the next screen.
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'Email verified.' })).toBeVisible();
  });
});

test.describe('defect 8: DSA sheet rows', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px: 24 px checkboxes, aligned badges, the step's topic once, tags shown`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInAs(page, DEMO.student);
      const watch = watchPage(page);
      await page.goto('/dsa-sheet');
      await watch.settle();
      const section = page.getByTestId('step-section').filter({ hasText: 'Step 1: Array Fundamentals' });
      const rows = section.getByTestId('problem-row');
      await expect(rows.first()).toBeVisible();
      const count = await rows.count();
      expect(count).toBeGreaterThan(3);
      for (let index = 0; index < count; index++) {
        const { width, height } = await box(rows.nth(index).getByRole('checkbox'));
        expect(width).toBeGreaterThanOrEqual(24);
        expect(height).toBeGreaterThanOrEqual(24);
      }
      // The Arrays step names its one topic once, not on each row.
      await expect(section.getByTestId('step-topic')).toHaveText('Topic: Arrays');
      await expect(rows.getByText('Arrays', { exact: true })).toHaveCount(0);
      // Tags are shown on every width, compactly on phones.
      const tagged = rows.filter({ has: page.locator('[data-testid=problem-tags-compact]') }).first();
      const tags = viewport === PHONE ? tagged.getByTestId('problem-tags-compact') : tagged.locator('p.md\\:flex');
      await expect(tags).toBeVisible();
      if (viewport === DESKTOP) {
        // Difficulty badges start at the same x on every row, whatever the title or topic.
        const lefts = new Set<number>();
        for (let index = 0; index < count; index++) {
          lefts.add(Math.round((await box(rows.nth(index).getByText(/^(Easy|Medium|Hard)$/))).x));
        }
        expect([...lefts]).toHaveLength(1);
      }
    });
  }

  test('a step of several topics labels each row with its topic, in one column', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/dsa-sheet?q=');
    const watch = watchPage(page);
    await watch.settle();
    await page.getByRole('button', { name: 'Expand all' }).click();
    const section = page.getByTestId('step-section').filter({ hasText: 'Step 3: Two Pointers and Sliding Window' });
    const badges = section.getByTestId('row-topic');
    await expect(badges.first()).toBeVisible();
    const rights = new Set<number>();
    for (let index = 0; index < (await badges.count()); index++) {
      const found = await box(badges.nth(index));
      rights.add(Math.round(found.x + found.width));
    }
    expect([...rights]).toHaveLength(1);
  });
});

test.describe('defect 9: signed-in users and the sign-in screens', () => {
  test('/login and /register send a signed-in user on, to the target or the dashboard; logout still shows /login', async ({
    page,
  }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/login');
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/login?redirectTo=%2Fdsa-sheet');
    await expect(page).toHaveURL('/dsa-sheet');
    await page.goto('/register');
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/register?redirectTo=%2Fcore-subjects');
    await expect(page).toHaveURL('/core-subjects');
    // Leaving through Logout lands on the plain login form, not back on the dashboard.
    await page.getByTestId('profile-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('a login from /login?redirectTo still lands on the target', async ({ page }) => {
    await page.goto('/login?redirectTo=%2Fdsa-bookmarks');
    await page.getByLabel('Email').fill(DEMO.student);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/dsa-bookmarks');
  });
});

test.describe('defect 10: phone layouts', () => {
  test.use({ viewport: PHONE });

  test('the subject level badge keeps its own width', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/subject/dbms');
    const badge = page.getByTestId('subject-level');
    await expect(badge).toHaveText(/Beginner|Intermediate|Advanced/);
    expect((await box(badge)).width).toBeLessThan(120);
  });

  test('/login keeps "Remember me for 30 days" and "Forgot password?" on one line each', async ({ page }) => {
    await page.goto('/login');
    const remember = page.locator('label').filter({ hasText: 'Remember me for 30 days' });
    const forgot = page.getByRole('link', { name: 'Forgot password?' });
    expect(await lineCount(remember)).toBe(1);
    expect(await lineCount(forgot)).toBe(1);
    expect(await visibleText(remember)).toBe('Remember me for 30 days');
  });

  test('/admin/subjects rows keep names whole and put their actions in a row menu', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await page.goto('/admin/subjects');
    const row = page.getByTestId('row-dbms');
    await expect(row).toBeVisible();
    // One menu button instead of five icon buttons beside the name.
    await expect(row.getByRole('button').filter({ visible: true })).toHaveCount(2);
    const name = row.getByRole('button', { name: /^DBMS/ });
    expect(await lineCount(name.locator('span.font-medium'))).toBe(1);
    const menuButton = row.getByRole('button', { name: 'Actions for DBMS' });
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Move up', 'Move down', 'Edit', 'Delete']);
    await expect(menu.getByRole('menuitem', { name: 'Move up' })).toBeDisabled();
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit DBMS' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(menuButton).toBeFocused();
  });
});
