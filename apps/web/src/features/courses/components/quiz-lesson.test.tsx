import type { QuizResultReply } from '@learnbuild/domain/schemas/courses';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuizLesson, quizSummary } from './quiz-lesson';

afterEach(cleanup);

const QUESTIONS = [
  { id: 'q1', prompt: 'Which keeps 0 instead of the default?', options: ['a || 50', 'a ?? 50', 'a && 50'] },
  { id: 'q2', prompt: 'Which line shows user text safely?', options: ['innerHTML', 'textContent'] },
];

function renderQuiz(props: Partial<Parameters<typeof QuizLesson>[0]> = {}) {
  const onSubmit = vi.fn();
  const onRetry = vi.fn();
  const view = render(
    <QuizLesson
      questions={QUESTIONS}
      completed={false}
      onSubmit={onSubmit}
      submitting={false}
      result={null}
      onRetry={onRetry}
      {...props}
    />,
  );
  return { onSubmit, onRetry, ...view };
}

const group = (name: RegExp) => screen.getByRole('group', { name });

describe('QuizLesson', () => {
  it('is one named radio group per question, each option a labelled radio', () => {
    renderQuiz();
    const first = group(/^Question 1 of 2: Which keeps 0/);
    expect(
      within(first)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['a || 50', 'a ?? 50', 'a && 50']);
    expect(within(group(/^Question 2 of 2/)).getAllByRole('radio')).toHaveLength(2);
  });

  it('will not send a half-answered quiz: it says why and focuses the first unanswered question', () => {
    const { onSubmit } = renderQuiz();
    fireEvent.click(within(group(/^Question 1/)).getByRole('radio', { name: 'a ?? 50' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Answer every question before you check your answers.');
    expect(document.activeElement).toBe(within(group(/^Question 2/)).getAllByRole('radio')[0]);
  });

  it('sends the chosen option of each question, in order', () => {
    const { onSubmit } = renderQuiz();
    fireEvent.click(within(group(/^Question 1/)).getByRole('radio', { name: 'a ?? 50' }));
    fireEvent.click(within(group(/^Question 2/)).getByRole('radio', { name: 'textContent' }));
    fireEvent.click(within(group(/^Question 1/)).getByRole('radio', { name: 'a || 50' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    expect(onSubmit).toHaveBeenCalledWith([0, 1]);
  });

  it("shows the server's verdict per question with the right answer and why, and announces the score", () => {
    const result: QuizResultReply = {
      success: true,
      correct: 1,
      total: 2,
      passed: false,
      results: [
        { questionId: 'q1', correct: false, answer: 1, explanation: '?? only falls back for null and undefined.' },
        { questionId: 'q2', correct: true, answer: 1, explanation: 'textContent never parses HTML.' },
      ],
    };
    const { rerender, onSubmit, onRetry } = renderQuiz();
    fireEvent.click(within(group(/^Question 1/)).getByRole('radio', { name: 'a || 50' }));
    fireEvent.click(within(group(/^Question 2/)).getByRole('radio', { name: 'textContent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    rerender(
      <QuizLesson
        questions={QUESTIONS}
        completed={false}
        onSubmit={onSubmit}
        submitting={false}
        result={result}
        onRetry={onRetry}
      />,
    );
    const first = group(/^Question 1/);
    expect(within(first).getByText('Not quite.')).toBeTruthy();
    expect(within(first).getByText('?? only falls back for null and undefined.')).toBeTruthy();
    expect(within(first).getByText('a ?? 50').closest('label')?.textContent).toContain('Correct answer');
    expect(within(first).getByText('a || 50').closest('label')?.textContent).toContain('Your answer');
    expect(within(group(/^Question 2/)).getByText('Correct.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'You got 1 of 2 right (50%). You need 70% to pass. Read the explanations and try again.',
    );
    for (const radio of screen.getAllByRole('radio')) expect(radio).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(
      <QuizLesson
        questions={QUESTIONS}
        completed={false}
        onSubmit={onSubmit}
        submitting={false}
        result={null}
        onRetry={onRetry}
      />,
    );
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio).toHaveProperty('checked', false);
      expect(radio).toHaveProperty('disabled', false);
    }
  });

  it('words a pass as the lesson being complete, unless nothing is recorded (an owner trying it)', () => {
    expect(quizSummary({ correct: 5, total: 6, passed: true })).toBe(
      'You got 5 of 6 right (83%). You passed, and this lesson is complete.',
    );
    expect(quizSummary({ correct: 5, total: 6, passed: true }, false)).toBe('You got 5 of 6 right (83%). You passed.');
  });

  it('asks a visitor to log in instead of sending answers the server would refuse', () => {
    render(
      <MemoryRouter>
        <QuizLesson
          questions={QUESTIONS}
          completed={false}
          onSubmit={vi.fn()}
          submitting={false}
          result={null}
          onRetry={vi.fn()}
          signInHref="/login?redirectTo=%2Fcourses%2Fjs%3Flesson%3Dq"
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Check answers' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to check your answers' }).getAttribute('href')).toBe(
      '/login?redirectTo=%2Fcourses%2Fjs%3Flesson%3Dq',
    );
  });
});
