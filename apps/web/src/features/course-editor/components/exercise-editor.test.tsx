import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ExerciseDraft, exerciseDraftOf } from '@/features/course-editor/exercise-draft';
import { ExerciseEditor } from './exercise-editor';

const api = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api,
}));

function Editor() {
  const [draft, setDraft] = useState<ExerciseDraft>(exerciseDraftOf(null));
  return <ExerciseEditor courseId="c1" value={draft} onChange={setDraft} />;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Editor />
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const validate = () => fireEvent.click(screen.getByRole('button', { name: /^Validate/ }));

beforeEach(() => api.post.mockReset());
afterEach(cleanup);

describe('the exercise editor', () => {
  it('says what is wrong before asking the server, and names the field', () => {
    show();
    validate();
    expect(screen.getByRole('alert').textContent).toBe('Parameters: give at least one, as name: type');
    expect(api.post).not.toHaveBeenCalled();
  });

  it("Validate sends the exercise as written and shows each test's result", async () => {
    show();
    type('Function name', 'largest');
    type('Parameters (name: type, …)', 'nums: int[]');
    type('Visible examples (JSON)', '[{ "args": { "nums": [1, 5] }, "expected": 5 }]');
    type('Hidden tests (JSON)', '[{ "args": { "nums": [-3, -4] }, "expected": -3 }]');
    type('Reference solution', 'function largest(nums) { return Math.max(0, ...nums); }');
    api.post.mockResolvedValueOnce({
      data: {
        success: true,
        valid: false,
        verdict: 'Wrong Answer',
        tests: [
          {
            index: 1,
            hidden: false,
            passed: true,
            verdict: 'Accepted',
            input: 'nums = [1,5]',
            expected: '5',
            actual: '5',
          },
          {
            index: 2,
            hidden: true,
            passed: false,
            verdict: 'Wrong Answer',
            input: 'nums = [-3,-4]',
            expected: '-3',
            actual: '0',
          },
        ],
      },
    });
    validate();
    const table = await screen.findByTestId('exercise-validation');
    expect(api.post).toHaveBeenCalledWith('/api/courses/c1/exercise/validate', {
      exercise: expect.objectContaining({
        functionName: 'largest',
        parameters: [{ name: 'nums', type: 'int[]' }],
        tests: [{ args: { nums: [-3, -4] }, expected: -3 }],
        reference: { language: 'javascript', code: 'function largest(nums) { return Math.max(0, ...nums); }' },
      }),
    });
    expect(within(table).getByRole('status').textContent).toBe(
      'The reference passes 1 of 2 tests: fix the tests or the reference before saving.',
    );
    const rows = within(table).getAllByTestId('exercise-test-result');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['1 · visible', 'Passed', 'nums = [1,5]', '5', '5'],
      ['2 · hidden', 'Wrong Answer', 'nums = [-3,-4]', '-3', '0'],
    ]);
    // Editing clears a result that no longer describes the exercise.
    type('Reference solution', 'function largest(nums) { return Math.max(...nums); }');
    expect(screen.queryByTestId('exercise-validation')).toBeNull();
  });
});
