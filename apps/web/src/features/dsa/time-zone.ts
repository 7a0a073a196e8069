import { DEFAULT_TIME_ZONE, todayIn } from '@learnbuild/domain/rules/streaks';

/**
 * The zone read last and the second it was read in. The sheet asks once per row while drawing a thousand of them,
 * and building the DateTimeFormat that tells the zone costs more than the row: within a second the answer is reused.
 */
let lastRead: { second: number; zone: string } | undefined;

/** DESIGN decision 6: days and streaks are counted in the browser's own time zone, sent with every call. */
export function browserTimeZone(): string {
  const second = Math.floor(Date.now() / 1000);
  if (lastRead?.second === second) return lastRead.zone;
  let zone: string;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    zone = DEFAULT_TIME_ZONE;
  }
  lastRead = { second, zone };
  return zone;
}

export function browserToday(): string {
  return todayIn(browserTimeZone());
}
