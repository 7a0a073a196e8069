import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_STALL_MS, batchLoader, batchLoaderPerDatabase } from './batch-loader';

/** A loader whose queries the test answers one by one: each call records its keys and waits for `answer`. */
function controlledLoader() {
  const calls: { keys: string[]; answer: (rows?: Map<string, string>) => void; fail: (error: Error) => void }[] = [];
  const loadMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      calls.push({
        keys,
        answer: (rows) => resolve(rows ?? new Map(keys.map((key) => [key, `row of ${key}`]))),
        fail: reject,
      });
    });
  return { calls, loadMany };
}

const nextRound = () => new Promise((resolve) => setImmediate(resolve));

// setTimeout and the clock are the test's (a slow machine must not fire the stall timer); setImmediate stays real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the batch loader', () => {
  it('sends the keys of one round in one query and gives each caller its own row', async () => {
    const { calls, loadMany } = controlledLoader();
    const load = batchLoader(loadMany);
    const replies = Promise.all([load('a'), load('b'), load('c')]);
    expect(calls).toHaveLength(0);
    await nextRound();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'c']]);
    calls[0]!.answer();
    expect(await replies).toEqual(['row of a', 'row of b', 'row of c']);
  });

  it('asks for a key once however many callers want it, and answers undefined for a key with no row', async () => {
    const { calls, loadMany } = controlledLoader();
    const load = batchLoader(loadMany);
    const replies = Promise.all([load('a'), load('a'), load('missing')]);
    await nextRound();
    expect(calls[0]!.keys).toEqual(['a', 'missing']);
    calls[0]!.answer(new Map([['a', 'row of a']]));
    expect(await replies).toEqual(['row of a', 'row of a', undefined]);
  });

  it('keeps one query out at a time: keys asked for meanwhile go together once it is back', async () => {
    const { calls, loadMany } = controlledLoader();
    const load = batchLoader(loadMany);
    const first = load('a');
    await nextRound();
    const later = Promise.all([load('b'), load('c')]);
    await nextRound();
    const last = load('d');
    await nextRound();
    expect(calls).toHaveLength(1);
    calls[0]!.answer();
    expect(await first).toBe('row of a');
    await nextRound();
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]!.answer();
    expect(await later).toEqual(['row of b', 'row of c']);
    expect(await last).toBe('row of d');
  });

  it('does not let a query that stays out hold the next batch back for longer than BATCH_STALL_MS', async () => {
    const { calls, loadMany } = controlledLoader();
    const load = batchLoader(loadMany);
    void load('stuck');
    await nextRound();
    vi.advanceTimersByTime(10);
    const next = load('b');
    await nextRound();
    vi.advanceTimersByTime(BATCH_STALL_MS - 11);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls.map((call) => call.keys)).toEqual([['stuck'], ['b']]);
    calls[1]!.answer();
    expect(await next).toBe('row of b');
    // With the stuck query still out, a round that ends a stall time after the last send sends at once.
    vi.advanceTimersByTime(BATCH_STALL_MS);
    const late = load('c');
    await nextRound();
    expect(calls.map((call) => call.keys)).toEqual([['stuck'], ['b'], ['c']]);
    calls[2]!.answer();
    expect(await late).toBe('row of c');
  });

  it('fails the callers of a loader that throws before it returns a promise, and goes on', async () => {
    let first = true;
    const load = batchLoader<string>((keys) => {
      if (first) {
        first = false;
        throw new Error('bad query');
      }
      return Promise.resolve(new Map(keys.map((key) => [key, `row of ${key}`])));
    });
    await expect(load('a')).rejects.toThrow('bad query');
    expect(await load('a')).toBe('row of a');
  });

  it('fails every caller of a failed query with its error, and the next keys get a query of their own', async () => {
    const { calls, loadMany } = controlledLoader();
    const load = batchLoader(loadMany);
    const failed = [load('a'), load('b')].map((reply) => reply.catch((error: Error) => error.message));
    await nextRound();
    calls[0]!.fail(new Error('connection refused'));
    expect(await Promise.all(failed)).toEqual(['connection refused', 'connection refused']);
    const again = load('a');
    await nextRound();
    calls[1]!.answer();
    expect(await again).toBe('row of a');
  });

  it('sends a batch at once when it reaches its size, even with a query out', async () => {
    const { calls, loadMany } = controlledLoader();
    const load = batchLoader(loadMany, 3);
    const replies = Promise.all(['a', 'b', 'c', 'd'].map((key) => load(key)));
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'c']]);
    await nextRound();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'c']]);
    calls[0]!.answer();
    await nextRound();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'c'], ['d']]);
    calls[1]!.answer();
    expect(await replies).toEqual(['row of a', 'row of b', 'row of c', 'row of d']);
  });

  it('keeps one loader per database', async () => {
    const made: object[] = [];
    const perDatabase = batchLoaderPerDatabase<string>((db) => {
      made.push(db);
      return async (keys) => new Map(keys.map((key) => [key, `${made.indexOf(db)}:${key}`]));
    });
    const one = {};
    const two = {};
    expect(perDatabase(one)).toBe(perDatabase(one));
    expect(await Promise.all([perDatabase(one)('a'), perDatabase(two)('a')])).toEqual(['0:a', '1:a']);
    expect(made).toEqual([one, two]);
  });
});
