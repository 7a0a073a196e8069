import type { ReactNode } from 'react';
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
