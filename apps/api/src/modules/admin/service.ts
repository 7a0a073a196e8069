import type { Role } from '@learnbuild/domain/roles';
import {
  ADMIN_PAGE_SIZE,
  type AdminUser,
  type AuditEntry,
  type ChangeRoleBody,
} from '@learnbuild/domain/schemas/admin';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { pageWindow } from '../../lib/page-window';
import * as q from './queries';

export const OWN_ROLE_MESSAGE = 'You cannot change your own role; ask another admin to do it.';
export const LAST_ADMIN_MESSAGE = 'You cannot demote the last Admin: make someone else an Admin first.';
export const USER_NOT_FOUND_MESSAGE = 'User not found';

export function toAdminUser(row: q.AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
  };
}

export async function listUsersForAdmin(db: Db, query: { q?: string; role?: Role; page: number }) {
  const { rows, total } = await q.listUsers(db, {
    q: query.q,
    role: query.role,
    ...pageWindow(query.page, ADMIN_PAGE_SIZE),
  });
  return { users: rows.map(toAdminUser), total };
}

/**
 * Sets a user's role and records it. Every Admin row is locked first, so two admins demoting each
 * other at once are counted one after the other and the platform always keeps an Admin.
 */
export async function changeUserRole(
  db: Db,
  actorId: string,
  targetId: string,
  role: ChangeRoleBody['role'],
): Promise<{ user: AdminUser; changed: boolean }> {
  if (actorId === targetId) throw forbidden(OWN_ROLE_MESSAGE);
  return db.transaction(async (tx) => {
    const admins = await q.lockAdminIds(tx);
    const target = await q.lockUser(tx, targetId);
    if (!target) throw notFound(USER_NOT_FOUND_MESSAGE);
    if (target.role === 'Admin' && role !== 'Admin' && admins.length <= 1) throw conflict(LAST_ADMIN_MESSAGE);
    // The actor may have lost the role a moment ago, after this request's session was read.
    if (!admins.includes(actorId)) throw forbidden();
    if (target.role === role) return { user: toAdminUser(target), changed: false };
    const updated = await q.updateUserRole(tx, targetId, role);
    await q.insertAuditEntry(tx, {
      actorId,
      action: 'user.role_changed',
      targetUserId: targetId,
      details: { from: target.role, to: role },
    });
    return { user: toAdminUser(updated), changed: true };
  });
}

export async function listAuditLog(db: Db, page: number): Promise<{ entries: AuditEntry[]; total: number }> {
  const { rows, total } = await q.listAuditEntries(db, pageWindow(page, ADMIN_PAGE_SIZE));
  return {
    entries: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor: row.actorId ? { id: row.actorId, name: row.actorName!, email: row.actorEmail! } : null,
      target: row.targetId ? { id: row.targetId, name: row.targetName!, email: row.targetEmail! } : null,
      reason: row.reason,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}
