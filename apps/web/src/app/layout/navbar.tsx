import { isInstructor } from '@learnbuild/domain/roles';
import { Bell, ChevronDown, Menu, Moon, Plus, Sun, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { SearchLauncher } from '@/features/search/components/search-launcher';
import { earlyClick, takeEarlyClick } from '@/lib/early-input';
import { useLogout, useSession } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { Logo } from './logo';
import {
  coreSubjectTriggerClass,
  linkClass,
  mobileCoreSubjectTriggerClass,
  navLinks,
  notificationBellTriggerClass,
  profileMenuEntries,
  profileTriggerClass,
} from './nav-entries';

// Signed-in parts only: a visitor's first screen loads none of their code (account-menus.tsx).
const accountMenus = () => import('./account-menus');
const CoreSubjectMenu = lazy(async () => ({ default: (await accountMenus()).CoreSubjectMenu }));
const MobileCoreSubjectMenu = lazy(async () => ({ default: (await accountMenus()).MobileCoreSubjectMenu }));
const ProfileMenu = lazy(async () => ({ default: (await accountMenus()).ProfileMenu }));
const MobileAccountCard = lazy(async () => ({ default: (await accountMenus()).MobileAccountCard }));
const NotificationMenu = lazy(async () => ({ default: (await accountMenus()).NotificationMenu }));

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

/*
 * Stand-ins: the signed-in navbar's menu buttons as they look before their menus can open (the account is not
 * known yet, or the menu's code is loading), drawn by the server too. Pressing one opens its menu as soon as the
 * menu is there; pressed before the app took over, the press is kept for it (lib/early-input.ts). They are
 * buttons, never the signed-out Core Subject link: an early press stays on the page.
 */

function CoreSubjectStandIn({ onPress }: { onPress: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onPress}
      className={coreSubjectTriggerClass}
      {...earlyClick('core-subject')}
    >
      Core Subject <ChevronDown className="h-4 w-4" aria-hidden />
    </button>
  );
}

function MobileCoreSubjectStandIn({ onPress }: { onPress: () => void }) {
  return (
    <button type="button" aria-expanded={false} onClick={onPress} className={mobileCoreSubjectTriggerClass}>
      Core Subject <ChevronDown className="h-4 w-4" aria-hidden />
    </button>
  );
}

/** The avatar and name as neutral shapes: the server draws a signed-in visitor without knowing who. */
function ProfileStandIn({ onPress }: { onPress: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label="Account menu"
      aria-busy
      onClick={onPress}
      className={profileTriggerClass}
      data-testid="profile-menu-trigger"
      {...earlyClick('profile-menu')}
    >
      <span aria-hidden className="h-9 w-9 shrink-0 animate-pulse rounded-full bg-muted" />
      <span aria-hidden className="h-4 w-24 animate-pulse rounded bg-muted" />
    </button>
  );
}

/** The notification bell without its count, in the bell's place and size (the count sits over its corner). */
function NotificationBellStandIn({ onPress }: { onPress: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label="Notifications"
      aria-busy
      onClick={onPress}
      className={notificationBellTriggerClass}
      data-testid="notification-bell"
      {...earlyClick('notifications')}
    >
      <Bell className="h-5 w-5" aria-hidden />
    </button>
  );
}

function MobileAccountStandIn() {
  return (
    <div aria-hidden className="mb-2 flex items-center gap-3 rounded-xl bg-muted p-3">
      <span className="h-9 w-9 shrink-0 animate-pulse rounded-full bg-[var(--surface)]" />
      <span className="h-4 w-32 animate-pulse rounded bg-[var(--surface)]" />
    </div>
  );
}

export function Navbar() {
  const { user, accountPending } = useSession();
  const logOut = useLogout();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  // A stand-in pressed: its menu opens as it arrives.
  const [coreSubjectPressed, setCoreSubjectPressed] = useState(false);
  const [profilePressed, setProfilePressed] = useState(false);
  const [bellPressed, setBellPressed] = useState(false);
  const mobileMenuId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the mobile menu on every navigation
  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);
  // Presses made before the app took over (after the effect above, which would close the mobile menu again).
  useEffect(() => {
    if (takeEarlyClick('core-subject')) setCoreSubjectPressed(true);
    if (takeEarlyClick('profile-menu')) setProfilePressed(true);
    if (takeEarlyClick('notifications')) setBellPressed(true);
    if (takeEarlyClick('nav-menu')) setMobileOpen(true);
  }, []);

  // A visitor drawn signed in sees the signed-in navbar before their account is known: never Log in / Sign up.
  const signedIn = user !== null || accountPending;
  // Once signed out, a press kept from before does not open the next account's menus.
  useEffect(() => {
    if (signedIn) return;
    setCoreSubjectPressed(false);
    setProfilePressed(false);
    setBellPressed(false);
  }, [signedIn]);
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
                {user ? (
                  <Suspense fallback={<CoreSubjectStandIn onPress={() => setCoreSubjectPressed(true)} />}>
                    <CoreSubjectMenu defaultOpen={coreSubjectPressed} />
                  </Suspense>
                ) : (
                  <CoreSubjectStandIn onPress={() => setCoreSubjectPressed(true)} />
                )}
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
          <SearchLauncher />
          <ThemeToggle />
          {canCreate ? (
            <Link to="/courses/create" className={cn(buttonClasses('primary', 'sm'), 'max-sm:hidden')}>
              <Plus className="h-4 w-4" aria-hidden /> Create
            </Link>
          ) : null}
          {user ? (
            <Suspense fallback={<ProfileStandIn onPress={() => setProfilePressed(true)} />}>
              <ProfileMenu user={user} onLogout={onLogout} defaultOpen={profilePressed} />
            </Suspense>
          ) : accountPending ? (
            <ProfileStandIn onPress={() => setProfilePressed(true)} />
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
          {/* After the account's name, whose width changes as it arrives: the bell never moves. */}
          {user ? (
            <Suspense fallback={<NotificationBellStandIn onPress={() => setBellPressed(true)} />}>
              <NotificationMenu userId={user.id} defaultOpen={bellPressed} />
            </Suspense>
          ) : accountPending ? (
            <NotificationBellStandIn onPress={() => setBellPressed(true)} />
          ) : null}
          <button
            type="button"
            className={cn(buttonClasses('ghost', 'icon'), 'lg:hidden')}
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
            {...earlyClick('nav-menu')}
          >
            {mobileOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </button>
        </div>
      </nav>
      {mobileOpen ? (
        <div id={mobileMenuId} className="border-t border-default lg:hidden" data-testid="mobile-menu">
          <div className="mx-auto max-w-7xl space-y-1 px-4 py-3">
            {user ? (
              <Suspense fallback={<MobileAccountStandIn />}>
                <MobileAccountCard user={user} />
              </Suspense>
            ) : accountPending ? (
              <MobileAccountStandIn />
            ) : null}
            <ul className="flex flex-col">
              {navLinks(signedIn).map((link) => (
                <li key={link.label}>
                  {link.label === 'Core Subject' && user ? (
                    <Suspense fallback={<MobileCoreSubjectStandIn onPress={() => setCoreSubjectPressed(true)} />}>
                      <MobileCoreSubjectMenu defaultOpen={coreSubjectPressed} />
                    </Suspense>
                  ) : link.label === 'Core Subject' && signedIn ? (
                    <MobileCoreSubjectStandIn onPress={() => setCoreSubjectPressed(true)} />
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
            ) : accountPending ? null : (
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
