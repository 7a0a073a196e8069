import { describe, expect, it } from 'vitest';
import { ACCEPTANCE_MIN_SUBMISSIONS, acceptanceRate } from './acceptance';

describe('acceptanceRate', () => {
  it('is hidden under 20 submissions', () => {
    expect(ACCEPTANCE_MIN_SUBMISSIONS).toBe(20);
    expect(acceptanceRate(0, 0)).toBeNull();
    expect(acceptanceRate(19, 19)).toBeNull();
  });

  it('is the exact share from 20 submissions, in percent with one decimal', () => {
    expect(acceptanceRate(15, 20)).toBe(75);
    expect(acceptanceRate(0, 20)).toBe(0);
    expect(acceptanceRate(20, 20)).toBe(100);
    expect(acceptanceRate(7, 21)).toBe(33.3);
    expect(acceptanceRate(2, 3000)).toBe(0.1);
  });
});
