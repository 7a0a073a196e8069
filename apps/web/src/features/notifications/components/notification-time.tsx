import { relativeTime } from '@learnbuild/domain/rules/relative-time';
import { useEffect, useState } from 'react';
import { formatDate, SERVER_READER } from '@/lib/dates';
import { useHydrated } from '@/lib/hydration';

/** "5 minutes ago" in a `<time>`, moving on each minute; the exact moment is its tooltip. */
export function NotificationTime({ iso, className }: { iso: string; className?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  // A server-drawn page shows the UTC date until it hydrates: the server knows neither the reader's clock nor zone.
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} title={hydrated ? formatDate(iso, 'dateTime') : undefined} className={className}>
      {hydrated ? relativeTime(new Date(iso), now, (at) => formatDate(at)) : formatDate(iso, 'date', SERVER_READER)}
    </time>
  );
}
