import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { authTokens, oauthStates, sessions } from '../../db/schema';

/** Every this often, rows that can no longer be used are deleted. */
export const CLEANUP_INTERVAL_MS = 15 * 60_000;

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

/** Runs the cleanup on an unref'd interval; `stop` waits for a run in progress. */
export function startAuthCleanup(db: DbOrTx, log: FastifyBaseLogger, intervalMs = CLEANUP_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = deleteExpiredAuthRows(db)
      .then((counts) => {
        if (counts.oauthStates + counts.sessions + counts.authTokens > 0) log.info(counts, 'expired auth rows deleted');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'auth cleanup failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
