import { emptyDsaStats } from '@learnbuild/domain/rules/dsa-stats';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityCell } from '@/components/ui/activity-grid';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ProgressHeader } from './progress-header';

/** 49 days ending 2024-06-15, a solve on each of 2024-06-05 .. 2024-06-11 and 2024-06-13 .. 2024-06-15. */
function activity(): ActivityCell[] {
  const start = Date.UTC(2024, 3, 28);
  return Array.from({ length: 49 }, (_, index) => {
    const date = new Date(start + index * 86_400_000).toISOString().slice(0, 10);
    const count = date >= '2024-06-05' && date !== '2024-06-12' ? 1 : 0;
    return { date, count, level: count ? 1 : 0 };
  });
}

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

describe('ProgressHeader: streak freezes (issue 29)', () => {
  it('shows the freezes held and marks the frozen day on the grid', () => {
    const stats = {
      ...emptyDsaStats(),
      currentStreak: 10,
      maxStreak: 10,
      freezes: { available: 1, usedOn: ['2024-06-12'] },
    };
    render(
      <TooltipProvider delayDuration={0}>
        <ProgressHeader stats={stats} activity={activity()} />
      </TooltipProvider>,
    );
    expect(screen.getByTestId('streak-freezes').textContent).toBe(
      '1 streak freeze available (hold at most 2; earn one every 7 days of streak)',
    );
    const frozen = screen.getByRole('img', {
      name: 'Jun 12, 2024: No activity. Frozen: a streak freeze kept the streak',
    });
    expect(frozen.dataset.frozen).toBe('true');
  });

  it('reads 0 freezes when the stats carry none (the zeroed fallback)', () => {
    render(
      <TooltipProvider delayDuration={0}>
        <ProgressHeader stats={emptyDsaStats()} activity={activity()} />
      </TooltipProvider>,
    );
    expect(screen.getByTestId('streak-freezes').textContent).toBe(
      '0 streak freezes available (hold at most 2; earn one every 7 days of streak)',
    );
    expect(screen.queryByRole('img', { name: /Frozen/ })).toBeNull();
  });
});
