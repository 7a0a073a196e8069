import { todayIn } from '@learnbuild/domain/rules/streaks';
import { CalendarDays, ChevronLeft, List } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ViewToggle } from '@/components/ui/view-toggle';
import { browserTimeZone, formatDate, useDateReader } from '@/lib/dates';
import { useAnnouncements } from '../api/get-announcements';
import { useSchedule } from '../api/get-schedule';
import { AnnouncementsList } from './announcements-list';
import { CalendarFeedControl } from './calendar-feed-control';
import { MonthCalendar } from './month-calendar';
import { ScheduleList } from './schedule-list';

type ScheduleView = 'list' | 'calendar';

const VIEWS = [
  { value: 'list', label: 'List', icon: List },
  { value: 'calendar', label: 'Month', icon: CalendarDays },
] as const;

/**
 * /courses/{course}?view=schedule: the learner's cohort schedule (each lesson's due date in their time zone,
 * done, overdue or upcoming) as a list or a month, their calendar feed, and the course's announcements.
 */
export function CourseSchedule({ courseKey, courseTitle }: { courseKey: string; courseTitle: string }) {
  const schedule = useSchedule(courseKey);
  const announcements = useAnnouncements(courseKey, true);
  const [view, setView] = useState<ScheduleView>('list');
  const reader = useDateReader();
  const base = `/courses/${encodeURIComponent(courseKey)}`;
  const lessonHref = (lessonId: string) => `${base}?lesson=${encodeURIComponent(lessonId)}`;
  const data = schedule.data;
  const overdue = data?.items.filter((item) => item.state === 'overdue').length ?? 0;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8">
      <div className="flex flex-col gap-2">
        <Link
          to={base}
          className="inline-flex min-h-6 w-fit items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-200"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> {courseTitle}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">Schedule</h1>
        {data?.cohort ? (
          <p className="text-muted">
            {data.cohort.title} · {formatDate(data.cohort.startsAt, 'date', reader)} –{' '}
            {formatDate(data.cohort.endsAt, 'date', reader)} · due dates in your time zone ({data.timeZone})
          </p>
        ) : null}
      </div>
      {schedule.isPending ? (
        <div role="status" aria-label="Loading the schedule" className="flex flex-col gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : schedule.isError ? (
        <InlineLoadError
          error={schedule.error}
          fallback="The schedule could not be loaded"
          onRetry={() => void schedule.refetch()}
        />
      ) : !data?.cohort ? (
        <EmptyState
          icon={CalendarDays}
          title="You are in no cohort of this course"
          action={
            <Link to={base} className={buttonClasses('primary')}>
              See the cohorts
            </Link>
          }
        >
          Join a cohort on the course page to get a schedule with due dates.
        </EmptyState>
      ) : data.items.length === 0 ? (
        <EmptyState icon={CalendarDays} title="Nothing is due yet">
          The instructor has not set due dates for this course's lessons.
        </EmptyState>
      ) : (
        <section aria-labelledby="due-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="due-heading" className="text-xl font-semibold">
              Due dates
            </h2>
            <ViewToggle legend="Show the schedule as" options={VIEWS} value={view} onChange={setView} />
          </div>
          {overdue > 0 ? (
            <p className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-100">
              {overdue === 1 ? '1 lesson is overdue' : `${overdue} lessons are overdue`}: you are behind the cohort's
              schedule.
            </p>
          ) : null}
          {view === 'list' ? (
            <ScheduleList items={data.items} lessonHref={lessonHref} />
          ) : (
            <MonthCalendar items={data.items} today={todayIn(browserTimeZone())} lessonHref={lessonHref} />
          )}
        </section>
      )}
      {data?.cohort ? <CalendarFeedControl /> : null}
      <section id="announcements" aria-labelledby="schedule-announcements-heading" className="flex flex-col gap-3">
        <h2 id="schedule-announcements-heading" className="text-xl font-semibold">
          Announcements
        </h2>
        {announcements.isError ? (
          <InlineLoadError
            error={announcements.error}
            fallback="The announcements could not be loaded"
            onRetry={() => void announcements.refetch()}
          />
        ) : (
          <AnnouncementsList announcements={announcements.data?.announcements ?? []} />
        )}
      </section>
    </div>
  );
}
