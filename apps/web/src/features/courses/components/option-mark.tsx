import { CheckCircle2, XCircle } from 'lucide-react';

/** After grading, beside a quiz option: "Correct answer" on the right one, "Your answer" on a wrong pick. */
export function OptionMark({ right, picked }: { right: boolean; picked: boolean }) {
  if (right)
    return (
      <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
        <CheckCircle2 className="h-4 w-4" aria-hidden /> Correct answer
      </span>
    );
  if (picked)
    return (
      <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-red-700 dark:text-red-300">
        <XCircle className="h-4 w-4" aria-hidden /> Your answer
      </span>
    );
  return null;
}
