import type { Cohort } from '@learnbuild/domain/schemas/cohorts';
import { CalendarDays, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, useDateReader } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { useCohorts } from '../api/get-cohorts';
import { useJoinCohort, useLeaveCohort } from '../api/join-cohort';

function seatsText(cohort: Cohort) {
  if (cohort.seatsLeft === null) return 'Open seats';
  return cohort.seatsLeft === 1 ? '1 seat left' : `${cohort.seatsLeft} seats left`;
}

/**
 * The course page's cohorts: each one not ended with its dates and seats left and a Join button (joining enrols
 * in the course too); the learner's own cohort with the way to its schedule and out of it. Nothing when the
 * course has no cohort to show.
 */
export function CourseCohorts({
  courseId,
  courseKey,
  canEdit,
}: {
  courseId: string;
  courseKey: string;
  canEdit: boolean;
}) {
  const cohorts = useCohorts(courseKey);
  const join = useJoinCohort();
  const leave = useLeaveCohort();
  const toast = useToast();
  const reader = useDateReader();
  const { user } = useSession();
  const location = useLocation();
  const mine = cohorts.data?.myCohortId ?? null;
  const shown = (cohorts.data?.cohorts ?? []).filter((cohort) => cohort.status !== 'ended' || cohort.id === mine);
  if (shown.length === 0) return null;
  const scheduleHref = `/courses/${encodeURIComponent(courseKey)}?view=schedule`;
  const signIn = `/login?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  return (
    <section aria-labelledby="cohorts-heading" className="flex flex-col gap-3">
      <h2 id="cohorts-heading" className="text-2xl font-bold">
        Cohorts
      </h2>
      <p className="text-sm text-muted">Take the course together with others, on a schedule with due dates.</p>
      <ul className="flex flex-col gap-3">
        {shown.map((cohort) => {
          const member = cohort.id === mine;
          return (
            <li
              key={cohort.id}
              className="flex flex-col gap-3 rounded-2xl border border-default p-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="cohort-card"
            >
              <div className="min-w-0">
                <h3 className="font-semibold break-words">
                  {cohort.title} {member ? <Badge tone="green">You are in this cohort</Badge> : null}
                </h3>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays className="h-4 w-4" aria-hidden />
                    {formatDate(cohort.startsAt, 'date', reader)} – {formatDate(cohort.endsAt, 'date', reader)}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Users className="h-4 w-4" aria-hidden /> {seatsText(cohort)}
                  </span>
                  {cohort.enrollmentClosesAt ? (
                    <span>Join by {formatDate(cohort.enrollmentClosesAt, 'dateTime', reader)}</span>
                  ) : null}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {member ? (
                  <>
                    <Link to={scheduleHref} className={buttonClasses('primary', 'sm')}>
                      Open schedule
                    </Link>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={leave.isPending}
                      onClick={() =>
                        leave.mutate(
                          { courseId, cohortId: cohort.id },
                          {
                            onSuccess: (reply) => toast(reply.message, 'success'),
                            onError: (error) => toast(errorMessage(error, 'Could not leave the cohort'), 'error'),
                          },
                        )
                      }
                    >
                      Leave
                    </Button>
                  </>
                ) : canEdit ? null : !user ? (
                  <Link to={signIn} className={buttonClasses('secondary', 'sm')}>
                    Log in to join
                  </Link>
                ) : cohort.joinRefusal ? (
                  <span className="text-sm text-muted">{cohort.joinRefusal}</span>
                ) : mine ? null : (
                  <Button
                    size="sm"
                    disabled={join.isPending}
                    aria-label={`Join ${cohort.title}`}
                    onClick={() =>
                      join.mutate(
                        { courseId, cohortId: cohort.id },
                        {
                          onSuccess: (reply) => toast(reply.message, 'success'),
                          onError: (error) => toast(errorMessage(error, 'Could not join the cohort'), 'error'),
                        },
                      )
                    }
                  >
                    Join
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
