import { isAdmin } from '@learnbuild/domain/roles';
import { Code2, GraduationCap, MessagesSquare, Settings, Shield, Wrench } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';

/** SPEC 2 navigation: Home, Blog, Courses, DSA Sheet, Core Subject, plus Dashboard when logged in. */
export function navLinks(signedIn: boolean) {
  const links = [
    { label: 'Home', to: '/' },
    { label: 'Blog', to: '/blog' },
    { label: 'Courses', to: '/courses' },
    { label: 'DSA Sheet', to: '/dsa-sheet' },
    { label: 'Core Subject', to: '/core-subjects' },
  ];
  if (signedIn) links.push({ label: 'Dashboard', to: '/dashboard' });
  return links;
}

/** The Core Subject menu's button: the menu's own and its stand-in while the menu's code loads look the same. */
export const coreSubjectTriggerClass =
  'inline-flex cursor-pointer items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted';

/** The profile menu's button, likewise shared with its stand-in. */
export const profileTriggerClass =
  'hidden cursor-pointer items-center gap-2 rounded-full p-1 pr-2 hover:bg-muted lg:flex';

/** The notification bell's button, likewise shared with its stand-in (the count sits over its corner). */
export const notificationBellTriggerClass = cn(buttonClasses('ghost', 'icon'), 'relative');

/** The mobile menu's Core Subject disclosure button, likewise. */
export const mobileCoreSubjectTriggerClass =
  'flex w-full cursor-pointer items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-muted';

export const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
    isActive ? 'text-brand-600 dark:text-brand-400' : 'text-[var(--text)]',
  );

/**
 * SPEC 2 profile menu: Profile Settings, Instructor Panel (instructors), Admin Panel and DSA Management (admin).
 * Community and the Code Editor come next: the navbar keeps SPEC's five links, and without these two a
 * signed-in person had no way to them but the footer.
 */
export function profileMenuEntries(role: Parameters<typeof isAdmin>[0]) {
  const entries = [
    { label: 'Profile Settings', to: '/profile', icon: Settings },
    { label: 'Community', to: '/community', icon: MessagesSquare },
    { label: 'Code Editor', to: '/code-editor', icon: Code2 },
  ];
  if (role === 'Instructor') entries.push({ label: 'Instructor Panel', to: '/instructor-panel', icon: GraduationCap });
  if (isAdmin(role)) {
    entries.push({ label: 'Admin Panel', to: '/admin', icon: Shield });
    entries.push({ label: 'DSA Management', to: '/dsa-management', icon: Wrench });
  }
  return entries;
}
