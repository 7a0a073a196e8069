import { useMutation } from '@tanstack/react-query';
import { Bell, CalendarClock, Globe, KeyRound, LogOut, Trash2, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { logoutEverywhere } from '@/features/auth/api/profile';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { DeleteAccountDialog } from '@/features/auth/components/delete-account-dialog';
import { NotificationSettings } from '@/features/auth/components/notification-settings';
import { ProfileDetails } from '@/features/auth/components/profile-details';
import { ProfileSection } from '@/features/auth/components/profile-section';
import { PublicProfileSection } from '@/features/auth/components/public-profile-settings';
import { RevisionSettings } from '@/features/auth/components/revision-settings';
import { TextLink } from '@/features/auth/components/text-link';
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
        <ProfileSection icon={Globe} title="Public profile" id="public-profile">
          <PublicProfileSection user={user} />
        </ProfileSection>
        <ProfileSection icon={KeyRound} title="Password">
          <ChangePasswordForm user={user} />
        </ProfileSection>
        <ProfileSection icon={Bell} title="Notifications">
          <NotificationSettings />
          <p className="mt-4 text-sm text-muted">
            Every kind of notification, quiet hours and digests:{' '}
            <TextLink to="/settings/notifications">notification settings</TextLink>.
          </p>
        </ProfileSection>
        <ProfileSection icon={CalendarClock} title="Revision">
          <RevisionSettings />
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
