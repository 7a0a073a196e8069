import { Switch as RadixSwitch } from 'radix-ui';
import { type ComponentProps, useId } from 'react';
import { cn } from './class-names';

/**
 * An on/off switch (role="switch", Space toggles it) with its label beside it and an optional
 * description read with it.
 */
export function Switch({
  label,
  description,
  className,
  ...props
}: ComponentProps<typeof RadixSwitch.Root> & { label: string; description?: string }) {
  const id = useId();
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted">
            {description}
          </p>
        ) : null}
      </div>
      <RadixSwitch.Root
        id={id}
        aria-describedby={description ? `${id}-description` : undefined}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-slate-300 transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-600 dark:bg-slate-600 dark:data-[state=checked]:bg-brand-500"
        {...props}
      >
        <RadixSwitch.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </RadixSwitch.Root>
    </div>
  );
}
