import { REVISION_DAYS_TEXT } from '@learnbuild/domain/rules/revision';
import { useQuery } from '@tanstack/react-query';
import { Bookmark, CalendarCheck, ListChecks, Network, SearchX } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ViewToggle } from '@/components/ui/view-toggle';
import { useDsaActivity } from '@/features/dsa/api/get-activity';
import { problemsQuery, useProblems } from '@/features/dsa/api/get-problems';
import { useDsaStats } from '@/features/dsa/api/get-stats';
import { useTopics } from '@/features/dsa/api/get-topics';
import { useInterviewMode } from '@/features/dsa/components/interview-mode';
import { InterviewModeToggle } from '@/features/dsa/components/interview-mode-toggle';
import { PickOne } from '@/features/dsa/components/pick-one';
import { ProblemSections } from '@/features/dsa/components/problem-sections';
import { ProgressBackupMenu } from '@/features/dsa/components/progress-backup-menu';
import { ProgressHeader } from '@/features/dsa/components/progress-header';
import { SheetFiltersBar, useSearchText } from '@/features/dsa/components/sheet-filters';
import { useSheetFilters } from '@/features/dsa/components/use-sheet-filters';
import { companiesInUse } from '@/features/dsa/sheet';

export function DsaSheetPage() {
  const { filters, sort, setFilter, clear, active } = useSheetFilters();
  const reviseToday = filters.status === 'revision';
  const [text, setText] = useSearchText(filters.q, setFilter);
  // The box shows each keystroke at once; the rows follow as soon as React has time for them.
  const search = useDeferredValue(text.trim());
  // The search is applied here to the loaded rows (ProblemSections), not by another list from the cache.
  const problems = useProblems({ ...filters, q: undefined });
  const due = useProblems({ status: 'revision' });
  // The company filter lists the companies of the whole sheet, whatever the other filters leave.
  const companies = useQuery({ ...problemsQuery({}), select: companiesInUse });
  const topics = useTopics();
  const stats = useDsaStats();
  const activity = useDsaActivity();
  const [interviewMode, setInterviewMode] = useInterviewMode();
  const dueCount = due.data?.length ?? 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHeader
        title="DSA Sheet"
        subtitle="A curated path of interview problems, step by step."
        actions={
          <>
            <InterviewModeToggle on={interviewMode} onChange={setInterviewMode} />
            <Link to="/dsa-sheet/roadmap" className={buttonClasses('secondary')}>
              <Network className="h-4 w-4" aria-hidden /> Roadmap
            </Link>
            <Link to="/dsa-bookmarks" className={buttonClasses('secondary')}>
              <Bookmark className="h-4 w-4" aria-hidden /> Bookmarks
            </Link>
            <ProgressBackupMenu />
          </>
        }
      />
      <ProgressHeader stats={stats.data?.stats} activity={activity.data} />

      <div className="mt-8 flex flex-col gap-4">
        <ViewToggle
          legend="Sheet view"
          options={[
            { value: false, icon: ListChecks, label: 'All problems' },
            { value: true, icon: CalendarCheck, label: `Revise today${dueCount > 0 ? ` (${dueCount})` : ''}` },
          ]}
          value={reviseToday}
          onChange={(revise) => setFilter('status', revise ? 'revision' : undefined)}
        />
        <SheetFiltersBar
          filters={filters}
          setFilter={setFilter}
          clear={clear}
          active={active}
          topics={topics.data ?? []}
          text={text}
          onTextChange={setText}
          showStatus={!reviseToday}
          hideTopicAndDifficulty={interviewMode}
          sort={sort}
          companies={companies.data}
        />
        <PickOne
          filters={
            interviewMode
              ? { company: filters.company }
              : { topic: filters.topic, difficulty: filters.difficulty, company: filters.company }
          }
        />
        <ProblemSections
          problems={problems}
          search={search}
          expandAll={active || search !== ''}
          interviewMode={interviewMode}
          reviewMode={reviseToday}
          sort={sort}
          errorTitle="The sheet could not be loaded"
          empty={
            reviseToday && !search && !filters.topic && !filters.difficulty && !filters.company ? (
              <EmptyState icon={CalendarCheck} title="Nothing to revise today">
                Mark a solved problem with the revise button and it comes back here after {REVISION_DAYS_TEXT} days.
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
                Try another search word, topic, difficulty or company.
              </EmptyState>
            )
          }
        />
      </div>
    </div>
  );
}
