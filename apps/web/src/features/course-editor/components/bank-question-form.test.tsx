import type { BankQuestion } from '@learnbuild/domain/schemas/question-bank';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankQuestionForm, draftOf, questionBodyOf } from './bank-question-form';

afterEach(cleanup);

const saved = (overrides: Partial<BankQuestion>): BankQuestion => ({
  id: 'q1',
  kind: 'single',
  prompt: 'P',
  options: [],
  answer: { option: 0 },
  explanation: '',
  tags: [],
  version: 1,
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the bank question draft', () => {
  it('turns a saved question of each kind back into the same body', () => {
    const questions: BankQuestion[] = [
      saved({ kind: 'single', options: ['a', 'b'], answer: { option: 1 }, tags: ['x'] }),
      saved({ kind: 'multiple', options: ['a', 'b', 'c'], answer: { options: [0, 2] } }),
      saved({ kind: 'short', answer: { accept: ['one', 'two'], pattern: 'o+', caseSensitive: true } }),
      saved({ kind: 'output', answer: { output: '1\n2\n' }, explanation: 'Loops.' }),
    ];
    expect(questions.map((question) => questionBodyOf(draftOf(question)))).toEqual([
      { kind: 'single', prompt: 'P', explanation: '', tags: ['x'], options: ['a', 'b'], answer: { option: 1 } },
      {
        kind: 'multiple',
        prompt: 'P',
        explanation: '',
        tags: [],
        options: ['a', 'b', 'c'],
        answer: { options: [0, 2] },
      },
      {
        kind: 'short',
        prompt: 'P',
        explanation: '',
        tags: [],
        answer: { accept: ['one', 'two'], pattern: 'o+', caseSensitive: true },
      },
      { kind: 'output', prompt: 'P', explanation: 'Loops.', tags: [], answer: { output: '1\n2\n' } },
    ]);
  });
});

describe('BankQuestionForm', () => {
  it("checks a question with the server's rules before sending it, then sends the kind's key", async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<BankQuestionForm question={null} saving={false} onSave={onSave} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Short text' }));
    expect(screen.queryByRole('textbox', { name: 'Option A' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText('Each question needs a prompt')).toBeTruthy();
    expect(screen.getByText('Give at least one accepted answer or a pattern')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), { target: { value: 'Name it' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Accepted answers (one a line)' }), {
      target: { value: ' index \n\nan index' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      kind: 'short',
      prompt: 'Name it',
      explanation: '',
      tags: [],
      answer: { accept: ['index', 'an index'], pattern: null, caseSensitive: false },
    });
  });

  it('asks for the correct option of a choice question', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<BankQuestionForm question={null} saving={false} onSave={onSave} onCancel={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), { target: { value: 'Pick' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Option A' }), { target: { value: 'yes' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Option B' }), { target: { value: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText('Mark the correct option')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Multiple choice' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Option A is correct' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Option B is correct' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      kind: 'multiple',
      options: ['yes', 'no'],
      answer: { options: [0, 1] },
    });
  });
});
