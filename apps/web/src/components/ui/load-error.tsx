import type { LucideIcon } from 'lucide-react';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';

/** A failed load says what failed and offers to try again. */
export function LoadError({
  title,
  onRetry,
  retrying,
  icon,
  children,
}: {
  title: string;
  onRetry: () => void;
  retrying: boolean;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <div role="alert">
      <EmptyState
        icon={icon}
        title={title}
        action={
          <Button variant="secondary" onClick={onRetry} disabled={retrying}>
            <RotateCw className="h-4 w-4" aria-hidden /> Try again
          </Button>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}
