import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { retryingTransaction, TRANSACTION_ATTEMPTS } from './transactions';

/** What pg throws, wrapped the way drizzle wraps it. */
const databaseError = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('aborted'), { code, severity: 'ERROR' }) });

/** A database whose transactions fail with the given errors, one per attempt, then succeed. */
function failingDb(errors: Error[]) {
  let attempts = 0;
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      attempts += 1;
      const error = errors[attempts - 1];
      if (error) throw error;
      return work('tx');
    },
  } as unknown as Db;
  return { db, attempts: () => attempts };
}

describe('retryingTransaction', () => {
  it('runs a transaction the server aborted for a deadlock or a serialization conflict again', async () => {
    const { db, attempts } = failingDb([databaseError('40P01'), databaseError('40001')]);
    expect(await retryingTransaction(db, async (tx) => `done in ${tx}`)).toBe('done in tx');
    expect(attempts()).toBe(3);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts with the last error`, async () => {
    const errors = Array.from({ length: TRANSACTION_ATTEMPTS + 1 }, () => databaseError('40P01'));
    const { db, attempts } = failingDb(errors);
    await expect(retryingTransaction(db, async () => 'never')).rejects.toBe(errors[TRANSACTION_ATTEMPTS - 1]);
    expect(attempts()).toBe(TRANSACTION_ATTEMPTS);
  });

  it('passes any other error on at once: a unique violation, a refused request, a lost connection', async () => {
    for (const error of [
      databaseError('23505'),
      new Error('This problem is not on your revision schedule'),
      databaseError('08006'),
    ]) {
      const { db, attempts } = failingDb([error]);
      await expect(retryingTransaction(db, async () => 'never')).rejects.toBe(error);
      expect(attempts()).toBe(1);
    }
  });
});
