import './styles.css';
import { recordEarlyInput } from './lib/early-input';

// Zod (the forms' schemas, loaded with the screens that need them) probes once whether it may compile code from
// strings; the page's Content-Security-Policy forbids it, and the refused probe is reported as a violation in the
// browser's Issues panel. Set before any of its code runs: validate without compiling, and never ask.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

/** Past this the app loads even if no paint was reported (a browser without paint timing). */
const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * Settles once the browser has shown the page's first text (the first-contentful-paint entry is reported
 * when the frame is on screen), at once for a page in a background tab, which does not paint.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (document.visibilityState === 'hidden' || painted() || typeof PerformanceObserver === 'undefined') {
      resolve();
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, PAINT_WAIT_LIMIT_MS);
  });
}

/**
 * The page's only script tag. A page the server drew (its text already in #root) is shown first and the app
 * (React, the router, the screen: main.tsx) loads after that, so no app code stands between the HTML and the
 * first screen; an empty page (the plain app shell) loads the app at once.
 */
const drawn = document.getElementById('root')?.firstElementChild != null;
// Clicks and forms sent on the drawn page before the app takes it over are kept for it (lib/early-input.ts).
if (drawn) recordEarlyInput();
(drawn ? afterFirstPaint() : Promise.resolve()).then(() => import('./main'));
