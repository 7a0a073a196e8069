import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ActivityCell, ActivityGrid } from './activity-grid';
import { TooltipProvider } from './tooltip';

/** 49 days ending 2024-06-15: 3 solves on the first day, 1 on 2024-06-01, 7 today, nothing else. */
function days(): ActivityCell[] {
  const start = Date.UTC(2024, 3, 28); // 2024-04-28
  return Array.from({ length: 49 }, (_, index) => {
    const date = new Date(start + index * 86_400_000).toISOString().slice(0, 10);
    const count = index === 0 ? 3 : date === '2024-06-01' ? 1 : index === 48 ? 7 : 0;
    const level = count === 0 ? 0 : count === 1 ? 1 : count <= 3 ? 2 : count <= 5 ? 3 : 4;
    return { date, count, level };
  });
}

function renderGrid(activity: ActivityCell[] = days()) {
  render(
    <TooltipProvider delayDuration={0}>
      <ActivityGrid activity={activity} />
    </TooltipProvider>,
  );
  const grid = screen.getByTestId('activity-grid');
  const cells = [...grid.querySelectorAll<HTMLElement>('[data-level]')];
  return { grid, cells };
}

beforeAll(() => {
  // Radix positions tooltips with a ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

describe('ActivityGrid', () => {
  it('draws 49 days as 7 columns of 7 days, oldest first, one level 0-4 per cell', () => {
    const { grid, cells } = renderGrid();
    expect(cells).toHaveLength(49);
    // Seven rows filled column by column: 49 days make 7 columns of one week each.
    expect(grid.style.gridTemplateRows).toBe('repeat(7, minmax(0, 1fr))');
    expect(grid.className).toContain('grid-flow-col');
    expect(cells[0]!.dataset.date).toBe('2024-04-28');
    expect(cells[48]!.dataset.date).toBe('2024-06-15');
    expect(cells.map((cell) => cell.dataset.level)).toEqual(days().map((day) => String(day.level)));
    expect(cells.filter((cell) => cell.dataset.level !== '0').map((cell) => cell.dataset.level)).toEqual([
      '2',
      '1',
      '4',
    ]);
    expect(grid.getAttribute('aria-label')).toBe('Activity in the last 49 days: 11 problems on 3 days');
  });

  it('names every day with the tooltip text: "{date}: N problems" or "{date}: No activity", the date in the reader\'s words', () => {
    // jsdom's navigator.language is en-US.
    const { cells } = renderGrid();
    expect(cells[0]!.getAttribute('aria-label')).toBe('Apr 28, 2024: 3 problems');
    expect(cells.find((cell) => cell.dataset.date === '2024-06-01')!.getAttribute('aria-label')).toBe(
      'Jun 1, 2024: 1 problem',
    );
    expect(cells[48]!.getAttribute('aria-label')).toBe('Jun 15, 2024: 7 problems');
    expect(cells[1]!.getAttribute('aria-label')).toBe('Apr 29, 2024: No activity');
    expect(screen.getAllByRole('img', { name: /: No activity$/ })).toHaveLength(46);
  });

  it('shows the Less…More legend with the five shades in order', () => {
    renderGrid();
    const less = screen.getByText('Less');
    const legend = less.parentElement!;
    expect(within(legend).getByText('More')).toBeTruthy();
    const swatches = [...legend.children].slice(1, -1);
    expect(swatches).toHaveLength(5);
    expect(swatches[0]!.className).toContain('bg-slate-200');
    expect(swatches[4]!.className).toContain('bg-emerald-800');
    expect(legend.firstElementChild!.textContent).toBe('Less');
    expect(legend.lastElementChild!.textContent).toBe('More');
  });

  it('is one tab stop on today; arrow keys move a day (up/down) or a week (left/right), focus shows the tooltip', async () => {
    const { cells } = renderGrid();
    expect(cells.filter((cell) => cell.tabIndex === 0)).toEqual([cells[48]]);

    cells[48]!.focus();
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Jun 15, 2024: 7 problems');

    fireEvent.keyDown(cells[48]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(cells[41]);
    expect(cells[41]!.tabIndex).toBe(0);
    expect(cells[48]!.tabIndex).toBe(-1);
    fireEvent.keyDown(cells[41]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cells[40]);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Jun 7, 2024: No activity');
    fireEvent.keyDown(cells[40]!, { key: 'ArrowDown' });
    fireEvent.keyDown(cells[41]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cells[48]);
    // The edges hold: no day after today, none before the first.
    fireEvent.keyDown(cells[48]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cells[48]);
    fireEvent.keyDown(cells[48]!, { key: 'Home' });
    expect(document.activeElement).toBe(cells[0]);
    fireEvent.keyDown(cells[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cells[0]);
    fireEvent.keyDown(cells[0]!, { key: 'End' });
    expect(document.activeElement).toBe(cells[48]);
  });

  it('an all-empty grid reads zero problems and every cell is level 0', () => {
    const empty = days().map((day) => ({ ...day, count: 0, level: 0 as const }));
    const { grid, cells } = renderGrid(empty);
    expect(cells.every((cell) => cell.dataset.level === '0')).toBe(true);
    expect(grid.getAttribute('aria-label')).toBe('Activity in the last 49 days: 0 problems on 0 days');
  });

  it('marks a day a streak freeze kept (issue 29): a snowflake cell named "… No activity. Frozen: a streak freeze kept the streak"', () => {
    render(
      <TooltipProvider delayDuration={0}>
        {/* 2024-06-01 had a solve, so it is never drawn frozen; 2024-03-01 lies outside the grid. */}
        <ActivityGrid activity={days()} frozenDays={['2024-03-01', '2024-06-01', '2024-06-02']} />
      </TooltipProvider>,
    );
    const grid = screen.getByTestId('activity-grid');
    const frozen = [...grid.querySelectorAll<HTMLElement>('[data-frozen]')];
    expect(frozen.map((cell) => cell.dataset.date)).toEqual(['2024-06-02']);
    expect(frozen[0]!.getAttribute('aria-label')).toBe(
      'Jun 2, 2024: No activity. Frozen: a streak freeze kept the streak',
    );
    expect(frozen[0]!.className).toContain('ring-sky-500');
    expect(frozen[0]!.querySelector('svg')).not.toBeNull();
    expect(screen.getAllByRole('img', { name: /Frozen: a streak freeze kept the streak$/ })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Jun 1, 2024: 1 problem' }).dataset.frozen).toBeUndefined();
    expect(grid.getAttribute('aria-label')).toBe('Activity in the last 49 days: 11 problems on 3 days, 1 frozen day');
    expect(screen.getByText('Frozen')).toBeTruthy();
  });

  it('draws no frozen day and no Frozen legend without freezes', () => {
    renderGrid();
    expect(screen.getByTestId('activity-grid').querySelectorAll('[data-frozen]')).toHaveLength(0);
    expect(screen.queryByText('Frozen')).toBeNull();
  });
});
