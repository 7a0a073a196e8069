import { Bookmark, CalendarCheck, ChevronsDownUp, ChevronsUpDown, ListChecks, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../app/layout/page-header';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { useDsaActivity } from '../api/get-activity';
import { useProblems } from '../api/get-problems';
import { useDsaStats } from '../api/get-stats';
import { useTopics } from '../api/get-topics';
import { useReviewProblem } from '../api/review-problem';
import { useUpdateProgress } from '../api/update-progress';
import { useInterviewMode } from '../components/interview-mode';
import { InterviewModeToggle } from '../components/interview-mode-toggle';
import { ProgressBackupMenu } from '../components/progress-backup-menu';
import { ProgressHeader } from '../components/progress-header';
import { SheetFiltersBar } from '../components/sheet-filters';
import { SheetSkeleton } from '../components/sheet-skeleton';
import { groupBySteps, StepSections } from '../components/step-sections';
import { useOpenSteps } from '../components/use-open-steps';
import { useSheetFilters } from '../components/use-sheet-filters';
import type { ProgressChange } from '../optimistic';

export function DsaSheetPage() {
  const { filters, setFilter, clear, active } = useSheetFilters();
  const reviseToday = filters.status === 'revision';
  const problems = useProblems(filters);
  const due = useProblems({ status: 'revision' });
  const topics = useTopics();
  const stats = useDsaStats();
  const activity = useDsaActivity();
  const update = useUpdateProgress();
  const review = useReviewProblem();
  const [interviewMode, setInterviewMode] = useInterviewMode();
  const groups = useMemo(() => groupBySteps(problems.data ?? []), [problems.data]);
  const steps = useOpenSteps(groups, active);
  const actions = useMemo(
    () => ({
      change: (change: ProgressChange) => update.mutateAsync(change).catch(() => undefined),
      review: (id: string) => review.mutate(id),
    }),
    [update.mutateAsync, review.mutate],
  );
  const dueCount = due.data?.length ?? 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHeader
        title="DSA Sheet"
        subtitle="A curated path of interview problems, step by step."
        actions={
          <>
            <InterviewModeToggle on={interviewMode} onChange={setInterviewMode} />
            <Link to="/dsa-bookmarks" className={buttonClasses('secondary')}>
              <Bookmark className="h-4 w-4" aria-hidden /> Bookmarks
            </Link>
            <ProgressBackupMenu />
          </>
        }
      />
      <ProgressHeader stats={stats.data?.stats} activity={activity.data} />

      <div className="mt-8 flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* The view is a URL filter, so these are toggle buttons rather than tabs with panels. */}
          <fieldset className="inline-flex gap-1 rounded-xl bg-muted p-1">
            <legend className="sr-only">Sheet view</legend>
            {(
              [
                [false, ListChecks, 'All problems'],
                [true, CalendarCheck, `Revise today${dueCount > 0 ? ` (${dueCount})` : ''}`],
              ] as const
            ).map(([revise, Icon, label]) => (
              <button
                key={label}
                type="button"
                aria-pressed={reviseToday === revise}
                onClick={() => setFilter('status', revise ? 'revision' : undefined)}
                className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted aria-pressed:bg-[var(--surface)] aria-pressed:text-[var(--text)] aria-pressed:shadow-sm"
              >
                <Icon className="h-4 w-4" aria-hidden />
                {label}
              </button>
            ))}
          </fieldset>
          {groups.length > 1 ? (
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => steps.setAll(true)}>
                <ChevronsUpDown className="h-4 w-4" aria-hidden /> Expand all
              </Button>
              <Button variant="ghost" size="sm" onClick={() => steps.setAll(false)}>
                <ChevronsDownUp className="h-4 w-4" aria-hidden /> Collapse all
              </Button>
            </div>
          ) : null}
        </div>
        <SheetFiltersBar
          filters={filters}
          setFilter={setFilter}
          clear={clear}
          active={active}
          topics={topics.data ?? []}
          showStatus={!reviseToday}
          hideTopicAndDifficulty={interviewMode}
        />
        {problems.isPending ? (
          <SheetSkeleton />
        ) : problems.isError ? (
          <EmptyState
            icon={SearchX}
            title="The sheet could not be loaded"
            action={<Button onClick={() => problems.refetch()}>Try again</Button>}
          >
            {errorMessage(problems.error, 'Please check your connection and try again.')}
          </EmptyState>
        ) : groups.length === 0 ? (
          reviseToday && !filters.q && !filters.topic && !filters.difficulty ? (
            <EmptyState icon={CalendarCheck} title="Nothing to revise today">
              Mark a solved problem with the revise button and it comes back here after 1, 3, 7, 14 and 30 days.
            </EmptyState>
          ) : (
            <EmptyState
              icon={SearchX}
              title="No problems match"
              action={
                <Button variant="secondary" onClick={clear}>
                  Clear filters
                </Button>
              }
            >
              Try another search word, topic or difficulty.
            </EmptyState>
          )
        ) : (
          <StepSections
            groups={groups}
            isOpen={steps.isOpen}
            onToggle={steps.toggle}
            interviewMode={interviewMode}
            reviewMode={reviseToday}
            actions={actions}
          />
        )}
      </div>
    </div>
  );
}
