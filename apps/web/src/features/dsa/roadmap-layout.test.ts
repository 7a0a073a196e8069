import type { RoadmapNodeReply } from '@learnbuild/domain/schemas/dsa';
import { describe, expect, it } from 'vitest';
import { layoutRoadmap, NODE_HEIGHT, NODE_WIDTH, nodeNameLines } from './roadmap-layout';

const node = (id: string, prerequisites: string[] = []): RoadmapNodeReply => ({
  id,
  name: id,
  solved: 0,
  total: 1,
  prerequisites,
  ready: true,
});

describe('layoutRoadmap', () => {
  const nodes = [
    node('arrays'),
    node('two-pointers', ['arrays']),
    node('hashing', ['arrays']),
    node('window', ['two-pointers', 'hashing']),
  ];
  const placed = layoutRoadmap(nodes);

  it('places every topic below its prerequisites, with no two boxes overlapping, inside the drawing', () => {
    const at = new Map(placed.nodes.map((n) => [n.id, n]));
    for (const n of nodes)
      for (const prerequisite of n.prerequisites)
        expect(at.get(n.id)!.y).toBeGreaterThan(at.get(prerequisite)!.y + NODE_HEIGHT);
    for (const a of placed.nodes)
      for (const b of placed.nodes)
        if (a !== b) {
          const apart = Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= NODE_HEIGHT;
          expect(apart, `${a.id} / ${b.id}`).toBe(true);
        }
    for (const n of placed.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0);
      expect(n.x + NODE_WIDTH).toBeLessThanOrEqual(placed.width);
      expect(n.y + NODE_HEIGHT).toBeLessThanOrEqual(placed.height);
    }
  });

  it('draws one edge per prerequisite, as a path, and ignores prerequisites that are not on the map', () => {
    expect(placed.edges.map((e) => `${e.from}>${e.to}`).sort()).toEqual([
      'arrays>hashing',
      'arrays>two-pointers',
      'hashing>window',
      'two-pointers>window',
    ]);
    for (const edge of placed.edges) expect(edge.path).toMatch(/^M[\d.]+,[\d.]+( L[\d.]+,[\d.]+)+$/);
    expect(layoutRoadmap([node('alone', ['gone'])]).edges).toEqual([]);
  });
});

describe('nodeNameLines', () => {
  it('keeps a short name on one line and breaks a longer one between words', () => {
    expect(nodeNameLines('Arrays')).toEqual(['Arrays']);
    expect(nodeNameLines('Recursion and Backtracking')).toEqual(['Recursion and', 'Backtracking']);
    expect(nodeNameLines('Dynamic Programming')).toEqual(['Dynamic', 'Programming']);
  });

  it('cuts only what two lines cannot hold, and a single word longer than a line', () => {
    const lines = nodeNameLines('Greedy Algorithms on Intervals and Scheduling');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Greedy');
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(lines.every((line) => line.length <= 16)).toBe(true);
    expect(nodeNameLines('Supercalifragilisticexpialidocious')).toEqual(['Supercalifragil…']);
  });
});
