import { isInstructor } from '@learnbuild/domain/roles';
import { Menu, Moon, Plus, Sun, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { useLogout, useSession } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { Logo } from './logo';
import { linkClass, navLinks, profileMenuEntries } from './nav-entries';

// Signed-in parts only: a visitor's first screen loads none of their code (account-menus.tsx).
const accountMenus = () => import('./account-menus');
const CoreSubjectMenu = lazy(async () => ({ default: (await accountMenus()).CoreSubjectMenu }));
const MobileCoreSubjectMenu = lazy(async () => ({ default: (await accountMenus()).MobileCoreSubjectMenu }));
const ProfileMenu = lazy(async () => ({ default: (await accountMenus()).ProfileMenu }));
const MobileAccountCard = lazy(async () => ({ default: (await accountMenus()).MobileAccountCard }));

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
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the mobile menu on every navigation
  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);

  const signedIn = user !== null;
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
                <Suspense fallback={null}>
                  <CoreSubjectMenu />
                </Suspense>
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
            <Suspense fallback={null}>
              <ProfileMenu user={user} onLogout={onLogout} />
            </Suspense>
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
              <Suspense fallback={null}>
                <MobileAccountCard user={user} />
              </Suspense>
            ) : null}
            <ul className="flex flex-col">
              {navLinks(signedIn).map((link) => (
                <li key={link.label}>
                  {link.label === 'Core Subject' && signedIn ? (
                    <Suspense fallback={null}>
                      <MobileCoreSubjectMenu />
                    </Suspense>
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
