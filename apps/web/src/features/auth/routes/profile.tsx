import { useMutation } from '@tanstack/react-query';
import { Bell, KeyRound, LogOut, Trash2, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { logoutEverywhere } from '@/features/auth/api/profile';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { DeleteAccountDialog } from '@/features/auth/components/delete-account-dialog';
import { NotificationSettings } from '@/features/auth/components/notification-settings';
import { ProfileDetails } from '@/features/auth/components/profile-details';
import { ProfileSection } from '@/features/auth/components/profile-section';
import { SIGNING_OUT, useSession } from '@/lib/session';

export function ProfilePage() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  // This device is one of "all devices": it ends here too, even when the call fails. The page is
  // left and drawn (flushSync) before the session ends, so its guard never adds a redirectTo.
  const everywhere = useMutation({
    mutationFn: logoutEverywhere,
    onSettled: async () => {
      await navigate('/login', { flushSync: true, state: SIGNING_OUT });
      await logout();
    },
  });

  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title="Profile Settings" subtitle="Manage your account, security and data." />
      <div className="flex flex-col gap-6">
        <ProfileSection icon={UserRound} title="Profile">
          <ProfileDetails user={user} />
        </ProfileSection>
        <ProfileSection icon={KeyRound} title="Password">
          <ChangePasswordForm user={user} />
        </ProfileSection>
        <ProfileSection icon={Bell} title="Notifications">
          <NotificationSettings />
        </ProfileSection>
        <ProfileSection icon={LogOut} title="Sessions">
          <p className="mb-4 text-sm text-muted">
            Signed in on a shared computer or lost a device? Sign out everywhere, including here.
          </p>
          <Button variant="secondary" onClick={() => everywhere.mutate()} disabled={everywhere.isPending}>
            Sign out of all devices
          </Button>
        </ProfileSection>
        <ProfileSection icon={Trash2} title="Delete account">
          <p className="mb-4 text-sm text-muted">
            This removes your account, your progress and your notes for good. It cannot be undone.
          </p>
          <DeleteAccountDialog />
        </ProfileSection>
      </div>
    </div>
  );
}
