import type { LessonKind } from '@learnbuild/domain/schemas/courses';
import { Code2, FileText, ListChecks, PlayCircle } from 'lucide-react';
import { cn } from '@/components/ui/class-names';

export const LESSON_KIND_LABEL: Record<LessonKind, string> = {
  article: 'Article',
  video: 'Video',
  quiz: 'Quiz',
  exercise: 'Code exercise',
};

const ICONS: Record<LessonKind, typeof FileText> = {
  article: FileText,
  video: PlayCircle,
  quiz: ListChecks,
  exercise: Code2,
};

export function LessonKindIcon({ kind, className }: { kind: LessonKind; className?: string }) {
  const Icon = ICONS[kind] ?? FileText;
  return <Icon className={cn('h-4 w-4 shrink-0', className)} aria-hidden />;
}
