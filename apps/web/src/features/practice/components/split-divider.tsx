import { type KeyboardEvent, type PointerEvent, type RefObject, useRef } from 'react';

const STEP = 2;
const PAGE_STEP = 10;

/**
 * The draggable line between the statement and the editor: a focusable separator (WAI-ARIA's window splitter)
 * whose value is the statement's share of the width in percent. Arrow keys move it by 2, Page Up/Down by 10,
 * Home and End to either end; a pointer drags it. It is 24 px wide around its 1 px line: a target that size
 * needs no spacing from the panels beside it (WCAG 2.5.8).
 */
export function SplitDivider({
  value,
  min,
  max,
  onChange,
  container,
  controls,
  className,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** The element the two sides share, whose width the value is a share of. */
  container: RefObject<HTMLElement | null>;
  /** The id of the statement's panel. */
  controls: string;
  className?: string;
}) {
  const dragging = useRef(false);
  const clamp = (next: number) => Math.min(max, Math.max(min, next));

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const box = container.current?.getBoundingClientRect();
    if (!dragging.current || !box || box.width === 0) return;
    onChange(clamp(((event.clientX - box.left) / box.width) * 100));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: value - STEP,
      ArrowDown: value - STEP,
      ArrowRight: value + STEP,
      ArrowUp: value + STEP,
      PageDown: value - PAGE_STEP,
      PageUp: value + PAGE_STEP,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(clamp(next));
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label="Resize the statement and the editor"
      aria-controls={controls}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        event.preventDefault();
      }}
      onPointerMove={follow}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
      className={`group relative w-6 shrink-0 cursor-col-resize touch-none select-none focus:outline-none ${className ?? ''}`}
      data-testid="split-divider"
    >
      <span
        aria-hidden
        className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-[var(--border)] group-hover:w-1 group-hover:bg-brand-500 group-focus-visible:w-1 group-focus-visible:bg-brand-500"
      />
      <span
        aria-hidden
        className="absolute top-1/2 left-1/2 h-8 w-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-slate-400 group-hover:bg-brand-500 group-focus-visible:bg-brand-600 group-focus-visible:ring-2 group-focus-visible:ring-brand-500"
      />
    </div>
  );
}
