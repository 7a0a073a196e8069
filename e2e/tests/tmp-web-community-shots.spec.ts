// Temporary (web-community): screenshots of the community screens; deleted before the report.
import type { Page } from '@playwright/test';
import { applyTheme } from './a11y-checks';
import { apiLogin, DEMO, signInAs, test } from './helpers';

const DIR = '/tmp/shots-web-community';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await applyTheme(page, theme);
      await page.waitForTimeout(150);
      if (width > 400) {
        await page.screenshot({ path: `${DIR}/${name}-${width}-${theme}.png`, fullPage: true });
        continue;
      }
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, part = 1; y < height - 700 && part <= 4; y += 1100, part++) {
        await page.screenshot({
          path: `${DIR}/${name}-${width}-${theme}-${part}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(1100, height - y) },
        });
      }
    }
  }
  await applyTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function answeredThreadId(page: Page) {
  const threads = (await (await page.request.get('/api/community/threads?sort=top')).json()).threads as {
    id: string;
    answered: boolean;
    replyCount: number;
  }[];
  return (threads.find((t) => t.answered && t.replyCount > 1) ?? threads[0])!.id;
}

test('community screenshots', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/community');
  await page.getByTestId('thread-row').first().waitFor();
  await shoot(page, 'list-anon');
  const id = await answeredThreadId(page);
  await page.goto(`/community/${id}`);
  await page.getByTestId('thread').waitFor();
  await shoot(page, 'thread-anon');
  await page.goto('/community?q=zzzzqqq');
  await page.getByText('No threads match').waitFor();
  await shoot(page, 'list-empty');
});

test('community screenshots signed in', async ({ page }) => {
  test.setTimeout(300_000);
  const adminToken = await apiLogin(page.request, DEMO.admin);
  const studentToken = await apiLogin(page.request, DEMO.student);
  const id = await answeredThreadId(page);
  await page.request.post(`/api/community/threads/${id}/report`, {
    headers: { authorization: `Bearer ${studentToken}` },
    data: { reason: 'This looks like spam to me, please check it.' },
  });
  void adminToken;
  await signInAs(page, DEMO.admin);
  await page.goto(`/community/${id}`);
  await page.getByTestId('thread').waitFor();
  await shoot(page, 'thread-admin');
  await page.goto('/admin?tab=reports');
  await page.getByTestId('report-card').first().waitFor();
  await shoot(page, 'admin-reports');
  await page.goto('/community');
  await page.getByRole('button', { name: 'New thread' }).click();
  await page.getByRole('dialog').waitFor();
  await page.getByLabel('Title').fill('How do I pick between BFS and DFS?');
  await page.getByRole('textbox', { name: 'Tags (optional)' }).fill('graphs,');
  await page.getByRole('textbox', { name: 'Body' }).fill('Some **markdown** with code:\n\n```python\nprint(1)\n```');
  await shoot(page, 'composer');
  await page.getByRole('button', { name: 'Preview' }).click();
  await shoot(page, 'composer-preview');
  await page.goto('/profile');
  await page.getByRole('switch').waitFor();
  await shoot(page, 'profile');
});
