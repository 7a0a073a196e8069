import { DEMO, expect, readMail, TOKEN_KEY, test } from './helpers';

test.describe('accounts', () => {
  test('register → read the OTP from the SMTP sink → verify → land signed in', async ({ page }) => {
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Erin Example');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password').fill('a long and unusual passphrase');
    await expect(page.getByTestId('password-strength')).toContainText('Password strength');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(`/verify-otp?email=${encodeURIComponent(email)}`);
    await expect(page.getByRole('status')).toContainText('We sent a 6-digit code');
    const [, otp] = await readMail(email, /code is (\d{6})/);
    await page.getByLabel('Verification code').fill(otp!);
    await page.getByRole('button', { name: 'Verify email' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByTestId('role-badge')).toHaveText('Student');
    await expect(page.getByTestId('avatar-initial')).toHaveText('E');
  });

  test('the resend button starts a cooldown', async ({ page }) => {
    await page.goto(`/verify-otp?email=${encodeURIComponent(`cooldown-${Date.now()}@example.com`)}`);
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
    await expect(page.getByRole('status')).toContainText('a new code is on its way');
  });

  test("login with a wrong password shows the server's error in red", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.student);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid email or password');
    await expect(alert).toHaveAttribute('data-tone', 'error');
    await expect(alert).toHaveCSS(
      'color',
      /rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)|oklch\(0\.\d+ 0\.\d+ (2[0-9]|[0-9])\.?\d*\)/,
    );
  });

  test('forgot → reset → login with the new password', async ({ page, request }) => {
    const email = `reset-${Date.now()}@example.com`;
    await request.post('/api/auth/register', { data: { name: 'Reese', email, password: 'first long passphrase' } });
    const [, otp] = await readMail(email, /code is (\d{6})/);
    await request.post('/api/auth/verify-otp', { data: { email, otp } });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('a reset link is on its way');
    const [, link] = await readMail(email, /(\/reset-password\/[\w-]+)/);
    await page.goto(link!);
    await page.getByLabel('New password').fill('second long passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been reset');
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('second long passphrase');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('logout ends the session on the server too', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.instructor);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/dashboard');
    const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
    await page.getByTestId('profile-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('profile: change the name and see it in the navbar', async ({ page }) => {
    const email = `profile-${Date.now()}@example.com`;
    await page.request.post('/api/auth/register', {
      data: { name: 'Pat', email, password: 'profile long passphrase' },
    });
    const [, otp] = await readMail(email, /code is (\d{6})/);
    const verified = await (await page.request.post('/api/auth/verify-otp', { data: { email, otp } })).json();
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      TOKEN_KEY,
      verified.token,
    ] as const);
    await page.goto('/profile');
    await page.getByLabel('Name').fill('Quinn Renamed');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('profile-menu-trigger')).toContainText('Quinn Renamed');
    await expect(page.getByTestId('avatar-initial').first()).toHaveText('Q');
  });
});
