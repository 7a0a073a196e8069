import { subjectTopicCounts } from '@learnbuild/domain/rules/core-progress';
import { type LevelBadge, levelBadge } from '@learnbuild/domain/rules/level-badge';
import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { SubjectIcon } from '@/components/ui/subject-icon';
import { Panel } from './panel';

const LEVEL_TONE: Record<LevelBadge, BadgeTone> = { Advanced: 'green', Intermediate: 'amber', Beginner: 'neutral' };

/** SPEC 2: per subject its icon, name, percentage, completed/total topics and level badge. */
export function CoreSubjectsPanel({ subjects }: { subjects: SubjectSummary[] | undefined }) {
  return (
    <Panel
      title="Core Subjects Progress"
      link={{ to: '/core-subject', label: 'View All Subjects' }}
      testId="core-subjects-panel"
    >
      {subjects === undefined ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-24" />
          ))}
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {subjects.map((subject) => {
            const topics = subjectTopicCounts(subject);
            const level = levelBadge(subject.progress);
            return (
              <li key={subject.id} data-testid={`dashboard-subject-${subject.id}`}>
                <Link
                  to={`/subject/${subject.id}`}
                  className="flex h-full flex-col gap-3 rounded-xl border border-default p-3 transition-colors hover:bg-muted"
                >
                  <span className="flex items-center gap-3">
                    <SubjectIcon icon={subject.icon} size="sm" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{subject.name}</span>
                      <span className="block text-xs text-muted" data-testid="topic-count">
                        {topics.completed}/{topics.total} topics
                      </span>
                    </span>
                    <span className="flex flex-col items-end gap-1">
                      <span className="font-semibold" data-testid="subject-percent">
                        {subject.progress}%
                      </span>
                      <Badge tone={LEVEL_TONE[level]} data-testid="level-badge">
                        {level}
                      </Badge>
                    </span>
                  </span>
                  <Progress value={subject.progress} label={`${subject.name} progress`} />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
