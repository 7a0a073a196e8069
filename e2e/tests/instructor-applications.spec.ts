import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  apiLogin,
  DEMO,
  expect,
  POPUP_KEY,
  readyOnNavigation,
  registerVerifiedUser,
  signInAs,
  THEME_KEY,
  test,
  useToken,
} from './helpers';

const SUBMITTED = 'Your instructor application has been submitted. Review usually takes 24 to 48 hours.';

/** Serious and critical axe violations on the page, or only inside `scope` when given. */
async function seriousViolations(page: Page, scope?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (scope ? builder.include(scope) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A fresh, verified Student with a name of their own, so tests never depend on each other's state. */
async function freshStudent(request: APIRequestContext, label: string) {
  const name = `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const { email, token } = await registerVerifiedUser(request, name);
  return { name, email, token };
}

/** Applies through the API, as the card does with an empty form. */
async function applyByApi(request: APIRequestContext, token: string) {
  const reply = await request.post('/api/auth/apply-instructor', {
    headers: { Authorization: `Bearer ${token}` },
    data: { bio: 'I would teach graph algorithms.', expertise: ['Graphs'], links: ['https://example.com/me'] },
  });
  expect(reply.ok()).toBeTruthy();
}

/** The learner's own browser, so their session never mixes with the admin's. */
async function openAs(browser: Browser, token: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = readyOnNavigation(await context.newPage());
  await page.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
  await useToken(page, token);
  return { context, page };
}

/** Opens /admin on the applications matching `query`. */
async function adminApplications(page: Page, query: string) {
  await page.goto(`/admin?q=${encodeURIComponent(query)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
}

async function rejectInPanel(page: Page, name: string, reason: string, allowResubmission: boolean) {
  const application = page.getByRole('article', { name });
  await application.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${name}'s application` });
  // A reason is required before anything is sent.
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel('Reason (required)').fill(reason);
  const checkbox = dialog.getByRole('checkbox', { name: /Allow resubmission/ });
  await expect(checkbox).toBeChecked();
  if (!allowResubmission) await checkbox.uncheck();
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(dialog).toBeHidden();
  await expect(application.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(application.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
}

/*
 * Registrations are capped per network address (10 an hour) and every spec's server sees the same
 * address, so this file registers three learners, one per journey; the axe scans only read.
 */
test.describe('instructor applications', () => {
  test('a Student applies from the card, is rejected with resubmission allowed, reapplies, and is approved', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const student = await freshStudent(request, 'Ada Applicant');
    const learner = await openAs(browser, student.token);
    const card = learner.page.getByTestId('instructor-card');

    await learner.page.goto('/dashboard');
    await expect(card.getByRole('heading', { name: 'Become an Instructor' })).toBeVisible();
    await expect(card.getByText('Apply as Instructor')).toBeVisible();

    // The modal closes on its close button, a backdrop click and its own Cancel.
    const modal = learner.page.getByRole('dialog', { name: 'Apply as an instructor' });
    await card.getByRole('button', { name: 'Apply Now' }).click();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await card.getByRole('button', { name: 'Apply Now' }).click();
    await expect(modal).toBeVisible();
    // The dialog listens for a press outside it from the task after it opens (Radix): on a busy machine a press in
    // the same moment is not yet heard, so the backdrop is pressed again, as a person whose first press did nothing.
    await expect(async () => {
      await learner.page.mouse.click(5, 5);
      await expect(modal).toBeHidden({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await card.getByRole('button', { name: 'Apply Now' }).click();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();

    await card.getByRole('button', { name: 'Apply Now' }).click();
    expect(await seriousViolations(learner.page)).toEqual([]);
    await modal.getByLabel('Short bio (optional)').fill('Ten years of teaching SQL to new developers.');
    await modal.getByLabel('Areas of expertise (optional)').fill('SQL, Postgres');
    await modal.getByLabel('Years of experience (optional)').fill('10');
    await modal.getByLabel('Link 1').fill('github.com/ada');
    await modal.getByRole('button', { name: 'Submit Application' }).click();
    await expect(modal.getByText('Links must start with http:// or https://')).toBeVisible();
    await modal.getByLabel('Link 1').fill('https://github.com/ada');
    await modal.getByRole('button', { name: 'Submit Application' }).click();
    await expect(modal.getByRole('status')).toHaveText(SUBMITTED);
    await expect(card.getByText('Under Review')).toBeVisible();
    // Two seconds later the modal closes by itself.
    await expect(modal).toBeHidden({ timeout: 5000 });
    await expect(card).toContainText('24 to 48 hours');
    await expect(learner.page.getByTestId('role-badge')).toHaveText('Student');

    // The admin sees the application with its details and rejects it, allowing a new one.
    await signInAs(page, DEMO.admin);
    await adminApplications(page, student.email);
    const application = page.getByRole('article', { name: student.name });
    await expect(application).toContainText(student.email);
    await expect(application).toContainText('Ten years of teaching SQL to new developers.');
    await expect(application).toContainText('10 years of experience');
    await expect(application.getByText('Postgres')).toBeVisible();
    await expect(application.getByRole('link', { name: /https:\/\/github\.com\/ada/ })).toBeVisible();
    await expect(application.getByText('Pending', { exact: true })).toBeVisible();
    await rejectInPanel(page, student.name, 'Please add a portfolio link.', true);
    await expect(application).toContainText('Please add a portfolio link.');
    await expect(application).toContainText('Allowed');

    // The Student reads the reason and may apply again.
    await learner.page.reload();
    await expect(card.getByText('Apply as Instructor')).toBeVisible();
    await expect(card.getByText('Not Approved')).toBeVisible();
    await expect(card).toContainText('Please add a portfolio link.');
    await card.getByRole('button', { name: 'Apply Now' }).click();
    const again = learner.page.getByRole('dialog', { name: 'Reapply as an instructor' });
    await again.getByLabel('Link 1').fill('https://portfolio.example.com');
    await again.getByRole('button', { name: 'Resubmit Application' }).click();
    await expect(again.getByRole('status')).toContainText('resubmitted');
    await expect(again).toBeHidden({ timeout: 5000 });
    await expect(card.getByText('Under Review')).toBeVisible();

    // The admin approves with Approve; the Student reloads as an Instructor, and the card is gone.
    await page.reload();
    await expect(application.getByText('Pending', { exact: true })).toBeVisible();
    await application.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(application.getByText('Approved', { exact: true })).toBeVisible();
    await expect(application.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    // Keyboard focus moves from the vanished button to the applicant's name, not the top of the page.
    await expect(application.getByRole('heading', { name: student.name })).toBeFocused();

    await learner.page.reload();
    await expect(learner.page.getByTestId('role-badge')).toHaveText('Instructor');
    await expect(learner.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(learner.page.getByTestId('instructor-card')).toHaveCount(0);
    await learner.context.close();
  });

  test("a final rejection shows 'Application Permanently Declined' with a link to contact support", async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const student = await freshStudent(request, 'Cy Declined');
    await applyByApi(request, student.token);
    await signInAs(page, DEMO.admin);
    await adminApplications(page, student.email);
    await rejectInPanel(page, student.name, 'Not a fit for the platform.', false);
    await expect(page.getByRole('article', { name: student.name })).toContainText('Not allowed');

    const learner = await openAs(browser, student.token);
    const card = learner.page.getByTestId('instructor-card');
    await learner.page.goto('/dashboard');
    await expect(card.getByText('Application Permanently Declined')).toBeVisible();
    await expect(card).toContainText('Not a fit for the platform.');
    await expect(card.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
    await card.getByRole('link', { name: 'contact support' }).click();
    await expect(learner.page).toHaveURL('/contact');
    await learner.context.close();
  });

  test('filters stay in the address; a decision made elsewhere shows the 409; an admin changes the role back', async ({
    page,
    request,
  }) => {
    test.slow();
    const student = await freshStudent(request, 'Di Raced');
    await applyByApi(request, student.token);
    await signInAs(page, DEMO.admin);

    // Search and status filter live in the URL and survive a reload.
    await page.goto('/admin');
    await page.getByLabel('Search by name or email').fill(student.email);
    await expect(page).toHaveURL(/q=/);
    const application = page.getByRole('article', { name: student.name });
    await expect(application).toBeVisible();
    await page.getByLabel('Status').selectOption('approved');
    await expect(page).toHaveURL(/status=approved/);
    await expect(page.getByText('No matching applications')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('approved');
    await expect(page.getByLabel('Search by name or email')).toHaveValue(student.email);
    await page.getByLabel('Status').selectOption('pending');
    await expect(page.getByText('1 application', { exact: true })).toBeVisible();
    await expect(application.getByText('Pending', { exact: true })).toBeVisible();

    // A second admin approves first, through the API; this page still offers Approve.
    const adminToken = await apiLogin(request, DEMO.admin);
    const headers = { Authorization: `Bearer ${adminToken}` };
    const list = await request.get(`/api/admin/instructor-applications?q=${encodeURIComponent(student.email)}`, {
      headers,
    });
    const id = ((await list.json()).applications as { id: string }[])[0]!.id;
    expect((await request.post(`/api/admin/instructor-applications/${id}/approve`, { headers })).ok()).toBeTruthy();
    await application.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'already been approved' })).toBeVisible();
    // The list caught up: with the pending filter the application has left it.
    await expect(page.getByText('No matching applications')).toBeVisible();

    // Users: the new Instructor is turned back into a Student, after confirming; cancelling changes nothing.
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page).toHaveURL(/tab=users/);
    await page.getByLabel('Search by name or email').fill(student.email);
    const roleSelect = page.getByLabel(`Role of ${student.name}`);
    await expect(roleSelect).toHaveValue('Instructor');
    await roleSelect.selectOption('Admin');
    const confirm = page.getByRole('dialog', { name: 'Change role?' });
    await expect(confirm).toContainText(`${student.name} (${student.email}) goes from Instructor to Admin`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(roleSelect).toHaveValue('Instructor');

    await roleSelect.selectOption('Student');
    await confirm.getByRole('button', { name: 'Make Student' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`${student.name} is now Student`)).toBeVisible();
    await expect(roleSelect).toHaveValue('Student');
    await page.reload();
    await expect(page.getByLabel('Search by name or email')).toHaveValue(student.email);
    await expect(page.getByLabel(`Role of ${student.name}`)).toHaveValue('Student');

    // The admin's own role cannot be changed from here.
    await page.getByLabel('Search by name or email').fill(DEMO.admin);
    await expect(page.getByRole('combobox', { name: /^Role of / })).toBeDisabled();
    await expect(page.getByText('You cannot change your own role.')).toBeVisible();

    // The audit log, newest first: the role change, then the approval made through the API.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const entries = page.getByRole('list', { name: 'Audit log, newest first' }).getByRole('listitem');
    await expect(entries.first()).toContainText('Changed role');
    await expect(entries.first()).toContainText(student.email);
    await expect(entries.first()).toContainText('Instructor → Student');
    await expect(entries.nth(1)).toContainText('Approved application');
    await expect(entries.nth(1)).toContainText(student.email);
  });

  test('a Student sent to /admin lands on /dashboard', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/admin');
    await expect(page).toHaveURL('/dashboard');
  });

  test('Instructors and Admins see no card on /dashboard', async ({ page }) => {
    await signInAs(page, DEMO.instructor);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('role-badge')).toHaveText('Instructor');
    await expect(page.getByTestId('instructor-card')).toHaveCount(0);
    // The admin's token is stored after the instructor's, so it is the one the next load uses.
    await signInAs(page, DEMO.admin);
    await page.goto('/dashboard');
    await expect(page.getByTestId('role-badge')).toHaveText('Admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('instructor-card')).toHaveCount(0);
  });
});

test.describe('Admin Panel accessibility', () => {
  // Any pending application will do, read only: the seeded applicant's (docs/decisions.md, demo data)
  // unless it was decided, then a new one, so the scans never spend a registration they do not need.
  let applicant: { name: string; email: string };
  test.beforeAll(async ({ request }) => {
    const headers = { Authorization: `Bearer ${await apiLogin(request, DEMO.admin)}` };
    const pending = await (await request.get('/api/admin/instructor-applications?status=pending', { headers })).json();
    const first = (pending.applications as { user: { name: string; email: string } }[])[0];
    if (first) applicant = first.user;
    else {
      const student = await freshStudent(request, 'Gus Axe');
      await applyByApi(request, student.token);
      applicant = student;
    }
  });

  for (const { width, theme } of [
    { width: 1366, theme: 'light' },
    { width: 375, theme: 'light' },
    { width: 375, theme: 'dark' },
  ] as const) {
    test(`no serious or critical violations on /admin at ${width} px (${theme}), each tab and the reject dialog`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [THEME_KEY, theme] as const);
      await signInAs(page, DEMO.admin);

      await adminApplications(page, applicant.email);
      const application = page.getByRole('article', { name: applicant.name });
      await expect(application).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The reject dialog, with its required-reason error showing; Escape closes it without rejecting.
      await application.getByRole('button', { name: 'Reject', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Reject application' }).click();
      await expect(dialog.getByText('A reason is required')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(application.getByText('Pending', { exact: true })).toBeVisible();

      for (const tab of ['Users', 'Audit log']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
        await expect(page.getByText(/^(\d+ (users?|entr(y|ies))|No (users|entries))/)).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    });
  }

  // The card and its modal are this feature's part of /dashboard; the rest of the screen is the dashboard's own.
  test('no serious or critical violations in the card and its modal on /dashboard, at 375 px in both themes', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, DEMO.student);
    for (const theme of ['light', 'dark'] as const) {
      // Init scripts run in the order they were added, so the newest theme wins.
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [THEME_KEY, theme] as const);
      await page.goto('/dashboard');
      const card = page.getByTestId('instructor-card');
      await expect(card.getByRole('heading', { name: 'Become an Instructor' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Apply Now' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page, '[data-testid="instructor-card"]')).toEqual([]);
      expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect((await card.boundingBox())!.width).toBeLessThanOrEqual(375);
      await card.getByRole('button', { name: 'Apply Now' }).click();
      await expect(page.getByRole('dialog', { name: 'Apply as an instructor' })).toBeVisible();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    }
  });
});
