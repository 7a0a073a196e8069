import type { Role } from '@learnbuild/domain/roles';
import type { AuditAction } from '@learnbuild/domain/schemas/admin';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema';
import { containsPattern } from '../../lib/search-pattern';

// Audit log

export interface AuditEntryInput {
  actorId: string;
  action: AuditAction;
  targetUserId: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** Call it with the transaction that makes the change, so the change and its record land together. */
export async function insertAuditEntry(db: DbOrTx, entry: AuditEntryInput): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  });
}

export async function listAuditEntries(db: DbOrTx, page: { limit: number; offset: number }) {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: adminAuditLog.id,
        action: adminAuditLog.action,
        reason: adminAuditLog.reason,
        details: adminAuditLog.details,
        createdAt: adminAuditLog.createdAt,
        actorId: actor.id,
        actorName: actor.name,
        actorEmail: actor.email,
        targetId: target.id,
        targetName: target.name,
        targetEmail: target.email,
      })
      .from(adminAuditLog)
      .leftJoin(actor, eq(actor.id, adminAuditLog.actorId))
      .leftJoin(target, eq(target.id, adminAuditLog.targetUserId))
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(adminAuditLog),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// Users

const adminUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
};
export type AdminUserRow = { [K in keyof typeof adminUserColumns]: (typeof users.$inferSelect)[K] };

export async function listUsers(db: DbOrTx, filter: { q?: string; role?: Role; limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Locks the account rows of every Admin: two demotions at once then count the admins one after the other. */
export async function lockAdminIds(tx: DbOrTx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Admin')).for('update');
  return rows.map((row) => row.id);
}

export async function lockUser(tx: DbOrTx, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await tx.select(adminUserColumns).from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

export async function updateUserRole(tx: DbOrTx, id: string, role: Role): Promise<AdminUserRow> {
  const [row] = await tx
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(adminUserColumns);
  return row!;
}
