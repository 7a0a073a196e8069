import type { LucideIcon } from 'lucide-react';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CourseCardSkeleton } from './course-card';

export function CourseGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}

export function CourseGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading courses" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <CourseCardSkeleton key={index} />
      ))}
    </div>
  );
}

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
