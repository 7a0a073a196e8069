import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { usePreferences, useUpdatePreferences } from '@/features/auth/api/preferences';
import { errorMessage } from '@/lib/api-client';

/** Mail settings: for now, whether a reply to one of the user's community threads sends them a mail. */
export function NotificationSettings() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const toast = useToast();

  if (preferences.isPending) {
    return (
      <div role="status" aria-label="Loading notification settings">
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <InlineLoadError
        error={preferences.error}
        fallback="Could not load your notification settings"
        onRetry={() => void preferences.refetch()}
      />
    );
  }
  return (
    <Switch
      label="Email me when someone replies to my thread"
      description="A mail with the reply and a link to the thread, from the community. Your own replies never send one."
      checked={preferences.data.notifyOnReply}
      disabled={update.isPending}
      onCheckedChange={(checked) =>
        update.mutate(
          { notifyOnReply: checked },
          {
            onSuccess: (saved) =>
              toast(saved.notifyOnReply ? 'Reply emails are on' : 'Reply emails are off', 'success'),
            onError: (error) => toast(errorMessage(error, 'Could not save the setting'), 'error'),
          },
        )
      }
    />
  );
}
