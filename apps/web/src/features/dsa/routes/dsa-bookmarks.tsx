import { Bookmark, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useProblems } from '@/features/dsa/api/get-problems';
import { useInterviewMode } from '@/features/dsa/components/interview-mode';
import { InterviewModeToggle } from '@/features/dsa/components/interview-mode-toggle';
import { ProblemSections } from '@/features/dsa/components/problem-sections';

/** The bookmarked problems with the sheet's row controls; a row un-bookmarked here stays until the next visit, so it can be undone. */
export function DsaBookmarksPage() {
  const problems = useProblems({ status: 'bookmarked' });
  const [interviewMode, setInterviewMode] = useInterviewMode();
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
      <ProblemSections
        problems={problems}
        expandAll
        interviewMode={interviewMode}
        errorTitle="Your bookmarks could not be loaded"
        empty={
          <EmptyState
            icon={Bookmark}
            title="No bookmarks yet"
            action={
              <Link to="/dsa-sheet" className={buttonClasses('primary')}>
                Open the DSA Sheet
              </Link>
            }
          >
            Tap the bookmark on any problem of the sheet to keep it here: the ones you want to retry, or save for the
            day before an interview.
          </EmptyState>
        }
      />
    </div>
  );
}
