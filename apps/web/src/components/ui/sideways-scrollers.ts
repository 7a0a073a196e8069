import { type RefObject, useEffect, useRef } from 'react';

/**
 * Code blocks and wide tables scroll sideways in their own box when they are wider than the screen; only then do
 * they take a Tab stop, so keyboard users can scroll them (WCAG 2.1.1, axe scrollable-region-focusable). Until
 * the browser has measured one it is drawn as if it scrolled: no frame shows a scroller without a Tab stop.
 */

/** A code block (`pre`) or a table's box (`.table-scroll`) as it is before it is measured. */
export const UNMEASURED_SCROLLER = { tabIndex: 0 } as const;
export const UNMEASURED_TABLE_SCROLLER = { tabIndex: 0, role: 'region', 'aria-label': 'Table' } as const;

/** Gives the element its Tab stop (a table's box also its region and name) when it scrolls, and takes them when not. */
function markScroller(element: HTMLElement, scrolls: boolean) {
  if (scrolls) element.tabIndex = 0;
  else element.removeAttribute('tabindex');
  if (element.classList.contains('table-scroll')) {
    if (scrolls) {
      element.setAttribute('role', 'region');
      element.setAttribute('aria-label', 'Table');
    } else {
      element.removeAttribute('role');
      element.removeAttribute('aria-label');
    }
  } else if (scrolls) element.dataset.scrolls = 'true';
  else delete element.dataset.scrolls;
}

/**
 * Marks `scrollers()` (read once, when the effect runs) whenever the browser lays them out. The observer's first
 * report comes with the browser's next layout: reading sizes at once would force a layout of the whole page for
 * every code block of a long lesson, before its first paint. The attributes are set on the elements themselves,
 * so a measure redraws nothing.
 */
export function useMarkedScrollers<T extends HTMLElement>(scrollers: (root: T) => HTMLElement[]): RefObject<T | null> {
  const ref = useRef<T>(null);
  const find = useRef(scrollers);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const elements = find.current(root);
    const measure = () => {
      for (const element of elements) markScroller(element, element.scrollWidth > element.clientWidth + 1);
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    for (const element of elements) observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}
