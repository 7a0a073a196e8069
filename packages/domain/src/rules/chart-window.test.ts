import { describe, expect, it } from 'vitest';
import { chartWindow, mondayOf } from './chart-window';

describe('the admin charts end today, never tomorrow', () => {
  it('finds the Monday of a day', () => {
    expect(mondayOf('2026-03-16')).toBe('2026-03-16');
    expect(mondayOf('2026-03-18')).toBe('2026-03-16');
    expect(mondayOf('2026-03-22')).toBe('2026-03-16');
    expect(mondayOf('2026-03-23')).toBe('2026-03-23');
    expect(mondayOf('1970-01-01')).toBe('1969-12-29');
  });

  it('holds 12 weeks of days ending on a Wednesday today, not on the Sunday after', () => {
    const window = chartWindow('2026-03-18', 12);
    expect(window.days).toHaveLength(84);
    expect(window.days.at(-1)).toBe('2026-03-18');
    expect(window.days[0]).toBe('2025-12-25');
    expect(window.days).not.toContain('2026-03-19');
    expect(window.weekStarts).toHaveLength(12);
    expect(window.weekStarts.at(-1)).toBe('2026-03-16');
    expect(window.weekStarts[0]).toBe('2025-12-29');
  });

  it('runs over a year end and a leap day, one calendar day apart each', () => {
    const window = chartWindow('2024-03-01', 1);
    expect(window.days).toEqual([
      '2024-02-24',
      '2024-02-25',
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(chartWindow('2026-01-01', 1).weekStarts).toEqual(['2025-12-29']);
  });
});
