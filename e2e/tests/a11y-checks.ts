import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { THEME_KEY } from './helpers';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules every screen keeps (docs/decisions.md). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Viewport {
  readonly width: number;
  readonly height: number;
}
export const DESKTOP: Viewport = { width: 1366, height: 900 };
export const PHONE: Viewport = { width: 375, height: 812 };
export const WIDTHS: readonly Viewport[] = [DESKTOP, PHONE];
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Animations and transitions end instantly: a colour caught halfway through a theme change or a
 * hover fade would make the contrast check flaky.
 */
const NO_MOTION_CSS = '*, *::before, *::after { transition: none !important; animation: none !important; }';

export async function stillMotion(page: Page) {
  await page.addInitScript((css) => {
    const add = () => {
      const style = document.createElement('style');
      style.dataset.a11yTest = 'no-motion';
      style.textContent = css;
      document.head.append(style);
    };
    if (document.head) add();
    else document.addEventListener('DOMContentLoaded', add, { once: true });
  }, NO_MOTION_CSS);
}

/** The rules whose outcome a theme can change: the themes differ only in colour (docs/decisions.md). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Serious and critical axe findings as readable lines: rule, then the offending elements.
 * `colourOnly` runs just the colour rules, for a screen already scanned in full in the other theme.
 */
export async function axeFindings(
  page: Page,
  { include, colourOnly = false }: { include?: string; colourOnly?: boolean } = {},
): Promise<string[]> {
  // Legacy mode runs axe in the page itself (the app has no frames): about a third of the time of the
  // default, which finishes each run in a second, blank page.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  builder = colourOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `axe ${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 6)
          .map((node) => node.target.join(' '))
          .join(' | ')}${violation.nodes.length > 6 ? ` and ${violation.nodes.length - 6} more` : ''}`,
    );
}

/**
 * At phone width nothing may be wider than the viewport. Names the elements that stick out: the
 * outermost ones that leave the viewport while their parent does not, skipping content inside
 * its own scroll container (a code block that scrolls sideways is fine).
 */
export async function overflowFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= window.innerWidth) return [];
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const testId = element.getAttribute('data-testid');
      const classes = [...element.classList].slice(0, 4).join('.');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}${classes ? ` .${classes}` : ''}> "${text}"`;
    };
    const clipsSideways = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== 'visible';
    };
    const sticksOut = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && (rect.right > window.innerWidth + 0.5 || rect.left < -0.5);
    };
    const found: string[] = [];
    const walk = (element: Element) => {
      for (const child of element.children) {
        if (sticksOut(child)) {
          found.push(
            `${describe(child)} reaches ${Math.round(child.getBoundingClientRect().right)} px of ${window.innerWidth}`,
          );
          continue;
        }
        if (!clipsSideways(child)) walk(child);
      }
    };
    walk(document.body);
    return [`page is ${root.scrollWidth} px wide at ${window.innerWidth} px`, ...found.slice(0, 5)];
  });
}

/**
 * WCAG 2.5.8 target size: each visible target is at least 24×24 CSS px, or a 24 px circle centred
 * on it touches no other target nor another small target's circle. Links inside running text are
 * exempt (the rule's inline exception), and so are targets of the browser's own making.
 */
export async function targetSizeFindings(page: Page, { within = 'body' }: { within?: string } = {}): Promise<string[]> {
  return page.evaluate((scope) => {
    const container = document.querySelector(scope) ?? document.body;
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=tab], [role=menuitem], [role=switch], [tabindex]:not([tabindex="-1"])';
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) ??
        element.tagName;
      return `<${element.tagName.toLowerCase()}> "${name}"`;
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      const style = getComputedStyle(element);
      return (
        style.visibility !== 'hidden' && style.display !== 'none' && !element.closest('[inert],[aria-hidden=true]')
      );
    };
    /** A link that sits inside a line of text, e.g. "Read our <a>terms</a> first". */
    const inline = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const own = (element.textContent ?? '').trim().length;
      return (block?.textContent ?? '').trim().length > own;
    };
    const targets = [...container.querySelectorAll(selector)].filter(
      (element) =>
        visible(element) &&
        !(element as HTMLButtonElement).disabled &&
        // A target nested in another (a button inside a link) counts as the outer one.
        !element.parentElement?.closest(selector),
    );
    const rects = targets.map((element) => element.getBoundingClientRect());
    const centre = (rect: DOMRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    const distanceToRect = (point: { x: number; y: number }, rect: DOMRect) => {
      const dx = Math.max(rect.left - point.x, 0, point.x - rect.right);
      const dy = Math.max(rect.top - point.y, 0, point.y - rect.bottom);
      return Math.hypot(dx, dy);
    };
    const small = (rect: DOMRect) => rect.width < 23.95 || rect.height < 23.95;
    const findings: string[] = [];
    targets.forEach((element, index) => {
      const rect = rects[index]!;
      if (!small(rect) || inline(element)) return;
      const here = centre(rect);
      const crowded = targets.some((other, otherIndex) => {
        if (otherIndex === index || other.contains(element) || element.contains(other)) return false;
        const otherRect = rects[otherIndex]!;
        // Spacing exception: the 24 px circle may not intersect another target, nor another small target's circle.
        if (distanceToRect(here, otherRect) < 12) return true;
        return small(otherRect) && Math.hypot(here.x - centre(otherRect).x, here.y - centre(otherRect).y) < 24;
      });
      if (crowded) findings.push(`${describe(element)} is ${Math.round(rect.width)}×${Math.round(rect.height)} px`);
    });
    return findings;
  }, within);
}

/**
 * Watches a page for the whole test: console errors and uncaught exceptions (taken by the caller
 * after each check), and requests in flight, so `settle` knows when a screen has loaded.
 */
export function watchPage(page: Page, expected: (text: string, url: string) => boolean = () => false) {
  let errors: string[] = [];
  const inFlight = new Set<unknown>();
  let lastActivity = Date.now();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    if (expected(message.text(), url)) return;
    errors.push(`console error: ${message.text()}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    // A live-event stream stays open for the page's life: it is not loading.
    if (request.resourceType() === 'eventsource') return;
    inFlight.add(request);
    lastActivity = Date.now();
  });
  const done = (request: unknown) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('framenavigated', () => inFlight.clear());
  return {
    take(): string[] {
      const taken = errors;
      errors = [];
      return taken;
    },
    /**
     * Waits until the screen has loaded its code and data: no request for 150 ms, no splash, no
     * loading placeholder, fonts ready. Cheaper than 'networkidle', which always waits 500 ms.
     */
    async settle() {
      const deadline = Date.now() + 15_000;
      for (;;) {
        while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastActivity < 150)) {
          await page.waitForTimeout(50);
        }
        const ready = await page.evaluate(
          () =>
            document.readyState === 'complete' &&
            document.fonts.status === 'loaded' &&
            !document.querySelector('[aria-busy="true"], [data-testid="splash"], .animate-pulse'),
        );
        if (ready || Date.now() >= deadline) return;
        await page.waitForTimeout(50);
      }
    },
  };
}

/** Switches the theme the way a stored choice does, without a reload. */
export async function applyTheme(page: Page, theme: Theme) {
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
      document.documentElement.classList.toggle('dark', value === 'dark');
    },
    [THEME_KEY, theme] as const,
  );
}

/**
 * Every check of one screen as it is now: axe, width at phone size, target size (console errors are
 * taken separately). `repeat` marks the same layout already checked in the other theme.
 */
export async function screenFindings(
  page: Page,
  { phone, include, repeat = false }: { phone: boolean; include?: string; repeat?: boolean },
): Promise<string[]> {
  const findings = await axeFindings(page, { include, colourOnly: repeat });
  if (repeat) return findings;
  if (phone) findings.push(...(await overflowFindings(page)));
  findings.push(...(await targetSizeFindings(page, { within: include })).map((line) => `target ${line}`));
  return findings;
}
