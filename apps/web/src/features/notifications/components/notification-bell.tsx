import { safeRedirectTarget } from '@learnbuild/domain/routes';
import type { Notification } from '@learnbuild/domain/schemas/notifications';
import { Bell, CheckCheck, Settings } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '@/components/ui/class-names';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationsRead } from '@/features/notifications/api/mark-read';
import { NotificationKindIcon } from './notification-kind-icon';
import { NotificationTime } from './notification-time';

/** How many of the latest notifications the tray lists; the rest are on /notifications. */
export const TRAY_SIZE = 10;

/** The bell's accessible name: what it opens and how many are unread. */
export function notificationBellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications, none unread';
}

/** The count on the bell: up to 99, then "99+" (the badge keeps its size). */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** Where a notification leads: a path on this site, never elsewhere. */
export function notificationTarget(notification: Notification): string {
  return safeRedirectTarget(notification.url);
}

function TrayEntry({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = notification.readAt === null;
  return (
    <DropdownMenuItem asChild onSelect={onOpen} className="items-start gap-3 py-2.5">
      <Link to={notificationTarget(notification)} data-testid="tray-notification" data-unread={unread}>
        <NotificationKindIcon kind={notification.kind} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={cn('line-clamp-2 text-sm', unread ? 'font-semibold' : 'text-muted')}>
            {notification.title}
          </span>
          <NotificationTime iso={notification.createdAt} className="text-xs text-muted" />
        </span>
        {unread ? (
          <>
            <span aria-hidden className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" />
            <span className="sr-only">(unread)</span>
          </>
        ) : null}
      </Link>
    </DropdownMenuItem>
  );
}

function TrayList({ onOpen }: { onOpen: (notification: Notification) => void }) {
  const list = useNotifications('all');
  if (list.isPending) {
    return (
      <div role="status" aria-label="Loading notifications" className="flex flex-col gap-2 p-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (list.isError && !list.data) {
    return (
      <>
        <p role="alert" className="px-3 py-2 text-sm text-red-600 dark:text-red-400">
          Could not load your notifications.
        </p>
        <DropdownMenuItem
          onSelect={(event) => {
            event.preventDefault();
            void list.refetch();
          }}
        >
          Try again
        </DropdownMenuItem>
      </>
    );
  }
  const latest = (list.data?.pages ?? []).flatMap((page) => page.notifications).slice(0, TRAY_SIZE);
  if (latest.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1 px-3 py-6 text-center">
        <CheckCheck className="h-6 w-6 text-brand-600" aria-hidden />
        <p className="text-sm font-semibold">You're all caught up</p>
        <p className="text-xs text-muted">Replies, badges and reminders will show up here.</p>
      </div>
    );
  }
  return (
    <div role="group" aria-label="Latest notifications" className="max-h-[min(28rem,60vh)] overflow-y-auto">
      {latest.map((notification) => (
        <TrayEntry key={notification.id} notification={notification} onOpen={() => onOpen(notification)} />
      ))}
    </div>
  );
}

/**
 * The navbar's bell: the unread count on it, and a panel of the latest notifications, each a link that marks it
 * read. A Radix menu as the navbar's others: Enter or Space opens it, arrows move, Escape closes it and gives the
 * bell its focus back.
 */
export function NotificationBell({
  triggerClassName,
  defaultOpen = false,
}: {
  /** The navbar's, shared with the bell's stand-in in its server-drawn shell: same size, same place. */
  triggerClassName: string;
  defaultOpen?: boolean;
}) {
  const list = useNotifications('all');
  // Held here, not in the panel's list: the panel closes as an entry is opened, and the mark must still be sent.
  const markRead = useMarkNotificationsRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.pages[0]?.unread ?? 0;
  const headingId = useId();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        className={triggerClassName}
        aria-label={notificationBellLabel(unread)}
        data-testid="notification-bell"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white"
          >
            {unreadBadgeText(unread)}
          </span>
        ) : null}
      </DropdownMenuTrigger>
      {/* Named by its heading: Radix would name it after the bell, whose name carries the count. */}
      <DropdownMenuContent
        aria-labelledby={headingId}
        collisionPadding={8}
        className="w-[calc(100vw-1rem)] max-w-sm p-1.5"
        data-testid="notification-panel"
      >
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <p id={headingId} className="text-sm font-semibold">
            Notifications
          </p>
          <p className="text-xs text-muted">{unread > 0 ? `${unread} unread` : 'None unread'}</p>
        </div>
        <DropdownMenuSeparator />
        <TrayList
          onOpen={(notification) => {
            if (notification.readAt === null) markRead.mutate([notification.id]);
          }}
        />
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={unread === 0 || markAll.isPending}
          onSelect={(event) => {
            // The panel stays open to show them read.
            event.preventDefault();
            markAll.mutate();
          }}
          className="data-[disabled]:cursor-default data-[disabled]:opacity-50"
        >
          <CheckCheck className="h-4 w-4" aria-hidden /> Mark all read
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/notifications">
            <Bell className="h-4 w-4" aria-hidden /> See all notifications
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings/notifications">
            <Settings className="h-4 w-4" aria-hidden /> Notification settings
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
