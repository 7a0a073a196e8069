import type { AuditEntry } from '@learnbuild/domain/schemas/admin';
import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useAuditLog } from '@/features/admin/api/get-audit-log';
import type { useAdminParams } from '@/features/admin/use-admin-params';
import { formatDate } from '@/lib/dates';
import { AdminList } from './list-state';
import { ROLE_NAMES } from './role-names';

const ACTIONS: Record<AuditEntry['action'], { label: string; tone: BadgeTone }> = {
  'application.approved': { label: 'Approved application', tone: 'green' },
  'application.rejected': { label: 'Rejected application', tone: 'red' },
  'user.role_changed': { label: 'Changed role', tone: 'brand' },
  'community.thread_hidden': { label: 'Hid a thread', tone: 'red' },
  'community.thread_unhidden': { label: 'Unhid a thread', tone: 'green' },
  'community.thread_locked': { label: 'Locked a thread', tone: 'brand' },
  'community.thread_unlocked': { label: 'Unlocked a thread', tone: 'brand' },
  'community.thread_pinned': { label: 'Pinned a thread', tone: 'brand' },
  'community.thread_unpinned': { label: 'Unpinned a thread', tone: 'brand' },
  'community.thread_deleted': { label: 'Deleted a thread', tone: 'red' },
  'community.reply_hidden': { label: 'Hid a reply', tone: 'red' },
  'community.reply_unhidden': { label: 'Unhid a reply', tone: 'green' },
  'community.reply_deleted': { label: 'Deleted a reply', tone: 'red' },
  'community.report_dismissed': { label: 'Dismissed a report', tone: 'brand' },
};

const roleName = (value: unknown) =>
  typeof value === 'string' ? (ROLE_NAMES[value as keyof typeof ROLE_NAMES] ?? value) : null;

/** What changed, in words, from the entry's details: "Student → Instructor", "resubmission not allowed". */
export function auditSummary(entry: AuditEntry): string | null {
  const parts: string[] = [];
  const from = roleName(entry.details.from ?? entry.details.roleFrom);
  const to = roleName(entry.details.to ?? entry.details.roleTo);
  if (from && to) parts.push(`${from} → ${to}`);
  else if (to) parts.push(`to ${to}`);
  if (entry.action === 'application.rejected' && typeof entry.details.resubmissionAllowed === 'boolean')
    parts.push(entry.details.resubmissionAllowed ? 'resubmission allowed' : 'resubmission not allowed');
  if (entry.details.reportId) parts.push('from a report');
  if (entry.details.wasAcceptedAnswer === true) parts.push('it was the accepted answer');
  const closed = entry.details.reportsClosed;
  if (typeof closed === 'number' && closed > 1) parts.push(`${closed} reports closed`);
  return parts.length ? parts.join(', ') : null;
}

function Person({ person }: { person: AuditEntry['actor'] }) {
  if (!person) return <span className="italic text-muted">a deleted account</span>;
  return (
    <span className="break-words">
      <span className="font-medium">{person.name}</span> <span className="text-muted break-all">({person.email})</span>
    </span>
  );
}

/** The community thread a moderation entry is about (its title as it was then), when it names one. */
export function auditThread(entry: AuditEntry): { href: string; title: string } | null {
  const { threadId, replyId } = entry.details;
  if (typeof threadId !== 'string') return null;
  const title = entry.details.title ?? entry.details.threadTitle;
  return {
    href: `/community/${threadId}${typeof replyId === 'string' ? `#reply-${replyId}` : ''}`,
    title: typeof title === 'string' ? title : 'the thread',
  };
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const action = ACTIONS[entry.action] ?? { label: entry.action, tone: 'neutral' as const };
  const summary = auditSummary(entry);
  const thread = auditThread(entry);
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone={action.tone}>{action.label}</Badge>
        <time dateTime={entry.createdAt} className="text-xs text-muted">
          {formatDate(entry.createdAt, 'dateTime')}
        </time>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4">
        <dt className="text-muted">By</dt>
        <dd className="min-w-0">
          <Person person={entry.actor} />
        </dd>
        <dt className="text-muted">User</dt>
        <dd className="min-w-0">
          <Person person={entry.target} />
        </dd>
        {thread ? (
          <>
            <dt className="text-muted">Thread</dt>
            <dd className="min-w-0 break-words">
              {/* A deleted thread's link leads to the community's not-found page, which says so. */}
              <Link to={thread.href} className="text-brand-700 underline dark:text-brand-200">
                {thread.title}
              </Link>
            </dd>
          </>
        ) : null}
        {summary ? (
          <>
            <dt className="text-muted">Change</dt>
            <dd>{summary}</dd>
          </>
        ) : null}
        {entry.reason ? (
          <>
            <dt className="text-muted">Reason</dt>
            <dd className="break-words">{entry.reason}</dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}

/** Every admin action, newest first: who did what to whom, when and why. */
export function AuditLogTab({ params }: { params: ReturnType<typeof useAdminParams> }) {
  const { page, update } = params;
  const query = useAuditLog(page);
  const entries = query.data?.entries ?? [];
  return (
    <AdminList
      query={query}
      total={query.data?.total ?? 0}
      shown={entries.length}
      noun={['entry', 'entries']}
      empty={{
        icon: ScrollText,
        title: 'Nothing logged yet',
        text: 'Decisions, role changes and community moderation appear here.',
      }}
      page={page}
      onPage={(next) => update({ page: String(next) })}
    >
      <ol className="flex flex-col gap-3" aria-label="Audit log, newest first">
        {entries.map((entry) => (
          <li key={entry.id}>
            <EntryRow entry={entry} />
          </li>
        ))}
      </ol>
    </AdminList>
  );
}
