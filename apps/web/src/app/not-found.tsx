import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <EmptyState
        icon={Compass}
        title="Page not found"
        action={
          <Link to="/" className={buttonClasses()}>
            Go home
          </Link>
        }
      >
        The page you asked for does not exist or has moved.
      </EmptyState>
    </div>
  );
}
