import { useEffect, useState } from 'react';
import { exactTime, relativeTime } from '../relative-time';

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
  return (
    <time dateTime={iso} title={exactTime(iso)} className={className}>
      {relativeTime(iso, now)}
    </time>
  );
}
