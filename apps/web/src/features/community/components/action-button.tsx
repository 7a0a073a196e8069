import type { LucideIcon } from 'lucide-react';
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cn } from '@/components/ui/class-names';

/**
 * A small labelled action under a post (Edit, Delete, Report, moderation toggles); pressed toggles are tinted.
 * While its request runs it is `aria-disabled` rather than disabled, so keyboard focus stays on it.
 */
export const ActionButton = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { icon: LucideIcon; tone?: 'default' | 'danger' }
>(function ActionButton({ icon: Icon, tone = 'default', className, children, disabled, onClick, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className={cn(
        'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-muted transition-colors hover:bg-muted hover:text-[var(--text)] aria-disabled:cursor-progress aria-disabled:opacity-60',
        'aria-pressed:bg-amber-100 aria-pressed:text-amber-900 dark:aria-pressed:bg-amber-900/50 dark:aria-pressed:text-amber-100',
        tone === 'danger' && 'hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/50 dark:hover:text-red-300',
        className,
      )}
      {...props}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {children}
    </button>
  );
});
