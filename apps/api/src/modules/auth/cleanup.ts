import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authTokens, oauthStates, sessions } from '../../db/schema';
import type { ScheduledJob } from '../../jobs/registry';

export interface CleanupCounts {
  oauthStates: number;
  sessions: number;
  authTokens: number;
}

/** Deletes OAuth states, sessions and one-time codes and links (used or not) whose time is over. */
export async function deleteExpiredAuthRows(db: DbOrTx, now = new Date()): Promise<CleanupCounts> {
  const states = await db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, now))
    .returning({ id: oauthStates.stateHash });
  const ended = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const tokens = await db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ id: authTokens.id });
  return { oauthStates: states.length, sessions: ended.length, authTokens: tokens.length };
}

/** The cleanup as a scheduled job: every 15 minutes, on one instance. */
export const authCleanupJob: ScheduledJob = {
  name: 'auth.cleanup',
  description: 'Deletes expired sign-in states, sessions and one-time codes',
  cron: '*/15 * * * *',
  async run(app, now) {
    const counts = await deleteExpiredAuthRows(app.db, now);
    const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
    return `${counted(counts.sessions, 'session')}, ${counted(counts.authTokens, 'code')} and ${counted(counts.oauthStates, 'sign-in state')} deleted`;
  },
};
