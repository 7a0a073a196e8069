import {
  applyTheme,
  DESKTOP,
  PHONE,
  screenFindings,
  stillMotion,
  THEMES,
  type Theme,
  type Viewport,
  watchPage,
} from './a11y-checks';
import { type MatrixRole, matrixRoutes, routeParameters, routesFor } from './a11y-routes';
import { expect, signInAs, test } from './helpers';

/**
 * The accessibility net of issue 17 (a11y.spec.ts and a11y-roles.spec.ts, two roles each so the browser tests'
 * shards can run them side by side): every route of the route table (a new screen is scanned the day
 * it is added), for every role the guard lets in, at 1366×900 and 375×812, light and dark. Each
 * screen is loaded once per role; widths and themes change in place, so each combination costs one
 * axe run and not a page load. A path that shows the same screen as an earlier one ('/Home', the
 * second DSA management path) is opened and checked once.
 */
export function routeMatrix(roles: readonly MatrixRole[]) {
  test.describe('route matrix', () => {
    test.use({ viewport: DESKTOP });

    for (const role of roles) {
      test(`every route as ${role.name}: axe WCAG 2.2 AA, 375 px width, target size, console`, async ({
        page,
        request,
      }, testInfo) => {
        test.setTimeout(600_000);
        const routes = routesFor(role, matrixRoutes(await routeParameters(request)));
        if (role.email) await signInAs(page, role.email);
        await stillMotion(page);
        // Stand-in ids (tokens, unseeded courses) may be refused by the API; that refusal is the screen's subject.
        const watch = watchPage(
          page,
          (text, url) => text.startsWith('Failed to load resource') && /a11y-matrix-/.test(url),
        );
        const findings: string[] = [];
        let width: Viewport = DESKTOP;
        let theme: Theme = 'light';
        let scans = 0;

        let aliases = 0;
        for (const route of routes) {
          await page.goto(route.path);
          await watch.settle();
          const where = `${route.path} as ${role.name}`;
          findings.push(...watch.take().map((line) => `${where}: ${line}`));
          if (route.aliasOf) {
            // The same screen as an earlier path: it must open and pass, once, but not at every width and theme again.
            const lines = await screenFindings(page, { phone: width === PHONE });
            aliases++;
            findings.push(...lines.map((line) => `${where} at ${width.width} px, ${theme}: ${line}`));
            findings.push(...watch.take().map((line) => `${where}: ${line}`));
            continue;
          }
          // Both widths, both themes; the order snakes so each step changes one thing.
          for (const nextWidth of width === DESKTOP ? [DESKTOP, PHONE] : [PHONE, DESKTOP]) {
            if (nextWidth !== width) {
              width = nextWidth;
              await page.setViewportSize(width);
            }
            const themes: readonly Theme[] = theme === 'light' ? THEMES : [...THEMES].reverse();
            for (const [index, nextTheme] of themes.entries()) {
              if (nextTheme !== theme) {
                theme = nextTheme;
                await applyTheme(page, theme);
              }
              const lines = await screenFindings(page, { phone: width === PHONE, repeat: index > 0 });
              scans++;
              findings.push(...lines.map((line) => `${where} at ${width.width} px, ${theme}: ${line}`));
            }
          }
          findings.push(...watch.take().map((line) => `${where}: ${line}`));
        }
        const size = `${role.name}: ${routes.length - aliases} screens × 2 widths × 2 themes = ${scans} checks, plus ${aliases} alias paths checked once`;
        testInfo.annotations.push({ type: 'matrix', description: size });
        console.log(`route matrix ${size}`);
        expect(findings, findings.join('\n')).toEqual([]);
      });
    }
  });
}
