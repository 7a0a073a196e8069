import { SIGNED_IN_HINT_COOKIE } from '@learnbuild/domain/constants';
import {
  DEMO,
  E2E_VIDEO_CHANNEL_URL,
  expect,
  logInWithForm,
  POPUP_KEY,
  signInAs,
  storedToken,
  THEME_KEY,
  TOKEN_KEY,
  test,
} from './helpers';

test.describe('route guards', () => {
  for (const path of [
    '/dashboard',
    '/dsa-sheet',
    '/core-subjects',
    '/profile',
    '/courses',
    '/admin',
    '/admin/subjects',
    '/courses/create',
    '/dsa-management',
  ]) {
    test(`anonymous ${path} goes to /login remembering the target`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    });
  }

  test('a Student on admin and instructor screens goes to /dashboard', async ({ page }) => {
    await signInAs(page, DEMO.student);
    for (const path of [
      '/admin',
      '/admin/subjects',
      '/admin/dsa',
      '/dsa-management',
      '/instructor-panel',
      '/courses/create',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/dashboard');
    }
  });

  test('the Instructor Panel leads an Instructor to DSA Management (DESIGN decision 1)', async ({ page }) => {
    await signInAs(page, DEMO.instructor);
    await page.goto('/instructor-panel');
    await expect(page.getByRole('heading', { level: 1, name: 'Instructor Panel' })).toBeVisible();
    await page.getByRole('link', { name: 'Open DSA Management' }).click();
    await expect(page).toHaveURL('/dsa-management');
    await expect(page.getByRole('heading', { level: 1, name: 'DSA Management' })).toBeVisible();
  });

  test('an Instructor may open instructor screens and /dsa-management but not /admin', async ({ page }) => {
    await signInAs(page, DEMO.instructor);
    await page.goto('/instructor-panel');
    await expect(page).toHaveURL('/instructor-panel');
    await page.goto('/dsa-management');
    await expect(page).toHaveURL('/dsa-management');
    await page.goto('/admin');
    await expect(page).toHaveURL('/dashboard');
  });

  test('an Admin may open admin screens', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    for (const path of ['/admin', '/admin/subjects', '/admin/dsa', '/dsa-management']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(path);
    }
  });

  test('redirectTo round-trip: log in and land on the page first asked for', async ({ page }) => {
    await page.goto('/dsa-bookmarks');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdsa-bookmarks/);
    await logInWithForm(page, DEMO.student);
    await expect(page).toHaveURL('/dsa-bookmarks');
  });

  for (const [name, path] of [
    ['DSA Sheet', '/dsa-sheet'],
    ['Courses', '/courses'],
    ['Core Subject', '/core-subjects'],
  ] as const) {
    test(`the ${name} nav link clicked while logged out goes to /login remembering ${path}`, async ({ page }) => {
      await page.goto('/');
      await page.getByTestId('nav-links').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    });
  }

  test('after an explicit logout a protected link still remembers its target', async ({ page }) => {
    await page.goto('/login');
    await logInWithForm(page, DEMO.student);
    await expect(page).toHaveURL('/dashboard');
    await page.getByTestId('profile-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect(await storedToken(page)).toBeNull();
    await page.getByTestId('nav-links').getByRole('link', { name: 'DSA Sheet' }).click();
    await expect(page).toHaveURL('/login?redirectTo=%2Fdsa-sheet');
    await logInWithForm(page, DEMO.student);
    await expect(page).toHaveURL('/dsa-sheet');
    await expect(page.getByRole('heading', { level: 1, name: 'DSA Sheet' })).toBeVisible();
  });

  test('/core-subject shows the Core Subjects screen and /Home the home screen', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/core-subject');
    await expect(page).toHaveURL('/core-subject');
    await expect(page.getByRole('heading', { level: 1, name: 'Core Subjects' })).toBeVisible();
    await expect(page.getByRole('link', { name: /DBMS/ }).first()).toBeVisible();
    await page.goto('/Home');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Become the developer');
  });
});

test.describe('OAuth callback mode', () => {
  test('a path containing auth-success other than /auth-success redirects to /', async ({ page }) => {
    await page.goto('/somewhere/auth-success/else');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Become the developer');
  });

  test('/auth-success alone is served, without the app chrome', async ({ page }) => {
    await page.goto('/auth-success');
    await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    await expect(page.getByTestId('navbar')).toHaveCount(0);
  });

  test('/api/auth/success hands over to /auth-success', async ({ page }) => {
    await page.goto('/api/auth/success?code=not-a-real-code-value');
    await expect(page).toHaveURL(/\/auth-success\?code=not-a-real-code-value/);
    await expect(page.getByText('This sign-in link is invalid or has expired')).toBeVisible();
  });
});

test.describe('splash and session check', () => {
  /** Holds every check of the stored token until the returned function is called. */
  async function holdSessionCheck(page: import('@playwright/test').Page) {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  test('shows the splash while the stored token is checked on a page the server does not draw', async ({ page }) => {
    const token = await signInAs(page, DEMO.admin);
    expect(token).toBeTruthy();
    const release = await holdSessionCheck(page);
    // A page for some roles only is never drawn on the server (it would show what its visitor may not see).
    await page.goto('/admin');
    await expect(page.getByText('Initializing your learning experience...')).toBeVisible();
    release();
    await expect(page.getByTestId('splash')).toHaveCount(0);
    await expect(page.getByTestId('role-badge')).toHaveText('Admin');
  });

  test("a learner's page the server drew stays on screen while the token is checked, without the splash", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAs(page, DEMO.student);
    // The hint cookie the app keeps beside the token: a returning learner's page comes drawn.
    await context.addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: baseURL! }]);
    const release = await holdSessionCheck(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByRole('status', { name: 'Loading your dashboard' })).toBeVisible();
    await expect(page.getByTestId('splash')).toHaveCount(0);
    release();
    await expect(page.getByTestId('role-badge')).toHaveText('Student');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (Morning|Afternoon|Evening), Sam$/);
  });

  for (const [failure, answer] of [
    ['a server error', (route: import('@playwright/test').Route) => route.fulfill({ status: 500, body: '{}' })],
    ['a network failure', (route: import('@playwright/test').Route) => route.abort('connectionrefused')],
  ] as const) {
    test(`the stored token is removed when the check ends in ${failure}`, async ({ page }) => {
      await signInAs(page, DEMO.student);
      let asked = 0;
      await page.route('**/api/auth/me', (route) => {
        asked += 1;
        return answer(route);
      });
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
      // The page is drawn on the server: its heading shows before the app has asked.
      await expect.poll(() => asked).toBe(1);
      await expect(page.getByTestId('navbar').getByRole('link', { name: 'Log in' })).toBeVisible();
      await expect(page.getByTestId('role-badge')).toHaveCount(0);
      await expect.poll(() => storedToken(page)).toBeNull();
    });
  }

  test('a token the server refuses is removed', async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, 'not-a-valid-token'), TOKEN_KEY);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
    const stored = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
    expect(stored).toBeNull();
  });
});

test.describe('first-visit popup', () => {
  test.use({ firstVisit: true });

  test('appears about 1 s after the first visit, fades out, sets the flag and never returns', async ({ page }) => {
    // The page notes when the shell mounted and when the popup came and went; timers never fire
    // early, so the lower bounds are exact whatever the machine's load.
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { popupMarks: Record<string, number> }).popupMarks = marks;
      new MutationObserver(() => {
        const now = performance.now();
        if (!marks.shell && document.querySelector('[data-testid="navbar"]')) marks.shell = now;
        const popup = document.querySelector('[data-testid="subscribe-popup"]');
        if (popup && !marks.shown) marks.shown = now;
        if (!popup && marks.shown && !marks.gone) marks.gone = now;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/about');
    await expect(page.getByTestId('subscribe-popup')).toBeVisible({ timeout: 5000 });
    const marks = () => page.evaluate(() => (window as unknown as { popupMarks: Record<string, number> }).popupMarks);
    const shown = await marks();
    // The second counts from navigation start (performance.now()'s zero), not from the app taking over.
    expect(shown.shown!).toBeGreaterThanOrEqual(990);
    expect(shown.shown! - shown.shell!).toBeLessThan(2500);
    const link = page.getByRole('link', { name: 'Subscribe' });
    await expect(link).toHaveAttribute('href', E2E_VIDEO_CHANNEL_URL);
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Maybe later' }).click();
    await expect(page.getByTestId('subscribe-popup')).toHaveCount(0);
    const gone = await marks();
    expect(gone.gone! - clickedAt).toBeGreaterThanOrEqual(390);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), POPUP_KEY)).not.toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await page.waitForTimeout(2000);
    await expect(page.getByTestId('subscribe-popup')).toHaveCount(0);
    expect((await marks()).shown).toBeUndefined();
  });

  test('Subscribe opens the channel and sets the flag only after the 400 ms fade', async ({ page, context }) => {
    // The page itself notes the click, the flag and the popup just after the app handled the click
    // (a window listener in the bubble phase runs after React's), and the moment the flag is written.
    // Timers never fire early, so "written at least 400 ms after the click" proves the flag stayed
    // unset during the whole fade, however slow the machine.
    await page.addInitScript((key) => {
      const marks: Record<string, number | string | boolean | null> = {};
      (window as unknown as { flagMarks: typeof marks }).flagMarks = marks;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (name: string, value: string) {
        if (name === key && marks.setAt === undefined) marks.setAt = performance.now();
        setItem.call(this, name, value);
      };
      window.addEventListener('click', () => {
        marks.clickAt = performance.now();
        marks.flagAfterClick = window.localStorage.getItem(key);
        marks.popupAfterClick = document.querySelector('[data-testid="subscribe-popup"]') !== null;
      });
    }, POPUP_KEY);
    await context.route(`${E2E_VIDEO_CHANNEL_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Channel</title>' }),
    );
    await page.goto('/about');
    const popup = page.getByTestId('subscribe-popup');
    await expect(popup).toBeVisible({ timeout: 5000 });
    const subscribe = popup.getByRole('link', { name: 'Subscribe' });
    await expect(subscribe).toHaveAttribute('href', E2E_VIDEO_CHANNEL_URL);
    const opened = page.waitForEvent('popup');
    await subscribe.click();
    expect((await opened).url()).toBe(E2E_VIDEO_CHANNEL_URL);
    await expect(popup).toHaveCount(0);
    const marks = await page.evaluate(
      () => (window as unknown as { flagMarks: Record<string, number | string | boolean | null> }).flagMarks,
    );
    expect(marks.flagAfterClick).toBeNull();
    expect(marks.popupAfterClick).toBe(true);
    expect((marks.setAt as number) - (marks.clickAt as number)).toBeGreaterThanOrEqual(395);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), POPUP_KEY)).not.toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await page.waitForTimeout(1800);
    await expect(popup).toHaveCount(0);
  });

  test('the close button also ends it for good', async ({ page }) => {
    await page.goto('/');
    const popup = page.getByTestId('subscribe-popup');
    await expect(popup).toBeVisible({ timeout: 2000 });
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);
    await page.goto('/help');
    await page.waitForTimeout(1800);
    await expect(popup).toHaveCount(0);
  });
});

test.describe('navigation bar', () => {
  const links = (page: import('@playwright/test').Page) => page.getByTestId('nav-links');

  test('anonymous: Home, Blog, Courses, DSA Sheet, Core Subject, Log in, Sign up; no Dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(links(page).getByRole('listitem')).toHaveText([
      'Home',
      'Blog',
      'Courses',
      'DSA Sheet',
      'Core Subject',
    ]);
    const navbar = page.getByTestId('navbar');
    await expect(navbar.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create' })).toHaveCount(0);
    // Core Subject is a plain link (the dropdown is for logged-in users); no avatar, badge or profile menu.
    await expect(links(page).getByRole('link', { name: 'Core Subject' })).toHaveAttribute('href', '/core-subjects');
    await expect(links(page).getByRole('button')).toHaveCount(0);
    await expect(navbar.getByTestId('avatar-initial')).toHaveCount(0);
    await expect(navbar.getByRole('img')).toHaveCount(0);
    await expect(navbar.getByTestId('role-badge')).toHaveCount(0);
    await expect(navbar.getByTestId('profile-menu-trigger')).toHaveCount(0);
  });

  test('Student: Dashboard link, avatar initial, name, Student badge, menu without admin items, no Create', async ({
    page,
  }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/');
    await expect(links(page).getByRole('listitem')).toHaveText([
      'Home',
      'Blog',
      'Courses',
      'DSA Sheet',
      'Core Subject',
      'Dashboard',
    ]);
    await expect(page.getByTestId('avatar-initial')).toHaveText('S');
    await expect(page.getByTestId('role-badge')).toHaveText('Student');
    await expect(page.getByRole('link', { name: 'Create' })).toHaveCount(0);
    await page.getByTestId('profile-menu-trigger').click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Sam Student');
    await expect(menu).toContainText(DEMO.student);
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile Settings', 'Community', 'Code Editor', 'Logout']);
  });

  test('Student: the Core Subject dropdown lists View All and the four subjects with percentages', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/');
    await links(page).getByRole('button', { name: 'Core Subject' }).click();
    const items = page.getByRole('menuitem');
    await expect(items.first()).toHaveText('View All');
    await expect(items).toHaveCount(5);
    for (const name of ['DBMS', 'Operating Systems', 'Computer Networks', 'OOP'])
      await expect(page.getByRole('menuitem', { name: new RegExp(name) })).toContainText('%');
    await items.first().click();
    await expect(page).toHaveURL('/core-subjects');
    await links(page).getByRole('button', { name: 'Core Subject' }).click();
    await page.getByRole('menuitem', { name: /Operating Systems/ }).click();
    await expect(page).toHaveURL('/subject/os');
    await expect(page.getByRole('heading', { level: 1, name: 'Operating Systems' })).toBeVisible();
  });

  test('Instructor: Create button and Instructor Panel in the menu', async ({ page }) => {
    await signInAs(page, DEMO.instructor);
    await page.goto('/');
    await expect(links(page).getByRole('listitem')).toHaveText([
      'Home',
      'Blog',
      'Courses',
      'DSA Sheet',
      'Core Subject',
      'Dashboard',
    ]);
    await expect(page.getByTestId('avatar-initial')).toHaveText('I');
    await expect(page.getByTestId('profile-menu-trigger')).toContainText('Ian Instructor');
    await expect(page.getByTestId('role-badge')).toHaveText('Instructor');
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL('/courses/create');
    await page.getByTestId('profile-menu-trigger').click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Profile Settings',
      'Community',
      'Code Editor',
      'Instructor Panel',
      'Logout',
    ]);
  });

  test('Admin: Create button, Admin Panel and DSA Management in the menu; Logout goes to /login', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await page.goto('/');
    await expect(links(page).getByRole('listitem')).toHaveText([
      'Home',
      'Blog',
      'Courses',
      'DSA Sheet',
      'Core Subject',
      'Dashboard',
    ]);
    await expect(page.getByTestId('avatar-initial')).toHaveText('A');
    await expect(page.getByTestId('profile-menu-trigger')).toContainText('Ada Admin');
    await expect(page.getByTestId('role-badge')).toHaveText('Admin');
    await expect(page.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/courses/create');
    await page.getByTestId('profile-menu-trigger').click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Profile Settings',
      'Community',
      'Code Editor',
      'Admin Panel',
      'DSA Management',
      'Logout',
    ]);
    await page.getByRole('menuitem', { name: 'DSA Management' }).click();
    await expect(page).toHaveURL('/dsa-management');
    await page.getByTestId('profile-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('logout still clears local state and goes to /login when the server call fails', async ({ page }) => {
    await signInAs(page, DEMO.student);
    await page.goto('/');
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({ status: 500, body: '{"success":false,"error":"down"}' }),
    );
    await page.getByTestId('profile-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('mobile: a collapsible menu holds the same items', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, DEMO.admin);
    await page.goto('/');
    await expect(page.getByTestId('nav-links')).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeVisible();
    for (const name of [
      'Home',
      'Blog',
      'Courses',
      'DSA Sheet',
      'Dashboard',
      'Create',
      'Profile Settings',
      'Community',
      'Code Editor',
      'Admin Panel',
      'DSA Management',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Core Subject' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await menu.getByRole('link', { name: 'Profile Settings' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByTestId('mobile-menu')).toHaveCount(0);
  });

  test('mobile, anonymous: the menu holds the links, Log in and Sign up; Core Subject is a plain link', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const navbar = page.getByTestId('navbar');
    await expect(navbar.getByRole('link', { name: 'Log in' })).toBeHidden();
    await expect(navbar.getByRole('link', { name: 'Sign up' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Blog',
      'Courses',
      'DSA Sheet',
      'Core Subject',
      'Log in',
      'Sign up',
    ]);
    await expect(menu.getByRole('link', { name: 'Core Subject' })).toHaveAttribute('href', '/core-subjects');
    await expect(menu.getByRole('button')).toHaveCount(0);
    await expect(navbar.getByTestId('avatar-initial')).toHaveCount(0);
    await expect(navbar.getByTestId('role-badge')).toHaveCount(0);
    await menu.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/register');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('mobile-menu').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('mobile, Student: the same items, the Core Subject entries with percentages, and Logout to /login', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, DEMO.student);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toContainText('Sam Student');
    await expect(menu).toContainText(DEMO.student);
    await expect(menu).toContainText('Student');
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Blog',
      'Courses',
      'DSA Sheet',
      'Dashboard',
      'Profile Settings',
      'Community',
      'Code Editor',
    ]);
    await expect(menu.getByRole('link', { name: 'Create' })).toHaveCount(0);
    const coreSubject = menu.getByRole('button', { name: 'Core Subject' });
    await expect(coreSubject).toHaveAttribute('aria-expanded', 'false');
    await coreSubject.click();
    await expect(coreSubject).toHaveAttribute('aria-expanded', 'true');
    const subjects = menu.getByRole('list', { name: 'Core subjects' }).getByRole('link');
    await expect(subjects).toHaveCount(5);
    await expect(subjects.first()).toHaveText('View All');
    await expect(subjects.first()).toHaveAttribute('href', '/core-subjects');
    for (const [name, id] of [
      ['DBMS', 'dbms'],
      ['Operating Systems', 'os'],
      ['Computer Networks', 'cn'],
      ['OOP', 'oop'],
    ] as const) {
      const entry = subjects.filter({ hasText: name });
      await expect(entry).toHaveText(new RegExp(`^${name}\\d{1,3}%$`));
      await expect(entry).toHaveAttribute('href', `/subject/${id}`);
    }
    await subjects.filter({ hasText: 'Computer Networks' }).click();
    await expect(page).toHaveURL('/subject/cn');
    await expect(page.getByTestId('mobile-menu')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('mobile-menu').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect(await storedToken(page)).toBeNull();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});

test.describe('footer', () => {
  const COLUMNS = {
    Courses: [
      ['All Courses', '/courses'],
      ['DSA Sheet', '/dsa-sheet'],
      ['Core Subjects', '/core-subjects'],
      ['Code Editor', '/code-editor'],
    ],
    Company: [
      ['About Us', '/about'],
      ['Contact', '/contact'],
      ['Careers', '/careers'],
      ['Blog', '/blog'],
    ],
    Support: [
      ['Help Center', '/help'],
      ['Community', '/community'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ],
  } as const;

  test('has the Courses, Company and Support columns with their exact links, and social links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByTestId('footer');
    for (const [column, entries] of Object.entries(COLUMNS)) {
      const nav = footer.getByRole('navigation', { name: column });
      await expect(nav.getByRole('heading')).toHaveText(column);
      await expect(nav.getByRole('link')).toHaveText(entries.map(([name]) => name));
      for (const [index, [, path]] of entries.entries())
        await expect(nav.getByRole('link').nth(index)).toHaveAttribute('href', path);
    }
    const social = footer.getByRole('list', { name: 'Social links' }).getByRole('link');
    await expect(social).toHaveCount(4);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
  });

  test('one link of each column leads to its page', async ({ page }) => {
    await page.goto('/');
    for (const [column, name, path, heading] of [
      ['Courses', 'Code Editor', '/code-editor', 'Code editor'],
      ['Company', 'Blog', '/blog', 'Blog'],
      ['Support', 'Community', '/community', 'Community'],
      ['Company', 'About Us', '/about', 'About Us'],
      ['Support', 'Terms of Service', '/terms', 'Terms of Service'],
    ] as const) {
      await page.getByTestId('footer').getByRole('navigation', { name: column }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('a Courses link clicked while logged out goes to /login remembering the target', async ({ page }) => {
    await page.goto('/about');
    await page
      .getByTestId('footer')
      .getByRole('navigation', { name: 'Courses' })
      .getByRole('link', { name: 'All Courses' })
      .click();
    await expect(page).toHaveURL('/login?redirectTo=%2Fcourses');
  });
});

test.describe('deep links and public pages', () => {
  for (const path of [
    '/about',
    '/help',
    '/blog/database-indexing-explained',
    '/courses/123',
    '/reset-password/abcdefghijkl',
    '/no-such-page',
  ]) {
    test(`the server serves the app for ${path}`, async ({ request }) => {
      const reply = await request.get(path);
      expect(reply.status()).toBe(200);
      expect(reply.headers()['content-type']).toContain('text/html');
      expect(await reply.text()).toContain('<div id="root">');
    });
  }

  test('an unknown page shows a real not-found screen', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('help search filters the questions and keeps the query in the URL', async ({ page }) => {
    await page.goto('/help');
    await expect(page.locator('details').first()).toBeVisible();
    const all = await page.locator('details').count();
    expect(all).toBeGreaterThan(20);
    await page.getByLabel('Search the help center').fill('streak');
    await expect(page).toHaveURL(/\?q=streak/);
    // The address changes at once; the router draws the filtered list in a transition just after it.
    await expect.poll(() => page.locator('details').count()).toBeLessThan(all);
    expect(await page.locator('details').count()).toBeGreaterThan(0);
    await page.getByLabel('Search the help center').fill('zzzz-nothing');
    await expect(page.getByText('No answers match your search')).toBeVisible();
  });

  test('the contact form validates, sends and confirms', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    await page.getByLabel('Name').fill('Rin');
    await page.getByLabel('Email').fill('rin@example.com');
    await page.getByLabel('Subject').fill('Feature idea');
    await page.getByLabel('Message').fill('Could the DSA sheet show a weekly goal?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks! Your message has been sent.' })).toBeVisible();
  });

  test('the theme follows the OS while no choice is stored, and a stored choice wins', async ({ page }) => {
    const html = page.locator('html');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), THEME_KEY)).toBeNull();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
  });

  test('the theme toggle switches to dark and is remembered', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    const startsDark = (await html.getAttribute('class'))?.includes('dark') ?? false;
    await page.getByRole('button', { name: startsDark ? 'Switch to light theme' : 'Switch to dark theme' }).click();
    await page.reload();
    if (startsDark) await expect(html).not.toHaveClass(/dark/);
    else await expect(html).toHaveClass(/dark/);
  });
});
