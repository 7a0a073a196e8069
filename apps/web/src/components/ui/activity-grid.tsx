import { activityTooltip, frozenDayTooltip } from '@learnbuild/domain/rules/activity-level';
import { Snowflake } from 'lucide-react';
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

/** Issue 29: a day a streak freeze kept: an empty day drawn in ice blue with a blue outline and a snowflake. */
const FROZEN_CLASSES = 'bg-sky-100 text-sky-700 ring-1 ring-inset ring-sky-500 dark:bg-sky-950 dark:text-sky-300';

const ROWS = 7;

/**
 * The activity grid: one column per 7 days, oldest first, so 49 days make the 7x7 grid of the
 * dashboard. One tab stop; the arrow keys move between days and focus shows the day's tooltip.
 */
export function ActivityGrid({
  activity,
  label = `Activity in the last ${activity.length} days`,
  frozenDays,
  className,
}: {
  activity: readonly ActivityCell[];
  label?: string;
  /** Issue 29: the days a streak freeze was used on ('YYYY-MM-DD'); only days without solves are drawn frozen. */
  frozenDays?: readonly string[];
  className?: string;
}) {
  const [active, setActive] = useState(Math.max(0, activity.length - 1));
  const cells = useRef<(HTMLSpanElement | null)[]>([]);
  const reader = useDateReader();
  const total = activity.reduce((sum, day) => sum + day.count, 0);
  const activeDays = activity.filter((day) => day.count > 0).length;
  const frozen = new Set(frozenDays);
  const frozenInGrid = activity.filter((day) => day.count === 0 && frozen.has(day.date)).length;

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
          aria-label={`${label}: ${total} ${total === 1 ? 'problem' : 'problems'} on ${activeDays} ${activeDays === 1 ? 'day' : 'days'}${frozenInGrid > 0 ? `, ${frozenInGrid} frozen ${frozenInGrid === 1 ? 'day' : 'days'}` : ''}`}
          className="grid w-fit grid-flow-col gap-1"
          style={{ gridTemplateRows: `repeat(${ROWS}, minmax(0, 1fr))` }}
          onKeyDown={move}
          data-testid="activity-grid"
        >
          {activity.map((day, index) => {
            const isFrozen = day.count === 0 && frozen.has(day.date);
            const date = formatDay(day.date, 'date', reader);
            const text = isFrozen ? frozenDayTooltip(date) : activityTooltip(date, day.count);
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
                  data-frozen={isFrozen || undefined}
                  className={cn(
                    'flex h-3.5 w-3.5 items-center justify-center rounded-[3px] sm:h-4 sm:w-4',
                    isFrozen ? FROZEN_CLASSES : LEVEL_CLASSES[day.level],
                  )}
                >
                  {isFrozen ? <Snowflake className="h-2.5 w-2.5 sm:h-3 sm:w-3" aria-hidden /> : null}
                </span>
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
        {frozenInGrid > 0 ? (
          <>
            <span className={cn('ml-3 flex h-3 w-3 items-center justify-center rounded-[3px]', FROZEN_CLASSES)}>
              <Snowflake className="h-2 w-2" />
            </span>
            <span className="ml-1">Frozen</span>
          </>
        ) : null}
      </div>
    </div>
  );
}
