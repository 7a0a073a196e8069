import type { AttemptResultReply, QuizAttemptStateReply } from '@learnbuild/domain/schemas/question-bank';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attemptsLeftText, DrawnQuiz, formatCountdown } from './drawn-quiz';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStorage.clear();
});

const NOW = Date.parse('2026-03-02T10:00:00.000Z');

const ATTEMPT: NonNullable<QuizAttemptStateReply['attempt']> = {
  id: 'attempt-1',
  lessonId: 'lesson-1',
  status: 'open',
  questions: [
    { id: 'single', kind: 'single', prompt: 'Capital of **France**?', options: ['Rome', 'Paris', 'Berlin'] },
    { id: 'multiple', kind: 'multiple', prompt: 'Which are primes?', options: ['`2`', '`4`', '`5`'] },
    { id: 'short', kind: 'short', prompt: 'Big-O of binary search?', options: [] },
    { id: 'output', kind: 'output', prompt: 'What does this print?\n\n```python\nprint(1 + 1)\n```', options: [] },
  ],
  startedAt: new Date(NOW).toISOString(),
  deadlineAt: null,
  submittedAt: null,
  correct: null,
  total: 4,
};

const state = (overrides: Partial<QuizAttemptStateReply> = {}): QuizAttemptStateReply => ({
  success: true,
  settings: { draw: 4, timeLimitSeconds: null, attemptLimit: 3 },
  attemptsUsed: 1,
  attemptsLeft: 2,
  best: null,
  attempt: ATTEMPT,
  ...overrides,
});

function renderQuiz(props: Partial<Parameters<typeof DrawnQuiz>[0]> = {}) {
  const onStart = vi.fn();
  const onSubmit = vi.fn();
  const onAgain = vi.fn();
  const view = render(
    <DrawnQuiz
      state={state()}
      result={null}
      completed={false}
      recorded
      starting={false}
      submitting={false}
      error={null}
      onStart={onStart}
      onSubmit={onSubmit}
      onAgain={onAgain}
      {...props}
    />,
  );
  return { onStart, onSubmit, onAgain, ...view };
}

const question = (number: number) => screen.getByRole('group', { name: `Question ${number} of 4` });

describe('DrawnQuiz', () => {
  it('asks each kind of question in its own way and sends the answers in the order shown', () => {
    const { onSubmit } = renderQuiz();
    expect(within(question(1)).getByText('France').tagName).toBe('STRONG');
    expect(within(question(1)).getAllByRole('radio')).toHaveLength(3);
    expect(within(question(2)).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(question(2)).getByText('Choose every correct option.')).toBeTruthy();
    expect(question(4).querySelector('pre code.language-python')?.textContent).toContain('print(1 + 1)');

    fireEvent.click(within(question(1)).getByRole('radio', { name: 'Paris' }));
    fireEvent.click(within(question(2)).getByRole('checkbox', { name: '5' }));
    fireEvent.click(within(question(2)).getByRole('checkbox', { name: '2' }));
    expect(screen.getByText('2 questions not answered yet')).toBeTruthy();
    fireEvent.change(within(question(3)).getByRole('textbox', { name: 'Your answer' }), {
      target: { value: 'O(log n)' },
    });
    fireEvent.change(within(question(4)).getByRole('textbox', { name: 'What it prints' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(onSubmit).toHaveBeenCalledWith('attempt-1', [1, [0, 2], 'O(log n)', '2']);
  });

  it('keeps typed answers across a reload of the same attempt', () => {
    renderQuiz();
    fireEvent.click(within(question(1)).getByRole('radio', { name: 'Berlin' }));
    cleanup();
    const { onSubmit } = renderQuiz();
    expect((within(question(1)).getByRole('radio', { name: 'Berlin' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(onSubmit).toHaveBeenCalledWith('attempt-1', [2, null, null, null]);
  });

  it('shows the grade, what was right and why, and how many attempts are left', () => {
    const result: AttemptResultReply = {
      ...state({ attempt: { ...ATTEMPT, status: 'submitted', correct: 3 }, attemptsLeft: 1, attemptsUsed: 2 }),
      correct: 3,
      total: 4,
      passed: true,
      results: [
        { questionId: 'single', correct: true, expected: { options: [1], text: null }, explanation: 'Paris it is.' },
        { questionId: 'multiple', correct: true, expected: { options: [0, 2], text: null }, explanation: '' },
        { questionId: 'short', correct: true, expected: { options: [], text: 'O(log n)' }, explanation: '' },
        { questionId: 'output', correct: false, expected: { options: [], text: '2' }, explanation: 'It adds.' },
      ],
    };
    renderQuiz({ result });
    expect(screen.getByTestId('quiz-result').textContent).toBe(
      'You got 3 of 4 right (75%). You passed, and this lesson is complete.',
    );
    expect(within(question(1)).getByText('Correct answer').closest('label')?.textContent).toContain('Paris');
    expect(within(question(4)).getByText('Not quite.')).toBeTruthy();
    expect(within(question(4)).getByText('It prints:')).toBeTruthy();
    expect(within(question(4)).getByText('It adds.')).toBeTruthy();
    expect(screen.getByText(/1 of 3 attempts left\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take it again' })).toBeTruthy();
  });

  it('says how many attempts are left before starting, and cannot start when none are', () => {
    const { onStart } = renderQuiz({
      state: state({ attempt: null, settings: { draw: 4, timeLimitSeconds: 300, attemptLimit: 3 } }),
    });
    expect(screen.getByTestId('attempts-left').textContent).toBe('2 of 3 attempts left.');
    expect(screen.getByText(/You have 5 minutes once you start/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start the quiz' }));
    expect(onStart).toHaveBeenCalledTimes(1);
    cleanup();
    renderQuiz({ state: state({ attempt: null, attemptsLeft: 0, attemptsUsed: 3, best: { correct: 1, total: 4 } }) });
    expect(screen.getByTestId('attempts-left').textContent).toBe('You have used all 3 attempts.');
    expect((screen.getByRole('button', { name: 'Start a new attempt' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts down to the deadline, announces only milestones, and sends the answers when time is up', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { onSubmit } = renderQuiz({
      state: state({ attempt: { ...ATTEMPT, deadlineAt: new Date(NOW + 65_000).toISOString() } }),
    });
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('1:05');
    const announcements = () => screen.getAllByRole('status')[0]!.textContent;
    expect(announcements()).toBe('');
    act(() => vi.advanceTimersByTime(2000));
    expect(timer.textContent).toBe('1:03');
    expect(announcements()).toBe('');
    act(() => vi.advanceTimersByTime(3000));
    expect(timer.textContent).toBe('1:00');
    expect(announcements()).toBe('1 minute left.');
    act(() => vi.advanceTimersByTime(30_000));
    expect(announcements()).toBe('1 minute left.');
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(timer.textContent).toBe('0:00');
    expect(announcements()).toBe('Time is up. Your answers are being sent.');
    expect(onSubmit).toHaveBeenCalledWith('attempt-1', [null, null, null, null]);
  });
});

describe('the quiz wording', () => {
  it('formats the clock and the attempts left', () => {
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(
      attemptsLeftText({ attemptsLeft: null, settings: { draw: 1, timeLimitSeconds: null, attemptLimit: null } }),
    ).toBeNull();
    expect(attemptsLeftText({ attemptsLeft: 0, settings: { draw: 1, timeLimitSeconds: null, attemptLimit: 1 } })).toBe(
      'You have used your only attempt.',
    );
    expect(attemptsLeftText({ attemptsLeft: 1, settings: { draw: 1, timeLimitSeconds: null, attemptLimit: 1 } })).toBe(
      '1 of 1 attempt left.',
    );
  });
});
