import type { ScheduleItem } from '@learnbuild/domain/schemas/cohorts';
import { Link } from 'react-router';
import { formatDay, useDateReader } from '@/lib/dates';
import { DueStateBadge } from './due-state-badge';

const KIND_LABEL: Record<ScheduleItem['kind'], string> = {
  article: 'Article',
  video: 'Video',
  quiz: 'Quiz',
  exercise: 'Exercise',
};

/** The schedule as a list, soonest due first: what the month view shows, readable line by line. */
export function ScheduleList({ items, lessonHref }: { items: ScheduleItem[]; lessonHref: (id: string) => string }) {
  const reader = useDateReader();
  return (
    <ol
      className="flex flex-col divide-y divide-[var(--border)] rounded-2xl border border-default"
      data-testid="schedule-list"
    >
      {items.map((item) => (
        <li key={item.lessonId} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <Link
              to={lessonHref(item.lessonId)}
              className="font-medium break-words text-brand-700 hover:underline dark:text-brand-200"
            >
              {item.title}
            </Link>
            <p className="text-sm text-muted">
              {KIND_LABEL[item.kind]} · Due <time dateTime={item.dueDay}>{formatDay(item.dueDay, 'date', reader)}</time>
            </p>
          </div>
          <DueStateBadge state={item.state} />
        </li>
      ))}
    </ol>
  );
}
