import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/class-names';

/** A titled dashboard section, with an optional link to where the whole thing lives. */
export function Panel({
  title,
  link,
  testId,
  className,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${testId}-heading`;
  return (
    <Card className={cn('flex min-w-0 flex-col gap-4 p-4 sm:p-5', className)} data-testid={testId}>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          {link ? (
            <Link
              to={link.to}
              className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
            >
              {link.label}
            </Link>
          ) : null}
        </div>
        {children}
      </section>
    </Card>
  );
}
