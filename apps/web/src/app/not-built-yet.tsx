import { Hammer } from 'lucide-react';
import { Link, useMatches } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeader } from './layout/page-header';

/** A real, styled state for screens whose content lands with later work; their guards already apply. */
export function NotBuiltYet() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'Coming soon';
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader title={title} />
      <EmptyState
        icon={Hammer}
        title="Not built yet"
        action={
          <Link to="/" className={buttonClasses('secondary')}>
            Back to home
          </Link>
        }
      >
        We are still building this part of LearnBuild. The page and its access rules are real; its content arrives soon.
      </EmptyState>
    </div>
  );
}
