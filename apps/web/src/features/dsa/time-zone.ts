import { DEFAULT_TIME_ZONE, todayIn } from '@learnbuild/domain/rules/streaks';

/** DESIGN decision 6: days and streaks are counted in the browser's own time zone, sent with every call. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function browserToday(): string {
  return todayIn(browserTimeZone());
}
