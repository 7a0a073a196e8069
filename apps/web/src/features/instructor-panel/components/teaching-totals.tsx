import type { TeachingStatsReply } from '@learnbuild/domain/schemas/courses';
import { Award, BookOpen, Users } from 'lucide-react';
import { Card } from '../../../components/ui/card';

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
        <Card key={label} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
          <span className="hidden rounded-xl bg-brand-100 p-2.5 text-brand-700 sm:inline-flex dark:bg-brand-900 dark:text-brand-100">
            <Icon className="h-5 w-5" aria-hidden />
          </span>
          <div className="flex flex-col-reverse">
            <dt className="text-xs text-muted sm:text-sm">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`total-${label.toLowerCase()}`}>
              {value}
            </dd>
          </div>
        </Card>
      ))}
    </dl>
  );
}
