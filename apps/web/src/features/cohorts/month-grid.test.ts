import { describe, expect, it } from 'vitest';
import { addMonths, initialMonth, monthWeeks } from './month-grid';

describe('monthWeeks', () => {
  it('starts weeks on Monday with blanks before the first and after the last day', () => {
    // 1 March 2026 is a Sunday.
    const weeks = monthWeeks('2026-03');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(weeks[5]).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('knows leap years: February 2028 has 29 days and starts on a Tuesday', () => {
    const weeks = monthWeeks('2028-02');
    expect(weeks[0]).toEqual([
      null,
      '2028-02-01',
      '2028-02-02',
      '2028-02-03',
      '2028-02-04',
      '2028-02-05',
      '2028-02-06',
    ]);
    expect(weeks.flat().filter(Boolean).at(-1)).toBe('2028-02-29');
  });
});

describe('addMonths and initialMonth', () => {
  it('moves across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('opens on the first lesson not done, else the last one, else today', () => {
    const items = [
      { dueDay: '2026-03-03', state: 'done' },
      { dueDay: '2026-04-10', state: 'overdue' },
      { dueDay: '2026-05-01', state: 'upcoming' },
    ];
    expect(initialMonth(items, '2026-06-01')).toBe('2026-04');
    expect(initialMonth([items[0]!], '2026-06-01')).toBe('2026-03');
    expect(initialMonth([], '2026-06-01')).toBe('2026-06');
  });
});
