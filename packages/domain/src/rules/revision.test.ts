import { describe, expect, it } from 'vitest';
import { isRevisionDue, nextRevision, REVISION_INTERVALS_DAYS, startRevision } from './revision';

describe('revision: reviews come back after 1, 3, 7, 14 and 30 days', () => {
  it('uses those intervals', () => {
    expect(REVISION_INTERVALS_DAYS).toEqual([1, 3, 7, 14, 30]);
  });

  it('a problem marked for revision is due today', () => {
    expect(startRevision('2024-06-15')).toEqual({ stage: 0, dueOn: '2024-06-15' });
    expect(isRevisionDue('2024-06-15', '2024-06-15')).toBe(true);
  });

  it('each review advances one stage and schedules the next interval', () => {
    let state = startRevision('2024-06-15');
    const due: (string | null)[] = [];
    for (let review = 0; review < 6; review++) {
      state = nextRevision(state.stage, '2024-06-15');
      due.push(state.dueOn);
    }
    expect(due).toEqual(['2024-06-16', '2024-06-18', '2024-06-22', '2024-06-29', '2024-07-15', null]);
    expect(state.stage).toBe(6);
  });

  it('is due on or after its day, not before, and never once finished', () => {
    expect(isRevisionDue('2024-06-16', '2024-06-15')).toBe(false);
    expect(isRevisionDue('2024-06-10', '2024-06-15')).toBe(true);
    expect(isRevisionDue(null, '2024-06-15')).toBe(false);
  });
});
