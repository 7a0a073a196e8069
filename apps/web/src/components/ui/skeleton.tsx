import { cn } from './class-names';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-muted', className)} />;
}

/**
 * A value not known yet inside a line of text: a bar of the text's height, so the line keeps its size when it comes.
 * `holds`: a text of the length the value will have, laid out unseen under the bar, for a value that may wrap.
 */
export function SkeletonText({ className, holds }: { className?: string; holds?: string }) {
  const bar = 'animate-pulse rounded bg-slate-300/60 dark:bg-slate-600/60';
  if (holds) {
    return (
      <span aria-hidden className={cn('relative', className)}>
        <span className="invisible">{holds}</span>
        <span className={cn('absolute inset-x-0 top-[0.2em] bottom-[0.2em]', bar)} />
      </span>
    );
  }
  return <span aria-hidden className={cn('inline-block h-[0.8em] align-middle', bar, className)} />;
}
