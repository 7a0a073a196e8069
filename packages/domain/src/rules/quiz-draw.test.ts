import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawAttempt, drawFrom, seededRandom, shuffle } from './quiz-draw';

const bank = (size: number, optionCount = 4) =>
  Array.from({ length: size }, (_, index) => ({ id: `q${String(index).padStart(2, '0')}`, optionCount }));

describe('seededRandom', () => {
  it('gives the same numbers for the same seed, in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('gives other numbers for another seed', () => {
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });
});

describe('shuffle', () => {
  it('is a permutation of its input and leaves the input alone', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.nat(), (items, seed) => {
        const before = [...items];
        const shuffled = shuffle(items, seededRandom(seed));
        expect(items).toEqual(before);
        expect([...shuffled].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });

  it('puts every item first about equally often (fixed seed)', () => {
    const random = seededRandom(7);
    const firsts = [0, 0, 0, 0];
    for (let run = 0; run < 8000; run += 1) firsts[shuffle([0, 1, 2, 3], random)[0]!]! += 1;
    for (const count of firsts) expect(Math.abs(count - 2000)).toBeLessThan(200);
  });
});

describe('drawFrom', () => {
  it('draws distinct items, all of them when asked for more than there are', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer()), fc.nat(40), fc.nat(), (items, count, seed) => {
        const drawn = drawFrom(items, count, seededRandom(seed));
        expect(drawn).toHaveLength(Math.min(count, items.length));
        expect(new Set(drawn).size).toBe(drawn.length);
        for (const item of drawn) expect(items).toContain(item);
      }),
    );
  });
});

describe('drawAttempt', () => {
  it('draws the same questions in the same order with the same option orders for the same seed', () => {
    const first = drawAttempt(bank(12), 5, 123_456);
    expect(drawAttempt(bank(12), 5, 123_456)).toEqual(first);
    // The bank's own order does not matter: it is read by id.
    expect(drawAttempt([...bank(12)].reverse(), 5, 123_456)).toEqual(first);
    expect(first).toHaveLength(5);
    for (const slot of first) expect([...slot.order].sort()).toEqual([0, 1, 2, 3]);
  });

  it('gives no option order to questions without options', () => {
    expect(drawAttempt(bank(3, 0), 3, 9).map((slot) => slot.order)).toEqual([[], [], []]);
  });

  it('covers the whole bank about evenly over many seeded draws', () => {
    // 20 questions, 5 drawn per attempt, 10,000 attempts: each question is expected 2,500 times.
    const counts = new Map<string, number>();
    for (let seed = 1; seed <= 10_000; seed += 1) {
      for (const slot of drawAttempt(bank(20), 5, seed)) counts.set(slot.id, (counts.get(slot.id) ?? 0) + 1);
    }
    expect(counts.size).toBe(20);
    for (const count of counts.values()) expect(Math.abs(count - 2500)).toBeLessThan(250);
    // Chi-square with 19 degrees of freedom: 43.8 is its 0.1% critical value.
    const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - 2500) ** 2 / 2500, 0);
    expect(chiSquare).toBeLessThan(43.8);
  });
});
