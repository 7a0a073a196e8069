import { SIGNED_IN_HINT_COOKIE } from '@learnbuild/domain/constants';
import type { APIRequestContext, Page } from '@playwright/test';
import { applyTheme, DESKTOP, screenFindings, stillMotion, THEMES, type Viewport } from './a11y-checks';
import { expect, POPUP_KEY, registerVerifiedUser, test, useToken } from './helpers';

const PHONE_390: Viewport = { width: 390, height: 844 };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function startThread(request: APIRequestContext, token: string, title: string): Promise<string> {
  const reply = await request.post('/api/community/threads', {
    headers: auth(token),
    data: { title, body: 'How do I find a cycle in a directed graph without recursion?' },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()).thread as { id: string }).id;
}

async function replyTo(request: APIRequestContext, token: string, threadId: string, body: string) {
  const reply = await request.post(`/api/community/threads/${threadId}/replies`, {
    headers: auth(token),
    data: { body },
  });
  expect(reply.status(), await reply.text()).toBe(201);
}

const bell = (page: Page) => page.getByTestId('navbar').getByTestId('notification-bell');

/** A mark on the window that a reload would wipe: the page it is on was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

async function expectClean(page: Page, label: string, width: Viewport) {
  const findings: string[] = [];
  for (const [index, theme] of THEMES.entries()) {
    await applyTheme(page, theme);
    const lines = await screenFindings(page, { phone: width.width < 768, repeat: index > 0 });
    findings.push(...lines.map((line) => `${label} at ${width.width} px, ${theme}: ${line}`));
  }
  await applyTheme(page, 'light');
  expect(findings, findings.join('\n')).toEqual([]);
}

/** Issue 31: the tray, the page and the settings, for a learner whose thread gets replies. */
test.describe('notifications', () => {
  test.use({ viewport: DESKTOP });
  // Each journey registers two people through the mail flow and waits for live changes.
  test.describe.configure({ timeout: 90_000 });

  test('a reply raises the bell live, and the panel leads to the thread and marks it read', async ({
    page,
    request,
  }) => {
    const student = await registerVerifiedUser(request, 'Nora Asker');
    const helper = await registerVerifiedUser(request, 'Ravi Helper');
    const title = `Cycle detection ${Date.now().toString(36)}`;
    const threadId = await startThread(request, student.token, title);
    await useToken(page, student.token);
    await page.goto('/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread', { timeout: 20_000 });
    // The page's one live stream (the dashboard's and the bell's) is open.
    await expect(page.getByTestId('live-mode')).toHaveText('Instant updates on', { timeout: 20_000 });
    await markPage(page);

    await replyTo(request, helper.token, threadId, 'Use Kahn’s algorithm: a cycle leaves nodes with in-degree left.');
    // The live stream tells the open page: the count rises with no reload.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
    await expect(bell(page).getByTestId('notification-count')).toHaveText('1');
    expect(await stillSamePage(page)).toBe(true);

    await bell(page).click();
    const panel = page.getByRole('menu', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const entry = panel.getByTestId('tray-notification').first();
    await expect(entry).toContainText(`Ravi Helper replied to`);
    await expect(entry).toContainText(title);
    await expect(entry).toContainText('just now');
    await expect(entry).toHaveAttribute('data-unread', 'true');
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/community/${threadId}(#reply-[\\w-]+)?$`));
    await expect(page.getByTestId('thread')).toBeVisible({ timeout: 15_000 });
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await expect(bell(page).getByTestId('notification-count')).toHaveCount(0);
  });

  test('the page lists them with the unread ones marked, filters Unread in the address, and marks all read', async ({
    page,
    request,
  }) => {
    const student = await registerVerifiedUser(request, 'Mira Many');
    const helper = await registerVerifiedUser(request, 'Theo Three');
    const threadId = await startThread(request, student.token, `Three replies ${Date.now().toString(36)}`);
    await replyTo(request, helper.token, threadId, 'First: use a stack of colours.');
    const read = await request.get('/api/notifications', { headers: auth(student.token) });
    const [first] = (await read.json()).notifications as { id: string }[];
    expect(
      (
        await request.post('/api/notifications/read', { headers: auth(student.token), data: { ids: [first!.id] } })
      ).ok(),
    ).toBe(true);
    await replyTo(request, helper.token, threadId, 'Or colour the nodes white, grey and black with a stack.');
    await replyTo(request, helper.token, threadId, 'A grey node met again is the cycle.');
    await useToken(page, student.token);
    await page.goto('/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 20_000 });
    await bell(page).click();
    await page
      .getByRole('menu', { name: 'Notifications' })
      .getByRole('menuitem', { name: 'See all notifications' })
      .click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const rows = page.getByTestId('notification-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute('data-unread', 'true');
    await expect(rows.nth(1)).toHaveAttribute('data-unread', 'true');
    await expect(rows.nth(2)).toHaveAttribute('data-unread', 'false');
    await page.getByRole('link', { name: 'Unread', exact: true }).click();
    await expect(page).toHaveURL(/\/notifications\?filter=unread$/);
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByRole('heading', { name: "You're all caught up" })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await page.reload();
    await expect(page.getByRole('heading', { name: "You're all caught up" })).toBeVisible();
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) await expect(row).toHaveAttribute('data-unread', 'false');
  });

  test('the bell opens from the keyboard and Escape gives it its focus back', async ({ page, request }) => {
    const student = await registerVerifiedUser(request, 'Kai Keys');
    await useToken(page, student.token);
    await page.goto('/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread', { timeout: 20_000 });
    await bell(page).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('menu', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("You're all caught up");
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell(page)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(panel).toBeVisible();
  });

  test('the settings page saves a choice, which is there after a reload; linked from the tray and the page', async ({
    page,
    request,
  }) => {
    const student = await registerVerifiedUser(request, 'Sana Settings');
    await useToken(page, student.token);
    await page.goto('/notifications');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
    // A learner sees the learners' kinds, not the admins'.
    await expect(page.getByLabel('New reports')).toHaveCount(0);
    const replies = page.getByLabel('Replies', { exact: true });
    await expect(replies).toHaveValue('mail');
    await replies.selectOption({ label: 'Weekly digest' });
    await page.getByRole('switch', { name: 'Keep quiet hours' }).click();
    await page.getByLabel('From', { exact: true }).fill('21:30');
    await page.getByLabel('To', { exact: true }).fill('06:30');
    await page.getByLabel('Send my digests at').selectOption({ label: '18:00' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your notification settings are saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Replies', { exact: true })).toHaveValue('weekly');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('21:30');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('06:30');
    await expect(page.getByLabel('Send my digests at')).toHaveValue('18');
    // The tray links here too.
    await page.goto('/dashboard');
    await bell(page).click();
    await page.getByRole('menuitem', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
  });

  test('the server draws the bell in its place for a signed-in visitor, and the live bell takes it without moving anything', async ({
    page,
    context,
    request,
  }) => {
    const student = await registerVerifiedUser(request, 'Stella Still');
    await useToken(page, student.token);
    const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 3199}`;
    await context.addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: origin }]);
    // The account check is held: the server-drawn navbar stays as drawn until it is let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    const navbar = page.getByTestId('navbar');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(navbar.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    const drawn = await bell(page).boundingBox();
    release();
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread', { timeout: 20_000 });
    await expect(navbar.getByTestId('role-badge')).toHaveText('Student');
    expect(await bell(page).boundingBox()).toEqual(drawn);
  });

  test('the bell pressed as soon as it shows, before the app takes over, opens its panel', async ({
    browser,
    request,
  }) => {
    const student = await registerVerifiedUser(request, 'Quinn Quick');
    const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 3199}`;
    // A page of its own: the test's page waits for the app on every goto, a person does not.
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: origin }]);
    const early = await context.newPage();
    await early.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
    await useToken(early, student.token);
    await early.goto(`${origin}/about`, { waitUntil: 'commit' });
    await bell(early).click({ timeout: 30_000 });
    const panel = early.getByRole('menu', { name: 'Notifications' });
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel).toContainText("You're all caught up");
    await expect(early).toHaveURL(`${origin}/about`);
    await context.close();
  });

  test('a signed-out visitor is sent to log in from both pages', async ({ page }) => {
    await page.goto('/notifications');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fnotifications$/);
    await page.goto('/settings/notifications');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings%2Fnotifications$/);
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: PHONE_390 });

    test('the bell stays in the navbar within a thumb’s reach and its panel fits the screen', async ({
      page,
      request,
    }) => {
      const student = await registerVerifiedUser(request, 'Pia Phone');
      const helper = await registerVerifiedUser(request, 'Omar Other');
      const threadId = await startThread(request, student.token, `Phone thread ${Date.now().toString(36)}`);
      await replyTo(request, helper.token, threadId, 'A reply read on a phone.');
      await useToken(page, student.token);
      await page.goto('/dashboard');
      await expect(bell(page)).toBeVisible();
      await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
      await bell(page).click();
      const panel = page.getByRole('menu', { name: 'Notifications' });
      await expect(panel).toBeVisible();
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE_390.width);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE_390.height);
      await panel.getByTestId('tray-notification').first().click();
      await expect(page).toHaveURL(new RegExp(`/community/${threadId}(#reply-[\\w-]+)?$`));
      await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    });
  });

  test('the page, the open panel and the settings are axe clean at 1366 and 390 px', async ({ page, request }) => {
    // Four screens at two widths in two themes.
    test.setTimeout(120_000);
    await stillMotion(page);
    const student = await registerVerifiedUser(request, 'Axel Checks');
    const helper = await registerVerifiedUser(request, 'Hana Helper');
    const threadId = await startThread(request, student.token, `Checked thread ${Date.now().toString(36)}`);
    await replyTo(request, helper.token, threadId, 'One unread, one read.');
    await replyTo(request, helper.token, threadId, 'And another.');
    await useToken(page, student.token);
    for (const width of [DESKTOP, PHONE_390]) {
      await page.setViewportSize(width);
      await page.goto('/notifications');
      await expect(page.getByTestId('notification-row')).toHaveCount(2);
      await expectClean(page, '/notifications', width);
      await bell(page).click();
      await expect(page.getByRole('menu', { name: 'Notifications' })).toBeVisible();
      await expectClean(page, 'the open panel', width);
      await page.keyboard.press('Escape');
      await page.goto('/notifications?filter=unread');
      // Marked read on the first pass; the second sees the same empty list.
      if (width === DESKTOP) await page.getByRole('button', { name: 'Mark all read' }).click();
      await expect(page.getByRole('heading', { name: "You're all caught up" })).toBeVisible();
      await expectClean(page, 'the empty /notifications', width);
      await page.goto('/settings/notifications');
      await page.getByRole('switch', { name: 'Keep quiet hours' }).click();
      await expect(page.getByLabel('From', { exact: true })).toBeVisible();
      await expectClean(page, '/settings/notifications', width);
    }
  });
});
