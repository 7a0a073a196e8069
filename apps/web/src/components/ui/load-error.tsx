import type { LucideIcon } from 'lucide-react';
import { RotateCw, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';

/**
 * A failed load says what failed and offers to try again; by default, that the server could not be
 * reached.
 */
export function LoadError({
  title,
  onRetry,
  retrying,
  icon = WifiOff,
  children = 'The server could not be reached. Check your connection and try again.',
}: {
  title: string;
  onRetry: () => void;
  retrying: boolean;
  icon?: LucideIcon;
  children?: ReactNode;
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
