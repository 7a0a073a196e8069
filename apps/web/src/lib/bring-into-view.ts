/** How much of a panel must show for a run's result to count as seen: its status line and a little more. */
const ENOUGH_PX = 120;

/**
 * On a phone a run's output sits below the editor, off the screen: brings `panel` into view when less of it
 * shows than its first lines need, without moving the keyboard focus (and without animating for someone who
 * asked for reduced motion).
 */
export function bringIntoView(panel: HTMLElement | null): void {
  if (!panel) return;
  const { top, bottom } = panel.getBoundingClientRect();
  const visible = Math.min(bottom, window.innerHeight) - Math.max(top, 0);
  if (visible >= Math.min(ENOUGH_PX, bottom - top)) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  panel.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
}
