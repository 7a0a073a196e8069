/**
 * The weeks of a calendar month for the schedule's month view: Monday first, each week seven cells, a cell a
 * 'YYYY-MM-DD' day of the month or null before the first and after the last. Plain calendar arithmetic on UTC
 * dates, so no time zone moves a day.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= days; day += 1) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** The month `offset` months from `month` ('YYYY-MM'). */
export function addMonths(month: string, offset: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + offset, 1));
  return date.toISOString().slice(0, 7);
}

/** The month to open on: the one of the first lesson not done yet, else of the last due day, else `today`'s. */
export function initialMonth(items: readonly { dueDay: string; state: string }[], today: string): string {
  const next = items.find((item) => item.state !== 'done');
  return (next ?? items.at(-1))?.dueDay.slice(0, 7) ?? today.slice(0, 7);
}
