import { DSA_COMPANY_TAGS_NOTE } from '@learnbuild/domain/constants';
import { axeFindings } from './a11y-checks';
import { appReady, DEMO, expect, registerVerifiedUser, signInAs, test, useToken } from './helpers';

/**
 * Issue 28, company tags: staff tag a problem with a company in DSA Management, and a learner filters the sheet
 * (and "Pick one") by it; the filter lives in the address.
 */

const PROBLEM = 'Climbing Stairs';

test('an admin tags a problem with a company, and a learner filters the sheet and Pick one by it', async ({
  browser,
  request,
}) => {
  // The management screen lists the whole bank (about 300 problems): slower than a usual page.
  test.setTimeout(120_000);
  // A name no other run used, so the filter holds this problem only.
  const company = `Globex ${Date.now()}`;

  const admin = await browser.newPage();
  await admin.addInitScript(() => window.localStorage.setItem('learnbuild.subscribePopupDone', 'seen'));
  await signInAs(admin, DEMO.admin);
  await admin.goto('/dsa-management');
  await appReady(admin);
  await expect(admin.getByRole('heading', { name: 'DSA Management', level: 1 })).toBeVisible({ timeout: 15_000 });
  await admin.getByLabel('Find a problem').fill(PROBLEM);
  await admin.getByRole('button', { name: `Edit: ${PROBLEM}` }).click();
  const editor = admin.getByRole('dialog', { name: `Edit "${PROBLEM}"` });
  const companies = editor.getByLabel('Companies (comma separated)');
  // The form checks names with the server's rule and says why.
  await companies.fill('Globex <script>');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByText("Company names may use letters, digits, spaces and & . - ' only")).toBeVisible();
  await companies.fill(`${company}, ${company.toUpperCase()}`);
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor).toHaveCount(0);
  await admin.close();

  const learner = await registerVerifiedUser(request, 'Company Learner');
  const page = await browser.newPage();
  await page.addInitScript(() => window.localStorage.setItem('learnbuild.subscribePopupDone', 'seen'));
  await useToken(page, learner.token);
  await page.goto('/dsa-sheet');
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'DSA Sheet', level: 1 })).toBeVisible({ timeout: 15_000 });
  const filter = page.getByRole('combobox', { name: 'Company' });
  await expect(filter).toHaveValue('');
  await expect(filter.locator('option').first()).toHaveText('All companies');
  await expect(page.getByTestId('company-note')).toHaveText(DSA_COMPANY_TAGS_NOTE);
  // The same company written twice in two cases was kept once.
  await expect(filter.locator('option', { hasText: company })).toHaveCount(1);

  await filter.selectOption(company);
  await expect(page).toHaveURL(new RegExp(`[?&]company=${encodeURIComponent(company).replace('%20', '(\\+|%20)')}`));
  const rows = page.getByTestId('problem-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(PROBLEM);
  await expect(rows.first().getByTestId('problem-companies')).toContainText(company);
  expect(await axeFindings(page)).toEqual([]);

  // "Pick one" keeps the company.
  await page.getByRole('button', { name: `Pick one (${company})` }).click();
  await expect(page.getByTestId('picked-title')).toHaveText(PROBLEM);

  // The filter survives a reload, from the address.
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(company);
  await expect(page.getByTestId('problem-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/company=/);
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('');
  await page.close();
});
