import type { Db, DbOrTx } from '../db/client';

type Callback = () => void;
type Transactional = { transaction: (run: (tx: never) => unknown, ...rest: unknown[]) => Promise<unknown> };

/** The callbacks waiting for the outermost transaction a `tx` (or a savepoint inside it) belongs to. */
const pending = new WeakMap<object, Callback[]>();
const attached = new WeakSet<object>();
/** The database each transaction (and savepoint) was opened from. */
const databases = new WeakMap<object, object>();

/** Gives `tx` and every savepoint opened from it the same queue. */
function track(tx: object, queue: Callback[], db: object): void {
  pending.set(tx, queue);
  databases.set(tx, db);
  const target = tx as Transactional;
  const nested = target.transaction.bind(tx);
  target.transaction = (run, ...rest) =>
    nested(
      (inner: never) => {
        track(inner, queue, db);
        return run(inner);
      },
      ...rest,
    );
}

/**
 * Lets `afterCommit` hold work until the transaction it was asked in has committed: every transaction opened
 * from `db` carries a queue that runs once the commit has come back, and is dropped with a rollback.
 */
export function attachAfterCommit(db: Db): void {
  if (attached.has(db)) return;
  attached.add(db);
  const target = db as unknown as Transactional;
  const original = target.transaction.bind(db);
  target.transaction = async (run, ...rest) => {
    const queue: Callback[] = [];
    const result = await original(
      (tx: never) => {
        track(tx, queue, db);
        return run(tx);
      },
      ...rest,
    );
    for (const callback of queue) callback();
    return result;
  };
}

/**
 * Runs `callback` once `tx` has committed; at once when `tx` is the database itself (each statement commits on
 * its own) or a transaction not opened through an attached database. For hints to other parts (live events),
 * never for work that must not be lost.
 */
export function afterCommit(tx: DbOrTx, callback: Callback): void {
  const queue = pending.get(tx);
  if (queue) queue.push(callback);
  else callback();
}

/** The database `tx` was opened from (through an attached database), or `tx` itself when it is one. */
export function databaseOf(tx: DbOrTx): object {
  return databases.get(tx) ?? tx;
}
