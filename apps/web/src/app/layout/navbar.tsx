import { isAdmin, isInstructor, roleLabel } from '@learnbuild/domain/roles';
import { ChevronDown, GraduationCap, LogOut, Menu, Moon, Plus, Settings, Shield, Sun, Wrench, X } from 'lucide-react';
import { Fragment, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../components/ui/class-names';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useSubjects } from '../../features/subjects/api/get-subjects';
import { useLogout, useSession } from '../../lib/session';
import { useTheme } from '../../lib/theme';
import { Logo } from './logo';

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

const ROLE_TONE: Record<string, BadgeTone> = { Admin: 'red', Instructor: 'amber', Student: 'brand' };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
    isActive ? 'text-brand-600 dark:text-brand-400' : 'text-[var(--text)]',
  );

interface CoreSubjectEntry {
  label: string;
  to: string;
  /** The learner's progress in percent; absent on 'View All'. */
  progress?: number;
  id: string;
}

/** SPEC 2 Core Subject dropdown: 'View All' plus each subject with its progress; shared by desktop and mobile. */
function useCoreSubjectEntries(): CoreSubjectEntry[] {
  const subjects = useSubjects();
  return [
    { id: 'all', label: 'View All', to: '/core-subjects' },
    ...(subjects.data?.subjects ?? []).map((subject) => ({
      id: subject.id,
      label: subject.name,
      to: `/subject/${subject.id}`,
      progress: subject.progress,
    })),
  ];
}

function CoreSubjectMenu() {
  const entries = useCoreSubjectEntries();
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="inline-flex cursor-pointer items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted">
        Core Subject <ChevronDown className="h-4 w-4" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" aria-label="Core subjects">
        {entries.map((entry) =>
          entry.progress === undefined ? (
            <Fragment key={entry.id}>
              <DropdownMenuItem onSelect={() => navigate(entry.to)} className="font-semibold">
                {entry.label}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
            </Fragment>
          ) : (
            <DropdownMenuItem key={entry.id} onSelect={() => navigate(entry.to)} className="justify-between">
              <span>{entry.label}</span>
              <span className="text-xs font-semibold text-muted" data-testid={`nav-subject-progress-${entry.id}`}>
                {entry.progress}%
              </span>
            </DropdownMenuItem>
          ),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The mobile menu's form of the same dropdown: a disclosure listing the same entries as links. */
function MobileCoreSubjectMenu() {
  const entries = useCoreSubjectEntries();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full cursor-pointer items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-muted"
      >
        Core Subject
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open ? (
        <ul id={listId} aria-label="Core subjects" className="ml-3 flex flex-col border-l border-default pl-2">
          {entries.map((entry) => (
            <li key={entry.id}>
              <NavLink
                to={entry.to}
                end
                className={(state) =>
                  cn(linkClass(state), 'flex justify-between', entry.progress === undefined && 'font-semibold')
                }
              >
                <span>{entry.label}</span>
                {entry.progress === undefined ? null : (
                  <span className="text-xs font-semibold text-muted">{entry.progress}%</span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function ThemeToggle() {
  const { theme, toggle } = useTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      className={buttonClasses('ghost', 'icon')}
      aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
    >
      {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden /> : <Moon className="h-5 w-5" aria-hidden />}
    </button>
  );
}

export function Navbar() {
  const { user } = useSession();
  const logOut = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the mobile menu on every navigation
  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);

  const signedIn = user !== null;
  const label = user ? roleLabel(user.role) : null;
  const canCreate = isInstructor(user?.role);
  const onLogout = async () => {
    setMobileOpen(false);
    await logOut('/login');
  };

  return (
    <header className="surface sticky top-0 z-40 border-b backdrop-blur" data-testid="navbar">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link to="/" aria-label="LearnBuild home" className="mr-2 shrink-0">
          <Logo />
        </Link>
        <ul className="hidden items-center gap-1 lg:flex" data-testid="nav-links">
          {navLinks(signedIn).map((link) =>
            link.label === 'Core Subject' && signedIn ? (
              <li key={link.label}>
                <CoreSubjectMenu />
              </li>
            ) : (
              <li key={link.label}>
                <NavLink to={link.to} end={link.to === '/'} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ),
          )}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {canCreate ? (
            <Link to="/courses/create" className={cn(buttonClasses('primary', 'sm'), 'hidden sm:inline-flex')}>
              <Plus className="h-4 w-4" aria-hidden /> Create
            </Link>
          ) : null}
          {user ? (
            <DropdownMenu>
              {/* Named by what it shows, the user's name and role (WCAG 2.5.3); the menu popup is announced by its role. */}
              <DropdownMenuTrigger
                className="hidden cursor-pointer items-center gap-2 rounded-full p-1 pr-2 hover:bg-muted lg:flex"
                data-testid="profile-menu-trigger"
              >
                <span aria-hidden className="inline-flex">
                  <Avatar name={user.name} src={user.profilePic} />
                </span>
                <span className="max-w-32 truncate text-sm font-medium">{user.name}</span>
                <Badge tone={ROLE_TONE[label!]} data-testid="role-badge">
                  {label}
                </Badge>
              </DropdownMenuTrigger>
              <DropdownMenuContent aria-label="Profile menu">
                <div className="px-3 py-2">
                  <p className="text-sm font-semibold">{user.name}</p>
                  <p className="truncate text-xs text-muted">{user.email}</p>
                </div>
                <DropdownMenuSeparator />
                <ProfileMenuItems role={user.role} onSelect={(to) => navigate(to)} />
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={onLogout} className="text-red-600 dark:text-red-400">
                  <LogOut className="h-4 w-4" aria-hidden /> Logout
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Link to="/login" className={buttonClasses('ghost', 'sm')}>
                Log in
              </Link>
              <Link to="/register" className={buttonClasses('primary', 'sm')}>
                Sign up
              </Link>
            </div>
          )}
          <button
            type="button"
            className={cn(buttonClasses('ghost', 'icon'), 'lg:hidden')}
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </button>
        </div>
      </nav>
      {mobileOpen ? (
        <div id={mobileMenuId} className="border-t border-default lg:hidden" data-testid="mobile-menu">
          <div className="mx-auto max-w-7xl space-y-1 px-4 py-3">
            {user ? (
              <div className="mb-2 flex items-center gap-3 rounded-xl bg-muted p-3">
                <Avatar name={user.name} src={user.profilePic} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold">{user.name}</p>
                  <p className="truncate text-xs text-muted">{user.email}</p>
                </div>
                <Badge tone={ROLE_TONE[label!]}>{label}</Badge>
              </div>
            ) : null}
            <ul className="flex flex-col">
              {navLinks(signedIn).map((link) => (
                <li key={link.label}>
                  {link.label === 'Core Subject' && signedIn ? (
                    <MobileCoreSubjectMenu />
                  ) : (
                    <NavLink to={link.to} end={link.to === '/'} className={(state) => cn(linkClass(state), 'block')}>
                      {link.label}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
            {user ? (
              <ul className="flex flex-col border-t border-default pt-2">
                {canCreate ? (
                  <li>
                    <NavLink to="/courses/create" className={(state) => cn(linkClass(state), 'block')}>
                      Create
                    </NavLink>
                  </li>
                ) : null}
                {profileMenuEntries(user.role).map((entry) => (
                  <li key={entry.to}>
                    <NavLink to={entry.to} className={(state) => cn(linkClass(state), 'block')}>
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={onLogout}
                    className="block w-full cursor-pointer rounded-lg px-3 py-2 text-left text-sm font-medium text-red-600 hover:bg-muted dark:text-red-400"
                  >
                    Logout
                  </button>
                </li>
              </ul>
            ) : (
              <div className="flex gap-2 border-t border-default pt-3">
                <Link to="/login" className={cn(buttonClasses('secondary'), 'flex-1')}>
                  Log in
                </Link>
                <Link to="/register" className={cn(buttonClasses('primary'), 'flex-1')}>
                  Sign up
                </Link>
              </div>
            )}
          </div>
        </div>
      ) : null}
    </header>
  );
}

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

function ProfileMenuItems({ role, onSelect }: { role: Parameters<typeof isAdmin>[0]; onSelect: (to: string) => void }) {
  return (
    <>
      {profileMenuEntries(role).map(({ label, to, icon: Icon }) => (
        <DropdownMenuItem key={to} onSelect={() => onSelect(to)}>
          <Icon className="h-4 w-4" aria-hidden /> {label}
        </DropdownMenuItem>
      ))}
    </>
  );
}
