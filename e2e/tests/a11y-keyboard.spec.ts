import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, stillMotion, targetSizeFindings, WIDTHS, watchPage } from './a11y-checks';
import { DEMO, expect, signInAs, test } from './helpers';

/**
 * WCAG 2.4.11 Focus Not Obscured and 2.4.7 Focus Visible, walked with the keyboard: each focused
 * element is on screen, has a focus indicator, and no part of it is under the sticky navbar or
 * covered by anything else. Forward with Tab (the page scrolls down), then back with Shift+Tab
 * (the page scrolls up, where a sticky header hides things).
 */
async function focusProblems(page: Page, presses: number, key: 'Tab' | 'Shift+Tab'): Promise<string[]> {
  const problems: string[] = [];
  for (let stop = 1; stop <= presses; stop++) {
    await page.keyboard.press(key);
    const problem = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body || element.id === 'main') return null;
      const label = `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return `${label} has no size`;
      if (rect.bottom <= 0 || rect.top >= window.innerHeight)
        return `${label} is off screen (top ${Math.round(rect.top)})`;
      // No part of it may be under anything: sample a 3×3 grid over its visible part and ask what is on top.
      const header = document.querySelector<HTMLElement>('[data-testid="navbar"]');
      const left = Math.max(rect.left, 0);
      const right = Math.min(rect.right, window.innerWidth);
      const top = Math.max(rect.top, 0);
      const bottom = Math.min(rect.bottom, window.innerHeight);
      let covered = 0;
      let cover: Element | null = null;
      for (const fx of [0.1, 0.5, 0.9]) {
        for (const fy of [0.1, 0.5, 0.9]) {
          const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
          if (hit && !element.contains(hit) && !hit.contains(element)) {
            covered++;
            cover = hit;
          }
        }
      }
      if (cover) {
        const where = header?.contains(cover)
          ? 'under the sticky header'
          : `covered by <${cover.tagName.toLowerCase()}> "${(cover.textContent ?? '').trim().slice(0, 30)}"`;
        return `${label} is ${covered === 9 ? 'fully' : 'partly'} ${where} (top ${Math.round(rect.top)})`;
      }
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      if (!outline && style.boxShadow === 'none') return `${label} shows no focus indicator`;
      return null;
    });
    if (problem) problems.push(`${key} stop ${stop}: ${problem}`);
  }
  return problems;
}

const SCREENS = [
  { path: '/dsa-sheet', email: DEMO.student, ready: 'DSA Sheet' },
  { path: '/subject/dbms/topic/data-models/subtopic/dbms-basics', email: DEMO.student, ready: null },
  { path: '/admin/subjects?subject=dbms&topic=data-models', email: DEMO.admin, ready: 'Manage subjects' },
] as const;

test.describe('focus is never hidden (WCAG 2.4.11, issue 17 defect 2)', () => {
  for (const screen of SCREENS) {
    for (const width of WIDTHS) {
      test(`Tab and Shift+Tab through ${screen.path} at ${width.width} px`, async ({ page }) => {
        test.setTimeout(90_000);
        await signInAs(page, screen.email);
        await stillMotion(page);
        const watch = watchPage(page);
        await page.setViewportSize(width);
        await page.goto(screen.path);
        await watch.settle();
        if (screen.ready) await expect(page.getByRole('heading', { level: 1, name: screen.ready })).toBeVisible();
        const problems = [...(await focusProblems(page, 45, 'Tab')), ...(await focusProblems(page, 30, 'Shift+Tab'))];
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }
  }
});

test.describe('target size (WCAG 2.5.8)', () => {
  for (const screen of SCREENS) {
    test(`every target on ${screen.path} is 24 px or spaced, at both widths`, async ({ page }) => {
      await signInAs(page, screen.email);
      const watch = watchPage(page);
      await page.goto(screen.path);
      await watch.settle();
      const findings: string[] = [];
      for (const width of [DESKTOP, PHONE]) {
        await page.setViewportSize(width);
        findings.push(...(await targetSizeFindings(page)).map((line) => `${width.width} px: ${line}`));
      }
      expect(findings, findings.join('\n')).toEqual([]);
    });
  }

  test('the checker itself flags a crowded small target and passes a spaced one', async ({ page }) => {
    await page.setContent(`
      <button style="width:16px;height:16px;padding:0;margin:0;position:absolute;left:10px;top:10px">a</button>
      <button style="width:16px;height:16px;padding:0;margin:0;position:absolute;left:30px;top:10px">b</button>
      <button style="width:16px;height:16px;padding:0;margin:0;position:absolute;left:200px;top:10px">c</button>
      <p style="position:absolute;top:100px">Read the <a href="#t">terms</a> first.</p>`);
    const findings = await targetSizeFindings(page);
    expect(findings).toEqual(['<button> "a" is 16×16 px', '<button> "b" is 16×16 px']);
  });
});
