import { addDays, todayIn } from '@learnbuild/domain/rules/streaks';
import type { StudyPlan, StudyPlanReply } from '@learnbuild/domain/schemas/study-plans';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/dates';
import { StudyPlanCard } from './study-plan-card';

const STEPS = ['Step 1: Array Fundamentals', 'Step 2: Hashing and Prefix Sums', 'Step 5: String Manipulation'];

const PLAN: StudyPlan = {
  kind: 'interview-30',
  steps: STEPS.slice(0, 2),
  startOn: '2026-11-01',
  finishOn: '2026-11-30',
  total: 10,
  solved: 3,
  solvedToday: 1,
  remaining: 7,
  daysLeft: 5,
  dailyTarget: 2,
  expectedSolvedByToday: 9,
  status: 'behind',
  today: [
    {
      problemId: 'p1',
      slug: 'two-sum',
      title: 'Two Sum',
      difficulty: 'Easy',
      step: STEPS[0]!,
      judged: true,
    },
  ],
};

const reply = (plan: StudyPlan | null): StudyPlanReply => ({ success: true, plan, sheetSteps: STEPS });

function renderCard(plan: StudyPlan | null) {
  const get = vi.spyOn(api, 'get').mockResolvedValue({ data: reply(plan) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <StudyPlanCard userId="user-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { get };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the study plan card (issue 29)', () => {
  it('offers the three plans when there is none, and picking one shows it', async () => {
    renderCard(null);
    expect(screen.getByRole('heading', { name: 'Study plan', level: 2 })).toBeTruthy();
    const interview = await screen.findByRole('button', { name: /Interview in 30 days/ });
    expect(screen.getByRole('button', { name: /Sheet in 90 days/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Custom plan/ })).toBeTruthy();

    const put = vi.spyOn(api, 'put').mockResolvedValue({ data: reply({ ...PLAN, status: 'on-track' }) });
    fireEvent.click(interview);
    await screen.findByText('Today: 1 problem');
    expect(put).toHaveBeenCalledWith('/api/plans/mine', { kind: 'interview-30', timeZone: browserTimeZone() });
    expect(screen.getByTestId('study-plan-status').textContent).toBe('On track');
  });

  it("shows today's problems with their links, the progress, the status and the days left", async () => {
    renderCard({
      ...PLAN,
      dailyTarget: 3,
      today: [
        ...PLAN.today,
        {
          problemId: 'p2',
          slug: 'contains-duplicate',
          title: 'Contains Duplicate',
          difficulty: 'Medium',
          step: STEPS[1]!,
          judged: false,
        },
      ],
    });
    const heading = await screen.findByRole('heading', { name: 'Today: 2 problems', level: 3 });
    const list = within(heading.closest('section') as HTMLElement);
    expect(list.getByRole('link', { name: 'Two Sum' }).getAttribute('href')).toBe('/problems/two-sum');
    expect(list.getByRole('link', { name: 'Contains Duplicate' }).getAttribute('href')).toBe(
      '/dsa-sheet?q=Contains%20Duplicate',
    );
    expect(screen.getByTestId('study-plan-progress').textContent).toBe('3 of 10 solved');
    expect(screen.getByRole('progressbar', { name: 'Study plan: 3 of 10 solved' })).toBeTruthy();
    expect(screen.getByTestId('study-plan-status').textContent).toBe('Behind');
    expect(screen.getByText(/^5 days left · finishes/)).toBeTruthy();
    expect(screen.getByText('Daily target 3 · 1 solved today')).toBeTruthy();
    expect(screen.getByText('Interview in 30 days')).toBeTruthy();
  });

  it("says so when today's target is met", async () => {
    renderCard({ ...PLAN, status: 'on-track', today: [], solvedToday: 2 });
    await screen.findByText('Today: 0 problems');
    expect(screen.getByText(/target is met/)).toBeTruthy();
  });

  it('is Done with nothing left', async () => {
    renderCard({ ...PLAN, status: 'done', solved: 10, remaining: 0, dailyTarget: 0, today: [] });
    expect((await screen.findByTestId('study-plan-status')).textContent).toBe('Done');
    expect(screen.getByText(/Every problem of the plan is solved/)).toBeTruthy();
    expect(screen.queryByText(/^Today:/)).toBeNull();
  });

  it('is Ended after the finish date, shows what is left and asks for a new date', async () => {
    renderCard({ ...PLAN, status: 'ended', daysLeft: 0, dailyTarget: 0, today: [] });
    expect((await screen.findByTestId('study-plan-status')).textContent).toBe('Ended');
    expect(screen.getByText(/The finish date has passed with 7 problems left/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set a new date' }));
    // The custom form keeps the plan's steps ticked.
    const form = screen.getByRole('form', { name: 'Custom study plan' });
    expect((within(form).getByRole('checkbox', { name: STEPS[0] }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: STEPS[2] }) as HTMLInputElement).checked).toBe(false);
  });

  it('checks a custom plan before sending it, then sends the steps in sheet order', async () => {
    renderCard(null);
    fireEvent.click(await screen.findByRole('button', { name: /Custom plan/ }));
    const put = vi.spyOn(api, 'put').mockResolvedValue({ data: reply({ ...PLAN, kind: 'custom' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Start plan' }));
    expect(screen.getByText('Pick at least one step')).toBeTruthy();
    expect(screen.getByText('Pick a finish date')).toBeTruthy();
    expect(screen.getByLabelText('Finish date').getAttribute('aria-invalid')).toBe('true');
    expect(put).not.toHaveBeenCalled();

    const today = todayIn(browserTimeZone());
    fireEvent.click(screen.getByRole('checkbox', { name: STEPS[2] }));
    fireEvent.click(screen.getByRole('checkbox', { name: STEPS[0] }));
    fireEvent.change(screen.getByLabelText('Finish date'), { target: { value: addDays(today, -1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Start plan' }));
    expect(screen.getByText('The finish date cannot be before today')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Finish date'), { target: { value: addDays(today, 366) } });
    fireEvent.click(screen.getByRole('button', { name: 'Start plan' }));
    expect(screen.getByText('The finish date can be at most 365 days ahead')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Finish date'), { target: { value: addDays(today, 20) } });
    fireEvent.click(screen.getByRole('button', { name: 'Start plan' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/plans/mine', {
        kind: 'custom',
        steps: [STEPS[0], STEPS[2]],
        finishOn: addDays(today, 20),
        timeZone: browserTimeZone(),
      }),
    );
    await screen.findByText('Today: 1 problem');
  });

  it("shows the server's refusal", async () => {
    renderCard(null);
    const refusal = new AxiosError('Bad Request', '400', undefined, undefined, {
      status: 400,
      data: { success: false, error: 'Unknown step of the sheet: Step 99' },
    } as AxiosResponse);
    vi.spyOn(api, 'put').mockRejectedValue(refusal);
    fireEvent.click(await screen.findByRole('button', { name: /Sheet in 90 days/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown step of the sheet: Step 99');
  });

  it('ends the plan after asking', async () => {
    const { get } = renderCard(PLAN);
    fireEvent.click(await screen.findByRole('button', { name: 'End plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'End your study plan?' });
    const remove = vi.spyOn(api, 'delete').mockResolvedValue({ data: { success: true } });
    get.mockResolvedValue({ data: reply(null) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End plan' }));
    await screen.findByRole('button', { name: /Interview in 30 days/ });
    expect(remove).toHaveBeenCalledWith('/api/plans/mine');
  });
});
