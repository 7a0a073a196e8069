import { Lightbulb } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { MarkdownText } from '@/components/ui/markdown-text';
import { earlyClick, takeEarlyClick } from '@/lib/early-input';

/**
 * The hints, one at a time: each is shown only when asked for, and the next one's button only after it. The
 * hint just shown takes the focus from its button, which is gone, so a screen reader reads it at once.
 */
export function HintList({ hints }: { hints: string[] }) {
  const [shown, setShown] = useState(0);
  const revealed = useRef(false);
  // The hint just asked for takes the focus as it appears (not those shown on the first render: none are).
  const focusWhenAsked = useCallback((element: HTMLDivElement | null) => {
    if (!element || !revealed.current) return;
    revealed.current = false;
    element.focus();
  }, []);
  // "Show hint 1" pressed on the page the server drew, before the app took it over, still shows the hint.
  useEffect(() => {
    if (!takeEarlyClick('show-hint')) return;
    revealed.current = true;
    setShown((count) => Math.max(count, 1));
  }, []);

  return (
    <section aria-labelledby="hints-heading" className="flex flex-col gap-3">
      <h2 id="hints-heading" className="text-lg font-semibold">
        Hints
      </h2>
      <p className="text-sm text-muted">
        {hints.length === 1 ? 'One hint' : `${hints.length} hints`}, each giving away a little more. Open them only when
        you are stuck.
      </p>
      <ol className="flex flex-col gap-2">
        {hints.slice(0, shown).map((hint, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: hints never move; their place is their name
          <li key={index}>
            <div
              ref={index === shown - 1 ? focusWhenAsked : undefined}
              tabIndex={-1}
              className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-amber-700 dark:bg-amber-950/40"
              data-testid="hint"
            >
              <p className="mb-1 flex items-center gap-1.5 font-semibold">
                <Lightbulb className="h-4 w-4 text-amber-600" aria-hidden /> Hint {index + 1}
              </p>
              <MarkdownText className="text-sm">{hint}</MarkdownText>
            </div>
          </li>
        ))}
      </ol>
      {shown < hints.length ? (
        <Button
          variant="secondary"
          size="sm"
          className="w-fit"
          {...(shown === 0 ? earlyClick('show-hint') : {})}
          onClick={() => {
            revealed.current = true;
            setShown(shown + 1);
          }}
        >
          <Lightbulb className="h-4 w-4" aria-hidden /> Show hint {shown + 1}
        </Button>
      ) : null}
    </section>
  );
}
