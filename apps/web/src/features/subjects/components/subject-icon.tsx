import { BookOpen, Boxes, Cpu, Database, type LucideIcon, Network } from 'lucide-react';
import { cn } from '../../../components/ui/class-names';

const ICONS: Record<string, LucideIcon> = { database: Database, cpu: Cpu, network: Network, boxes: Boxes };

export function SubjectIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? BookOpen;
  return (
    <span
      className={cn(
        'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100',
        className,
      )}
    >
      <Icon className="h-6 w-6" aria-hidden />
    </span>
  );
}
