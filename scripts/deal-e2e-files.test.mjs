import { describe, expect, it } from 'vitest';
import { dealFiles } from './deal-e2e-files.mjs';

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
