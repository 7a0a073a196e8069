import { roleLabel } from '@learnbuild/domain/roles';
import { greetingFor } from '@learnbuild/domain/rules/greeting';
import type { User } from '@learnbuild/domain/schemas/auth';
import { RefreshCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import type { DashboardSync } from '@/features/dashboard/live/use-dashboard-sync';
import { formatDate } from '@/lib/dates';

function subscribeToConnectivity(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** 'Online' as SPEC 2 reads it, and 'Offline' when the browser has lost the network. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnectivity,
    () => navigator.onLine,
    () => true,
  );
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * SPEC 2: the greeting, the role label, Online, the last login date, Syncing.../Live, the Updated
 * time and the refresh control; plus which way updates arrive (the stream, or the 30 s refresh).
 */
export function DashboardHeader({ user, sync }: { user: User; sync: DashboardSync }) {
  const { syncing, updatedAt, live, refresh } = sync;
  const online = useOnline();
  return (
    <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between" data-testid="dashboard-header">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {greetingFor(new Date().getHours())}, {firstName(user.name)}
        </h1>
        <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
          <li>
            <Badge tone="brand" data-testid="dashboard-role">
              {roleLabel(user.role)}
            </Badge>
          </li>
          <li className="inline-flex items-center gap-1.5" data-testid="online">
            <span className={cn('h-2 w-2 rounded-full', online ? 'bg-emerald-500' : 'bg-slate-400')} aria-hidden />
            {online ? 'Online' : 'Offline'}
          </li>
          <li data-testid="last-login">
            Last login: {user.lastLoginAt ? formatDate(user.lastLoginAt) : 'first visit'}
          </li>
        </ul>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span
          className={cn(
            // Each changing part keeps one width, so the parts after it stay put as the sync goes on.
            'inline-flex min-w-[6.5rem] items-center justify-center gap-1.5 rounded-full px-2.5 py-1 font-medium',
            syncing
              ? 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-100'
              : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-100',
          )}
          data-testid="sync-status"
        >
          <span className={cn('h-2 w-2 rounded-full', syncing ? 'bg-amber-500' : 'bg-emerald-500')} aria-hidden />
          {syncing ? 'Syncing...' : 'Live'}
        </span>
        <span className="min-w-[10rem] text-muted" data-testid="live-mode">
          {live === 'live' ? 'Instant updates on' : live === 'connecting' ? 'Connecting…' : 'Refreshing every 30 s'}
        </span>
        <span className="min-w-[10rem] text-muted tabular-nums" data-testid="updated-at">
          Updated {updatedAt ? formatDate(updatedAt, 'time') : '—'}
        </span>
        <Button variant="secondary" size="sm" onClick={refresh} disabled={syncing} aria-label="Refresh dashboard">
          <RefreshCw className={cn('h-4 w-4', syncing && 'animate-spin motion-reduce:animate-none')} aria-hidden />
          Refresh
        </Button>
      </div>
    </header>
  );
}

/**
 * SPEC 2: a banner reading 'Progress Updated' with the sync time. Before the first sync the same box says the
 * progress is syncing, so the panels below it stay where they are when the sync lands.
 */
export function ProgressUpdatedBanner({ updatedAt }: { updatedAt: number | null }) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-x-2 rounded-xl border px-4 py-2.5 text-sm',
        updatedAt
          ? 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100'
          : 'border-default bg-muted text-muted',
      )}
      data-testid="progress-updated"
    >
      {updatedAt ? (
        <>
          <span className="font-semibold">Progress Updated</span>
          <span>Synced at {formatDate(updatedAt, 'time')}</span>
        </>
      ) : (
        <span>Syncing your progress…</span>
      )}
    </div>
  );
}
