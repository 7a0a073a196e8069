import { describe, expect, it } from 'vitest';
import {
  CONFIDENCE_FILTERS,
  confidenceRank,
  isRevisionDue,
  matchesConfidence,
  nextRevision,
  orderForRevision,
  REVISION_DAYS_TEXT,
  REVISION_INTERVALS_DAYS,
  REVISION_SCHEDULE_NAME,
  startRevision,
} from './revision';

describe('revision: a problem comes back after 1, 3, 7, 14 and 30 days', () => {
  it('uses those intervals', () => {
    expect(REVISION_INTERVALS_DAYS).toEqual([1, 3, 7, 14, 30]);
  });

  it("'Revise later' schedules tomorrow: the problem is not due today", () => {
    expect(startRevision('2024-06-15')).toEqual({ stage: 0, dueOn: '2024-06-16' });
    expect(isRevisionDue(startRevision('2024-06-15').dueOn, '2024-06-15')).toBe(false);
    expect(isRevisionDue(startRevision('2024-06-15').dueOn, '2024-06-16')).toBe(true);
    // Across a month and a year end.
    expect(startRevision('2024-12-31').dueOn).toBe('2025-01-01');
  });

  it('each review advances one stage and schedules the next interval; the fifth one ends the schedule', () => {
    let state = startRevision('2024-06-15');
    const due: (string | null)[] = [state.dueOn];
    for (let review = 0; review < 5; review++) {
      state = nextRevision(state.stage, '2024-06-16');
      due.push(state.dueOn);
    }
    // Marked on the 15th (back the 16th); every review done on the 16th: +3, +7, +14, +30, then done.
    expect(due).toEqual(['2024-06-16', '2024-06-19', '2024-06-23', '2024-06-30', '2024-07-16', null]);
    expect(state.stage).toBe(5);
    expect(nextRevision(9, '2024-06-16')).toEqual({ stage: 10, dueOn: null });
  });

  it('is due on or after its day, not before, and never once finished', () => {
    expect(isRevisionDue('2024-06-16', '2024-06-15')).toBe(false);
    expect(isRevisionDue('2024-06-10', '2024-06-15')).toBe(true);
    expect(isRevisionDue(null, '2024-06-15')).toBe(false);
  });
});

describe("'Revise today' order (issue 29)", () => {
  it('orders by due day, then lowest confidence (not set lowest), ties keeping the path order', () => {
    const rows = [
      { id: 'a', revisionDueOn: '2026-05-02', confidence: null },
      { id: 'b', revisionDueOn: '2026-05-01', confidence: 'expert' },
      { id: 'c', revisionDueOn: '2026-05-01', confidence: 'low' },
      { id: 'd', revisionDueOn: '2026-05-01', confidence: null },
      { id: 'e', revisionDueOn: '2026-05-01', confidence: 'medium' },
      { id: 'f', revisionDueOn: '2026-05-01', confidence: 'low' },
      { id: 'g', revisionDueOn: '2026-04-30', confidence: 'high' },
    ] as const;
    expect(orderForRevision(rows).map((row) => row.id)).toEqual(['g', 'd', 'c', 'f', 'e', 'b', 'a']);
    expect(rows.map((row) => row.id).join('')).toBe('abcdefg');
  });

  it('ranks confidence Not set < Low < Medium < High < Expert and filters by it', () => {
    expect([null, 'low', 'medium', 'high', 'expert'].map((c) => confidenceRank(c as never))).toEqual([0, 1, 2, 3, 4]);
    expect(CONFIDENCE_FILTERS).toEqual(['not-set', 'low', 'medium', 'high', 'expert']);
    expect(matchesConfidence(null, 'not-set')).toBe(true);
    expect(matchesConfidence('low', 'not-set')).toBe(false);
    expect(matchesConfidence('low', 'low')).toBe(true);
    expect(matchesConfidence(null, 'low')).toBe(false);
  });
});

describe('the fixed schedule as the screens name it', () => {
  it('reads 1-3-7-14-30, and "1, 3, 7, 14 and 30" in a sentence', () => {
    expect(REVISION_SCHEDULE_NAME).toBe('1-3-7-14-30');
    expect(REVISION_DAYS_TEXT).toBe('1, 3, 7, 14 and 30');
  });
});
