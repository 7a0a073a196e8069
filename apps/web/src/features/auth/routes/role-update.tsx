import { roleLabel } from '@learnbuild/domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { AuthCard } from '@/features/auth/components/auth-card';
import { meQueryKey, useSession } from '@/lib/session';

function withArticle(label: string): string {
  return `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;
}

/** Shown after an admin changes a user's role; the role is read afresh from /api/auth/me on arrival. */
export function RoleUpdatePage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  if (!user) {
    return (
      <AuthCard title="Your role has changed" subtitle="Log in again to see your new permissions.">
        <Link to="/login" className={buttonClasses()}>
          Log in
        </Link>
      </AuthCard>
    );
  }
  const pending = user.role === 'pending_instructor';
  return (
    <AuthCard
      title={pending ? 'Application under review' : `You are now ${withArticle(roleLabel(user.role))}`}
      subtitle={
        pending
          ? 'Your instructor application is under review; review usually takes 24 to 48 hours.'
          : 'Your account has been updated. New screens are available in your menu.'
      }
    >
      <Link to="/dashboard" className={buttonClasses()}>
        Go to dashboard
      </Link>
    </AuthCard>
  );
}
