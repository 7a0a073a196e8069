import type { ReactNode, Ref } from 'react';
import { Card } from '@/components/ui/card';

/** One column of the screen: a titled card whose heading takes focus when its selection goes away. */
export function Panel({
  id,
  title,
  subtitle,
  action,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  action?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Card className="flex min-w-0 flex-col p-4 sm:p-5">
      <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2
              id={`${id}-heading`}
              ref={headingRef}
              tabIndex={-1}
              className="break-words text-lg font-semibold focus:outline-none"
            >
              {title}
            </h2>
            {subtitle ? <p className="text-sm text-muted">{subtitle}</p> : null}
          </div>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}
