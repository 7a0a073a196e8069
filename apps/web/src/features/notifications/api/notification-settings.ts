import type {
  NotificationSettings,
  NotificationSettingsReply,
  UpdateNotificationSettingsBody,
} from '@learnbuild/domain/schemas/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

function settingsOf({ preferences, quietHours, digestHour }: NotificationSettingsReply): NotificationSettings {
  return { preferences, quietHours, digestHour };
}

export async function getNotificationSettings(): Promise<NotificationSettings> {
  return settingsOf((await api.get<NotificationSettingsReply>('/api/notifications/preferences')).data);
}

export async function updateNotificationSettings(body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
  return settingsOf((await api.put<NotificationSettingsReply>('/api/notifications/preferences', body)).data);
}

export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: notificationKeys.settings, queryFn: getNotificationSettings });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery());
}

/** Saves the settings; the server's answer replaces the cached ones. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings, settings),
  });
}
