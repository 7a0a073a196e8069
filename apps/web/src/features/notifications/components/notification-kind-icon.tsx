import type { NotificationKind } from '@learnbuild/domain/notifications';
import {
  AtSign,
  Award,
  CalendarClock,
  CheckCircle2,
  Flag,
  Flame,
  GraduationCap,
  type LucideIcon,
  MessageSquareReply,
  Repeat,
  ShieldAlert,
  UserPlus,
} from 'lucide-react';
import { cn } from '@/components/ui/class-names';

const ICONS: Record<NotificationKind, LucideIcon> = {
  thread_reply: MessageSquareReply,
  answer_accepted: CheckCircle2,
  mention: AtSign,
  application_decided: GraduationCap,
  course_update: GraduationCap,
  cohort_due: CalendarClock,
  revision_due: Repeat,
  streak_warning: Flame,
  badge_earned: Award,
  report_resolved: Flag,
  admin_new_application: UserPlus,
  admin_new_report: ShieldAlert,
};

/** The kind's picture in a round chip; decoration only (the title says what happened). */
export function NotificationKindIcon({ kind, className }: { kind: NotificationKind; className?: string }) {
  const Icon = ICONS[kind] ?? MessageSquareReply;
  return (
    <span
      aria-hidden
      className={cn(
        'flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100',
        className,
      )}
    >
      <Icon className="h-4 w-4" />
    </span>
  );
}
