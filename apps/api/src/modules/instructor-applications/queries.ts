import type { Role } from '@learnbuild/domain/roles';
import type { StoredApplicationStatus } from '@learnbuild/domain/schemas/instructor-applications';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { instructorApplications, users } from '../../db/schema';
import { containsPattern } from '../../lib/search-pattern';

export type ApplicationRow = typeof instructorApplications.$inferSelect;

export interface ApplicationFields {
  bio: string | null;
  expertise: string[];
  yearsOfExperience: number | null;
  links: string[];
}

/** The applicant's row, locked until the transaction ends so two submissions cannot interleave. */
export async function lockApplicant(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      wantsToBeInstructor: users.wantsToBeInstructor,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row;
}

/** One row per user: a resubmission re-opens the same row as pending and clears the last decision. */
export async function savePendingApplication(
  db: DbOrTx,
  userId: string,
  fields: ApplicationFields,
  now: Date,
): Promise<ApplicationRow> {
  const reopened = {
    ...fields,
    status: 'pending' as const,
    requestedAt: now,
    reviewedAt: null,
    reviewerId: null,
    rejectionReason: null,
    resubmissionAllowed: true,
  };
  const [row] = await db
    .insert(instructorApplications)
    .values({ userId, ...reopened })
    .onConflictDoUpdate({ target: instructorApplications.userId, set: reopened })
    .returning();
  return row!;
}

export async function setUserRole(db: DbOrTx, userId: string, role: Role, onlyFrom?: readonly Role[]) {
  const where = onlyFrom ? and(eq(users.id, userId), inArray(users.role, [...onlyFrom])) : eq(users.id, userId);
  const rows = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(where)
    .returning({ id: users.id, role: users.role });
  return rows[0];
}

export async function markWantsToBeInstructor(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ wantsToBeInstructor: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

export type Decision = { status: 'approved' } | { status: 'rejected'; reason: string; resubmissionAllowed: boolean };

/**
 * Decides a pending application in one conditional statement: of two admins deciding at once, the
 * second finds no pending row (PostgreSQL re-checks the condition after the first commits).
 */
export async function decidePendingApplication(
  db: DbOrTx,
  id: string,
  reviewerId: string,
  decision: Decision,
  now: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(instructorApplications)
    .set({
      status: decision.status,
      reviewedAt: now,
      reviewerId,
      rejectionReason: decision.status === 'rejected' ? decision.reason : null,
      resubmissionAllowed: decision.status === 'rejected' ? decision.resubmissionAllowed : true,
    })
    .where(and(eq(instructorApplications.id, id), eq(instructorApplications.status, 'pending')))
    .returning();
  return row;
}

export async function findApplicationStatus(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ status: instructorApplications.status })
    .from(instructorApplications)
    .where(eq(instructorApplications.id, id))
    .limit(1);
  return row?.status;
}

const applicationColumns = {
  id: instructorApplications.id,
  status: instructorApplications.status,
  requestedAt: instructorApplications.requestedAt,
  reviewedAt: instructorApplications.reviewedAt,
  bio: instructorApplications.bio,
  expertise: instructorApplications.expertise,
  yearsOfExperience: instructorApplications.yearsOfExperience,
  links: instructorApplications.links,
  rejectionReason: instructorApplications.rejectionReason,
  resubmissionAllowed: instructorApplications.resubmissionAllowed,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
};
export type ApplicationWithUser = Awaited<ReturnType<typeof findApplicationWithUser>> & object;

export async function findApplicationWithUser(db: DbOrTx, id: string) {
  const [row] = await db
    .select(applicationColumns)
    .from(instructorApplications)
    .innerJoin(users, eq(users.id, instructorApplications.userId))
    .where(eq(instructorApplications.id, id))
    .limit(1);
  return row;
}

export interface ApplicationFilter {
  status?: StoredApplicationStatus;
  q?: string;
  limit: number;
  offset: number;
}

/** Pending first (oldest waiting at the top), then the rest newest first. */
export async function listApplications(db: DbOrTx, filter: ApplicationFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(instructorApplications.status, filter.status));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const pendingFirst = sql`case when ${instructorApplications.status} = 'pending' then 0 else 1 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select(applicationColumns)
      .from(instructorApplications)
      .innerJoin(users, eq(users.id, instructorApplications.userId))
      .where(where)
      .orderBy(
        asc(pendingFirst),
        sql`case when ${instructorApplications.status} = 'pending' then ${instructorApplications.requestedAt} end asc`,
        desc(sql`coalesce(${instructorApplications.reviewedAt}, ${instructorApplications.requestedAt})`),
        asc(instructorApplications.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(instructorApplications)
      .innerJoin(users, eq(users.id, instructorApplications.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
