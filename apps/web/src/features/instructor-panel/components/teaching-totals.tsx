import type { TeachingStatsReply } from '@learnbuild/domain/schemas/courses';
import { Award, BookOpen, Users } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** Courses, learners and completions over all of the instructor's courses. */
export function TeachingTotals({ totals }: { totals: TeachingStatsReply['totals'] }) {
  const tiles = [
    { label: 'Courses', value: totals.courses, Icon: BookOpen },
    { label: 'Learners', value: totals.learners, Icon: Users },
    { label: 'Completions', value: totals.completions, Icon: Award },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3 sm:gap-4" data-testid="teaching-totals">
      {tiles.map(({ label, value, Icon }) => (
        // A dl's groups may be wrapped in one div each: the card is that div.
        <Card key={label} className="flex flex-col gap-1 p-3 sm:p-5">
          <dt className="flex items-center gap-1.5 text-xs text-muted sm:text-sm">
            <Icon className="hidden h-4 w-4 text-brand-600 sm:inline dark:text-brand-200" aria-hidden />
            {label}
          </dt>
          <dd className="order-first text-2xl font-bold tabular-nums" data-testid={`total-${label.toLowerCase()}`}>
            {value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
