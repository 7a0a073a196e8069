import { NUDGE_LEARNER_WINDOW_HOURS } from '@learnbuild/domain/rules/course-insight';
import type { StalledLearner } from '@learnbuild/domain/schemas/course-insight';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { countOf } from '@/features/instructor-panel/format';
import { formatDate } from '@/lib/dates';
import { NudgeDialog } from './nudge-dialog';

const NUDGE_WINDOW_MS = NUDGE_LEARNER_WINDOW_HOURS * 60 * 60 * 1000;

/** Stalled learners, longest idle first, each with a Nudge button (a dialog with the message). */
export function StalledLearners({
  courseId,
  courseTitle,
  learners,
  total,
  lastNudges,
}: {
  courseId: string;
  courseTitle: string;
  learners: readonly StalledLearner[];
  total: number;
  /** The latest nudge of each learner who had one (ISO), by learner id. */
  lastNudges: Readonly<Record<string, string>>;
}) {
  const [nudging, setNudging] = useState<StalledLearner | null>(null);
  return (
    <>
      <ul
        className="flex flex-col divide-y divide-[var(--border)]"
        aria-label="Stalled learners"
        data-testid="stalled-learners"
      >
        {learners.map((learner) => {
          const nudgedAt = lastNudges[learner.id];
          // The server allows one nudge per learner in its window: the button says so rather than answering 429.
          const nudgedRecently = nudgedAt !== undefined && Date.now() - Date.parse(nudgedAt) < NUDGE_WINDOW_MS;
          return (
            <li key={learner.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{learner.name}</p>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
                  <span>No progress for {countOf(learner.daysInactive, 'day')}</span>
                  <span aria-hidden>·</span>
                  <span>{countOf(learner.completedLessons, 'lesson')} completed</span>
                  {learner.overdueLessons !== null ? (
                    <Badge tone="amber">{countOf(learner.overdueLessons, 'lesson')} overdue</Badge>
                  ) : null}
                  {learner.cohortTitle ? <span>{learner.cohortTitle}</span> : null}
                </p>
                {nudgedAt ? <p className="text-xs text-muted">Last nudged {formatDate(nudgedAt, 'dateTime')}</p> : null}
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={nudgedRecently}
                onClick={() => setNudging(learner)}
                aria-label={nudgedRecently ? `${learner.name} was nudged today` : `Nudge ${learner.name}`}
              >
                <BellRing className="h-4 w-4" aria-hidden />
                {nudgedRecently ? 'Nudged' : 'Nudge'}
              </Button>
            </li>
          );
        })}
      </ul>
      {total > learners.length ? (
        <p className="text-sm text-muted">
          Showing the {learners.length} idle longest of {countOf(total, 'stalled learner')}.
        </p>
      ) : null}
      {nudging ? (
        <NudgeDialog courseId={courseId} courseTitle={courseTitle} learner={nudging} onClose={() => setNudging(null)} />
      ) : null}
    </>
  );
}
