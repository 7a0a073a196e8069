import { describe, expect, it } from 'vitest';
import { addMeasuredLine, dealFiles } from './deal-e2e-files.mjs';

describe('dealing the browser tests to shards', () => {
  it('gives each file to exactly one shard, the longest first to the least loaded', () => {
    const seconds = { 'a.spec.ts': 480, 'b.spec.ts': 210, 'c.spec.ts': 120, 'd.spec.ts': 100, 'e.spec.ts': 80 };
    const shards = dealFiles(Object.keys(seconds), seconds, 2);
    expect(shards).toEqual([['a.spec.ts'], ['b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'e.spec.ts']]);
    expect(shards.flat().sort()).toEqual(Object.keys(seconds));
  });

  it('counts a file it has no time for as the median of those it has', () => {
    const seconds = { 'a.spec.ts': 100, 'b.spec.ts': 60, 'c.spec.ts': 10 };
    // new.spec.ts weighs 60: with b on the second shard (60 + 60 > 100 + 10), c joins a.
    expect(dealFiles(['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'new.spec.ts'], seconds, 2)).toEqual([
      ['a.spec.ts', 'c.spec.ts'],
      ['b.spec.ts', 'new.spec.ts'],
    ]);
  });

  it('leaves a shard empty rather than give a file twice when there are more shards than files', () => {
    expect(dealFiles(['a.spec.ts'], {}, 3)).toEqual([['a.spec.ts'], [], []]);
  });
});

describe('measuring a run for the next deal', () => {
  it("sums each file's test times from the list reporter's lines, retries included, in seconds", () => {
    const seconds = {};
    for (const line of [
      '[shard 1]   ✓   95 [chromium] › e2e/tests/redirect-targets.spec.ts:34:5 › redirect targets › lands on the dashboard (8.6s)',
      '[shard 2]   ✘  106 [chromium] › e2e/tests/shell.spec.ts:33:3 › route guards › a Student goes to /dashboard (31.1s)',
      '[shard 2]   ✘  107 [chromium] › e2e/tests/shell.spec.ts:33:3 › route guards › a Student goes to /dashboard (retry #1) (30.9s)',
      '[shard 2]   ✓  143 [chromium] › e2e/tests/shell.spec.ts:608:5 › deep links › the server serves /about (111ms)',
      '[shard 1]   ✓  105 [chromium] › e2e/tests/dsa.spec.ts:496:5 › DSA accessibility › no violations on /dsa-management (1.8m)',
      '[shard 1] Running 74 tests using 1 worker',
      '[shard 2]   1) [chromium] › e2e/tests/shell.spec.ts:33:3 › route guards › a Student goes to /dashboard ──',
    ]) {
      addMeasuredLine(seconds, line);
    }
    expect(seconds).toEqual({ 'redirect-targets.spec.ts': 8.6, 'shell.spec.ts': 62.1, 'dsa.spec.ts': 108 });
  });
});
