import { Progress as RadixProgress } from 'radix-ui';
import { cn } from './class-names';

export function Progress({
  value,
  label,
  className,
  barClassName,
}: {
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
}) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <RadixProgress.Root
      value={clamped}
      aria-label={label}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <RadixProgress.Indicator
        className={cn('h-full rounded-full bg-brand-500 transition-[width] duration-500', barClassName)}
        style={{ width: `${clamped}%` }}
      />
    </RadixProgress.Root>
  );
}
