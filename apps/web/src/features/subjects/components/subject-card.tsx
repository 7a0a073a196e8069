import { subjectTopicCounts } from '@learnbuild/domain/rules/core-progress';
import { type LevelBadge, levelBadge } from '@learnbuild/domain/rules/level-badge';
import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { SubjectIcon } from '@/components/ui/subject-icon';

const LEVEL_TONE: Record<LevelBadge, BadgeTone> = { Advanced: 'green', Intermediate: 'amber', Beginner: 'neutral' };

/** SPEC 2: icon, name, percentage, completed/total topics and a level badge. */
export function SubjectCard({ subject }: { subject: SubjectSummary }) {
  const topics = subjectTopicCounts(subject);
  const level = levelBadge(subject.progress);
  return (
    <Link to={`/subject/${subject.id}`} className="group block" data-testid={`subject-card-${subject.id}`}>
      <Card className="flex h-full flex-col gap-4 p-5 transition-shadow group-hover:shadow-md">
        <div className="flex items-start justify-between gap-3">
          <SubjectIcon icon={subject.icon} />
          <Badge tone={LEVEL_TONE[level]} data-testid="level-badge">
            {level}
          </Badge>
        </div>
        <div>
          <h2 className="text-lg font-semibold">{subject.name}</h2>
          {subject.description ? <p className="mt-1 line-clamp-2 text-sm text-muted">{subject.description}</p> : null}
        </div>
        <div className="mt-auto">
          <div className="mb-2 flex items-center justify-between text-sm">
            <span className="text-muted" data-testid="topic-count">
              {topics.completed}/{topics.total} topics
            </span>
            <span className="font-semibold" data-testid="subject-progress">
              {subject.progress}%
            </span>
          </div>
          <Progress value={subject.progress} label={`${subject.name} progress`} />
        </div>
      </Card>
    </Link>
  );
}
