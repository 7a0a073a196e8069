import type { RevisionGrade } from '@learnbuild/domain/rules/revision';
import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ChevronsDownUp, ChevronsUpDown, SearchX } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { preferencesQuery } from '@/features/auth/api/preferences';
import type { SheetSort } from '@/features/dsa/api/keys';
import { useReviewProblem } from '@/features/dsa/api/review-problem';
import { useUpdateProgress } from '@/features/dsa/api/update-progress';
import type { ProgressChange } from '@/features/dsa/optimistic';
import { SORT_HEADINGS, searchSheet, sortSheet } from '@/features/dsa/sheet';
import { errorMessage } from '@/lib/api-client';
import { SheetSkeleton } from './sheet-skeleton';
import { groupBySteps, StepSections } from './step-sections';
import { useOpenSteps } from './use-open-steps';

export const REVISION_HEADING = 'Due for revision: earliest first, then lowest confidence';

/**
 * A list of problems as the sheet and the bookmarks show it: loading, a failure with a retry,
 * the caller's empty state, or the steps with expand/collapse-all and the row controls.
 */
export function ProblemSections({
  problems,
  expandAll,
  interviewMode,
  reviewMode = false,
  search,
  sort = 'path',
  errorTitle,
  empty,
}: {
  problems: UseQueryResult<DsaProblem[]>;
  /**
   * Words searched in this browser, on the rows already loaded: each keystroke filters at once, with no
   * round trip, and the rows that stay are the same objects, so they do not render again.
   */
  search?: string;
  /** Open every step until the learner toggles one (a filtered or short list). */
  expandAll: boolean;
  interviewMode: boolean;
  reviewMode?: boolean;
  /** Issue 28: a sorted sheet is one list under a heading that names the order, instead of steps. */
  sort?: SheetSort;
  errorTitle: string;
  empty: ReactNode;
}) {
  const update = useUpdateProgress();
  const review = useReviewProblem();
  // Issue 29: 'Revise today' grades recall (Again / Hard / Good / Easy) unless the learner kept the simple schedule.
  const preferences = useQuery({ ...preferencesQuery(), enabled: reviewMode });
  const simpleSchedule = preferences.data?.revisionSchedule === 'simple';
  const groups = useMemo(() => {
    const rows = searchSheet(problems.data ?? [], search);
    // 'Revise today' is one list in its own order (the earliest due first, then the lowest confidence).
    if (reviewMode && sort === 'path') return groupBySteps(rows, REVISION_HEADING);
    return sort === 'path' ? groupBySteps(rows) : groupBySteps(sortSheet(rows, sort), SORT_HEADINGS[sort]);
  }, [problems.data, search, sort, reviewMode]);
  const steps = useOpenSteps(groups, expandAll);
  const actions = useMemo(
    () => ({
      // A refusal is rolled back and reported by the mutation itself.
      change: (change: ProgressChange) => update.mutateAsync(change).catch(() => undefined),
      review: (problemId: string, grade?: RevisionGrade) => review.mutate({ problemId, grade }),
      simpleSchedule,
    }),
    [update.mutateAsync, review.mutate, simpleSchedule],
  );

  if (problems.isPending) return <SheetSkeleton />;
  if (problems.isError) {
    return (
      <EmptyState
        icon={SearchX}
        title={errorTitle}
        action={<Button onClick={() => problems.refetch()}>Try again</Button>}
      >
        {errorMessage(problems.error, 'Please check your connection and try again.')}
      </EmptyState>
    );
  }
  if (groups.length === 0) return empty;
  return (
    <div className="flex flex-col gap-3">
      {groups.length > 1 ? (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => steps.setAll(true)}>
            <ChevronsUpDown className="h-4 w-4" aria-hidden /> Expand all
          </Button>
          <Button variant="ghost" size="sm" onClick={() => steps.setAll(false)}>
            <ChevronsDownUp className="h-4 w-4" aria-hidden /> Collapse all
          </Button>
        </div>
      ) : null}
      <StepSections
        groups={groups}
        isOpen={steps.isOpen}
        onToggle={steps.toggle}
        interviewMode={interviewMode}
        reviewMode={reviewMode}
        actions={actions}
      />
    </div>
  );
}
