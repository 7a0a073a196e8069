import { type AdminJob, describeCron } from '@learnbuild/domain/schemas/jobs';
import { CalendarClock, Play } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormMessage } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useJobs, useRunJob } from '@/features/admin/api/get-jobs';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {formatDate(at, 'dateTime')}
    </time>
  );
}

/** The last run's outcome: under way, succeeded or failed, when, and what it said. */
function LastRun({ run }: { run: AdminJob['lastRun'] }) {
  if (!run) return <span className="text-muted">Not run yet</span>;
  const outcome =
    run.ok === null ? (
      <Badge tone="amber">Running</Badge>
    ) : run.ok ? (
      <Badge tone="green">Succeeded</Badge>
    ) : (
      <Badge tone="red">Failed</Badge>
    );
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        {outcome}
        <span className="text-xs text-muted">
          <When at={run.startedAt} />
        </span>
      </div>
      {run.detail ? <p className="break-words text-xs text-muted">{run.detail}</p> : null}
    </div>
  );
}

function JobRow({ job, onRun, running }: { job: AdminJob; onRun: () => void; running: boolean }) {
  return (
    <tr className="border-t align-top">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <code className="font-mono text-sm font-semibold">{job.name}</code>
        <p className="mt-1 text-xs text-muted">{job.description}</p>
      </th>
      <td className="px-4 py-3">
        <span className="block whitespace-nowrap">{describeCron(job.cron)}</span>
        <code className="font-mono text-xs text-muted">{job.cron}</code>
      </td>
      <td className="px-4 py-3 text-sm">{job.nextRunAt ? <When at={job.nextRunAt} /> : '—'}</td>
      <td className="px-4 py-3 text-sm">
        <LastRun run={job.lastRun} />
      </td>
      <td className="px-4 py-3 text-sm tabular-nums">
        {job.failuresLast24h > 0 ? <Badge tone="red">{job.failuresLast24h}</Badge> : '0'}
      </td>
      <td className="px-4 py-3 text-right">
        <Button
          variant="secondary"
          size="sm"
          onClick={onRun}
          disabled={running}
          aria-label={`Run ${job.name} now`}
          className="whitespace-nowrap"
        >
          <Play className="h-4 w-4" aria-hidden />
          Run now
        </Button>
      </td>
    </tr>
  );
}

/** The platform's scheduled jobs: when each runs (UTC), how its last run went, and a way to run one now. */
export function JobsTab() {
  const query = useJobs();
  const run = useRunJob();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy>
        <span className="sr-only">Loading jobs</span>
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormMessage message={errorMessage(query.error, 'Could not load the jobs')} tone="error" />
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const jobs = query.data.jobs;
  if (jobs.length === 0) {
    return (
      <EmptyState icon={CalendarClock} title="No scheduled jobs" className="py-8">
        Jobs the platform runs on a schedule appear here.
      </EmptyState>
    );
  }
  const runNow = (name: string) => {
    setNotice(null);
    run.mutate(name, {
      onSuccess: (reply) => setNotice({ tone: 'success', text: reply.message }),
      onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, `Could not start ${name}`) }),
    });
  };
  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching}>
      <p className="text-sm text-muted">
        {jobs.length} scheduled {jobs.length === 1 ? 'job' : 'jobs'}, each run once per slot by one server. Times are
        shown in your time zone; schedules are in UTC.
      </p>
      <p
        aria-live="polite"
        className={
          notice?.tone === 'error'
            ? 'text-sm text-red-700 dark:text-red-300'
            : 'text-sm text-emerald-700 dark:text-emerald-300'
        }
      >
        {notice?.text ?? ''}
      </p>
      {/* Wider than a phone: the table scrolls sideways inside its own region, which takes the keyboard. */}
      <section
        aria-label="Scheduled jobs table"
        tabIndex={0}
        className="relative w-full min-w-0 max-w-full overflow-x-auto rounded-xl border [contain:inline-size]"
      >
        <table className="w-full min-w-[52rem] border-collapse text-left text-sm">
          <caption className="sr-only">Scheduled jobs, their schedules and their last runs</caption>
          <thead className="bg-muted text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                Job
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Schedule (UTC)
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Next run
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Last run
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Failures (24 h)
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <JobRow
                key={job.name}
                job={job}
                running={run.isPending && run.variables === job.name}
                onRun={() => runNow(job.name)}
              />
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
