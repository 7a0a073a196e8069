// Temporary (web-community): scans the community screens only; deleted before the report.
import type { Page } from '@playwright/test';
import { applyTheme, DESKTOP, PHONE, screenFindings, stillMotion, watchPage } from './a11y-checks';
import { apiLogin, DEMO, expect, signInAs, test } from './helpers';

async function threadId(page: Page) {
  const threads = (await (await page.request.get('/api/community/threads?sort=top')).json()).threads as {
    id: string;
    answered: boolean;
    replyCount: number;
  }[];
  return (threads.find((t) => t.answered && t.replyCount > 1) ?? threads[0])!.id;
}

const SCREENS: { path: string; as: string | null; open?: (page: Page) => Promise<void> }[] = [
  { path: '/community', as: null },
  { path: '/community?sort=unanswered&category=dsa-help', as: null },
  { path: '/community?q=zzzzzz', as: null },
  { path: 'THREAD', as: null },
  { path: 'THREAD', as: DEMO.student },
  { path: 'THREAD', as: DEMO.admin },
  { path: '/community/00000000-0000-4000-8000-000000000000', as: null },
  {
    path: '/community',
    as: DEMO.student,
    open: async (page) => {
      await page.getByRole('button', { name: 'New thread' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { path: '/admin?tab=reports', as: DEMO.admin },
  { path: '/admin?tab=audit', as: DEMO.admin },
  { path: '/profile', as: DEMO.student },
];

for (const [index, screen] of SCREENS.entries()) {
  test(`${index} ${screen.path} as ${screen.as ?? 'anonymous'}`, async ({ page }) => {
    test.setTimeout(120_000);
    if (index === 8) {
      const token = await apiLogin(page.request, DEMO.student);
      await page.request.post(`/api/community/threads/${await threadId(page)}/report`, {
        headers: { authorization: `Bearer ${token}` },
        data: { reason: 'Checking the queue for accessibility.' },
      });
    }
    if (screen.as) await signInAs(page, screen.as);
    await stillMotion(page);
    const watch = watchPage(page, (text) => text.startsWith('Failed to load resource'));
    const findings: string[] = [];
    await page.setViewportSize(DESKTOP);
    const path = screen.path === 'THREAD' ? `/community/${await threadId(page)}` : screen.path;
    await page.goto(path);
    await watch.settle();
    if (screen.open) await screen.open(page);
    for (const width of [DESKTOP, PHONE]) {
      await page.setViewportSize(width);
      for (const theme of ['light', 'dark'] as const) {
        await applyTheme(page, theme);
        await page.waitForTimeout(200);
        findings.push(
          ...(await screenFindings(page, { phone: width === PHONE, repeat: theme === 'dark' })).map(
            (l) => `${width.width} ${theme}: ${l}`,
          ),
        );
      }
    }
    findings.push(...watch.take());
    expect(findings).toEqual([]);
  });
}
