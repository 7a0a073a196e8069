import type { ScheduleItem } from '@learnbuild/domain/schemas/cohorts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { formatDay, useDateReader } from '@/lib/dates';
import { addMonths, initialMonth, monthWeeks } from '../month-grid';
import { DUE_STATE_LABEL } from './due-state-badge';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

const DOT: Record<ScheduleItem['state'], string> = {
  done: 'bg-emerald-500',
  overdue: 'bg-red-500',
  upcoming: 'bg-brand-500',
};

function monthName(month: string, locale: string | undefined) {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/**
 * The schedule as a month of days: a table (weekday columns, a row a week) whose days list the lessons due on
 * them as links, so a keyboard walks the links in order and a screen reader reads each day with its lessons.
 * Previous and next move by a month; the month shown is announced.
 */
export function MonthCalendar({
  items,
  today,
  lessonHref,
}: {
  items: ScheduleItem[];
  /** The learner's today, 'YYYY-MM-DD'. */
  today: string;
  lessonHref: (id: string) => string;
}) {
  const reader = useDateReader();
  const [month, setMonth] = useState(() => initialMonth(items, today));
  const byDay = useMemo(() => {
    const map = new Map<string, ScheduleItem[]>();
    for (const item of items) map.set(item.dueDay, [...(map.get(item.dueDay) ?? []), item]);
    return map;
  }, [items]);
  const title = monthName(month, reader.locale);
  const dueThisMonth = items.filter((item) => item.dueDay.startsWith(month)).length;
  return (
    <div className="flex flex-col gap-3" data-testid="schedule-calendar">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Previous month"
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <p className="text-center font-semibold" aria-live="polite">
          {title}
          <span className="sr-only">, {dueThisMonth === 1 ? '1 lesson due' : `${dueThisMonth} lessons due`}</span>
        </p>
        <Button variant="secondary" size="icon" aria-label="Next month" onClick={() => setMonth(addMonths(month, 1))}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Lessons due in {title}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="pb-1 text-xs font-medium text-muted">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) => {
                const due = day ? (byDay.get(day) ?? []) : [];
                return (
                  <td
                    key={day ?? `blank-${index}`}
                    className={cn(
                      'h-16 border border-default p-1 align-top sm:h-20',
                      day === today && 'bg-brand-50 dark:bg-brand-950/40',
                      !day && 'bg-muted',
                    )}
                    aria-current={day === today ? 'date' : undefined}
                  >
                    {day ? (
                      <>
                        <span className={cn('block text-xs', day === today ? 'font-bold' : 'text-muted')}>
                          <span aria-hidden>{Number(day.slice(8))}</span>
                          <span className="sr-only">{formatDay(day, 'date', reader)}</span>
                        </span>
                        {due.length > 0 ? (
                          <ul className="mt-1 flex flex-col gap-1">
                            {due.map((item) => (
                              <li key={item.lessonId} className="flex min-w-0 items-start gap-1">
                                <span
                                  className={cn('mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full', DOT[item.state])}
                                  aria-hidden
                                />
                                <Link
                                  to={lessonHref(item.lessonId)}
                                  className="min-w-0 truncate text-xs text-brand-700 hover:underline dark:text-brand-200"
                                  title={item.title}
                                  aria-label={`${item.title}, ${DUE_STATE_LABEL[item.state]}`}
                                >
                                  {item.title}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
