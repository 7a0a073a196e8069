import { activityTooltip } from '@learnbuild/domain/rules/activity-level';
import { type KeyboardEvent, useRef, useState } from 'react';
import { formatDay, useDateReader } from '@/lib/dates';
import { cn } from './class-names';
import { Tooltip, TooltipGroup } from './tooltip';

export interface ActivityCell {
  date: string;
  count: number;
  level: 0 | 1 | 2 | 3 | 4;
}

/** SPEC 9: activity levels 0-4 map to shades. */
const LEVEL_CLASSES = [
  'bg-slate-200 dark:bg-slate-800',
  'bg-emerald-200 dark:bg-emerald-900',
  'bg-emerald-400 dark:bg-emerald-700',
  'bg-emerald-600 dark:bg-emerald-500',
  'bg-emerald-800 dark:bg-emerald-300',
] as const;

const ROWS = 7;

/**
 * The activity grid: one column per 7 days, oldest first, so 49 days make the 7x7 grid of the
 * dashboard. One tab stop; the arrow keys move between days and focus shows the day's tooltip.
 */
export function ActivityGrid({
  activity,
  label = `Activity in the last ${activity.length} days`,
  className,
}: {
  activity: readonly ActivityCell[];
  label?: string;
  className?: string;
}) {
  const [active, setActive] = useState(Math.max(0, activity.length - 1));
  const cells = useRef<(HTMLSpanElement | null)[]>([]);
  const reader = useDateReader();
  const total = activity.reduce((sum, day) => sum + day.count, 0);
  const activeDays = activity.filter((day) => day.count > 0).length;

  const move = (event: KeyboardEvent) => {
    const step = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -ROWS, ArrowRight: ROWS, Home: -Infinity, End: Infinity }[
      event.key
    ];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(activity.length - 1, Math.max(0, active + step));
    setActive(next);
    cells.current[next]?.focus();
  };

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <TooltipGroup>
        <div
          role="group"
          aria-label={`${label}: ${total} ${total === 1 ? 'problem' : 'problems'} on ${activeDays} ${activeDays === 1 ? 'day' : 'days'}`}
          className="grid w-fit grid-flow-col gap-1"
          style={{ gridTemplateRows: `repeat(${ROWS}, minmax(0, 1fr))` }}
          onKeyDown={move}
          data-testid="activity-grid"
        >
          {activity.map((day, index) => {
            const text = activityTooltip(formatDay(day.date, 'date', reader), day.count);
            return (
              <Tooltip key={day.date} content={text}>
                <span
                  ref={(element) => {
                    cells.current[index] = element;
                  }}
                  role="img"
                  aria-label={text}
                  tabIndex={index === active ? 0 : -1}
                  onFocus={() => setActive(index)}
                  data-level={day.level}
                  data-date={day.date}
                  className={cn('block h-3.5 w-3.5 rounded-[3px] sm:h-4 sm:w-4', LEVEL_CLASSES[day.level])}
                />
              </Tooltip>
            );
          })}
        </div>
      </TooltipGroup>
      <div className="flex items-center gap-1 text-xs text-muted" aria-hidden>
        <span className="mr-1">Less</span>
        {LEVEL_CLASSES.map((shade) => (
          <span key={shade} className={cn('h-3 w-3 rounded-[3px]', shade)} />
        ))}
        <span className="ml-1">More</span>
      </div>
    </div>
  );
}
