import { addDays, todayIn } from '@learnbuild/domain/rules/streaks';
import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { applyChange, type ProgressChange } from '@/features/dsa/optimistic';
import { browserTimeZone } from '@/lib/dates';
import { ProblemRow } from './problem-row';

const SOLVED: DsaProblem = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'two-sum',
  title: 'Two Sum',
  step: 'Step 1: Arrays',
  topic: 'Arrays',
  topicId: 'arrays',
  difficulty: 'Easy',
  url: 'https://leetcode.com/problems/two-sum/',
  altUrl: null,
  tags: [],
  companies: [],
  position: 1,
  solved: true,
  solvedOn: '2024-06-15',
  bookmarked: false,
  notes: '',
  revisionStage: null,
  revisionDueOn: null,
  acceptanceRate: null,
  solvedCount: 0,
};

/** The row with its changes applied as the sheet's optimistic update applies them. */
const review = vi.fn();

function Sheet({
  initial,
  reviewMode = false,
  simpleSchedule = false,
}: {
  initial: DsaProblem;
  reviewMode?: boolean;
  simpleSchedule?: boolean;
}) {
  const [problem, setProblem] = useState(initial);
  const today = todayIn(browserTimeZone());
  return (
    <ProblemRow
      problem={problem}
      interviewMode={false}
      reviewMode={reviewMode}
      actions={{
        change: async (change: ProgressChange) => setProblem((current) => applyChange(current, change, today)),
        review,
        simpleSchedule,
      }}
    />
  );
}

function renderRow(problem: DsaProblem, reviewMode = false, simpleSchedule = false) {
  render(
    <TooltipProvider>
      <MemoryRouter>
        <ul>
          <Sheet initial={problem} reviewMode={reviewMode} simpleSchedule={simpleSchedule} />
        </ul>
      </MemoryRouter>
    </TooltipProvider>,
  );
}

afterEach(cleanup);

describe('the revision actions of a problem row', () => {
  it("'Revise later' schedules the problem for tomorrow, written in the reader's words, not 'Revise today'", async () => {
    renderRow(SOLVED);
    fireEvent.click(screen.getByRole('button', { name: 'Revise later: Two Sum' }));
    const stop = await screen.findByRole('button', { name: 'Stop revising: Two Sum' });
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    const tomorrow = addDays(todayIn(browserTimeZone()), 1);
    const written = new Date(`${tomorrow}T00:00:00Z`).toLocaleDateString('en-US', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(screen.getByText(`Revise on ${written}`)).toBeTruthy();
    expect(screen.queryByText('Revise today')).toBeNull();
  });

  it("a problem whose day has come reads 'Revise today'", () => {
    renderRow({ ...SOLVED, revisionStage: 0, revisionDueOn: todayIn(browserTimeZone()) });
    expect(screen.getByText('Revise today')).toBeTruthy();
  });

  it("offers the review as an action, 'Mark reviewed', on today's list of the simple schedule", () => {
    renderRow({ ...SOLVED, revisionStage: 0, revisionDueOn: todayIn(browserTimeZone()) }, true, true);
    const button = screen.getByRole('button', { name: 'Mark Two Sum reviewed' });
    expect(button.textContent?.trim()).toBe('Mark reviewed');
    expect(screen.queryByText('Reviewed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Good: Two Sum' })).toBeNull();
    fireEvent.click(button);
    expect(review).toHaveBeenLastCalledWith(SOLVED.id);
  });

  it('asks how well the learner recalled it on the adaptive schedule: Again, Hard, Good, Easy (issue 29)', () => {
    renderRow({ ...SOLVED, revisionStage: 0, revisionDueOn: todayIn(browserTimeZone()) }, true);
    expect(screen.queryByRole('button', { name: 'Mark Two Sum reviewed' })).toBeNull();
    const group = screen.getByRole('group', { name: 'How well did you recall Two Sum?' });
    expect([...group.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Again',
      'Hard',
      'Good',
      'Easy',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Hard: Two Sum' }));
    expect(review).toHaveBeenLastCalledWith(SOLVED.id, 'hard');
    fireEvent.click(screen.getByRole('button', { name: 'Easy: Two Sum' }));
    expect(review).toHaveBeenLastCalledWith(SOLVED.id, 'easy');
  });
});

describe('the confidence of a problem row (issue 29)', () => {
  it('shows Not set on a solved problem, sets a level and clears it', async () => {
    renderRow(SOLVED);
    const select = screen.getByRole('combobox', { name: 'Confidence: Two Sum' }) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.textContent).toBe('Confidence: not set');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Confidence: not set',
      'Confidence: low',
      'Confidence: medium',
      'Confidence: high',
      'Confidence: expert',
    ]);
    fireEvent.change(select, { target: { value: 'high' } });
    await waitFor(() => expect(select.value).toBe('high'));
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(select.value).toBe(''));
  });

  it('is not offered on an unsolved problem without a level', () => {
    renderRow({ ...SOLVED, solved: false, solvedOn: null });
    expect(screen.queryByRole('combobox', { name: 'Confidence: Two Sum' })).toBeNull();
  });
});

describe('a judged problem in the sheet (issue 27)', () => {
  it('offers Solve on its own page, keeping the judge link and Open in editor', () => {
    renderRow({ ...SOLVED, solved: false, solvedOn: null, judge: true });
    const solve = screen.getByRole('link', { name: 'Solve Two Sum here' });
    expect(solve.getAttribute('href')).toBe('/problems/two-sum');
    expect(solve.textContent).toBe('Solve');
    expect(screen.getByRole('link', { name: 'Two Sum (opens LeetCode in a new tab)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in editor: Two Sum' })).toBeTruthy();
    expect(screen.queryByText('Verified')).toBeNull();
  });

  it('shows a solve the judge accepted as Verified, and a ticked one without the seal', () => {
    renderRow({ ...SOLVED, judge: true, verified: true });
    expect(screen.getByTestId('verified-seal').textContent).toBe('Verified');
    cleanup();
    renderRow({ ...SOLVED, judge: true, verified: false });
    expect(screen.queryByText('Verified')).toBeNull();
  });

  it('has no Solve link for a problem without a judge', () => {
    renderRow(SOLVED);
    expect(screen.queryByRole('link', { name: /^Solve/ })).toBeNull();
  });
});

describe('the company tags of a problem row (issue 28)', () => {
  it('shows none when the problem has none', () => {
    renderRow(SOLVED);
    expect(screen.queryByTestId('problem-companies')).toBeNull();
  });

  it('shows up to three as chips and counts the rest, all read out as "Asked at: ..."', () => {
    renderRow({ ...SOLVED, companies: ['Google', 'Amazon', 'Microsoft', 'Meta', 'Apple'] });
    const companies = screen.getByTestId('problem-companies');
    expect(companies.textContent).toBe('Asked at: Google, Amazon, Microsoft, +2Meta, Apple');
    expect(companies.querySelector('[aria-hidden]:not(svg)')?.textContent).toBe('+2');
    expect(companies.getAttribute('title')).toBe('Asked at Google, Amazon, Microsoft, Meta, Apple');
  });
});
