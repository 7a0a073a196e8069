import { useEffect, useState } from 'react';
import { exactTime, relativeTime } from '@/features/community/relative-time';
import { formatDate, SERVER_READER } from '@/lib/dates';
import { useHydrated } from '@/lib/hydration';

/** One clock for every time on the page: "5 minutes ago" moves on without a reload. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "3 hours ago" in a `<time>` with the exact moment as its datetime and tooltip. */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const now = useMinuteClock();
  // A page drawn on the server (and kept drawn) gives the UTC date until it hydrates: its clock, zone and
  // language are not the reader's.
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} title={hydrated ? exactTime(iso) : undefined} className={className}>
      {hydrated ? relativeTime(iso, now) : formatDate(iso, 'date', SERVER_READER)}
    </time>
  );
}
