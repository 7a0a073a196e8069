import type { JudgeProblem } from '@learnbuild/domain/judge/format';
import type { JudgeValidation, ManagedJudge } from '@learnbuild/domain/schemas/judge';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dsaKeys } from '@/features/dsa/api/keys';
import { api } from '@/lib/api-client';
import { JudgeEditorDialog } from './judge-editor-dialog';

const toast = vi.fn();
vi.mock('@/components/ui/toast', () => ({ useToast: () => toast }));

const PROBLEM = { id: '00000000-0000-4000-8000-000000000001', slug: 'climbing-stairs', title: 'Climbing Stairs' };
const JUDGE_URL = `/api/admin/dsa/problems/${PROBLEM.id}/judge`;

const SPEC: JudgeProblem = {
  slug: 'climbing-stairs',
  title: 'Climbing Stairs',
  statement: 'Count the ways up a staircase of `n` steps, climbing 1 or 2 at a time.',
  constraints: ['`1 <= n <= 45`'],
  functionName: 'climbStairs',
  parameters: [{ name: 'n', type: 'int' }],
  returnType: 'int',
  comparator: 'exact',
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  examples: [
    { args: { n: 2 }, expected: 2, explanation: '1 + 1 or 2.' },
    { args: { n: 3 }, expected: 3, explanation: '' },
  ],
  tests: [
    { args: { n: 1 }, expected: 1, note: 'smallest n' },
    { args: { n: 45 }, expected: 1836311903 },
  ],
  hints: ['Think of the last move.'],
  editorial: {
    approach: 'Fibonacci.',
    complexity: { time: 'O(n)', space: 'O(1)' },
    solutions: { javascript: 'function climbStairs(n) { return n; }', python: 'def climb_stairs(n): return n' },
  },
  references: {},
  starterCode: {},
};

const WRONG_ANSWER: JudgeValidation = {
  valid: false,
  validatedAt: '2026-05-01T10:00:00.000Z',
  results: [
    {
      language: 'javascript',
      verdict: 'Wrong Answer',
      passed: 3,
      total: 4,
      runtimeMs: 2,
      failedCase: { index: 4, hidden: true },
    },
  ],
};
const ACCEPTED: JudgeValidation = {
  valid: true,
  validatedAt: '2026-05-01T10:05:00.000Z',
  results: [{ language: 'javascript', verdict: 'Accepted', passed: 4, total: 4, runtimeMs: 3, failedCase: null }],
};

interface SeenRequest {
  method: string | undefined;
  url: string | undefined;
  body: unknown;
}
type Answer = (request: SeenRequest) => { status: number; data: unknown } | undefined;

let restore: (() => void) | null = null;
const SAVED_MESSAGE = 'Judge saved. It stays off until it passes Validate and you turn it on.';

/** Reads answer the judge; a save keeps the file (the server fills in slug and title) and turns the judge off. */
function standardReply(state: { judge: ManagedJudge | null }, request: SeenRequest) {
  if (request.url !== JUDGE_URL) return { status: 404, data: { success: false, error: 'Not found' } };
  if (request.method === 'put') {
    const spec = { ...SPEC, ...(request.body as { spec: object }).spec };
    state.judge = { spec, enabled: false, validation: null };
    return { status: 200, data: { success: true, judge: state.judge, message: SAVED_MESSAGE } };
  }
  return { status: 200, data: { success: true, judge: state.judge } };
}

/** The API as these tests need it: the judge's GET answers `state.judge`; other calls go to `answer`. */
function fakeServer(state: { judge: ManagedJudge | null }, answer: Answer) {
  const seen: SeenRequest[] = [];
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request = {
      method: config.method,
      url: config.url,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    seen.push(request);
    const reply = answer(request) ?? standardReply(state, request);
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) throw new AxiosError('failed', String(reply.status), config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  restore = () => {
    api.defaults.adapter = original;
  };
  return seen;
}

function setup(judge: ManagedJudge | null, answer: Answer = () => undefined) {
  const state = { judge };
  const seen = fakeServer(state, answer);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  client.setQueryData(dsaKeys.judge(PROBLEM.id), judge);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <JudgeEditorDialog problem={PROBLEM} onClose={onClose} />
    </QueryClientProvider>,
  );
  const writes = () => seen.filter((request) => request.method !== 'get');
  return { state, seen, writes, onClose };
}

const saved = (validation: JudgeValidation | null = null, enabled = false): ManagedJudge => ({
  spec: SPEC,
  enabled,
  validation,
});

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

afterEach(() => {
  cleanup();
  restore?.();
  restore = null;
  vi.clearAllMocks();
});

describe('the judge editor', () => {
  it('fills the form from the saved judge and saves the edited file, its other fields kept', async () => {
    const { writes } = setup(saved());
    expect(screen.getByLabelText('Statement (Markdown)')).toHaveProperty('value', SPEC.statement);
    expect(screen.getByLabelText('Constraints (one a line, Markdown)')).toHaveProperty('value', '`1 <= n <= 45`');
    expect(screen.getByLabelText(/^Function name/)).toHaveProperty('value', 'climbStairs');
    expect(screen.getByLabelText('Parameter 1: type')).toHaveProperty('value', 'int');
    expect(screen.getByLabelText('Example 1: arguments (JSON)')).toHaveProperty('value', '{"n":2}');
    expect(screen.getByLabelText('Hidden test 2: expected answer (JSON)')).toHaveProperty('value', '1836311903');
    expect(screen.getByLabelText('Hint 1')).toHaveProperty('value', 'Think of the last move.');
    expect(screen.getByLabelText('JavaScript solution')).toHaveProperty('value', SPEC.editorial.solutions.javascript);

    type('Statement (Markdown)', 'Count the ways up the stairs.');
    type('Constraints (one a line, Markdown)', '`1 <= n <= 45`\n\n`n` is an integer');
    type('Time limit per test (ms)', '1500');
    save();

    await screen.findByText(SAVED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Validate' })).toHaveProperty('disabled', false);
    const [put] = writes();
    expect(put).toMatchObject({ method: 'put', url: JUDGE_URL });
    expect((put!.body as { spec: JudgeProblem }).spec).toMatchObject({
      statement: 'Count the ways up the stairs.',
      constraints: ['`1 <= n <= 45`', '`n` is an integer'],
      timeLimitMs: 1500,
      memoryLimitMb: 256,
      examples: SPEC.examples,
      tests: SPEC.tests,
      editorial: SPEC.editorial,
    });
  });

  it('starts a problem without a judge from a blank form, the function named after the problem', () => {
    setup(null);
    expect(screen.getByLabelText(/^Function name/)).toHaveProperty('value', 'climbingStairs');
    expect(screen.getByRole('switch', { name: 'Judge on' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/Off\. Save the judge and Validate it/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Validate' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Save the judge first.')).toBeTruthy();
  });

  it("marks a test's arguments that are not JSON, next to the field, and sends nothing", async () => {
    const { writes } = setup(saved());
    type('Hidden test 1: arguments (JSON)', '{"n": 1');
    save();
    const field = screen.getByLabelText('Hidden test 1: arguments (JSON)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toMatch(/^Not valid JSON/);
    expect(screen.getByRole('alert').textContent).toMatch(/^Fix the marked field before saving: spec\.tests\.0\.args/);
    expect(writes()).toEqual([]);
  });

  it('checks the file with the save schema before sending it: a test must name every parameter', () => {
    const { writes } = setup(saved());
    type('Hidden test 2: arguments (JSON)', '{"m": 45}');
    save();
    expect(screen.getByText('Give the argument "n"')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("shows the server's refusal, and its message beside the field it names", async () => {
    setup(saved(), (request) =>
      request.method === 'put'
        ? {
            status: 400,
            data: {
              success: false,
              error: 'spec.examples.1.expected: Something the server refused',
              details: [{ path: 'spec.examples.1.expected', message: 'Something the server refused' }],
            },
          }
        : undefined,
    );
    save();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'spec.examples.1.expected: Something the server refused',
    );
    const field = screen.getByLabelText('Example 2: expected answer (JSON)');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Something the server refused',
    );
  });

  it('moves a case between the examples and the hidden tests with its Hidden box, which keeps the focus', async () => {
    const { writes } = setup(saved());
    const box = screen.getByRole('checkbox', { name: 'Hidden: Example 2' });
    expect(box).toHaveProperty('checked', false);
    fireEvent.click(box);
    const moved = screen.getByRole('checkbox', { name: 'Hidden: Hidden test 3' });
    expect(moved).toHaveProperty('checked', true);
    await waitFor(() => expect(document.activeElement).toBe(moved));
    expect(screen.getByLabelText('Hidden test 3: arguments (JSON)')).toHaveProperty('value', '{"n":3}');
    expect(screen.getAllByTestId('judge-examples-row')).toHaveLength(1);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Hidden: Hidden test 1' }));
    expect(screen.getByLabelText('Example 2: arguments (JSON)')).toHaveProperty('value', '{"n":1}');
    save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    const { spec } = writes()[0]!.body as { spec: JudgeProblem };
    expect(spec.examples.map((example) => example.args)).toEqual([{ n: 2 }, { n: 1 }]);
    expect(spec.tests.map((test) => test.args)).toEqual([{ n: 45 }, { n: 3 }]);
  });

  it('adds and removes parameters, examples, hidden tests and hints, at most three hints', () => {
    setup(saved());
    fireEvent.click(screen.getByRole('button', { name: 'Add a parameter' }));
    type('Parameter 2: name', 'k');
    fireEvent.change(screen.getByLabelText('Parameter 2: type'), { target: { value: 'int[][]' } });
    expect(screen.getByLabelText('Parameter 2: type')).toHaveProperty('value', 'int[][]');
    fireEvent.click(screen.getByRole('button', { name: 'Remove parameter 2' }));
    expect(screen.queryByLabelText('Parameter 2: name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove parameter 1' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Add an example' }));
    expect(screen.getByLabelText('Example 3: arguments (JSON)')).toHaveProperty('value', '');
    fireEvent.click(screen.getByRole('button', { name: 'Remove example 1' }));
    expect(screen.getByLabelText('Example 1: arguments (JSON)')).toHaveProperty('value', '{"n":3}');

    fireEvent.click(screen.getByRole('button', { name: 'Add a hidden test' }));
    type('Hidden test 3: note (for authors; learners never see it)', 'largest n');
    fireEvent.click(screen.getByRole('button', { name: 'Remove hidden test 1' }));
    expect(screen.getAllByTestId('judge-tests-row')).toHaveLength(2);

    const addHint = screen.getByRole('button', { name: 'Add a hint' });
    fireEvent.click(addHint);
    fireEvent.click(addHint);
    expect(addHint).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove hint 1' }));
    expect(screen.getByLabelText('Hint 1')).toHaveProperty('value', '');
    expect(addHint).toHaveProperty('disabled', false);
  });

  it('fills the form from JSON pasted into "Start from JSON", and says when it is not JSON', () => {
    setup(saved());
    const toggle = screen.getByRole('button', { name: 'Start from JSON' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const box = screen.getByLabelText('The whole problem file (JSON)') as HTMLTextAreaElement;
    expect(JSON.parse(box.value)).toMatchObject({ functionName: 'climbStairs', tests: SPEC.tests });

    fireEvent.change(box, { target: { value: '{"statement": ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this JSON' }));
    expect(screen.getByText(/^Not valid JSON/)).toBeTruthy();

    const pasted = {
      ...SPEC,
      functionName: 'twoSum',
      parameters: [
        { name: 'nums', type: 'int[]' },
        { name: 'target', type: 'int' },
      ],
      examples: [{ args: { nums: [2, 7], target: 9 }, expected: [0, 1], explanation: '2 + 7 = 9' }],
    };
    fireEvent.change(box, { target: { value: JSON.stringify(pasted) } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this JSON' }));
    expect(screen.queryByLabelText('The whole problem file (JSON)')).toBeNull();
    expect(screen.getByLabelText(/^Function name/)).toHaveProperty('value', 'twoSum');
    expect(screen.getByLabelText('Parameter 2: name')).toHaveProperty('value', 'target');
    expect(screen.getByLabelText('Example 1: arguments (JSON)')).toHaveProperty('value', '{"nums":[2,7],"target":9}');
    expect(screen.getByRole('status').textContent).toBe('The form now holds this file. Save to keep it.');
  });

  it('keeps the switch off with the reason until Validate passes, shows each verdict and failing case, then switches on', async () => {
    let validation = WRONG_ANSWER;
    const { state, writes } = setup(saved(), (request) => {
      if (request.url === `${JUDGE_URL}/validate`) {
        state.judge = saved(validation);
        return {
          status: 200,
          data: { success: true, valid: validation.valid, results: validation.results, judge: state.judge },
        };
      }
      if (request.url === `${JUDGE_URL}/enabled`) {
        state.judge = saved(validation, true);
        return { status: 200, data: { success: true, judge: state.judge, message: 'Judge on: …' } };
      }
      return undefined;
    });
    const toggle = screen.getByRole('switch', { name: 'Judge on' });
    expect(toggle).toHaveProperty('disabled', true);
    expect(screen.getByText(/^Off\. Validate first/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const results = await screen.findByTestId('judge-validation');
    expect(results.textContent).toContain('Validation failed');
    expect(within(results).getByText('JavaScript')).toBeTruthy();
    expect(within(results).getByText('Wrong Answer')).toBeTruthy();
    expect(results.textContent).toContain('3/4 tests passed');
    // The fourth case is the second hidden test: its arguments come from the file.
    expect(results.textContent).toContain('Failing case: test 4 (hidden test 2)');
    expect(within(results).getByText('{"n":45}')).toBeTruthy();
    expect(within(results).getByText('1836311903')).toBeTruthy();
    expect(toggle).toHaveProperty('disabled', true);

    validation = ACCEPTED;
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(screen.getByTestId('judge-validation').textContent).toContain('Validation passed'));
    expect(screen.getByText('4/4 tests passed')).toBeTruthy();
    expect(screen.getByText(/^Off\. The saved judge passed Validate/)).toBeTruthy();
    expect(toggle).toHaveProperty('disabled', false);

    await act(async () => fireEvent.click(toggle));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(writes().at(-1)).toMatchObject({ method: 'put', url: `${JUDGE_URL}/enabled`, body: { enabled: true } });
    expect(toast).toHaveBeenCalledWith('Judge on: …', 'success');
  });

  it("shows the server's 409 when it refuses to switch the judge on", async () => {
    setup(saved(ACCEPTED), (request) =>
      request.url === `${JUDGE_URL}/enabled`
        ? {
            status: 409,
            data: { success: false, error: 'Validate the judge first: its own reference must pass every test' },
          }
        : undefined,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Judge on' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Validate the judge first: its own reference must pass every test',
    );
  });

  it('asks to save unsaved changes before Validate, and before closing', () => {
    const { onClose } = setup(saved(ACCEPTED, true));
    expect(screen.getByRole('switch', { name: 'Judge on' })).toHaveProperty('disabled', false);
    type('Hint 1', 'Think of the first move.');
    expect(screen.getByRole('button', { name: 'Validate' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Save your changes first: Validate runs the saved judge.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalled();
  });
});
