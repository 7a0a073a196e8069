import type { CourseInsightReply } from '@learnbuild/domain/schemas/course-insight';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { CourseInsightView } from './course-insight-view';

const REPLY: CourseInsightReply = {
  success: true,
  refreshableAt: '2026-11-28T12:01:00.000Z',
  lastNudges: {},
  insight: {
    courseId: 'c1',
    courseTitle: 'SQL Basics',
    computedAt: '2026-11-28T12:00:00.000Z',
    learners: 6,
    completedLearners: 1,
    notStarted: 1,
    lessons: [
      {
        id: 'l1',
        title: 'Select',
        kind: 'article',
        position: 1,
        completed: 5,
        stoppedHere: 3,
        medianMinutes: 25,
        timedCompletions: 4,
      },
      {
        id: 'l2',
        title: 'Joins',
        kind: 'quiz',
        position: 2,
        completed: 2,
        stoppedHere: 1,
        medianMinutes: null,
        timedCompletions: 0,
      },
    ],
    quizAttempts: 30,
    questions: [
      {
        lessonId: 'l2',
        lessonTitle: 'Joins',
        questionKey: 'q1',
        prompt: 'Which join keeps **every** row of the left table?',
        answers: 20,
        correctShare: 0.95,
        topDistractor: { choice: 1, label: 'INNER JOIN', share: 0.05 },
        flag: 'everyone_right',
      },
      {
        lessonId: 'l2',
        lessonTitle: 'Joins',
        questionKey: 'q2',
        prompt: 'What does `COUNT(*)` count?',
        answers: 10,
        correctShare: 0.3,
        topDistractor: { choice: 0, label: 'Non-null values', share: 0.4 },
        flag: null,
      },
    ],
    exercises: [
      {
        lessonId: 'e1',
        title: 'Write a join',
        submissions: 5,
        learners: 3,
        passedLearners: 1,
        passRate: 0.333,
        verdicts: [
          { verdict: 'Wrong Answer', count: 2, share: 0.4 },
          { verdict: 'Accepted', count: 1, share: 0.2 },
        ],
      },
      {
        lessonId: 'e2',
        title: 'Group rows',
        submissions: 0,
        learners: 0,
        passedLearners: 0,
        passRate: 0,
        verdicts: [],
      },
    ],
    stalledAfterDays: 7,
    stalledTotal: 2,
    stalled: [
      {
        id: '5b1c3d8e-0000-4000-8000-000000000001',
        name: 'Ben Learner',
        lastActivityAt: '2026-11-21T12:00:00.000Z',
        daysInactive: 7,
        completedLessons: 1,
        overdueLessons: 1,
        cohortTitle: 'Autumn cohort',
      },
      {
        id: '5b1c3d8e-0000-4000-8000-000000000002',
        name: 'Dan Learner',
        lastActivityAt: '2026-11-08T12:00:00.000Z',
        daysInactive: 20,
        completedLessons: 0,
        overdueLessons: null,
        cohortTitle: null,
      },
    ],
  },
};

const EMPTY: CourseInsightReply = {
  ...REPLY,
  insight: {
    ...REPLY.insight,
    learners: 0,
    completedLearners: 0,
    notStarted: 0,
    lessons: REPLY.insight.lessons.map((lesson) => ({
      ...lesson,
      completed: 0,
      stoppedHere: 0,
      medianMinutes: null,
      timedCompletions: 0,
    })),
    quizAttempts: 0,
    questions: [],
    exercises: [],
    stalledTotal: 0,
    stalled: [],
  },
};

let restore = () => {};
afterEach(() => {
  cleanup();
  restore();
});

/** Answers the nudge with `reply`; records the bodies sent. */
function fakeServer(reply: { status: number; data: unknown }) {
  const sent: { url: string; body: unknown }[] = [];
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    if (config.method === 'post') sent.push({ url: config.url ?? '', body: JSON.parse(String(config.data)) });
    const data = config.method === 'post' ? reply.data : REPLY;
    const status = config.method === 'post' ? reply.status : 200;
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', String(status), config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  restore = () => {
    api.defaults.adapter = original;
  };
  return sent;
}

function show(reply: CourseInsightReply) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <CourseInsightView reply={reply} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('the course insight view', () => {
  it('draws the funnel as one described image, with the same numbers as a table', () => {
    show(REPLY);
    const totals = screen.getByTestId('insight-totals');
    expect(totals.textContent).toBe('Learners6Completed the course1Not started1Quiz attempts30');
    const chart = screen.getByRole('img', { name: 'Learners who completed each lesson, in course order' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        /^6 learners\. Lesson 1, Select: 5 completed; Lesson 2, Joins: 2 completed\. Most learners on the way stopped after lesson 1 \(3\)\.$/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Show the numbers as a table')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Learners by lesson' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Lesson', 'Completed', 'Stopped here', 'Median time']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['1', 'Select', '5', '3', '25 min'],
      ['2', 'Joins', '2', '1', '—'],
    ]);
    expect(within(screen.getByTestId('insight-times')).getByText('25 min')).toBeTruthy();
  });

  it('lists the item analysis with shares, the most chosen wrong option and the flags', () => {
    show(REPLY);
    const table = screen.getByRole('table', { name: 'Quiz item analysis' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Which join keeps every row of the left table?')).toBeTruthy();
    expect(within(first!).getByText('Everybody gets it right')).toBeTruthy();
    expect(within(first!).getByRole('progressbar', { name: 'Answered right: 95%' })).toBeTruthy();
    expect(within(first!).getByText('chosen in 5% of answers')).toBeTruthy();
    expect(within(second!).getByText('What does COUNT(*) count?')).toBeTruthy();
    expect(within(second!).getByText('Non-null values')).toBeTruthy();
    expect(within(second!).getByText('chosen in 40% of answers')).toBeTruthy();
    expect(within(second!).queryByText(/Everybody/)).toBeNull();
    expect(screen.getByText(/answered right by 95% or more, or by 5% or less, once 5 answers/)).toBeTruthy();
  });

  it('gives each exercise its pass rate and verdicts, or says it has no submissions', () => {
    show(REPLY);
    const table = screen.getByRole('table', { name: 'Code exercise pass rates and verdicts' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('33%1 of 3 learners');
    expect(within(first!).getByText('Wrong Answer: 2 (40%)')).toBeTruthy();
    expect(within(second!).getByText('No submissions yet')).toBeTruthy();
  });

  it('shows real empty states', () => {
    show(EMPTY);
    expect(screen.getByText('No learners yet')).toBeTruthy();
    expect(screen.getByText('No quiz attempts yet')).toBeTruthy();
    expect(screen.getByText('This course has no code exercises')).toBeTruthy();
    expect(screen.getByText('No stalled learners')).toBeTruthy();
    expect(screen.getByText(/No timed completions yet/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('nudges a stalled learner with the message as edited', async () => {
    const sent = fakeServer({
      status: 200,
      data: {
        success: true,
        message: 'Nudge sent',
        delivered: true,
        nudge: { id: 'n1', learnerId: 'x', sentAt: '2026-11-28T12:00:00.000Z' },
      },
    });
    show(REPLY);
    const list = screen.getByRole('list', { name: 'Stalled learners' });
    expect(within(list).getByText('1 lesson overdue')).toBeTruthy();
    expect(within(list).getByText('No progress for 7 days')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Nudge Ben Learner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nudge Ben Learner' });
    const message = within(dialog).getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.value).toBe(
      'Hi Ben, we have not seen you in SQL Basics for a while. Pick up where you left off: you are closer to the end than you think!',
    );
    fireEvent.change(message, { target: { value: 'Ben, Joins is waiting for you.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send nudge' }));
    expect(await screen.findByText('Nudge sent to Ben Learner')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        url: '/api/courses/c1/learners/5b1c3d8e-0000-4000-8000-000000000001/nudge',
        body: { message: 'Ben, Joins is waiting for you.' },
      },
    ]);
  });

  it('says a learner nudged within the last day was nudged, instead of offering a nudge the server would refuse', () => {
    const nudgedAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    show({ ...REPLY, lastNudges: { '5b1c3d8e-0000-4000-8000-000000000002': nudgedAt } });
    const list = screen.getByRole('list', { name: 'Stalled learners' });
    const dan = within(list).getByRole('button', { name: 'Dan Learner was nudged today' }) as HTMLButtonElement;
    expect(dan.disabled).toBe(true);
    expect(dan.textContent).toBe('Nudged');
    expect(within(list).getByText(/^Last nudged /)).toBeTruthy();
    expect((within(list).getByRole('button', { name: 'Nudge Ben Learner' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's refusal of a nudge in the dialog", async () => {
    fakeServer({
      status: 429,
      data: {
        success: false,
        error:
          'This learner was nudged in this course in the last 24 hours: nudge them again after 2026-11-29 12:00 UTC',
      },
    });
    show(REPLY);
    fireEvent.click(screen.getByRole('button', { name: 'Nudge Ben Learner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nudge Ben Learner' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send nudge' }));
    expect(
      await within(dialog).findByText(
        'This learner was nudged in this course in the last 24 hours: nudge them again after 2026-11-29 12:00 UTC',
      ),
    ).toBeTruthy();
  });

  it('refuses an empty message before sending', async () => {
    const sent = fakeServer({ status: 200, data: {} });
    show(REPLY);
    fireEvent.click(screen.getByRole('button', { name: 'Nudge Ben Learner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nudge Ben Learner' });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send nudge' }));
    expect(await within(dialog).findByText('Write a message to send')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
