import { expect, logInWithForm, registerVerifiedUser, storedToken, test } from './helpers';

test.describe('login device cookie', () => {
  test('the login form leaves an HttpOnly device cookie for /api/auth, which the next login sends back', async ({
    page,
    context,
  }) => {
    const { email } = await registerVerifiedUser(page.request);
    const deviceCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'lb_device');
    // Signing up proves the address, not a password typed on this device.
    expect(await deviceCookie()).toBeUndefined();

    await page.goto('/login');
    await logInWithForm(page, email, 'a fresh long passphrase');
    await expect(page).toHaveURL('/dashboard');
    expect(await storedToken(page)).toEqual(expect.any(String));
    const first = await deviceCookie();
    expect(first).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax', secure: false });
    expect(first!.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 60 * 60);
    // Scripts on the page cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('lb_device');

    // The next login from this browser carries it, and is answered with a fresh one.
    await page.getByTestId('profile-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    const loginRequest = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
    await logInWithForm(page, email, 'a fresh long passphrase');
    const sent = await (await loginRequest).allHeaders();
    await expect(page).toHaveURL('/dashboard');
    expect(sent.cookie).toContain(`lb_device=${first!.value}`);
    expect((await deviceCookie())!.value).not.toBe(first!.value);
  });
});
