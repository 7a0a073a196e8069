import { BookOpen, Boxes, Cpu, Database, type LucideIcon, Network } from 'lucide-react';
import { cn } from './class-names';

/** The icons a subject can use; admins pick one, learners' screens draw it. */
export const SUBJECT_ICONS: { value: string; label: string; Icon: LucideIcon }[] = [
  { value: 'database', label: 'Database', Icon: Database },
  { value: 'cpu', label: 'Processor', Icon: Cpu },
  { value: 'network', label: 'Network', Icon: Network },
  { value: 'boxes', label: 'Boxes', Icon: Boxes },
  { value: 'book-open', label: 'Book', Icon: BookOpen },
];

export function SubjectIcon({
  icon,
  size = 'md',
  className,
}: {
  icon: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const Icon = SUBJECT_ICONS.find((choice) => choice.value === icon)?.Icon ?? BookOpen;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100',
        size === 'sm' ? 'h-9 w-9 rounded-lg' : 'h-11 w-11 rounded-xl',
        className,
      )}
    >
      <Icon className={size === 'sm' ? 'h-5 w-5' : 'h-6 w-6'} aria-hidden />
    </span>
  );
}
