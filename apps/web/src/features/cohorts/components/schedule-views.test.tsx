import type { ScheduleItem } from '@learnbuild/domain/schemas/cohorts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MonthCalendar } from './month-calendar';
import { ScheduleList } from './schedule-list';

afterEach(cleanup);

const item = (lessonId: string, title: string, dueDay: string, state: ScheduleItem['state']): ScheduleItem => ({
  lessonId,
  title,
  kind: 'article',
  dueAfterDays: 0,
  dueDay,
  dueAt: `${dueDay}T23:59:59.000Z`,
  state,
});

const ITEMS = [
  item('l1', 'Getting started', '2026-03-03', 'done'),
  item('l2', 'Loops', '2026-03-05', 'overdue'),
  item('l3', 'Functions', '2026-03-05', 'upcoming'),
  item('l4', 'Final quiz', '2026-04-02', 'upcoming'),
];
const lessonHref = (id: string) => `/courses/c?lesson=${id}`;

describe('the schedule as a list', () => {
  it('lists each lesson with its due day and state, linking to the lesson', () => {
    render(
      <MemoryRouter>
        <ScheduleList items={ITEMS} lessonHref={lessonHref} />
      </MemoryRouter>,
    );
    const rows = within(screen.getByTestId('schedule-list')).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toContain('Loops');
    expect(rows[1]?.textContent).toContain('Overdue');
    expect(within(rows[1]!).getByRole('link', { name: 'Loops' }).getAttribute('href')).toBe('/courses/c?lesson=l2');
    expect(rows[1]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-05');
    expect(rows[0]?.textContent).toContain('Done');
    expect(rows[3]?.textContent).toContain('Upcoming');
  });
});

describe('the schedule as a month', () => {
  const renderMonth = (today = '2026-03-04') =>
    render(
      <MemoryRouter>
        <MonthCalendar items={ITEMS} today={today} lessonHref={lessonHref} />
      </MemoryRouter>,
    );

  it('opens on the month of the first lesson not done, with the lessons on their days and today marked', () => {
    renderMonth();
    const table = screen.getByRole('table');
    expect(within(table).getByText(/Lessons due in/)?.textContent).toMatch(/March 2026/);
    expect(screen.getByText(/March 2026/, { selector: 'p' })?.textContent).toContain('3 lessons due');
    const today = table.querySelector('[aria-current="date"]');
    expect(today).not.toBeNull();
    expect(today?.textContent).toContain('4');
    // Both lessons of the 5th sit in one cell, each a link whose name carries its state.
    const loops = within(table).getByRole('link', { name: 'Loops, Overdue' });
    const cell = loops.closest('td')!;
    expect(within(cell).getByRole('link', { name: 'Functions, Upcoming' }).getAttribute('href')).toBe(
      '/courses/c?lesson=l3',
    );
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    expect(within(table).getAllByRole('columnheader')[0]?.textContent).toContain('Mon');
  });

  it('moves by a month with the previous and next buttons, announcing the month', () => {
    renderMonth();
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText(/April 2026/, { selector: 'p' })?.textContent).toContain('1 lesson due');
    expect(screen.getByRole('link', { name: 'Final quiz, Upcoming' })).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Loops, Overdue' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByText(/February 2026/, { selector: 'p' })?.textContent).toContain('0 lessons due');
    expect(screen.getByRole('table').querySelectorAll('a')).toHaveLength(0);
  });
});
