import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer, DEMO, expect, POPUP_KEY, readMail, signInAs, storedToken, TOKEN_KEY, test, useToken } from './helpers';

/** A 1×1 PNG, small enough to sit in the test. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** SPEC 8's two colours, read from the computed style (Tailwind gives oklch, older engines rgb). */
async function colourOf(locator: Locator): Promise<'red' | 'green' | string> {
  const colour = await locator.evaluate((element) => getComputedStyle(element).color);
  const oklch = /^oklch\([\d.]+ [\d.]+ ([\d.]+)/.exec(colour);
  if (oklch) {
    const hue = Number(oklch[1]);
    if (hue < 40 || hue > 340) return 'red';
    if (hue > 120 && hue < 180) return 'green';
    return colour;
  }
  const rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(colour);
  if (rgb) {
    const [red, green] = [Number(rgb[1]), Number(rgb[2])];
    if (red > green + 60) return 'red';
    if (green > red + 40) return 'green';
  }
  return colour;
}

/** Records the calls a page makes to one API path, to prove a form stopped before sending. */
function recordCalls(page: Page, pathname: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) calls.push(request.method());
  });
  return calls;
}

async function passwordLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const reply = await request.post('/api/auth/login', { data: { email, password } });
  expect(reply.status()).toBe(200);
  return (await reply.json()).token as string;
}

async function registerUnverified(request: APIRequestContext, body: Record<string, unknown>) {
  const reply = await request.post('/api/auth/register', { data: body });
  expect(reply.status()).toBe(201);
}

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
    // The login form stays until the next screen has loaded: type into the new one.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
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
    // The page leaves at once and tells the server afterwards (session.tsx): the check waits for that call.
    const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect((await loggedOut).ok()).toBeTruthy();
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

test.describe('account forms', () => {
  test('register shows the shared schema’s field errors before any request', async ({ page }) => {
    const calls = recordCalls(page, '/api/auth/register');
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Name is required');

    await page.getByLabel('Full name').fill('Val Idation');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password').fill('seven77');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Enter a valid email address');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Full name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/register');
    expect(calls).toEqual([]);
  });

  for (const [path, label] of [
    ['/register', 'Password'],
    ['/reset-password/a-reset-token-from-a-mail', 'New password'],
  ] as const) {
    test(`the strength meter on ${path.split('/')[1]} grows with the password`, async ({ page }) => {
      await page.goto(path);
      const meter = page.getByTestId('password-strength');
      await expect(meter).toHaveCount(0);
      await page.getByLabel(label, { exact: true }).fill('password');
      await expect(meter).toContainText('Password strength: Very weak');
      await page.getByLabel(label, { exact: true }).fill('kettle7hop');
      await expect(meter).toContainText('Password strength: Fair');
      await page.getByLabel(label, { exact: true }).fill('kettle7hopWALRUS');
      await expect(meter).toContainText('Password strength: Very strong');
    });
  }

  test("messages containing 'error' are red and others green (forgot password)", async ({ page }) => {
    await page.goto('/forgot-password');
    const email = page.getByLabel('Email');
    const send = page.getByRole('button', { name: 'Send reset link' });
    await email.fill(`tone-${Date.now()}@example.com`);
    await send.click();
    const sent = page.getByRole('status');
    await expect(sent).toHaveText(
      'If an account exists for that email, a reset link is on its way. It is valid for 1 hour.',
    );
    await expect(sent).toHaveAttribute('data-tone', 'success');
    expect(await colourOf(sent)).toBe('green');

    // The same address again within 60 s: the server refuses, and a refusal is red.
    await send.click();
    const refused = page.getByRole('alert');
    await expect(refused).toHaveText('Please wait a minute before asking for another reset email');
    expect(await colourOf(refused)).toBe('red');

    // A reply that succeeded but whose message speaks of an error is red by SPEC 8's rule.
    await page.route('**/api/auth/forgot-password', (route) =>
      route.fulfill({ json: { success: true, message: 'Mail server error: your link will come a little later' } }),
    );
    await email.fill(`tone-other-${Date.now()}@example.com`);
    await send.click();
    const odd = page.getByRole('alert');
    await expect(odd).toHaveText('Mail server error: your link will come a little later');
    await expect(odd).toHaveAttribute('data-tone', 'error');
    expect(await colourOf(odd)).toBe('red');
  });
});

test.describe('/role-update', () => {
  test('logged out, it asks to log in again', async ({ page }) => {
    await page.goto('/role-update');
    await expect(page.getByRole('heading', { name: 'Your role has changed' })).toBeVisible();
    await page.getByRole('link', { name: 'Log in', exact: true }).last().click();
    await expect(page).toHaveURL('/login');
  });

  test('signed in, it names the role the server holds', async ({ page }) => {
    await signInAs(page, DEMO.instructor);
    await page.goto('/role-update');
    await expect(page.getByRole('heading', { name: 'You are now an Instructor' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
  });
});

/**
 * One account from sign-up to deletion. The steps share the account (registrations are limited
 * to 10 per hour per address, and every spec's server sees the same address), so they run in order.
 */
test.describe
  .serial('one account from sign-up to deletion', () => {
    const account = {
      name: 'Ada Lifecycle',
      email: `lifecycle-${Date.now()}@example.com`,
      password: 'lifecycle long passphrase',
      token: '',
    };

    test('an unverified account is refused at login and offered the code screen', async ({ page }) => {
      await registerUnverified(page.request, {
        name: account.name,
        email: account.email,
        password: account.password,
        wantsToBeInstructor: true,
      });
      await page.goto('/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(
        'Please verify your email before logging in. Enter the code we sent you, or ask for a new one.',
      );
      expect(await colourOf(alert)).toBe('red');
      await page.getByRole('link', { name: 'Enter your verification code' }).click();
      await expect(page).toHaveURL(`/verify-otp?email=${encodeURIComponent(account.email)}`);
      await expect(page.getByLabel('Email')).toHaveValue(account.email);
      expect(await storedToken(page)).toBeNull();
    });

    test('the /verify-email link from the mail signs in, once', async ({ page, browser, baseURL }) => {
      const [, link] = await readMail(account.email, /(\/verify-email\/[\w-]+)/);
      await page.goto(link!);
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByTestId('profile-menu-trigger')).toContainText(account.name);
      account.token = (await storedToken(page)) ?? '';
      const me = await page.request.get('/api/auth/me', { headers: bearer(account.token) });
      expect((await me.json()).user).toMatchObject({ email: account.email, emailVerified: true });

      const other = await browser.newContext({ baseURL });
      await other.addInitScript((key) => window.localStorage.setItem(key, 'seen'), POPUP_KEY);
      const again = await other.newPage();
      await again.goto(link!);
      await expect(again.getByRole('alert')).toHaveText('This verification link is invalid or has expired');
      await expect(again.getByRole('link', { name: 'Enter a code instead' })).toBeVisible();
      expect(await storedToken(again)).toBeNull();
      await other.close();
    });

    test('/role-update shows the pending application, and a new role read afresh from the server', async ({ page }) => {
      await useToken(page, account.token);
      await page.goto('/role-update');
      await expect(page.getByRole('heading', { name: 'Application under review' })).toBeVisible();
      await expect(page.getByText('review usually takes 24 to 48 hours')).toBeVisible();

      // An admin approves the application behind the app's back; the screen asks the server again.
      await page.goto('/dashboard');
      await expect(page.getByTestId('role-badge')).toHaveText('Student');
      await page.route('**/api/auth/me', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({ response, json: { ...body, user: { ...body.user, role: 'Instructor' } } });
      });
      await page.evaluate(() => {
        window.history.pushState({}, '', '/role-update');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page.getByRole('heading', { name: 'You are now an Instructor' })).toBeVisible();
    });

    test('profile: a blank name is refused on the page by the shared schema', async ({ page }) => {
      const calls = recordCalls(page, '/api/auth/profile');
      await useToken(page, account.token);
      await page.goto('/profile');
      await page.getByLabel('Name', { exact: true }).fill('   ');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name is required');
      expect(calls).toEqual([]);
      await expect(page.getByTestId('profile-menu-trigger')).toContainText(account.name);
    });

    test('avatar upload: the navbar shows the picture; a text file named .png is refused', async ({ page }) => {
      const uploads = recordCalls(page, '/api/auth/avatar');
      await useToken(page, account.token);
      await page.goto('/profile');
      const navbar = page.getByTestId('profile-menu-trigger');
      await expect(navbar.getByTestId('avatar-initial')).toHaveText('A');
      const picker = page.getByLabel('Upload profile picture');

      await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_BYTES });
      await expect(page.getByRole('status').filter({ hasText: 'Profile picture updated' })).toBeVisible();
      const picture = navbar.locator('img');
      await expect(picture).toHaveAttribute('src', /^\/media\/avatars\/[\w-]+\.png$/);
      await expect(picture).toBeVisible();
      await expect(navbar.getByTestId('avatar-initial')).toHaveCount(0);
      const src = (await picture.getAttribute('src'))!;
      expect(Buffer.from(await (await page.request.get(src)).body())).toEqual(PNG_BYTES);

      await picker.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text notes') });
      await expect(page.getByRole('alert').filter({ hasText: 'PNG, JPEG' })).toHaveText(
        'The picture must be a PNG, JPEG, GIF or WebP image',
      );
      await expect(picture).toHaveAttribute('src', src);

      // Over 2 MB is refused on the page, before any upload.
      const sent = uploads.length;
      await picker.setInputFiles({
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]),
      });
      await expect(page.getByRole('alert').filter({ hasText: '2 MB' })).toHaveText('The picture must be at most 2 MB');
      expect(uploads.length).toBe(sent);
    });

    test('sign out of all devices ends the session of another browser too', async ({ page, browser, baseURL }) => {
      const other = await browser.newContext({ baseURL });
      const otherToken = await passwordLogin(other.request, account.email, account.password);
      expect((await other.request.get('/api/auth/me', { headers: bearer(otherToken) })).status()).toBe(200);

      await useToken(page, account.token);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Sign out of all devices' }).click();
      await expect(page).toHaveURL('/login');
      expect(await storedToken(page)).toBeNull();
      expect((await other.request.get('/api/auth/me', { headers: bearer(otherToken) })).status()).toBe(401);
      expect((await page.request.get('/api/auth/me', { headers: bearer(account.token) })).status()).toBe(401);
      await other.close();
    });

    test('delete account asks for the password; afterwards logging in fails', async ({ page }) => {
      const token = await passwordLogin(page.request, account.email, account.password);
      await useToken(page, token);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      const password = dialog.getByLabel('Current password');
      await expect(password).toHaveAttribute('type', 'password');

      await dialog.getByRole('button', { name: 'Delete forever' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Enter your current password to delete your account');
      await password.fill('not my password at all');
      await dialog.getByRole('button', { name: 'Delete forever' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Enter your current password to delete your account');
      expect((await page.request.get('/api/auth/me', { headers: bearer(token) })).status()).toBe(200);

      await password.fill(account.password);
      await dialog.getByRole('button', { name: 'Delete forever' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByTestId('profile-menu-trigger')).toHaveCount(0);
      expect(await storedToken(page)).toBeNull();
      const login = await page.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
      });
      expect(login.status()).toBe(401);
      expect(await login.json()).toEqual({ success: false, error: 'Invalid email or password' });
    });
  });
