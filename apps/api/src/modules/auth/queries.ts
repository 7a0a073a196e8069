import type { Role } from '@learnbuild/domain/roles';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authTokens, instructorApplications, oauthAccounts, oauthStates, sessions, users } from '../../db/schema';
import { batchLoaderPerDatabase } from '../../lib/batch-loader';
import { isUuid } from '../../lib/uuid';

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Whether a learner other than `userId` holds `handle` (kept lower-case; compared lower-case all the same). */
export async function handleTakenByAnother(db: DbOrTx, handle: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.handle}) = ${handle.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    name: string;
    email: string;
    passwordHash: string | null;
    wantsToBeInstructor: boolean;
    role?: Role;
    emailVerifiedAt?: Date | null;
  },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<UserRow, 'id' | 'createdAt'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function deleteUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** The user's instructor application: there is at most one, re-opened on each resubmission. */
export async function findApplicationOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(instructorApplications)
    .where(eq(instructorApplications.userId, userId))
    .limit(1);
  return row;
}

export async function upsertPendingApplication(db: DbOrTx, userId: string) {
  const [row] = await db
    .insert(instructorApplications)
    .values({ userId, status: 'pending' })
    .onConflictDoUpdate({
      target: instructorApplications.userId,
      set: { status: 'pending', requestedAt: new Date(), reviewedAt: null, reviewerId: null, rejectionReason: null },
    })
    .returning();
  return row!;
}

// Sessions

export async function insertSession(db: DbOrTx, userId: string, expiresAt: Date, userAgent: string | undefined) {
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt, userAgent: userAgent?.slice(0, 300) })
    .returning({ id: sessions.id });
  return row!.id;
}

/**
 * Every signed-in request with an uncached token needs its session: the lookups of one round of requests go
 * to the database as one prepared query (lib/batch-loader.ts), so a crowd of new tokens costs a query per round.
 */
function sessionUsersQuery(db: DbOrTx) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.id} = any(${sql.placeholder('sessionIds')}::uuid[])`,
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_users');
}

type SessionUserRow = Awaited<ReturnType<ReturnType<typeof sessionUsersQuery>['execute']>>[number];

const sessionUsersFor = batchLoaderPerDatabase<SessionUserRow>((db) => {
  const query = sessionUsersQuery(db as DbOrTx);
  return async (sessionIds) => {
    const rows = await query.execute({ sessionIds, now: new Date() });
    return new Map(rows.map((row) => [row.sessionId, row]));
  };
});

/** The live session of this id with its user, or undefined (unknown, expired, or not an id at all). */
export async function findSessionUser(db: DbOrTx, sessionId: string): Promise<SessionUserRow | undefined> {
  if (!isUuid(sessionId)) return undefined;
  return sessionUsersFor(db)(sessionId.toLowerCase());
}

export async function touchSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

// One-time tokens

export async function invalidateTokens(db: DbOrTx, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

export async function insertToken(
  db: DbOrTx,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; otpHash?: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authTokens).values(values);
}

export async function findActiveTokenByHash(db: DbOrTx, tokenHash: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

export async function findLatestActiveToken(db: DbOrTx, userId: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return row;
}

/** Marks a token used only if nobody used it first; false means it was already spent. */
export async function consumeToken(db: DbOrTx, tokenId: string): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

/**
 * Reserves one try on a code before it is compared, in a single statement, so parallel guesses
 * cannot get more than `maxTries` between them. Undefined: the code is spent, expired or out of tries.
 */
export async function claimCodeTry(db: DbOrTx, tokenId: string, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ failedAttempts: sql`${authTokens.failedAttempts} + 1` })
    .where(
      and(
        eq(authTokens.id, tokenId),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
        lt(authTokens.failedAttempts, maxTries),
      ),
    )
    .returning({ tries: authTokens.failedAttempts });
  return row?.tries;
}

// OAuth

export async function findOauthAccount(db: DbOrTx, provider: string, providerUserId: string) {
  const [row] = await db
    .select()
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .limit(1);
  return row;
}

export async function insertOauthAccount(db: DbOrTx, provider: string, providerUserId: string, userId: string) {
  await db.insert(oauthAccounts).values({ provider, providerUserId, userId }).onConflictDoNothing();
}

export async function insertOauthState(db: DbOrTx, values: typeof oauthStates.$inferInsert) {
  await db.insert(oauthStates).values(values);
}

export async function takeOauthState(db: DbOrTx, stateHash: string) {
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
  return row;
}
