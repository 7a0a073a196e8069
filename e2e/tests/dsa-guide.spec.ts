import { axeFindings, overflowFindings } from './a11y-checks';
import { appReady, earlyPage, expect, registerVerifiedUser, test, useToken } from './helpers';

/**
 * Issue 28, a sheet that guides: the roadmap of topics (graph and list), "Pick one" within the sheet's filters, and
 * the sheet sorted and filtered by what the judge knows. A fresh learner, so nothing is solved yet.
 */

test.describe('the roadmap', () => {
  test('opens from the sheet, shows every topic as a graph and as a list, and a topic leads to its rows', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const learner = await registerVerifiedUser(request, 'Roadmap Learner');
    await useToken(page, learner.token);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/dsa-sheet');
    await page.getByRole('link', { name: 'Roadmap' }).click();
    await expect(page).toHaveURL('/dsa-sheet/roadmap');
    await expect(page.getByRole('heading', { name: 'DSA Roadmap', level: 1 })).toBeVisible();

    const graphNodes = page.getByTestId('roadmap-node');
    await expect(graphNodes.first()).toBeVisible();
    const count = await graphNodes.count();
    expect(count).toBe(17);
    // A fresh learner: Arrays stands first and ready, Sliding Window waits for Two Pointers and Hashing.
    await expect(page.getByRole('link', { name: /^Arrays: 0 of 19 solved\. Ready$/ })).toBeVisible();
    await expect(
      page.getByRole('link', {
        name: /^Sliding Window: 0 of 13 solved\. Not yet: solve half of Two Pointers and Hashing first$/,
      }),
    ).toHaveAttribute('data-ready', 'false');
    expect(await axeFindings(page)).toEqual([]);

    // The list holds the same topics.
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page).toHaveURL('/dsa-sheet/roadmap?view=list');
    const items = page.getByTestId('roadmap-list').getByRole('listitem');
    await expect(items).toHaveCount(count);
    await expect(items.filter({ hasText: 'Sliding Window' })).toContainText('Builds on Two Pointers and Hashing');
    expect(await axeFindings(page)).toEqual([]);

    // Keyboard: back to the graph, Tab to the first topic, Enter opens its rows on the sheet.
    await page.getByRole('button', { name: 'Graph' }).click();
    await page.getByRole('link', { name: /^Arrays: / }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/dsa-sheet?topic=Arrays');
    await appReady(page);
    await expect(page.getByTestId('problem-row').first()).toHaveAttribute('data-topic', 'Arrays');
  });

  test('is a list at 390 px, readable without sideways scrolling', async ({ page, request }) => {
    test.setTimeout(90_000);
    const learner = await registerVerifiedUser(request, 'Roadmap Phone');
    await useToken(page, learner.token);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dsa-sheet/roadmap');
    await expect(page.getByTestId('roadmap-list').getByRole('listitem')).toHaveCount(17);
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(await overflowFindings(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
  });
});

test.describe('a sheet that guides', () => {
  test('Pick one keeps the filters, "Random from my solved" says when there is nothing, and the sheet sorts', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const learner = await registerVerifiedUser(request, 'Picking Learner');
    await useToken(page, learner.token);
    await page.goto('/dsa-sheet?difficulty=Hard&topic=Graphs');
    await page.getByRole('button', { name: 'Pick one (Hard Graphs)' }).click();
    const picked = page.getByTestId('pick-result');
    await expect(picked).toContainText('Your pick:');
    await expect(picked).toContainText('Hard');
    await expect(picked).toContainText('Graphs');
    const title = (await page.getByTestId('picked-title').textContent()) ?? '';
    // The pick is a row of the filtered sheet.
    await expect(page.getByTestId('problem-row').filter({ hasText: title }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Random from my solved' }).click();
    await expect(picked).toContainText('No problem matches these filters. Clear a filter and try again.');

    // A judged problem picked can be solved in place.
    await page.goto('/dsa-sheet?topic=Hashing&difficulty=Easy');
    await appReady(page);
    await page.getByRole('button', { name: /^Pick one/ }).click();
    await expect(picked).toContainText('Your pick:');

    // Sort by most solved: one list under a heading that names the order; the order lives in the URL.
    await page.getByLabel('Sort').selectOption('solved');
    await expect(page).toHaveURL(/sort=solved/);
    await expect(page.getByText('All problems, most solved first')).toBeVisible();
    await page.getByLabel('Status').selectOption('verified');
    await expect(page).toHaveURL(/status=verified/);
    await expect(page.getByText('No problems match')).toBeVisible();
  });
});

/**
 * The same controls used as soon as they show, without waiting for the app's ready marker, as a quick person does
 * (DESIGN: a click made early does what it does later), on a CPU slowed four times.
 */
test.describe('a sheet that guides, used at once', () => {
  test('Sort and Pick one pressed the moment they appear do what a late click does', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const learner = await registerVerifiedUser(request, 'Early Picker');
    const page = await earlyPage(browser, learner.token);
    await page.goto('/dsa-sheet?difficulty=Hard&topic=Graphs', { waitUntil: 'commit' });
    const sort = page.getByRole('combobox', { name: 'Sort', exact: true });
    await sort.selectOption('solved');
    await page.getByRole('button', { name: 'Pick one (Hard Graphs)' }).click();

    const picked = page.getByTestId('pick-result');
    await expect(picked).toContainText('Your pick:');
    await expect(picked).toContainText('Hard');
    await expect(picked).toContainText('Graphs');
    await expect(page).toHaveURL(/sort=solved/);
    await expect(page).toHaveURL(/difficulty=Hard/);
    await expect(sort).toHaveValue('solved');
    await expect(page.getByText('All problems, most solved first')).toBeVisible();
    // The pick is a row of the filtered, sorted sheet.
    const title = (await page.getByTestId('picked-title').textContent()) ?? '';
    await expect(page.getByTestId('problem-row').filter({ hasText: title }).first()).toBeVisible();
    await page.close();
  });

  test('the roadmap switched to its list the moment the toggle appears stays a list', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const learner = await registerVerifiedUser(request, 'Early Roadmap');
    const page = await earlyPage(browser, learner.token);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/dsa-sheet/roadmap', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page).toHaveURL('/dsa-sheet/roadmap?view=list');
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('roadmap-list').getByRole('listitem')).toHaveCount(17);
    await expect(page.getByTestId('roadmap-node')).toHaveCount(0);
    await page.close();
  });
});
