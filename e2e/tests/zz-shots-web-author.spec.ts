import type { Page } from '@playwright/test';
import { apiLogin, DEMO, expect, registerVerifiedUser, signInAs, test, THEME_KEY, useToken } from './helpers';

const OUT = '/tmp/shots-web-author';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const ONLY = process.env.SHOTS_ONLY?.split(',');
const WIDTHS = (process.env.SHOTS_WIDTHS ?? '1280,390').split(',').map(Number);
const THEMES = (process.env.SHOTS_THEMES ?? 'light,dark').split(',');

/** The full page, cut in pieces short enough to read. */
async function shoot(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()!.width;
  const piece = width < 500 ? 1000 : 1400;
  for (let y = 0, part = 1; y < height; y += piece, part++) {
    await page.screenshot({
      path: `${OUT}/${name}-p${part}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(piece, height - y) },
    });
  }
}

test('screenshots of the authoring screens', async ({ page, request }) => {
  test.setTimeout(600_000);
  const token = await apiLogin(request, DEMO.instructor);
  const teaching = (await (await request.get('/api/courses?mine=teaching', { headers: auth(token) })).json())
    .courses as { _id: string; title: string }[];
  const course = (await (await request.get(`/api/courses/${teaching[0]!._id}`, { headers: auth(token) })).json())
    .course;
  const lessons = course.sections.flatMap((s: { lessons: unknown[] }) => s.lessons) as { id: string; kind: string }[];
  const article = lessons.find((l) => l.kind === 'article')!;
  const quiz = lessons.find((l) => l.kind === 'quiz');
  const section = course.sections[0].id as string;
  await signInAs(page, DEMO.instructor);
  const screens: [string, string, ((page: Page) => Promise<void>)?][] = [
    ['panel', `/instructor-panel?learners=${teaching[1]!._id}`],
    ['create', '/courses/create', async (p) => p.getByRole('button', { name: 'Create draft course' }).click()],
    ['details', `/courses/edit/${course._id}?tab=details`],
    ['curriculum', `/courses/edit/${course._id}?tab=curriculum`],
    ['lesson', `/courses/edit/${course._id}?tab=curriculum&lesson=${article.id}`],
    ['quiz', `/courses/edit/${course._id}?tab=curriculum&lesson=${quiz?.id}`],
    [
      'newquiz',
      `/courses/edit/${course._id}?tab=curriculum&lesson=new&section=${section}`,
      async (p) => {
        await p.getByRole('radio', { name: 'Quiz' }).check();
        await p.getByRole('button', { name: 'Add question' }).click();
        await p.getByRole('button', { name: 'Add lesson' }).click();
      },
    ],
    [
      'newvideo',
      `/courses/edit/${course._id}?tab=curriculum&lesson=new&section=${section}`,
      async (p) => {
        await p.getByRole('radio', { name: 'Video' }).check();
        await p.getByRole('button', { name: 'Add lesson' }).click();
      },
    ],
    ['publish', `/courses/edit/${course._id}?tab=publish`],
    ['missing', '/courses/edit/00000000-0000-4000-8000-000000000000'],
  ];
  for (const theme of THEMES) {
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [THEME_KEY, theme] as const);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path, act] of screens) {
        if (ONLY && !ONLY.includes(name)) continue;
        await page.goto(path);
        await expect(
          page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { name: 'Course not found' })),
        ).toBeVisible({ timeout: 15_000 });
        await page.waitForTimeout(500);
        if (act) await act(page);
        await page.waitForTimeout(300);
        await shoot(page, `${name}-${width}-${theme}`);
      }
    }
  }
  if (!ONLY || ONLY.includes('forbidden') || ONLY.includes('empty')) {
    const { token: other } = await registerVerifiedUser(request, 'Olga Other');
    const me = (await (await request.get('/api/auth/me', { headers: auth(other) })).json()).user;
    const admin = await apiLogin(request, DEMO.admin);
    await request.patch(`/api/admin/users/${me.id}/role`, { headers: auth(admin), data: { role: 'Instructor' } });
    const fresh = await page.context().browser()!.newContext();
    const otherPage = await fresh.newPage();
    await useToken(otherPage, other);
    for (const width of WIDTHS) {
      await otherPage.setViewportSize({ width, height: 900 });
      await otherPage.goto(`/courses/edit/${course._id}`);
      await expect(otherPage.getByRole('heading', { name: 'You can only edit your own courses' })).toBeVisible({
        timeout: 15_000,
      });
      await shoot(otherPage, `forbidden-${width}`);
      await otherPage.goto('/instructor-panel');
      await expect(otherPage.getByRole('heading', { name: 'You have no courses yet' })).toBeVisible({
        timeout: 15_000,
      });
      await shoot(otherPage, `empty-${width}`);
    }
    await fresh.close();
  }
});
