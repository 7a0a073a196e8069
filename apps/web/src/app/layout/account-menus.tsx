/**
 * The navbar's signed-in parts: the Core Subject menus (with the learner's progress), the notification bell, the
 * profile menu and the mobile menu's account card. Loaded only once someone is signed in (navbar.tsx), so a
 * visitor's first screen loads neither Radix's menu and popper code nor the subjects and notifications features.
 */

import { roleLabel } from '@learnbuild/domain/roles';
import type { User } from '@learnbuild/domain/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LogOut } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/components/ui/class-names';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLiveUpdates } from '@/features/dashboard/live/use-live-updates';
import { notificationKeys } from '@/features/notifications/api/keys';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSubjects } from '@/features/subjects/api/get-subjects';
import {
  coreSubjectTriggerClass,
  linkClass,
  mobileCoreSubjectTriggerClass,
  notificationBellTriggerClass,
  profileMenuEntries,
  profileTriggerClass,
} from './nav-entries';

const ROLE_TONE: Record<string, BadgeTone> = { Admin: 'red', Instructor: 'amber', Student: 'brand' };

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

/** `defaultOpen`: its stand-in was pressed while this code loaded (navbar.tsx); it opens as it arrives. */
export function CoreSubjectMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const entries = useCoreSubjectEntries();
  const navigate = useNavigate();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={coreSubjectTriggerClass}>
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
export function MobileCoreSubjectMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const entries = useCoreSubjectEntries();
  const [open, setOpen] = useState(defaultOpen);
  const listId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={mobileCoreSubjectTriggerClass}
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

/** The desktop profile menu: the account's name and role, its pages, and Logout. */
export function ProfileMenu({
  user,
  onLogout,
  defaultOpen = false,
}: {
  user: User;
  onLogout: () => Promise<void>;
  /** Its stand-in was pressed before the account or this code arrived (navbar.tsx). */
  defaultOpen?: boolean;
}) {
  const navigate = useNavigate();
  const label = roleLabel(user.role);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      {/* Named by what it shows, the user's name and role (WCAG 2.5.3); the menu popup is announced by its role. */}
      <DropdownMenuTrigger className={profileTriggerClass} data-testid="profile-menu-trigger">
        <span aria-hidden className="inline-flex">
          <Avatar name={user.name} src={user.profilePic} />
        </span>
        <span className="max-w-32 truncate text-sm font-medium">{user.name}</span>
        <Badge tone={ROLE_TONE[label]} data-testid="role-badge">
          {label}
        </Badge>
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-label="Profile menu">
        <div className="px-3 py-2">
          <p className="text-sm font-semibold">{user.name}</p>
          <p className="truncate text-xs text-muted">{user.email}</p>
        </div>
        <DropdownMenuSeparator />
        {profileMenuEntries(user.role).map(({ label: entry, to, icon: Icon }) => (
          <DropdownMenuItem key={to} onSelect={() => navigate(to)}>
            <Icon className="h-4 w-4" aria-hidden /> {entry}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout} className="text-red-600 dark:text-red-400">
          <LogOut className="h-4 w-4" aria-hidden /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The notification bell, kept live on every page: a 'notifications.changed' event (or the stream coming back after
 * a drop) refetches the count and the list at once; the bell's own 30 s refresh carries on while the stream is down.
 */
export function NotificationMenu({ userId, defaultOpen = false }: { userId: string; defaultOpen?: boolean }) {
  const queryClient = useQueryClient();
  useLiveUpdates(userId, (type) => {
    if (type === 'notifications.changed' || type === 'resync')
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
  return <NotificationBell triggerClassName={notificationBellTriggerClass} defaultOpen={defaultOpen} />;
}

/** The mobile menu's account card: avatar, name, email and role. */
export function MobileAccountCard({ user }: { user: User }) {
  const label = roleLabel(user.role);
  return (
    <div className="mb-2 flex items-center gap-3 rounded-xl bg-muted p-3">
      <Avatar name={user.name} src={user.profilePic} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{user.name}</p>
        <p className="truncate text-xs text-muted">{user.email}</p>
      </div>
      <Badge tone={ROLE_TONE[label]}>{label}</Badge>
    </div>
  );
}
