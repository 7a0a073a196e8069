import { describe, expect, it } from 'vitest';
import bank from '../../../apps/api/content/dsa/problems.json' with { type: 'json' };
import { halfDone, ROADMAP_PREREQUISITES, roadmapNodes } from './dsa-roadmap';

const topic = (name: string, solved: number, total: number) => ({ id: `id-${name}`, name, solved, total });

describe('the roadmap', () => {
  it('names every topic of the sheet, and only topics of the sheet', () => {
    const sheetTopics = new Set(bank.problems.map((problem) => problem.topic));
    expect(new Set(Object.keys(ROADMAP_PREREQUISITES))).toEqual(sheetTopics);
    for (const needs of Object.values(ROADMAP_PREREQUISITES))
      for (const name of needs) expect(sheetTopics).toContain(name);
  });

  it('has no cycle: every topic can be reached from the ones with no prerequisite', () => {
    const done = new Set<string>();
    let progressed = true;
    while (progressed) {
      progressed = false;
      for (const [name, needs] of Object.entries(ROADMAP_PREREQUISITES)) {
        if (!done.has(name) && needs.every((need) => done.has(need))) {
          done.add(name);
          progressed = true;
        }
      }
    }
    expect(done.size).toBe(Object.keys(ROADMAP_PREREQUISITES).length);
  });

  it('says "not yet" while a prerequisite is under half solved: 49 % is not enough, 50 % is', () => {
    expect(halfDone({ solved: 49, total: 100 })).toBe(false);
    expect(halfDone({ solved: 50, total: 100 })).toBe(true);
    expect(halfDone({ solved: 0, total: 0 })).toBe(true);
    const [, , window] = roadmapNodes([
      topic('Two Pointers', 5, 10),
      topic('Hashing', 49, 100),
      topic('Sliding Window', 0, 13),
    ]);
    expect(window).toMatchObject({ prerequisites: ['id-Two Pointers', 'id-Hashing'], ready: false });
    const [, , ready] = roadmapNodes([
      topic('Two Pointers', 5, 10),
      topic('Hashing', 50, 100),
      topic('Sliding Window', 0, 13),
    ]);
    expect(ready?.ready).toBe(true);
  });

  it('matches names in any case, and leaves out prerequisites the bank does not have', () => {
    const nodes = roadmapNodes([topic('graphs', 0, 5), topic('Custom', 0, 3)]);
    expect(nodes).toEqual([
      { ...topic('graphs', 0, 5), prerequisites: [], ready: true },
      { ...topic('Custom', 0, 3), prerequisites: [], ready: true },
    ]);
    const withTrees = roadmapNodes([topic('TREES', 1, 4), topic('graphs', 0, 5)]);
    expect(withTrees[1]).toMatchObject({ prerequisites: ['id-TREES'], ready: false });
  });
});
