import type { Page } from '@playwright/test';
import { axeFindings, overflowFindings } from './a11y-checks';
import { expect, POPUP_KEY, readyOnNavigation, registerVerifiedUser, test, useToken } from './helpers';

/** Issue 29: a learner turns their public profile on, and others open /u/{handle} signed out. */
test.describe('public profile', () => {
  test('turned on in the settings, opened signed out at 1366 and 390 px, without JavaScript too', async ({
    page,
    browser,
    request,
  }) => {
    const learner = await registerVerifiedUser(request, 'Profile Journey');
    const handle = `journey_${Date.now().toString(36)}`;
    await useToken(page, learner.token);
    await page.goto('/profile');
    const section = page.locator('#public-profile');
    await expect(section.getByRole('heading', { name: 'Public profile' })).toBeVisible();

    // Live validation: a reserved word, then a handle that is free.
    const field = section.getByLabel('Handle');
    await field.fill('admin');
    await expect(section.getByText('That handle is reserved')).toBeVisible();
    await field.fill(handle.toUpperCase());
    await expect(section.getByText(`Your page: /u/${handle}`)).toBeVisible();
    await section.getByRole('button', { name: 'Save handle' }).click();
    await expect(page.getByText('Handle saved')).toBeVisible();

    const publicSwitch = section.getByRole('switch', { name: 'Public profile' });
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'false');
    await publicSwitch.click();
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'true');
    const answers = section.getByRole('switch', { name: 'Community answers' });
    await answers.click();
    await expect(answers).toHaveAttribute('aria-checked', 'false');

    // The owner's preview names what others do not see.
    await section.getByRole('link', { name: 'Preview your public page' }).click();
    await expect(page.getByTestId('profile-preview-note')).toContainText('Hidden from others: community answers.');

    // A visitor who has seen the first-visit popup: axe would otherwise measure its title mid-fade (issue 29's
    // journey is about the profile; the popup has its own in shell.spec.ts).
    const visitor = await browser.newContext();
    await visitor.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
    const signedOut = readyOnNavigation(await visitor.newPage());
    for (const width of [1366, 390]) {
      await signedOut.setViewportSize({ width, height: 900 });
      const reply = await signedOut.goto(`/u/${handle}`);
      expect(reply?.status()).toBe(200);
      await expect(signedOut.getByRole('heading', { level: 1, name: 'Profile Journey' })).toBeVisible();
      await expect(signedOut.getByText('Problems solved')).toBeVisible();
      await expect(signedOut.getByText('Recent community answers')).toHaveCount(0);
      await expect(signedOut.getByTestId('profile-preview-note')).toHaveCount(0);
      await checkClean(signedOut, width);
    }
    const head = await signedOut.locator('meta[property="og:title"]').getAttribute('content');
    expect(head).toBe('Profile Journey on LearnBuild');
    await visitor.close();

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`/u/${handle}`);
    await expect(plain.locator('#root')).toContainText('Profile Journey');
    await expect(plain.locator('#root')).toContainText(`@${handle}`);
    await expect(plain.locator('#root')).not.toContainText('Recent community answers');
    await noScript.close();

    // Turned off: the same "Profile not found" as a handle nobody holds.
    await page.goto('/profile');
    await page.locator('#public-profile').getByRole('switch', { name: 'Public profile' }).click();
    await expect(page.getByText('Your profile is private')).toBeVisible();
    const after = await browser.newContext();
    const closed = await after.newPage();
    expect((await closed.goto(`/u/${handle}`))?.status()).toBe(404);
    await expect(closed.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
    await after.close();
  });
});

async function checkClean(page: Page, width: number) {
  expect(await axeFindings(page), `axe at ${width}px`).toEqual([]);
  expect(await overflowFindings(page), `overflow at ${width}px`).toEqual([]);
}
