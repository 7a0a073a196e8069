import { relativeTime } from '@learnbuild/domain/rules/relative-time';
import type { ActivityEntry, ActivityKind } from '@learnbuild/domain/schemas/dashboard';
import {
  Award,
  BookOpenCheck,
  CheckCircle2,
  GraduationCap,
  type LucideIcon,
  Medal,
  Send,
  ThumbsDown,
  ThumbsUp,
} from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/dates';

const KIND: Record<ActivityKind, { icon: LucideIcon; verb: string; tone: string }> = {
  'dsa.solved': { icon: CheckCircle2, verb: 'Solved', tone: 'text-emerald-600 dark:text-emerald-400' },
  'subtopic.completed': { icon: BookOpenCheck, verb: 'Completed', tone: 'text-brand-600 dark:text-brand-200' },
  'application.submitted': { icon: Send, verb: '', tone: 'text-amber-600 dark:text-amber-400' },
  'application.approved': { icon: ThumbsUp, verb: '', tone: 'text-emerald-600 dark:text-emerald-400' },
  'application.rejected': { icon: ThumbsDown, verb: '', tone: 'text-red-600 dark:text-red-400' },
  'course.enrolled': { icon: GraduationCap, verb: 'Enrolled in', tone: 'text-brand-600 dark:text-brand-200' },
  'course.completed': { icon: Award, verb: 'Completed', tone: 'text-emerald-600 dark:text-emerald-400' },
  'badge.earned': { icon: Medal, verb: '', tone: 'text-amber-600 dark:text-amber-400' },
};

/** The user's own actions with relative times (DESIGN decision 3). */
export function ActivityList({ entries, now }: { entries: ActivityEntry[]; now: Date }) {
  return (
    <ul className="flex flex-col divide-y divide-[var(--border)]" data-testid="activity-list">
      {entries.map((entry) => {
        const kind = KIND[entry.kind];
        const Icon = kind.icon;
        const text = kind.verb ? `${kind.verb} ${entry.title}` : entry.title;
        return (
          <li key={entry.id} className="flex items-start gap-3 py-2.5" data-testid="activity-entry">
            <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${kind.tone}`} aria-hidden />
            <div className="min-w-0 flex-1">
              {entry.href ? (
                <Link to={entry.href} className="block break-words font-medium hover:underline">
                  {text}
                </Link>
              ) : (
                <span className="block break-words font-medium">{text}</span>
              )}
              {entry.detail ? <span className="text-xs text-muted">{entry.detail}</span> : null}
            </div>
            <time dateTime={entry.at} title={formatDate(entry.at, 'dateTime')} className="shrink-0 text-xs text-muted">
              {relativeTime(new Date(entry.at), now, (at) => formatDate(at))}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
