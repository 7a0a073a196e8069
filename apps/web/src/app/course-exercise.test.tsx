import type { CourseDetail, Lesson } from '@learnbuild/domain/schemas/courses';
import type { ExerciseSubmission, PublicExercise } from '@learnbuild/domain/schemas/exercises';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCourse } from '@/features/courses/api/get-course';
import { courseDetailKey } from '@/features/courses/api/keys';
import { LessonPlayer } from '@/features/courses/components/lesson-player';
import { ExerciseWorkbench } from '@/features/practice/components/exercise-workbench';
import { FakeEditor, fakeRunner } from '@/features/practice/practice-test-doubles';
import { ExerciseWorkbenchContext, type ExerciseWorkbenchProps } from '@/lib/exercise-workbench-props';

const session = vi.hoisted(() => ({ user: { id: 'u1', name: 'Lena Learner', role: 'Student' } }));
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: session.user, accountPending: false }) }));

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api,
}));

const EXERCISE: PublicExercise = {
  functionName: 'largest',
  parameters: [{ name: 'nums', type: 'int[]' }],
  returnType: 'int',
  comparator: 'exact',
  timeLimitMs: 2000,
  languages: ['javascript', 'typescript', 'python'],
  starterCode: {
    javascript: 'function largest(nums) {\n  \n}\n',
    typescript: 'function largest(nums: number[]): number {\n  \n}\n',
    python: 'def largest(nums):\n    pass\n',
  },
  examples: [
    { input: 'nums = [1,5,3]', output: '5', explanation: '', args: { nums: [1, 5, 3] }, expected: 5 },
    { input: 'nums = [7]', output: '7', explanation: '', args: { nums: [7] }, expected: 7 },
  ],
  testCount: 6,
};

const lesson = (changes: Partial<Lesson>): Lesson => ({
  id: 'l1',
  title: 'Find the largest',
  kind: 'exercise',
  durationMinutes: 15,
  freePreview: false,
  position: 0,
  completed: false,
  locked: false,
  body: 'Return the **largest** number of the list.',
  video: null,
  quiz: null,
  exercise: EXERCISE,
  ...changes,
});

const COURSE = {
  _id: 'c1',
  slug: 'js',
  title: 'Modern JavaScript',
  status: 'published',
  sections: [
    {
      id: 's1',
      title: 'Practice',
      position: 0,
      lessons: [lesson({}), lesson({ id: 'l2', title: 'Read on', kind: 'article', exercise: undefined, position: 1 })],
    },
  ],
  viewer: {
    enrolled: true,
    canEdit: false,
    completedLessonIds: [],
    completedAt: null,
    certificateId: null,
    lastLessonId: 'l1',
    lastPositionSeconds: 0,
    myReview: null,
  },
} as unknown as CourseDetail;

const Workbench = (props: ExerciseWorkbenchProps) => (
  <ExerciseWorkbench {...props} Editor={FakeEditor} createRunner={async () => fakeRunner} />
);

function judged(changes: Partial<ExerciseSubmission>): ExerciseSubmission {
  return {
    id: 'sub-1',
    language: 'javascript',
    verdict: 'Accepted',
    passed: 6,
    total: 6,
    runtimeMs: 3,
    failedCase: null,
    createdAt: new Date().toISOString(),
    ...changes,
  };
}

/** The player over the cached course, as the course page gives it: a submission's progress shows at once. */
function Player() {
  const course = useCourse('js');
  return course.data ? <LessonPlayer course={course.data} courseKey="js" lessonId="l1" finished={false} /> : null;
}

function show(course: CourseDetail = COURSE) {
  api.get.mockResolvedValue({ data: { success: true, course } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData([...courseDetailKey('u1'), 'js'], course);
  const router = createMemoryRouter(
    [
      {
        path: '/courses/:courseId',
        element: (
          <ExerciseWorkbenchContext.Provider value={Workbench}>
            <Player />
          </ExerciseWorkbenchContext.Provider>
        ),
      },
    ],
    { initialEntries: ['/courses/js?lesson=l1'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

const editor = () => screen.getByRole('textbox', { name: 'Code, JavaScript' });
const typeCode = (code: string) => fireEvent.change(editor(), { target: { value: code } });

beforeEach(() => {
  window.localStorage.clear();
  api.get.mockReset();
  api.post.mockReset();
  api.put.mockReset();
  api.put.mockResolvedValue({ data: { success: true } });
});
afterEach(cleanup);

describe('an exercise lesson in the course player', () => {
  it('shows the statement, the visible examples and the starter code; no "Mark complete"', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Find the largest' })).toBeTruthy();
    expect(await screen.findByText('largest', { selector: 'strong' }, { timeout: 10_000 })).toBeTruthy();
    const examples = screen.getAllByTestId('example');
    expect(examples).toHaveLength(2);
    expect(within(examples[0]!).getByText('nums = [1,5,3]')).toBeTruthy();
    expect(screen.getByTestId('exercise-status').textContent).toBe('An Accepted submission completes this lesson.');
    expect(screen.getByText(/judges it against 6 tests: the examples above and 4 hidden ones/)).toBeTruthy();
    expect((editor() as HTMLTextAreaElement).value).toBe('function largest(nums) {\n  \n}\n');
    expect(screen.queryByTestId('mark-complete')).toBeNull();
  });

  it('Run checks the visible examples in the browser', async () => {
    show();
    typeCode('function largest(nums) { return nums[0]; }');
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(
      await screen.findByText('Run: 1 of 2 examples passed.', { selector: '[data-testid="exercise-announcement"]' }),
    ).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('Submit shows a hidden test by its number only, then an Accepted verdict completes the lesson', async () => {
    show();
    typeCode('function largest(nums) { return Math.max(0, ...nums); }');
    api.post.mockResolvedValueOnce({
      data: {
        success: true,
        submission: judged({ verdict: 'Wrong Answer', passed: 2, failedCase: { index: 3, hidden: true } }),
        completed: false,
        completedLessonIds: [],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Wrong Answer', { selector: '[data-verdict]' })).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/courses/c1/lessons/l1/exercise/submissions', {
      language: 'javascript',
      code: 'function largest(nums) { return Math.max(0, ...nums); }',
    });
    expect(screen.getByText('2 / 6 tests passed · 3 ms')).toBeTruthy();
    expect(screen.getByTestId('failed-case').textContent).toMatch(/^Failed on Hidden test 3: its input stays hidden/);
    expect(screen.getByTestId('exercise-announcement').textContent).toBe('Wrong Answer: 2 of 6 tests passed.');

    typeCode('function largest(nums) { return Math.max(...nums); }');
    api.post.mockResolvedValueOnce({
      data: { success: true, submission: judged({ id: 'sub-2' }), completed: true, completedLessonIds: ['l1'] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Accepted', { selector: '[data-verdict]' })).toBeTruthy();
    expect(screen.getByText('Passed: every test is green and this lesson is completed.')).toBeTruthy();
    expect(screen.getByTestId('exercise-announcement').textContent).toBe('Accepted: 6 of 6 tests passed.');
    expect(screen.getByTestId('exercise-status').textContent).toBe('Passed: this lesson is completed.');
    expect(screen.getByTestId('player-progress').textContent).toBe('1/2 · 50%');
    expect(screen.getByText(/Lesson 1 of 2 · .* · Completed$/)).toBeTruthy();
  });

  it('says why a submission was refused', async () => {
    show();
    const { AxiosError, AxiosHeaders } = await import('axios');
    api.post.mockRejectedValueOnce(
      new AxiosError('Too many', '429', undefined, undefined, {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'retry-after': '30' },
        config: { headers: new AxiosHeaders() },
        data: { success: false, error: 'You can submit 10 times a minute. Please wait a moment.' },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByTestId('submit-refusal').textContent).toBe(
        'You can submit 10 times a minute. Please wait a moment. Try again in 30 s.',
      ),
    );
  });

  it('keeps the code per lesson and language in this browser', async () => {
    show();
    typeCode('function largest(nums) { return 42; }');
    cleanup();
    show();
    await waitFor(() => expect((editor() as HTMLTextAreaElement).value).toBe('function largest(nums) { return 42; }'));
  });
});
