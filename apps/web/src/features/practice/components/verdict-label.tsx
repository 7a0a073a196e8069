import type { Verdict } from '@learnbuild/domain/judge/format';
import { CircleCheck, CircleX, Clock, FileWarning, MemoryStick, TriangleAlert } from 'lucide-react';
import { cn } from '@/components/ui/class-names';

/** Each verdict's colour and icon: green for Accepted, red for a wrong or failing program, amber for the limits. */
const STYLES: Record<Verdict, { icon: typeof CircleCheck; className: string }> = {
  Accepted: { icon: CircleCheck, className: 'text-emerald-700 dark:text-emerald-400' },
  'Wrong Answer': { icon: CircleX, className: 'text-red-700 dark:text-red-400' },
  'Runtime Error': { icon: TriangleAlert, className: 'text-red-700 dark:text-red-400' },
  'Time Limit Exceeded': { icon: Clock, className: 'text-amber-700 dark:text-amber-400' },
  'Memory Limit Exceeded': { icon: MemoryStick, className: 'text-amber-700 dark:text-amber-400' },
  'Compilation Error': { icon: FileWarning, className: 'text-amber-700 dark:text-amber-400' },
};

/** A verdict in its words, colour and icon (the words alone carry it: the colour only repeats them). */
export function VerdictLabel({ verdict, className }: { verdict: Verdict; className?: string }) {
  const { icon: Icon, className: tone } = STYLES[verdict];
  return (
    <span className={cn('inline-flex items-center gap-1.5 font-semibold', tone, className)} data-verdict={verdict}>
      <Icon className="h-[1.1em] w-[1.1em] shrink-0" aria-hidden />
      {verdict}
    </span>
  );
}
