import type { CourseStatus } from '@learnbuild/domain/schemas/courses';
import { Badge, type BadgeTone } from './badge';

const STATUS: Record<CourseStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'amber' },
  published: { label: 'Published', tone: 'green' },
  archived: { label: 'Archived', tone: 'neutral' },
};

/** A course's status as a coloured badge: draft, published or archived. */
export function CourseStatusBadge({ status, className }: { status: CourseStatus; className?: string }) {
  const { label, tone } = STATUS[status];
  return (
    <Badge tone={tone} className={className} data-testid="course-status">
      {label}
    </Badge>
  );
}
