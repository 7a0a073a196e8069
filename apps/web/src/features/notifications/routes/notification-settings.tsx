import { isAdmin } from '@learnbuild/domain/roles';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotificationSettings } from '@/features/notifications/api/notification-settings';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form';
import { useSession } from '@/lib/session';

/** Issue 31: one settings page for every kind of notification, quiet hours and digests. */
export function NotificationSettingsPage() {
  const { user } = useSession();
  const settings = useNotificationSettings();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader
        title="Notification settings"
        subtitle="Choose what reaches you, how, and when."
        actions={
          <Link to="/notifications" className={buttonClasses('ghost', 'sm')}>
            <Bell className="h-4 w-4" aria-hidden /> All notifications
          </Link>
        }
      />
      <Card className="p-5 sm:p-6">
        {settings.isPending ? (
          <div role="status" aria-label="Loading notification settings" className="flex flex-col gap-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : settings.isError ? (
          <LoadError
            title="Could not load your notification settings"
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          <NotificationSettingsForm saved={settings.data} admin={isAdmin(user.role)} />
        )}
      </Card>
    </div>
  );
}
