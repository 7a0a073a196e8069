import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, test } from './helpers';

const COURSE = 'dsa-patterns-for-interviews';
const POST = 'solid-principles-in-practice';

/** A public page and the text it must show before any JavaScript runs. */
interface DrawnPage {
  path: string;
  texts: string[];
}

/** The first paragraph of a post's Markdown as readers see it (links and emphasis as plain text). */
function firstParagraph(markdown: string): string {
  const paragraph = markdown.split(/\n\s*\n/).find((block) => /^[A-Za-z]/.test(block.trim())) ?? '';
  return paragraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The five pages of the first-paint goal, with text read from the API (titles, first section, first paragraph). */
async function drawnPages(request: APIRequestContext): Promise<DrawnPage[]> {
  const course = (await (await request.get(`/api/courses/${COURSE}`)).json()).course;
  const post = (await (await request.get(`/api/blog/${POST}`)).json()).post;
  const list = (await (await request.get('/api/blog')).json()).posts as Array<{ title: string }>;
  return [
    { path: '/', texts: ['Become the developer', 'Everything you need to get interview-ready'] },
    { path: '/login', texts: ['Email', 'Password', 'Log in to continue learning.'] },
    { path: `/courses/${COURSE}`, texts: [course.title, course.sections[0].title, 'Enroll now'] },
    { path: '/blog', texts: [list[0]!.title] },
    { path: `/blog/${POST}`, texts: [post.title, firstParagraph(post.body).slice(0, 120)] },
  ];
}

/** Console errors and warnings, and uncaught page errors (React reports a failed hydration as one). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages arrive with their text in the HTML', async ({ page, request }) => {
    for (const drawn of await drawnPages(request)) {
      const reply = await page.goto(drawn.path);
      expect(reply?.status(), drawn.path).toBe(200);
      for (const text of drawn.texts) await expect(page.locator('#root'), drawn.path).toContainText(text);
    }
    // The login form is a real form: its fields are labelled in the markup itself.
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  // A reader far from the server's UTC: dates read in their zone only once the page has hydrated.
  test.use({ timezoneId: 'America/Los_Angeles' });

  // The page's first heading, as the HTML parser made it, before any script ran: hydration keeps
  // that very element; a page drawn again in the browser would replace it.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { drawnHeading: Element | null }).drawnHeading = document.querySelector('#main h1');
        }
      });
    });
  });

  const keptHeading = (page: Page) =>
    page.evaluate(() => {
      const drawn = (window as unknown as { drawnHeading: Element | null }).drawnHeading;
      return drawn?.isConnected === true && drawn === document.querySelector('#main h1');
    });

  test('the pages hydrate without a warning and keep the server markup', async ({ page, request }) => {
    const problems = collectProblems(page);
    for (const drawn of await drawnPages(request)) {
      await page.goto(drawn.path);
      await page.waitForLoadState('networkidle');
      for (const text of drawn.texts) await expect(page.locator('#root'), drawn.path).toContainText(text);
      expect(await keptHeading(page), `${drawn.path} keeps its server-drawn heading`).toBe(true);
    }
    // The other public pages drawn on the server hydrate just as quietly.
    for (const path of ['/community', '/register', '/about']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await keptHeading(page), `${path} keeps its server-drawn heading`).toBe(true);
    }
    expect(problems).toEqual([]);
  });

  test('a drawn page still works: log in from /login, enroll from a course', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto(`/courses/${COURSE}`);
    // The button is in the HTML from the start; it acts once the app has hydrated (its code has loaded).
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Enroll now' }).click();
    // A visitor is sent to log in first, and comes back to the course to enroll.
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByLabel('Email').fill(DEMO.student);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${COURSE}`));
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a signed-in visitor gets the signed-in header over a drawn page', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.student);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/blog');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
