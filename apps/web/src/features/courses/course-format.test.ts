import { afterEach, describe, expect, it, vi } from 'vitest';
import { countOf } from './course-format';

afterEach(() => vi.restoreAllMocks());

describe('countOf (course cards and the catalogue summary)', () => {
  it('writes the count with thousands separators and the word for one or many', () => {
    expect(countOf(0, 'lesson')).toBe('0 lessons');
    expect(countOf(1, 'lesson')).toBe('1 lesson');
    expect(countOf(12, 'lesson')).toBe('12 lessons');
    expect(countOf(1204, 'learner')).toBe('1,204 learners');
    expect(countOf(1_000_000, 'course')).toBe('1,000,000 courses');
    expect(countOf(2, 'category', 'categories')).toBe('2 categories');
  });

  it('builds no number formatter per call (a list of cards calls it several times a card)', () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    const perCall = vi.spyOn(Number.prototype, 'toLocaleString');
    for (let count = 0; count < 100; count++) countOf(count * 1000, 'learner');
    expect(built).not.toHaveBeenCalled();
    expect(perCall).not.toHaveBeenCalled();
  });
});
