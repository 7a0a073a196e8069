import type { DashboardResume } from '@learnbuild/domain/schemas/dashboard';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ContinuePanel } from './continue-panel';

const NOW = new Date('2026-11-24T12:00:00Z');

function renderPanel(resume: DashboardResume) {
  vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, resume } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ContinuePanel userId="user-1" now={NOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Continue where you left off', () => {
  it('links the last lesson and the last problem, with when they were touched', async () => {
    renderPanel({
      lesson: {
        kind: 'course',
        title: 'Closures in practice',
        context: 'Modern JavaScript',
        href: '/courses/modern-js?lesson=abc',
        at: '2026-11-24T09:00:00Z',
      },
      problem: {
        title: 'Two Sum',
        difficulty: 'Easy',
        solved: true,
        href: '/dsa-sheet?q=Two%20Sum',
        at: '2026-11-10T09:00:00Z',
      },
    });
    expect(screen.getByRole('heading', { name: 'Continue where you left off', level: 2 })).toBeTruthy();
    const lesson = await screen.findByTestId('continue-lesson');
    expect(lesson.textContent).toContain('Lesson in Modern JavaScript · 3 hours ago');
    expect(lesson.textContent).toContain('Closures in practice');
    expect(
      within(lesson).getByRole('link', { name: 'Continue lesson: Closures in practice' }).getAttribute('href'),
    ).toBe('/courses/modern-js?lesson=abc');
    const problem = screen.getByTestId('continue-problem');
    // Two weeks ago reads as the date, in the reader's words (jsdom: en-US).
    expect(problem.textContent).toContain('Solved · Easy · Nov 10, 2026');
    expect(within(problem).getByRole('link', { name: 'Open problem: Two Sum' }).getAttribute('href')).toBe(
      '/dsa-sheet?q=Two%20Sum',
    );
    expect(screen.queryByTestId('continue-empty')).toBeNull();
  });

  it('names a core-subject lesson by its subject, and offers the sheet when no problem was touched', async () => {
    renderPanel({
      lesson: {
        kind: 'subject',
        title: 'Joins',
        context: 'DBMS',
        href: '/subject/dbms/topic/sql/subtopic/joins',
        at: '2026-11-24T11:59:30Z',
      },
      problem: null,
    });
    const lesson = await screen.findByTestId('continue-lesson');
    expect(lesson.textContent).toContain('DBMS lesson · just now');
    expect(screen.getByRole('link', { name: 'start the DSA Sheet' }).getAttribute('href')).toBe('/dsa-sheet');
  });

  it('gives a new account a real empty state with places to start', async () => {
    renderPanel({ lesson: null, problem: null });
    const empty = await screen.findByTestId('continue-empty');
    expect(empty.textContent).toContain('Nothing to pick up yet.');
    expect(
      within(empty)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Browse courses', '/courses'],
      ['Core subjects', '/core-subjects'],
      ['DSA Sheet', '/dsa-sheet'],
    ]);
  });
});
