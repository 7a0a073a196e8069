import { isAdmin } from '@learnbuild/domain/roles';
import { GraduationCap, Settings, Shield, Wrench } from 'lucide-react';
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

export const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
    isActive ? 'text-brand-600 dark:text-brand-400' : 'text-[var(--text)]',
  );

/** SPEC 2 profile menu: Profile Settings, Instructor Panel (instructors), Admin Panel and DSA Management (admin). */
export function profileMenuEntries(role: Parameters<typeof isAdmin>[0]) {
  const entries = [{ label: 'Profile Settings', to: '/profile', icon: Settings }];
  if (role === 'Instructor') entries.push({ label: 'Instructor Panel', to: '/instructor-panel', icon: GraduationCap });
  if (isAdmin(role)) {
    entries.push({ label: 'Admin Panel', to: '/admin', icon: Shield });
    entries.push({ label: 'DSA Management', to: '/dsa-management', icon: Wrench });
  }
  return entries;
}
