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

describe('ProgressHeader while the numbers load (issue 26: no layout shift)', () => {
  it('draws the card with its labels and no number, marked busy', () => {
    render(
      <TooltipProvider delayDuration={0}>
        <ProgressHeader stats={undefined} activity={undefined} />
      </TooltipProvider>,
    );
    const card = screen.getByTestId('dsa-progress-loading');
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('dsa-progress')).toBeNull();
    expect(screen.queryByTestId('solved-count')).toBeNull();
    // The labels a learner will see are in place; no count is made up meanwhile.
    for (const label of ['Solved', 'Streak', 'Best', 'Saved', 'Easy', 'Medium', 'Hard', 'Last 49 days']) {
      expect(card.textContent).toContain(label);
    }
    // What is seen or read (stand-ins are hidden from both) has no number in it.
    const shown = card.cloneNode(true) as HTMLElement;
    for (const hidden of shown.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    expect(shown.textContent?.replace('Last 49 days', '')).not.toMatch(/\d/);
    expect(screen.queryAllByRole('progressbar')).toEqual([]);
  });
});
