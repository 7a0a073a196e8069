// Temporary (web-blog): scans the blog screens only; deleted before the report.
import { applyTheme, DESKTOP, PHONE, screenFindings, stillMotion, watchPage } from './a11y-checks';
import { DEMO, expect, signInAs, test } from './helpers';

const SCREENS: { path: string; as: string | null }[] = [
  { path: '/blog', as: null },
  { path: '/blog?q=zzzzzz', as: null },
  { path: '/blog/solid-principles-in-practice', as: null },
  { path: '/blog/no-such-post', as: null },
  { path: '/blog?mine=1', as: DEMO.instructor },
  { path: '/blog/solid-principles-in-practice', as: DEMO.instructor },
  { path: '/blog/new', as: DEMO.instructor },
  { path: '/blog/solid-principles-in-practice/edit', as: DEMO.instructor },
];

for (const screen of SCREENS) {
  test(`${screen.path} as ${screen.as ?? 'anonymous'}`, async ({ page }) => {
    test.setTimeout(120_000);
    if (screen.as) await signInAs(page, screen.as);
    await stillMotion(page);
    const watch = watchPage(page, (text) => text.startsWith('Failed to load resource'));
    const findings: string[] = [];
    await page.setViewportSize(DESKTOP);
    await page.goto(screen.path);
    await watch.settle();
    for (const width of [DESKTOP, PHONE]) {
      await page.setViewportSize(width);
      for (const theme of ['light', 'dark'] as const) {
        await applyTheme(page, theme);
        await page.waitForTimeout(200);
        findings.push(...(await screenFindings(page, { phone: width === PHONE, repeat: theme === 'dark' })).map((l) => `${width.width} ${theme}: ${l}`));
      }
    }
    findings.push(...watch.take());
    expect(findings).toEqual([]);
  });
}
