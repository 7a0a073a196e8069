import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lessonFormSchema, lessonFormValues, lessonPayload, quizErrors } from '@/features/course-editor/lesson-form';
import { QuizEditor, type QuizErrors, type QuizQuestionDraft, withoutOption } from './quiz-editor';

let latest: QuizQuestionDraft[] = [];

function Harness({ initial = [], errors }: { initial?: QuizQuestionDraft[]; errors?: QuizErrors }) {
  const [questions, setQuestions] = useState(initial);
  latest = questions;
  return <QuizEditor value={questions} onChange={setQuestions} errors={errors} />;
}

const QUESTION: QuizQuestionDraft = {
  id: 'q1',
  prompt: 'Which join keeps unmatched left rows?',
  options: ['INNER JOIN', 'LEFT JOIN', 'CROSS JOIN'],
  answer: 1,
  explanation: 'LEFT JOIN keeps every row of the left table.',
};

afterEach(cleanup);

describe('quiz editor', () => {
  it('adds a question with two empty options and no correct answer chosen yet', () => {
    render(<Harness />);
    expect(screen.getByText('No questions yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));

    expect(latest).toHaveLength(1);
    expect(latest[0]).toMatchObject({ prompt: '', options: ['', ''], answer: -1, explanation: '' });
    expect(screen.getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
  });

  it('writes the prompt, options, correct option and explanation into the question', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.change(screen.getByLabelText('Question 1 text'), { target: { value: 'What does an index speed up?' } });
    fireEvent.change(screen.getByLabelText('Question 1, option A'), { target: { value: 'Reads' } });
    fireEvent.change(screen.getByLabelText('Question 1, option B'), { target: { value: 'Writes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    fireEvent.change(screen.getByLabelText('Question 1, option C'), { target: { value: 'Backups' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Option A is correct' }));
    fireEvent.change(screen.getByLabelText('Explanation for question 1'), {
      target: { value: 'Lookups skip a scan.' },
    });

    expect(latest[0]).toMatchObject({
      prompt: 'What does an index speed up?',
      options: ['Reads', 'Writes', 'Backups'],
      answer: 0,
      explanation: 'Lookups skip a scan.',
    });
    expect((screen.getByRole('radio', { name: 'Option A is correct' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the correct answer on its option when an earlier option is removed, and unsets it when that option goes', () => {
    expect(withoutOption(QUESTION, 0)).toMatchObject({ options: ['LEFT JOIN', 'CROSS JOIN'], answer: 0 });
    expect(withoutOption(QUESTION, 2)).toMatchObject({ options: ['INNER JOIN', 'LEFT JOIN'], answer: 1 });
    expect(withoutOption(QUESTION, 1)).toMatchObject({ options: ['INNER JOIN', 'CROSS JOIN'], answer: -1 });

    render(<Harness initial={[QUESTION]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove option A of question 1' }));
    expect(latest[0]).toMatchObject({ options: ['LEFT JOIN', 'CROSS JOIN'], answer: 0 });
    expect((screen.getByRole('radio', { name: 'Option A is correct' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps between 2 and 6 options', () => {
    render(<Harness initial={[{ ...QUESTION, options: ['a', 'b'], answer: 0 }]} />);
    expect(screen.getByRole('button', { name: 'Remove option A of question 1' })).toHaveProperty('disabled', true);
    const add = screen.getByRole('button', { name: 'Add option' });
    for (let count = 2; count < 6; count++) fireEvent.click(add);
    expect(latest[0]!.options).toHaveLength(6);
    expect(add).toHaveProperty('disabled', true);
  });

  it('removes a question and renumbers the rest', () => {
    render(<Harness initial={[QUESTION, { ...QUESTION, id: 'q2', prompt: 'Second one' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(latest.map((question) => question.id)).toEqual(['q2']);
    expect(screen.getByLabelText('Question 1 text')).toHaveProperty('value', 'Second one');
  });

  it('shows each problem beside its field, from the same checks the server makes', () => {
    const values = {
      ...lessonFormValues(undefined, 'section-1'),
      title: 'Joins quiz',
      kind: 'quiz' as const,
      quiz: [{ id: 'q1', prompt: '', options: ['Only one', ''], answer: -1, explanation: '' }],
    };
    const parsed = lessonFormSchema.safeParse(values);
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'quiz.0.prompt: Each question needs a prompt',
        'quiz.0.options.1: Options cannot be empty',
        'quiz.0.answer: Pick the correct option',
      ]),
    );

    const errors = quizErrors([
      {
        prompt: { type: 'custom', message: 'Each question needs a prompt' },
        options: [undefined, { type: 'custom', message: 'Options cannot be empty' }],
        answer: { type: 'custom', message: 'Pick the correct option' },
      },
    ]);
    render(<Harness initial={values.quiz} errors={errors} />);
    const question = screen.getByTestId('quiz-question');
    expect(within(question).getByText('Each question needs a prompt')).toBeTruthy();
    expect(within(question).getByText('Options cannot be empty')).toBeTruthy();
    expect(within(question).getByText('Pick the correct option')).toBeTruthy();
    expect(screen.getByLabelText('Question 1, option B').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for at least one question, and sends only the quiz of a quiz lesson', () => {
    const empty = lessonFormSchema.safeParse({ ...lessonFormValues(undefined, 's1'), title: 'Quiz', kind: 'quiz' });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['Add at least one question']);

    const base = { ...lessonFormValues(undefined, 's1'), title: ' Joins ', quiz: [QUESTION] };
    expect(lessonPayload({ ...base, kind: 'quiz' })).toMatchObject({
      title: 'Joins',
      kind: 'quiz',
      quiz: [QUESTION],
      videoMediaId: null,
      videoUrl: null,
    });
    expect(lessonPayload({ ...base, kind: 'article' }).quiz).toBeNull();
  });
});
