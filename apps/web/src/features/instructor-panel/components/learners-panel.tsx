import { Search, Users } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Pager } from '@/components/ui/pager';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { LEARNERS_PAGE_SIZE, useCourseLearners } from '@/features/instructor-panel/api/get-course-learners';
import { countOf } from '@/features/instructor-panel/format';
import { formatDate } from '@/lib/dates';

/** A course's learners: search by name or email, 20 a page, each with their progress. */
export function LearnersPanel({
  courseId,
  courseTitle,
  q,
  page,
  onChange,
}: {
  courseId: string;
  courseTitle: string;
  q?: string;
  page: number;
  onChange: (changes: { q?: string; page?: number }) => void;
}) {
  const searchId = useId();
  const [text, setText] = useState(q ?? '');
  const learners = useCourseLearners(courseId, { page, q });

  useEffect(() => setText(q ?? ''), [q]);
  useEffect(() => {
    const wanted = text.trim() || undefined;
    if (wanted === q) return;
    const timer = setTimeout(() => onChange({ q: wanted, page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [text, q, onChange]);

  const total = learners.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEARNERS_PAGE_SIZE));

  return (
    <div className="flex flex-col gap-4" data-testid="learners-panel">
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search learners of {courseTitle}
        </label>
        <div className="relative max-w-sm">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            value={text}
            maxLength={100}
            placeholder="Name or email"
            onChange={(event) => setText(event.target.value)}
            className="h-10 w-full rounded-lg border border-default bg-[var(--surface)] pr-3 pl-9 text-sm text-[var(--text)] focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
          />
        </div>
      </div>
      {learners.isPending ? (
        <div className="flex flex-col gap-2" aria-busy>
          <span className="sr-only">Loading learners</span>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : learners.isError ? (
        <InlineLoadError
          error={learners.error}
          fallback="Could not load the learners"
          onRetry={() => void learners.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-3" aria-busy={learners.isFetching}>
          <p className="text-sm text-muted" aria-live="polite" aria-atomic>
            {total === 0
              ? q
                ? `No learner matches "${q}"`
                : ''
              : `${countOf(total, 'learner')}${pages > 1 ? `, page ${page} of ${pages}` : ''}`}
          </p>
          {total === 0 && !q ? (
            <EmptyState icon={Users} title="No learners yet" className="py-6">
              Learners appear here with their progress as soon as they enrol.
            </EmptyState>
          ) : (
            <ul className="flex flex-col divide-y divide-[var(--border)]">
              {learners.data.learners.map((learner) => (
                <li
                  key={learner.id}
                  className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-center sm:gap-6"
                  data-testid="learner-row"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="truncate">{learner.name}</span>
                      {learner.completedAt ? <Badge tone="green">Completed</Badge> : null}
                    </p>
                    <p className="truncate text-sm text-muted">{learner.email}</p>
                    <p className="text-xs text-muted">Enrolled {formatDate(learner.enrolledAt)}</p>
                  </div>
                  <div className="flex flex-col gap-1">
                    <div className="flex justify-between text-xs text-muted">
                      <span>{countOf(learner.completedLessons, 'lesson')} done</span>
                      <span className="font-medium text-[var(--text)] tabular-nums">
                        {Math.round(learner.percent)}%
                      </span>
                    </div>
                    <Progress value={learner.percent} label={`Progress of ${learner.name}`} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {pages > 1 || page > 1 ? (
            <Pager page={page} pages={pages} onPage={(next) => onChange({ page: next })} label="Learner pages" />
          ) : null}
        </div>
      )}
    </div>
  );
}
