import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart, niceCeiling } from './bar-chart';

afterEach(cleanup);

const data = [
  { label: 'Mar 2', value: 0 },
  { label: 'Mar 9', value: 3 },
  { label: 'Mar 16', value: 1 },
];

describe('BarChart', () => {
  it('is one image named by its title and described by a summary', () => {
    render(<BarChart title="Sign-ups per week" unit={['sign-up', 'sign-ups']} data={data} />);
    const chart = screen.getByRole('img', {
      name: 'Sign-ups per week 4 sign-ups from Mar 2 to Mar 16; the most, 3 sign-ups, on Mar 9.',
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(chart.querySelector('rect title')?.textContent).toBe('Mar 2: 0 sign-ups');
  });

  it('offers the same numbers as a table', () => {
    render(<BarChart title="Solves" unit={['solve', 'solves']} data={data} />);
    const table = screen.getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual(['DateSolves', 'Mar 20', 'Mar 93', 'Mar 161']);
  });

  it('says so when nothing happened', () => {
    render(<BarChart title="Solves" unit={['solve', 'solves']} data={data.map((d) => ({ ...d, value: 0 }))} />);
    expect(screen.getByRole('img', { name: 'Solves 0 solves from Mar 2 to Mar 16.' })).toBeTruthy();
  });
});

describe('niceCeiling', () => {
  it.each([
    [0, 2],
    [1, 2],
    [2, 2],
    [3, 4],
    [5, 6],
    [7, 10],
    [12, 20],
    [41, 60],
    [99, 100],
  ])('%i → %i', (max, top) => expect(niceCeiling(max)).toBe(top));
});
