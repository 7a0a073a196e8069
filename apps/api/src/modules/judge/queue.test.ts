import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { executorOf } from './queue';

// pg-boss marks a job complete without awaiting it: one that ends while the server shuts down must not query
// a closed pool (an unhandled rejection in the process).

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((database) => database.close()));
});

describe("the job queue's SQL runner", () => {
  it('runs statements on the platform’s own database until it is settled', async () => {
    const database = await openDatabase({ memory: true });
    opened.push(database);
    const executor = executorOf(database);
    expect((await executor.executeSql('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
    // PGlite takes several statements in one text (how pg-boss installs itself), the last one's rows returned.
    expect((await executor.executeSql('select 1 as one; select 2 as two', [])).rows).toEqual([{ two: 2 }]);
  });

  it('waits for the statements under way when settled, then never answers and never touches the closed database', async () => {
    const database = await openDatabase({ memory: true });
    opened.push(database);
    const executor = executorOf(database);
    const underWay = executor.executeSql('select pg_sleep(0.2), 3 as three', []);
    await executor.settle();
    expect((await underWay).rows).toEqual([expect.objectContaining({ three: 3 })]);
    await database.close();
    // A job failed after the shutdown: no query, no rejection, and no empty answer (pg-boss reads rows[0].count
    // of a fail's answer, so `{ rows: [] }` was a TypeError in the process).
    const late = executor.executeSql('update pgboss.job set state = $1', ['failed']);
    const outcome = await Promise.race([
      late.then(
        () => 'answered',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 150)),
    ]);
    expect(outcome).toBe('pending');
  });
});
