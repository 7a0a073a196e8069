import type { LucideIcon } from 'lucide-react';
import { RotateCw, SearchX, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** A whole-page message with a link away (and a retry when the failure may pass). */
export function PageMessage({
  icon,
  title,
  back,
  onRetry,
  children,
}: {
  icon: LucideIcon;
  title: string;
  back: { to: string; label: string };
  onRetry?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <EmptyState
        icon={icon}
        title={title}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {onRetry ? (
              <Button onClick={onRetry}>
                <RotateCw className="h-4 w-4" aria-hidden /> Try again
              </Button>
            ) : null}
            <Link to={back.to} className={buttonClasses(onRetry ? 'secondary' : 'primary')}>
              {back.label}
            </Link>
          </div>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}

export const OFFLINE_UNSAVED_TEXT =
  "You're offline, and this page has not been opened on this device yet. It loads by itself when you're back online.";

/**
 * What a failed or paused load of a subject means to the learner: offline with nothing saved here,
 * gone (404), or a failure worth retrying.
 */
export function SubjectLoadProblem({
  paused,
  missing,
  what,
  back,
  onRetry,
}: {
  paused: boolean;
  missing: boolean;
  what: 'subject' | 'lesson';
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  if (paused) {
    return (
      <PageMessage icon={WifiOff} title="You're offline" back={back}>
        {OFFLINE_UNSAVED_TEXT}
      </PageMessage>
    );
  }
  if (missing) {
    return (
      <PageMessage icon={SearchX} title={what === 'subject' ? 'Subject not found' : 'Lesson not found'} back={back}>
        {`This ${what} does not exist or was removed.`}
      </PageMessage>
    );
  }
  return (
    <PageMessage icon={WifiOff} title={`Could not load this ${what}`} back={back} onRetry={onRetry}>
      The server could not be reached. Check your connection and try again.
    </PageMessage>
  );
}
