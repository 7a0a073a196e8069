import type { LessonKind } from '@learnbuild/domain/schemas/courses';
import { FileText, ListChecks, PlayCircle } from 'lucide-react';

export const LESSON_KIND_LABELS: Record<LessonKind, string> = { article: 'Article', video: 'Video', quiz: 'Quiz' };

const ICONS = { article: FileText, video: PlayCircle, quiz: ListChecks } as const;

export function LessonKindIcon({ kind, className }: { kind: LessonKind; className?: string }) {
  const Icon = ICONS[kind];
  return <Icon className={className ?? 'h-4 w-4'} aria-hidden />;
}
