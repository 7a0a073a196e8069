// Temporary (web-community): layout debugging; deleted before the report.
import { test } from './helpers';

test('wide elements at 390', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/community');
  await page.getByTestId('thread-row').first().waitFor();
  const wide = await page.evaluate(() => {
    const out: string[] = [`doc ${document.documentElement.scrollWidth}`];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > 392) out.push(`${el.tagName}.${String(el.className).slice(0, 80)} right=${Math.round(r.right)} w=${Math.round(r.width)}`);
    }
    return out.slice(0, 30);
  });
  console.log(wide.join('\n'));
});
