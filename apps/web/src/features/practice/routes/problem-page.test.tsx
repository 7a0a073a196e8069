import type { Practice, Submission, SubmissionWithCode } from '@learnbuild/domain/schemas/judge';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { practiceKeys } from '@/features/practice/api/keys';
import type { PracticeHost } from '@/features/practice/practice-host';
import { FakeEditor, fakeRunner } from '@/features/practice/practice-test-doubles';
import { recordEarlyInput, stopRecordingEarlyInput } from '@/lib/early-input';
import { ProblemPage } from './problem-page';

const session = vi.hoisted(() => ({
  user: null as null | { id: string; name: string; role: string },
}));
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: session.user, accountPending: false }) }));

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api,
}));

const TWO_SUM: Practice = {
  problemId: 'p-two-sum',
  slug: 'two-sum',
  title: 'Two Sum',
  difficulty: 'Easy',
  statement: 'Return the positions of the two numbers that add up to `target`.',
  constraints: ['`2 <= nums.length <= 10^5`'],
  examples: [
    {
      input: 'nums = [2,7,11,15], target = 9',
      output: '[0,1]',
      explanation: '2 + 7 = 9.',
      args: { nums: [2, 7, 11, 15], target: 9 },
      expected: [0, 1],
    },
    {
      input: 'nums = [3,2,4], target = 6',
      output: '[1,2]',
      explanation: '2 + 4 = 6.',
      args: { nums: [3, 2, 4], target: 6 },
      expected: [1, 2],
    },
  ],
  hints: ['A map from value to position helps.', 'Look for target minus the current value.'],
  functionName: 'twoSum',
  parameters: [
    { name: 'nums', type: 'int[]' },
    { name: 'target', type: 'int' },
  ],
  returnType: 'int[]',
  comparator: 'any-order',
  languages: ['javascript', 'typescript', 'python'],
  starterCode: {
    javascript: 'function twoSum(nums, target) {\n  \n}\n',
    typescript: 'function twoSum(nums: number[], target: number): number[] {\n  \n}\n',
    python: 'def two_sum(nums, target):\n    pass\n',
  },
  testCount: 20,
  videoUrl: null,
  externalUrl: 'https://leetcode.com/problems/two-sum/',
};

/** A right answer only for the first example (it returns [0, 1] whatever it is given). */
const HALF_RIGHT = 'function twoSum(nums, target) {\n  console.log("size", nums.length);\n  return [0, 1];\n}';
const RIGHT = `function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
    seen.set(nums[i], i);
  }
}`;

function submission(changes: Partial<Submission>): Submission {
  return {
    id: 's1',
    problemId: 'p-two-sum',
    language: 'javascript',
    status: 'done',
    verdict: 'Accepted',
    passed: 20,
    total: 20,
    runtimeMs: 12,
    failedCase: null,
    createdAt: new Date().toISOString(),
    ...changes,
  };
}

const reply = (data: unknown) => Promise.resolve({ data: { success: true, ...(data as object) } });

function show(onAccepted = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(practiceKeys.problem('two-sum'), TWO_SUM);
  const host: PracticeHost = { Editor: FakeEditor, createRunner: async () => fakeRunner, onAccepted };
  const router = createMemoryRouter(
    [
      { path: '/problems/:problemSlug', element: <ProblemPage host={host} /> },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: ['/problems/two-sum'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onAccepted, client };
}

const editor = () => screen.getByRole('textbox', { name: 'Code, JavaScript' });
const typeCode = (code: string) => fireEvent.change(editor(), { target: { value: code } });
const chooseTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });

beforeEach(() => {
  session.user = null;
  window.localStorage.clear();
  api.get.mockReset();
  api.post.mockReset();
});
afterEach(cleanup);

describe('the problem page', () => {
  it('shows the statement, the examples and the constraints, and the hints one at a time', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Two Sum' })).toBeTruthy();
    expect(screen.getByText('Easy')).toBeTruthy();
    const examples = screen.getAllByTestId('example');
    expect(examples).toHaveLength(2);
    expect(within(examples[0]!).getByRole('heading', { level: 3, name: 'Example 1' })).toBeTruthy();
    expect(within(examples[0]!).getByText('nums = [2,7,11,15], target = 9')).toBeTruthy();
    expect(within(examples[0]!).getByText('[0,1]')).toBeTruthy();
    // Markdown is drawn by its renderer, loaded on demand: a busy machine takes its time.
    expect(await screen.findByText('2 + 7 = 9.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Constraints' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Also on LeetCode/ }).getAttribute('href')).toBe(
      'https://leetcode.com/problems/two-sum/',
    );

    // Hints: none shown, one button; each hint brings the next one's button.
    expect(screen.queryAllByTestId('hint')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Show hint 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show hint 1' }));
    expect(screen.getAllByTestId('hint')).toHaveLength(1);
    expect(await screen.findByText('A map from value to position helps.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('hint'));
    expect(screen.queryByText('Look for target minus the current value.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show hint 2' }));
    expect(await screen.findByText('Look for target minus the current value.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show hint/ })).toBeNull();
  });

  it('does what "Show hint 1" and a phone’s Code tab say when they were pressed before the app took over', async () => {
    // The page as the server drew it: its controls are there, without handlers yet.
    const drawn = document.createElement('div');
    drawn.innerHTML =
      '<button type="button" data-early-click="show-hint">Show hint 1</button>' +
      '<button type="button" data-early-click="problem-tab-code">Code</button>';
    document.body.append(drawn);
    recordEarlyInput();
    for (const control of drawn.querySelectorAll('button')) {
      control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
    stopRecordingEarlyInput(drawn);
    drawn.remove();

    show();
    expect(await screen.findByText('A map from value to position helps.')).toBeTruthy();
    expect(screen.getAllByTestId('hint')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Show hint 2' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Code' }).getAttribute('aria-selected')).toBe('true');
    // Asked once: the next visit starts closed again.
    cleanup();
    show();
    expect(screen.queryAllByTestId('hint')).toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Description' }).getAttribute('aria-selected')).toBe('true');
  });

  it('starts from the starter code and keeps the learner’s code per language across visits', async () => {
    show();
    expect((editor() as HTMLTextAreaElement).value).toBe(TWO_SUM.starterCode.javascript);
    typeCode(RIGHT);
    cleanup();
    show();
    await waitFor(() => expect((editor() as HTMLTextAreaElement).value).toBe(RIGHT));
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'python' } });
    expect((screen.getByRole('textbox', { name: 'Code, Python' }) as HTMLTextAreaElement).value).toBe(
      TWO_SUM.starterCode.python,
    );
  });

  it('Run shows each example Passed or Failed, with the input, the expected answer, the output and what was printed', async () => {
    show();
    typeCode(HALF_RIGHT);
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const results = await screen.findByTestId('run-results');
    expect(within(results).getByText('1 of 2 examples passed')).toBeTruthy();
    const [first, second] = within(results).getAllByTestId('run-case');
    expect(first?.dataset.status).toBe('passed');
    expect(first?.getAttribute('aria-label')).toBe('Example 1: Passed');
    expect(second?.dataset.status).toBe('failed');
    expect(second?.getAttribute('aria-label')).toBe('Example 2: Failed');
    // The first case that did not pass is shown to start with.
    expect(second?.getAttribute('aria-pressed')).toBe('true');
    const detail = within(results).getByTestId('run-case-detail');
    expect(within(detail).getByText('nums = [3,2,4], target = 6')).toBeTruthy();
    expect(within(detail).getByText('[1,2]')).toBeTruthy();
    expect(within(detail).getByText('[0,1]')).toBeTruthy();
    expect(within(detail).getByText('size 3')).toBeTruthy();
    fireEvent.click(first!);
    expect(within(within(results).getByTestId('run-case-detail')).getByText('size 4')).toBeTruthy();
    expect(screen.getByTestId('practice-announcement').textContent).toBe('Run: 1 of 2 examples passed.');

    typeCode(RIGHT);
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByText('2 of 2 examples passed');
  });

  it('Run adds the learner’s own input when asked, and says what is wrong with it', async () => {
    show();
    typeCode(RIGHT);
    chooseTab('Your input');
    const box = screen.getByLabelText('Arguments as JSON, by parameter name') as HTMLTextAreaElement;
    expect(JSON.parse(box.value)).toEqual({ nums: [2, 7, 11, 15], target: 9 });
    fireEvent.change(box, { target: { value: '{"nums": [1, 5, 8]}' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Run this input too when I press Run' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const panel = screen.getByTestId('practice-console');
    expect(await within(panel).findByText('Your input needs a value for "target"')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Arguments as JSON, by parameter name'), {
      target: { value: '{"nums": [1, 5, 8], "target": 13}' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const results = await screen.findByTestId('run-results');
    const own = within(results).getAllByTestId('run-case')[2]!;
    expect(own.dataset.status).toBe('answered');
    fireEvent.click(own);
    const detail = within(results).getByTestId('run-case-detail');
    expect(within(detail).getByText('Your input')).toBeTruthy();
    expect(within(detail).getByText('[1,2]')).toBeTruthy();
  });

  it('asks a visitor who is not signed in to log in to submit, coming back here', () => {
    show();
    const link = screen.getByRole('link', { name: 'Log in to submit' });
    expect(link.getAttribute('href')).toBe('/login?redirectTo=%2Fproblems%2Ftwo-sum');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to read the editorial' })).toBeTruthy();
  });

  it('Submit waits for the judge, shows Wrong Answer with the failing case, then Accepted, and says so', async () => {
    session.user = { id: 'u1', name: 'Sam', role: 'Student' };
    let polls = 0;
    api.post
      .mockImplementationOnce(() => reply({ submission: { id: 's1', status: 'queued' } }))
      .mockImplementationOnce(() => reply({ submission: { id: 's2', status: 'queued' } }));
    api.get.mockImplementation((url: string) => {
      if (url === '/api/submissions/s1') {
        polls += 1;
        if (polls === 1) return reply({ submission: submission({ id: 's1', status: 'queued', verdict: null }) });
        return reply({
          submission: submission({
            id: 's1',
            verdict: 'Wrong Answer',
            passed: 1,
            failedCase: {
              index: 2,
              hidden: false,
              input: 'nums = [3,2,4], target = 6',
              expected: '[1,2]',
              actual: '[0,1]',
            },
          }),
        });
      }
      if (url === '/api/submissions/s2') return reply({ submission: submission({ id: 's2' }) });
      if (url.endsWith('/submissions')) return reply({ submissions: [] });
      throw new Error(`unexpected GET ${url}`);
    });
    const { onAccepted } = show();
    typeCode(HALF_RIGHT);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('submission-pending')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/dsa/problems/two-sum/submissions', {
      language: 'javascript',
      code: HALF_RIGHT,
      timeZone: expect.any(String),
    });

    const result = await screen.findByTestId('submission-result', {}, { timeout: 5000 });
    expect(within(result).getByText('Wrong Answer')).toBeTruthy();
    expect(within(result).getByText('1 / 20 tests passed · 12 ms')).toBeTruthy();
    const failed = within(result).getByTestId('failed-case');
    expect(failed.textContent).toContain('Test 2');
    expect(within(failed).getByText('nums = [3,2,4], target = 6')).toBeTruthy();
    expect(within(failed).getByText('[1,2]')).toBeTruthy();
    expect(within(failed).getByText('[0,1]')).toBeTruthy();
    // The live region is written after the result is drawn, so it is awaited rather than read at once.
    await waitFor(() =>
      expect(screen.getByTestId('practice-announcement').textContent).toBe('Wrong Answer: 1 of 20 tests passed.'),
    );
    expect(onAccepted).not.toHaveBeenCalled();

    typeCode(RIGHT);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByTestId('practice-announcement').textContent).toBe('Accepted: 20 of 20 tests passed.'),
    );
    expect(within(screen.getByTestId('submission-result')).getByText('Accepted')).toBeTruthy();
    expect(onAccepted).toHaveBeenCalledTimes(1);
  });

  it('names only the number of a hidden failing case, and shows the judge’s message', async () => {
    session.user = { id: 'u1', name: 'Sam', role: 'Student' };
    api.post.mockImplementation(() => reply({ submission: { id: 's3', status: 'queued' } }));
    api.get.mockImplementation((url: string) =>
      url.endsWith('/submissions')
        ? reply({ submissions: [] })
        : reply({
            submission: submission({
              id: 's3',
              verdict: 'Time Limit Exceeded',
              passed: 6,
              runtimeMs: null,
              failedCase: { index: 7, hidden: true },
              message: 'Test 7 ran longer than 2 s.',
            }),
          }),
    );
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const result = await screen.findByTestId('submission-result', {}, { timeout: 5000 });
    expect(within(result).getByText('Time Limit Exceeded')).toBeTruthy();
    expect(within(result).getByTestId('failed-case').textContent).toContain('Hidden test 7');
    expect(within(result).queryByText('Input')).toBeNull();
    expect(within(result).getByTestId('submission-message').textContent).toBe('Test 7 ran longer than 2 s.');
  });

  it('shows the server’s refusal: too many submissions, with the wait', async () => {
    session.user = { id: 'u1', name: 'Sam', role: 'Student' };
    const response = {
      status: 429,
      data: { success: false, error: 'You can submit 10 times a minute. Please wait a moment.' },
      headers: new AxiosHeaders({ 'retry-after': '42' }),
      statusText: '',
      config: { headers: new AxiosHeaders() },
    };
    api.post.mockRejectedValue(new AxiosError('429', 'ERR_BAD_REQUEST', undefined, undefined, response));
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('submit-refusal')).textContent).toBe(
      'You can submit 10 times a minute. Please wait a moment. Try again in 42 s.',
    );
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('lists earlier submissions and loads one’s code into the editor', async () => {
    session.user = { id: 'u1', name: 'Sam', role: 'Student' };
    const earlier: SubmissionWithCode = {
      ...submission({ id: 's9', verdict: 'Wrong Answer', runtimeMs: 30 }),
      createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
      code: 'function twoSum() { return [9, 9]; }',
    };
    api.get.mockImplementation(() => reply({ submissions: [earlier] }));
    show();
    chooseTab('Submissions');
    const row = await screen.findByTestId('submission-row');
    expect(within(row).getByText('Wrong Answer')).toBeTruthy();
    expect(within(row).getByText('JavaScript')).toBeTruthy();
    expect(within(row).getByText('3 minutes ago')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'View code' }));
    expect(within(row).getByText(earlier.code)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Load into the editor' }));
    await waitFor(() => expect((editor() as HTMLTextAreaElement).value).toBe(earlier.code));
  });

  it('fetches the editorial only once asked, past a warning that it spoils the problem', async () => {
    session.user = { id: 'u1', name: 'Sam', role: 'Student' };
    api.get.mockImplementation(() =>
      reply({
        editorial: {
          approach: 'Keep a map of the values seen so far.',
          complexity: { time: 'O(n)', space: 'O(n)' },
          solutions: { javascript: 'function twoSum() {}', python: 'def two_sum(): pass' },
        },
      }),
    );
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Show editorial' }));
    expect(screen.getByRole('alert').textContent).toContain('spoils the problem');
    expect(api.get).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show it anyway' })));
    expect(api.get).toHaveBeenCalledWith('/api/dsa/problems/two-sum/editorial');
    expect(await screen.findByText('Keep a map of the values seen so far.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText('O(n)', { selector: 'dd' })).toHaveLength(2);
  });

  it('says when the problem has no judge', async () => {
    api.get.mockRejectedValue(
      new AxiosError('404', 'ERR_BAD_REQUEST', undefined, undefined, {
        status: 404,
        data: { success: false, error: 'This problem has no judge yet' },
        headers: {},
        statusText: '',
        config: { headers: new AxiosHeaders() },
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const host: PracticeHost = { Editor: FakeEditor, createRunner: async () => fakeRunner, onAccepted: vi.fn() };
    const router = createMemoryRouter([{ path: '/problems/:problemSlug', element: <ProblemPage host={host} /> }], {
      initialEntries: ['/problems/nothing-here'],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Problem not found' })).toBeTruthy();
  });
});

describe("the problem's Discussion tab", () => {
  const THREAD_ID = '0b7e8a3e-3f0c-4a52-9f25-0c1a5e2c2f11';
  const post = (changes: object) => ({
    id: 'r1',
    body: 'Keep a map of what you have seen.',
    author: { id: 'u2', name: 'Hal Helper' },
    votes: 2,
    voted: false,
    accepted: false,
    hidden: false,
    containsSolution: false,
    editedAt: null,
    createdAt: new Date().toISOString(),
    canEdit: false,
    ...changes,
  });
  const thread = {
    id: THREAD_ID,
    title: 'Discussion: Two Sum',
    category: 'dsa-help',
    author: { id: 'u1', name: 'Asha Asker' },
    replyCount: 2,
    votes: 0,
    answered: false,
    lastActivityAt: new Date().toISOString(),
    tags: [],
    pinned: false,
    locked: false,
    createdAt: new Date().toISOString(),
    body: 'Why does one pass suffice?',
    hidden: false,
    containsSolution: false,
    problem: { slug: 'two-sum', title: 'Two Sum' },
    editedAt: null,
    voted: false,
    acceptedReplyId: null,
    replies: [
      post({ id: 'r1' }),
      post({ id: 'r2', body: 'Full code: `const seen = new Map()`', containsSolution: true }),
    ],
    repliesTotal: 2,
    viewer: { canEdit: false, canModerate: false, canAccept: false },
  };

  const openDiscussion = async () => {
    await act(async () => fireEvent.mouseDown(screen.getByRole('tab', { name: 'Discussion' })));
  };

  it('reads the discussion only when opened, and says there is none yet with a way in for a signed-out visitor', async () => {
    api.get.mockImplementation(() =>
      reply({ discussion: { problem: { slug: 'two-sum', title: 'Two Sum' }, threadId: null } }),
    );
    show();
    expect(screen.getByRole('tab', { name: 'Statement' }).getAttribute('aria-selected')).toBe('true');
    expect(api.get).not.toHaveBeenCalledWith('/api/dsa/problems/two-sum/discussion');
    await openDiscussion();
    expect(await screen.findByText('No discussion yet')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/api/dsa/problems/two-sum/discussion');
    expect(screen.getByRole('link', { name: 'Log in to post' }).getAttribute('href')).toBe(
      `/login?redirectTo=${encodeURIComponent('/problems/two-sum')}`,
    );
  });

  it('shows the thread and its replies, a post that contains a solution folded until opened', async () => {
    api.get.mockImplementation((url: string) =>
      url.endsWith('/discussion')
        ? reply({ discussion: { problem: { slug: 'two-sum', title: 'Two Sum' }, threadId: THREAD_ID } })
        : reply({ thread }),
    );
    show();
    await openDiscussion();
    expect(await screen.findByRole('heading', { name: 'Discussion: Two Sum' })).toBeTruthy();
    expect(screen.getByText('Why does one pass suffice?')).toBeTruthy();
    expect(screen.getByText('Keep a map of what you have seen.')).toBeTruthy();
    const folded = screen.getByText('const seen = new Map()');
    expect(folded.closest('[hidden]')).not.toBeNull();
    const toggle = screen.getByRole('button', { name: "Show the solution: Hal Helper's reply" });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(folded.closest('[hidden]')).toBeNull();
    expect(screen.getByRole('link', { name: /Open this discussion in the community/ }).getAttribute('href')).toBe(
      `/community/${THREAD_ID}`,
    );
  });

  it('posts with the "contains a solution" mark a signed-in learner set', async () => {
    session.user = { id: 'u3', name: 'Lena Learner', role: 'Student', emailVerified: true, email: 'l@x.dev' } as never;
    api.get.mockImplementation(() =>
      reply({ discussion: { problem: { slug: 'two-sum', title: 'Two Sum' }, threadId: null } }),
    );
    api.post.mockImplementation(() => reply({ threadId: THREAD_ID, replyId: null }));
    show();
    await openDiscussion();
    const box = await screen.findByRole('textbox', { name: 'Start the discussion' });
    fireEvent.change(box, { target: { value: 'My approach: a hash map, one pass.' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Contains a solution/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post' })));
    expect(api.post).toHaveBeenCalledWith('/api/dsa/problems/two-sum/discussion', {
      body: 'My approach: a hash map, one pass.',
      containsSolution: true,
    });
  });
});
