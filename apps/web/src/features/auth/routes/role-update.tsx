import { roleLabel } from '@learnbuild/domain/roles';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';

/** Shown after an admin changes a user's role: the fresh role comes from /api/auth/me. */
export function RoleUpdatePage() {
  const { user } = useSession();
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
      title={
        pending
          ? 'Application under review'
          : `You are now ${roleLabel(user.role) === 'Admin' ? 'an Admin' : `a${roleLabel(user.role) === 'Instructor' ? 'n' : ''} ${roleLabel(user.role)}`}`
      }
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
