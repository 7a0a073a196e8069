import { Bookmark, ListChecks } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../app/layout/page-header';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { useProblems } from '../api/get-problems';
import { useUpdateProgress } from '../api/update-progress';
import { useInterviewMode } from '../components/interview-mode';
import { InterviewModeToggle } from '../components/interview-mode-toggle';
import { SheetSkeleton } from '../components/sheet-skeleton';
import { groupBySteps, StepSections } from '../components/step-sections';
import { useOpenSteps } from '../components/use-open-steps';
import type { ProgressChange } from '../optimistic';

/** The bookmarked problems with the sheet's row controls; a row un-bookmarked here stays until the next visit, so it can be undone. */
export function DsaBookmarksPage() {
  const problems = useProblems({ status: 'bookmarked' });
  const update = useUpdateProgress();
  const [interviewMode, setInterviewMode] = useInterviewMode();
  const groups = useMemo(() => groupBySteps(problems.data ?? []), [problems.data]);
  const steps = useOpenSteps(groups, true);
  const actions = useMemo(
    () => ({ change: (change: ProgressChange) => update.mutateAsync(change).catch(() => undefined) }),
    [update.mutateAsync],
  );
  const count = problems.data?.filter((p) => p.bookmarked).length ?? 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHeader
        title="DSA Bookmarks"
        subtitle={
          problems.data
            ? `${count} saved ${count === 1 ? 'problem' : 'problems'} to come back to.`
            : 'Problems you saved to come back to.'
        }
        actions={
          <>
            <InterviewModeToggle on={interviewMode} onChange={setInterviewMode} />
            <Link to="/dsa-sheet" className={buttonClasses('secondary')}>
              <ListChecks className="h-4 w-4" aria-hidden /> Full sheet
            </Link>
          </>
        }
      />
      {problems.isPending ? (
        <SheetSkeleton />
      ) : problems.isError ? (
        <EmptyState
          icon={Bookmark}
          title="Your bookmarks could not be loaded"
          action={<Button onClick={() => problems.refetch()}>Try again</Button>}
        >
          {errorMessage(problems.error, 'Please check your connection and try again.')}
        </EmptyState>
      ) : groups.length === 0 ? (
        <EmptyState
          icon={Bookmark}
          title="No bookmarks yet"
          action={
            <Link to="/dsa-sheet" className={buttonClasses('primary')}>
              Open the DSA Sheet
            </Link>
          }
        >
          Tap the bookmark on any problem of the sheet to keep it here: the ones you want to retry, or save for the day
          before an interview.
        </EmptyState>
      ) : (
        <StepSections
          groups={groups}
          isOpen={steps.isOpen}
          onToggle={steps.toggle}
          interviewMode={interviewMode}
          actions={actions}
        />
      )}
    </div>
  );
}
