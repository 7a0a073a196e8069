import { CalendarDays, Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { useAnnouncements } from '../api/get-announcements';
import { useCohorts } from '../api/get-cohorts';

/**
 * Above a lesson in the player, for a learner in a cohort or with announcements: the way to the schedule and the
 * newest announcement. Nothing otherwise.
 */
export function CohortBar({ courseKey, enrolled }: { courseKey: string; enrolled: boolean }) {
  const cohorts = useCohorts(courseKey);
  const announcements = useAnnouncements(courseKey, enrolled);
  const cohort = cohorts.data?.cohorts.find((each) => each.id === cohorts.data?.myCohortId);
  const newest = announcements.data?.announcements[0];
  if (!enrolled || (!cohort && !newest)) return null;
  const base = `/courses/${encodeURIComponent(courseKey)}`;
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-muted p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      {cohort ? (
        <Link
          to={`${base}?view=schedule`}
          className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline dark:text-brand-200"
        >
          <CalendarDays className="h-4 w-4" aria-hidden /> Schedule of {cohort.title}
        </Link>
      ) : null}
      {newest ? (
        <Link
          to={`${base}?view=schedule#announcements`}
          className="inline-flex min-w-0 items-center gap-1.5 hover:underline"
        >
          <Megaphone className="h-4 w-4 shrink-0" aria-hidden />
          <span className="truncate">
            <span className="sr-only">Newest announcement: </span>
            {newest.title}
          </span>
        </Link>
      ) : null}
    </div>
  );
}
