/** "45 min", "2 h", "3 h 20 min"; nothing for a lesson without a duration. */
export function formatMinutes(minutes: number): string {
  if (minutes <= 0) return '';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** One formatter for every count: `toLocaleString('en-US')` would build one per call, on every card of a list. */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** "1 lesson", "12 lessons", "1,204 learners". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${COUNT_FORMAT.format(count)} ${count === 1 ? singular : plural}`;
}
