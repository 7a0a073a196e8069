import { ROLES, type Role } from '@learnbuild/domain/roles';
import { ADMIN_ASSIGNABLE_ROLES, type AdminUser } from '@learnbuild/domain/schemas/admin';
import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FilterSelect } from '@/components/ui/filter-select';
import { useToast } from '@/components/ui/toast';
import { useChangeRole } from '@/features/admin/api/change-role';
import { useUsers } from '@/features/admin/api/get-users';
import type { useAdminParams } from '@/features/admin/use-admin-params';
import { formatDate } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { DialogActions } from './dialog-actions';
import { ListFilters, noMatchText } from './filters';
import { AdminList } from './list-state';
import { ROLE_NAMES } from './role-names';

const ROLE_TONE: Record<Role, BadgeTone> = {
  Admin: 'red',
  Instructor: 'amber',
  Student: 'brand',
  pending_instructor: 'neutral',
};

type RoleChange = { user: AdminUser; role: Role };

function ConfirmRoleChange({ change, onClose }: { change: RoleChange; onClose: () => void }) {
  const toast = useToast();
  const mutation = useChangeRole();
  const { user, role } = change;
  const confirm = () =>
    mutation.mutate(
      { id: user.id, role: role as (typeof ADMIN_ASSIGNABLE_ROLES)[number] },
      {
        onSuccess: (reply) => {
          toast(`${reply.user.name} is now ${ROLE_NAMES[reply.user.role]}`, 'success');
          onClose();
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Change role?"
        description={`${user.name} (${user.email}) goes from ${ROLE_NAMES[user.role]} to ${ROLE_NAMES[role]}. It takes effect at once, on every device they are signed in on.`}
      >
        <div className="flex flex-col gap-4">
          <DialogActions error={mutation.error} errorFallback="Could not change the role">
            <Button onClick={confirm} disabled={mutation.isPending}>
              {mutation.isPending ? 'Changing role...' : `Make ${ROLE_NAMES[role]}`}
            </Button>
          </DialogActions>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function UserRow({ user, isSelf, onPick }: { user: AdminUser; isSelf: boolean; onPick: (role: Role) => void }) {
  const selectId = useId();
  const hintId = useId();
  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{user.name}</span>
          <Badge tone={ROLE_TONE[user.role]}>{ROLE_NAMES[user.role]}</Badge>
          {isSelf ? <Badge>You</Badge> : null}
        </p>
        <p className="text-sm text-muted break-all">{user.email}</p>
        <p className="text-xs text-muted">
          Joined <time dateTime={user.joinedAt}>{formatDate(user.joinedAt)}</time>
          {user.emailVerified ? '' : ' · email not verified'}
        </p>
      </div>
      <div className="flex flex-col gap-1 sm:w-48">
        <label htmlFor={selectId} className="text-xs font-medium text-muted">
          Role of {user.name}
        </label>
        <select
          id={selectId}
          value={user.role}
          disabled={isSelf}
          aria-describedby={isSelf ? hintId : undefined}
          onChange={(event) => onPick(event.target.value as Role)}
          className="h-10 w-full rounded-lg border border-default bg-[var(--surface)] px-3 text-sm text-[var(--text)] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60"
        >
          {user.role === 'pending_instructor' ? (
            <option value="pending_instructor" disabled>
              {ROLE_NAMES.pending_instructor}
            </option>
          ) : null}
          {ADMIN_ASSIGNABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES[role]}
            </option>
          ))}
        </select>
        {isSelf ? (
          <p id={hintId} className="text-xs text-muted">
            You cannot change your own role.
          </p>
        ) : null}
      </div>
    </Card>
  );
}

/** Every account: search by name or email, filter by role, and change a role after confirming. */
export function UsersTab({ params }: { params: ReturnType<typeof useAdminParams> }) {
  const { role, q, page, update } = params;
  const { user: me } = useSession();
  const query = useUsers({ role, q, page });
  const [change, setChange] = useState<RoleChange | null>(null);
  const users = query.data?.users ?? [];

  return (
    <div className="flex flex-col gap-5">
      <ListFilters label="Filter users" q={q} update={update}>
        <FilterSelect label="Role" value={role ?? ''} onChange={(value) => update({ role: value || undefined })}>
          <option value="">All roles</option>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_NAMES[option]}
            </option>
          ))}
        </FilterSelect>
      </ListFilters>
      <AdminList
        query={query}
        total={query.data?.total ?? 0}
        shown={users.length}
        noun={['user', 'users']}
        empty={{
          icon: Users,
          title: 'No matching users',
          text: q ? noMatchText(q) : 'No account has this role.',
        }}
        page={page}
        onPage={(next) => update({ page: String(next) })}
      >
        <ul className="flex flex-col gap-3" aria-label="Users">
          {users.map((user) => (
            <li key={user.id}>
              <UserRow user={user} isSelf={user.id === me?.id} onPick={(next) => setChange({ user, role: next })} />
            </li>
          ))}
        </ul>
      </AdminList>
      {change ? <ConfirmRoleChange change={change} onClose={() => setChange(null)} /> : null}
    </div>
  );
}
