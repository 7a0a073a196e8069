import { findDatabaseError } from '../lib/database-errors';
import type { Db, Tx } from './client';

/** A deadlock broken by the server (40P01) and a serialization failure (40001): the transaction wrote nothing. */
const RETRIED_SQLSTATES = new Set(['40P01', '40001']);
export const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, and again (up to three attempts in all, after a short random pause so the two
 * transactions do not meet again) when the server aborted it to break a deadlock or a serialization conflict:
 * such a transaction wrote nothing, so the request goes through instead of answering 503. Any other error, and
 * the third abort, reach the caller. `work` must touch nothing outside the transaction.
 */
export async function retryingTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = findDatabaseError(error)?.code;
      if (attempt >= TRANSACTION_ATTEMPTS || typeof code !== 'string' || !RETRIED_SQLSTATES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
