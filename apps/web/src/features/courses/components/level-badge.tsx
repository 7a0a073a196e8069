import type { CourseLevel } from '@learnbuild/domain/schemas/courses';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const LEVEL_TONE: Record<CourseLevel, BadgeTone> = { Beginner: 'green', Intermediate: 'amber', Advanced: 'red' };

export function CourseLevelBadge({ level, className }: { level: CourseLevel; className?: string }) {
  return (
    <Badge tone={LEVEL_TONE[level] ?? 'neutral'} className={className} data-testid="course-level">
      {level}
    </Badge>
  );
}
