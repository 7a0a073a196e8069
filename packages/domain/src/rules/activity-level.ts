/** Activity level 0-4 for a day's solved count (SPEC 3/9: levels 0-4 map to shades). */
export function activityLevel(count: number): 0 | 1 | 2 | 3 | 4 {
  if (count <= 0) return 0;
  if (count === 1) return 1;
  if (count <= 3) return 2;
  if (count <= 5) return 3;
  return 4;
}

/** Tooltip of a grid cell: the date plus the count of problems, or 'No activity'. */
export function activityTooltip(date: string, count: number): string {
  if (count <= 0) return `${date}: No activity`;
  return `${date}: ${count} ${count === 1 ? 'problem' : 'problems'}`;
}

/** Issue 29: what a day a streak freeze kept says, after its date and 'No activity'. */
export const FROZEN_DAY_TEXT = 'Frozen: a streak freeze kept the streak';

/** Tooltip of a grid cell on a day a streak freeze was used (a day without solves). */
export function frozenDayTooltip(date: string): string {
  return `${activityTooltip(date, 0)}. ${FROZEN_DAY_TEXT}`;
}
