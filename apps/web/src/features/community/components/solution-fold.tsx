import { ChevronDown, EyeOff } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';

/**
 * A post its author marked as giving a solution away: folded behind a warning until the reader opens it
 * (and can fold it again). Unmarked posts show as they are.
 */
export function SolutionFold({ folded, what, children }: { folded: boolean; what: string; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!folded) return children;
  return (
    <div className="flex flex-col gap-3" data-testid="solution-fold">
      <div className="flex flex-col items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
        <p className="flex items-start gap-2">
          <EyeOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Contains a solution: open it only if you want the answer.
        </p>
        <button
          type="button"
          aria-label={`${open ? 'Fold it again' : 'Show the solution'}: ${what}`}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex min-h-9 shrink-0 items-center gap-1 rounded-lg border border-amber-400 bg-white px-3 font-medium text-amber-900 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-amber-600 dark:bg-transparent dark:text-amber-100 dark:hover:bg-amber-900/40"
        >
          <ChevronDown className={open ? 'h-4 w-4 rotate-180' : 'h-4 w-4'} aria-hidden />
          {open ? 'Fold it again' : 'Show the solution'}
        </button>
      </div>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
