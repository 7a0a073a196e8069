import { FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';

/**
 * A page about one item (a post, a problem) that has none to show: "… not found" with a way on when the server
 * said there is no such item, otherwise what failed and a retry.
 */
export function ItemUnavailable({
  notFound,
  notFoundTitle,
  children,
  action,
  errorTitle,
  onRetry,
  retrying,
}: {
  notFound: boolean;
  notFoundTitle: string;
  /** What "not found" means here. */
  children: ReactNode;
  action: { to: string; label: string };
  errorTitle: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      {notFound ? (
        <EmptyState
          icon={FileQuestion}
          title={notFoundTitle}
          action={
            <Link to={action.to} className={buttonClasses('primary')}>
              {action.label}
            </Link>
          }
        >
          {children}
        </EmptyState>
      ) : (
        <LoadError title={errorTitle} onRetry={onRetry} retrying={retrying} />
      )}
    </div>
  );
}
