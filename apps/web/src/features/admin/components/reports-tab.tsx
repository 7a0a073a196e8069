import type { ReportsReply } from '@learnbuild/domain/schemas/community';
import { EyeOff, Flag, MessageSquareWarning } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { useToast } from '@/components/ui/toast';
import { useReports } from '@/features/admin/api/get-reports';
import { type ReportAction, useResolveReport } from '@/features/admin/api/resolve-report';
import type { ReportStatus, useAdminParams } from '@/features/admin/use-admin-params';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { AdminList } from './list-state';

type Report = ReportsReply['reports'][number];

const STATUS_OPTIONS: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved (post hidden)' },
  { value: 'dismissed', label: 'Dismissed' },
];
const STATUS_BADGE: Record<ReportStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'amber' },
  resolved: { label: 'Post hidden', tone: 'red' },
  dismissed: { label: 'Dismissed', tone: 'neutral' },
};
const EMPTY_TEXT: Record<ReportStatus, string> = {
  open: 'Nothing is waiting for a moderator. Reports members send from the community appear here.',
  resolved: 'No report has led to a hidden post yet.',
  dismissed: 'No report has been dismissed yet.',
};

/** The reported post's address: the thread, at the reply when it is one. */
const targetHref = (report: Report) =>
  `/community/${report.target.threadId}${report.target.kind === 'reply' ? `#reply-${report.target.id}` : ''}`;

function ReportCard({
  report,
  busy,
  onResolve,
}: {
  report: Report;
  busy: boolean;
  onResolve: (action: ReportAction) => void;
}) {
  const headingId = useId();
  const { target } = report;
  const status = STATUS_BADGE[report.status];
  const what = target.kind === 'thread' ? 'Thread' : 'Reply';
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="report-card">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3
              id={headingId}
              tabIndex={-1}
              className="font-semibold break-words focus:outline-none"
              data-report-heading
            >
              {what} by {target.author.name}
            </h3>
            <p className="text-sm text-muted">
              Reported by {report.reporter.name},{' '}
              <time dateTime={report.createdAt}>{formatDate(report.createdAt, 'dateTime')}</time>
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {target.hidden && report.status === 'open' ? (
              <Badge tone="red" icon={EyeOff}>
                Already hidden
              </Badge>
            ) : null}
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
        </header>
        <dl className="grid gap-3 text-sm">
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">Reason</dt>
            <dd className="break-words whitespace-pre-line">{report.reason}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">
              {target.kind === 'thread' ? 'Thread' : 'Reply in'}
            </dt>
            <dd className="break-words">
              <Link
                to={targetHref(report)}
                className="font-medium text-brand-700 underline dark:text-brand-200"
                aria-describedby={headingId}
              >
                {target.threadTitle}
              </Link>
            </dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">What was written</dt>
            <dd>
              <blockquote className="rounded-lg border-l-4 border-default bg-muted px-3 py-2">
                <p className="line-clamp-4 font-mono text-xs break-words whitespace-pre-line">{target.excerpt}</p>
              </blockquote>
            </dd>
          </div>
        </dl>
        {report.status === 'open' ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              size="sm"
              onClick={() => onResolve('hide')}
              disabled={busy}
              aria-describedby={headingId}
            >
              <EyeOff className="h-4 w-4" aria-hidden />
              {target.hidden ? 'Keep hidden, close report' : 'Hide post'}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onResolve('dismiss')}
              disabled={busy}
              aria-describedby={headingId}
            >
              Dismiss
            </Button>
          </div>
        ) : null}
      </article>
    </Card>
  );
}

/**
 * The community's moderation queue: reports with the reason, who sent it, the reported post (an excerpt,
 * its author, a link to the thread) and two ways to settle it. Hiding or dismissing closes every open
 * report on the same post; both are audit-logged.
 */
export function ReportsTab({ params }: { params: ReturnType<typeof useAdminParams> }) {
  const { reportStatus, page, update } = params;
  const toast = useToast();
  const query = useReports({ status: reportStatus, page });
  const resolve = useResolveReport();
  const listRef = useRef<HTMLUListElement>(null);
  const filterRef = useRef<HTMLElement>(null);
  const reports = query.data?.reports ?? [];

  // The settled report leaves the open list: focus goes to the one that takes its place (or the one before).
  const settle = async (report: Report, index: number, action: ReportAction) => {
    try {
      const reply = await resolve.mutateAsync({ id: report.id, action });
      const more = reply.closed > 1 ? ` (${reply.closed} reports on this post closed)` : '';
      toast(`${reply.message}${more}`, 'success');
    } catch (error) {
      toast(errorMessage(error, 'Could not settle the report'), 'error');
    }
    requestAnimationFrame(() => {
      const headings = listRef.current?.querySelectorAll<HTMLElement>('[data-report-heading]') ?? [];
      const next = headings[Math.min(index, headings.length - 1)];
      if (next) next.focus();
      else filterRef.current?.querySelector('select')?.focus();
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <search ref={filterRef} aria-label="Filter reports" className="grid gap-3 sm:max-w-xs">
        <FilterSelect
          label="Status"
          value={reportStatus}
          onChange={(value) => update({ status: value === 'open' ? undefined : value })}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FilterSelect>
      </search>
      <AdminList
        query={query}
        total={query.data?.total ?? 0}
        shown={reports.length}
        noun={['report', 'reports']}
        empty={{
          icon: reportStatus === 'open' ? Flag : MessageSquareWarning,
          title: reportStatus === 'open' ? 'No open reports' : 'No reports here',
          text: EMPTY_TEXT[reportStatus],
        }}
        page={page}
        onPage={(next) => update({ page: String(next) })}
      >
        <ul ref={listRef} className="flex flex-col gap-4" aria-label="Reports">
          {reports.map((report, index) => (
            <li key={report.id}>
              <ReportCard
                report={report}
                busy={resolve.isPending}
                onResolve={(action) => void settle(report, index, action)}
              />
            </li>
          ))}
        </ul>
      </AdminList>
    </div>
  );
}
