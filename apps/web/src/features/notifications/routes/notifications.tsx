import type { Notification } from '@learnbuild/domain/schemas/notifications';
import { BellOff, CheckCheck, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/class-names';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import type { NotificationFilter } from '@/features/notifications/api/keys';
import { useMarkAllNotificationsRead, useMarkNotificationsRead } from '@/features/notifications/api/mark-read';
import { notificationTarget } from '@/features/notifications/components/notification-bell';
import { NotificationKindIcon } from '@/features/notifications/components/notification-kind-icon';
import { NotificationTime } from '@/features/notifications/components/notification-time';
import { errorMessage } from '@/lib/api-client';

/** The filter in the address (?filter=unread); anything else is All. */
export function filterFromSearch(params: URLSearchParams): NotificationFilter {
  return params.get('filter') === 'unread' ? 'unread' : 'all';
}

function FilterLinks({ filter }: { filter: NotificationFilter }) {
  const entries: { value: NotificationFilter; label: string; to: string }[] = [
    { value: 'all', label: 'All', to: '/notifications' },
    { value: 'unread', label: 'Unread', to: '/notifications?filter=unread' },
  ];
  return (
    <nav aria-label="Filter notifications" className="mb-4 inline-flex rounded-xl border border-default p-1">
      {entries.map((entry) => (
        <Link
          key={entry.value}
          to={entry.to}
          aria-current={entry.value === filter ? 'page' : undefined}
          className={cn(
            'rounded-lg px-4 py-1.5 text-sm font-medium',
            entry.value === filter ? 'bg-brand-600 text-white' : 'text-[var(--text)] hover:bg-muted',
          )}
        >
          {entry.label}
        </Link>
      ))}
    </nav>
  );
}

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = notification.readAt === null;
  return (
    <li
      className={cn('flex items-start gap-3 px-4 py-3', unread && 'bg-brand-50/60 dark:bg-brand-900/20')}
      data-testid="notification-row"
      data-unread={unread}
    >
      <NotificationKindIcon kind={notification.kind} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to={notificationTarget(notification)}
          onClick={onOpen}
          className={cn('text-sm hover:underline', unread ? 'font-semibold' : 'text-[var(--text)]')}
        >
          {notification.title}
          {unread ? <span className="sr-only"> (unread)</span> : null}
        </Link>
        <NotificationTime iso={notification.createdAt} className="text-xs text-muted" />
      </div>
      {unread ? <span aria-hidden className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" /> : null}
    </li>
  );
}

/** Issue 31: every notification of the signed-in person, All or Unread, newest first, a page at a time. */
export function NotificationsPage() {
  const [params] = useSearchParams();
  const filter = filterFromSearch(params);
  const list = useNotifications(filter);
  const markRead = useMarkNotificationsRead();
  const markAll = useMarkAllNotificationsRead();
  const toast = useToast();
  const unread = list.data?.pages[0]?.unread ?? 0;
  const notifications = (list.data?.pages ?? []).flatMap((page) => page.notifications);

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast('All notifications marked read', 'success'),
      onError: (error) => toast(errorMessage(error, 'Could not mark your notifications read'), 'error'),
    });

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div role="status" aria-label="Loading notifications" className="flex flex-col gap-3 p-4">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (list.isError && !list.data) {
    body = (
      <LoadError
        title="Could not load your notifications"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (notifications.length === 0) {
    body =
      filter === 'unread' ? (
        <EmptyState icon={CheckCheck} title="You're all caught up">
          Nothing unread. New replies, badges and reminders will show up here as they happen.
        </EmptyState>
      ) : (
        <EmptyState icon={BellOff} title="No notifications yet">
          When someone replies to you, you earn a badge or a revision is due, it shows up here.
        </EmptyState>
      );
  } else {
    body = (
      <>
        <Card className="overflow-hidden p-0">
          <ul aria-label="Notifications" className="divide-y divide-[var(--border)]">
            {notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                onOpen={() => {
                  if (notification.readAt === null) markRead.mutate([notification.id]);
                }}
              />
            ))}
          </ul>
        </Card>
        {list.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        ) : null}
        {list.isFetchNextPageError ? (
          <p role="alert" className="mt-2 text-center text-sm text-red-600 dark:text-red-400">
            Could not load more notifications. Try again.
          </p>
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader
        title="Notifications"
        subtitle={list.data ? (unread > 0 ? `${unread} unread` : 'Nothing unread') : undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={markAllRead} disabled={unread === 0 || markAll.isPending}>
              <CheckCheck className="h-4 w-4" aria-hidden /> Mark all read
            </Button>
            <Link to="/settings/notifications" className={buttonClasses('ghost', 'sm')}>
              <Settings className="h-4 w-4" aria-hidden /> Settings
            </Link>
          </div>
        }
      />
      <FilterLinks filter={filter} />
      {body}
    </div>
  );
}
