import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { subjectQueryKey } from './api/get-subject';
import { type SubjectList, subjectsQueryKey } from './api/get-subjects';
import { OFFLINE_MARK_MESSAGE, useMarkSubtopic } from './api/mark-subtopic';
import { replayPendingMarks } from './components/progress-sync';
import { readLocalMark, rememberSubject, writeLocalMark } from './local-progress';

const USER = 'user-1';
const toast = vi.fn();
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: USER } }) }));
vi.mock('@/components/ui/toast', () => ({ useToast: () => toast }));

type Answer = { status: number; data?: unknown } | 'unreachable';
let answers: Answer[] = [];
let seen: { method?: string; url?: string; body: unknown }[] = [];
const originalAdapter = api.defaults.adapter;

/** Answers the client's requests in turn: a status with a body, or no answer at all (offline). */
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  seen.push({ method: config.method, url: config.url, body: config.data ? JSON.parse(config.data) : undefined });
  const answer = answers.shift() ?? { status: 200, data: { success: true, progress: {} } };
  if (answer === 'unreachable') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400) throw new AxiosError('failed', String(answer.status), config, null, response);
  return response;
};

const key = { subjectId: 'os', topicId: 'scheduling', subtopicId: 'round-robin' };
const outline: SubjectDetail = {
  id: 'os',
  name: 'Operating Systems',
  icon: 'cpu',
  description: '',
  progress: 0,
  topics: [
    {
      id: 'scheduling',
      name: 'Scheduling',
      description: '',
      subtopics: [
        { id: 'round-robin', name: 'Round robin', completed: false },
        { id: 'fcfs', name: 'FCFS', completed: false },
      ],
    },
  ],
};
const list: SubjectList = {
  offline: false,
  subjects: [{ id: 'os', name: 'Operating Systems', icon: 'cpu', progress: 0, completedTopics: 0, totalTopics: 1 }],
};

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // The page had loaded the outline and the list, as the lesson reader and the navbar do.
  queryClient.setQueryData(subjectQueryKey(USER, 'os'), rememberSubject(USER, outline));
  queryClient.setQueryData(subjectsQueryKey(USER), list);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useMarkSubtopic(), { wrapper });
  const detail = () => queryClient.getQueryData<SubjectDetail>(subjectQueryKey(USER, 'os'))!;
  const shownList = () => queryClient.getQueryData<SubjectList>(subjectsQueryKey(USER))!;
  return { result, detail, shownList };
}

beforeEach(() => {
  localStorage.clear();
  toast.mockReset();
  answers = [];
  seen = [];
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

describe('marking a subtopic', () => {
  it('a mark the server refuses (4xx) rolls back on the device and on screen', async () => {
    answers = [{ status: 404, data: { success: false, error: 'Subtopic not found' } }];
    const { result, detail, shownList } = setup();
    await act(() => result.current.mutateAsync({ ...key, completed: true }).catch(() => undefined));
    expect(readLocalMark(USER, key)).toMatchObject({ completed: false });
    expect(readLocalMark(USER, key)?.pending).toBeUndefined();
    expect(detail().topics[0]!.subtopics[0]!.completed).toBe(false);
    expect(detail().progress).toBe(0);
    expect(shownList().subjects[0]).toMatchObject({ progress: 0, completedTopics: 0 });
    expect(toast).toHaveBeenCalledWith('Subtopic not found', 'error');
  });

  it('a mark that cannot reach the server stays pending and shows in the outline and the subject list at once', async () => {
    answers = ['unreachable'];
    const { result, detail, shownList } = setup();
    await act(() => result.current.mutateAsync({ ...key, completed: true }).catch(() => undefined));
    expect(readLocalMark(USER, key)).toMatchObject({ completed: true, pending: true });
    expect(detail().topics[0]!.subtopics[0]!.completed).toBe(true);
    expect(detail().progress).toBe(50);
    expect(shownList().subjects[0]).toMatchObject({ progress: 50, completedTopics: 0, totalTopics: 1 });
    expect(toast).toHaveBeenCalledWith(OFFLINE_MARK_MESSAGE, 'success');
  });

  it("an earlier request's success does not settle a later mark that is still pending", async () => {
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowAdapter: AxiosAdapter = async (config) => {
      if (seen.length === 0) {
        seen.push({ body: JSON.parse(config.data) });
        await first;
        return { data: { success: true, progress: {} }, status: 200, statusText: '', headers: {}, config };
      }
      seen.push({ body: JSON.parse(config.data) });
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    api.defaults.adapter = slowAdapter;
    const { result } = setup();
    let marking: Promise<unknown> = Promise.resolve();
    act(() => {
      marking = result.current.mutateAsync({ ...key, completed: true }).catch(() => undefined);
    });
    await waitFor(() => expect(seen).toHaveLength(1));
    // The learner clicks again (unmark) and that request never reaches the server.
    await act(() => result.current.mutateAsync({ ...key, completed: false }).catch(() => undefined));
    release();
    await act(() => marking);
    expect(readLocalMark(USER, key)).toMatchObject({ completed: false, pending: true });
  });
});

describe('replaying offline marks', () => {
  const mark = (subtopicId: string, completed = true) =>
    writeLocalMark(USER, { ...key, subtopicId }, { completed, at: `at-${subtopicId}`, pending: true });

  it('sends every pending mark of the account and confirms it', async () => {
    mark('round-robin');
    mark('fcfs', false);
    writeLocalMark('someone-else', { ...key, subtopicId: 'sjf' }, { completed: true, at: 'x', pending: true });
    expect(await replayPendingMarks(USER)).toEqual({ synced: 2, dropped: 0 });
    expect(seen.map((request) => [request.method, request.url, request.body])).toEqual([
      ['put', '/api/subjects/os/topics/scheduling/subtopics/round-robin/progress', { completed: true }],
      ['put', '/api/subjects/os/topics/scheduling/subtopics/fcfs/progress', { completed: false }],
    ]);
    expect(readLocalMark(USER, key)).toEqual({ completed: true, at: 'at-round-robin' });
  });

  it('stops on a 401 and keeps the rest pending for the next sign-in', async () => {
    mark('round-robin');
    mark('fcfs');
    answers = [{ status: 401, data: { success: false, error: 'Please log in to continue' } }];
    expect(await replayPendingMarks(USER)).toEqual({ synced: 0, dropped: 0 });
    expect(seen).toHaveLength(1);
    expect(readLocalMark(USER, key)).toMatchObject({ completed: true, pending: true });
    expect(readLocalMark(USER, { ...key, subtopicId: 'fcfs' })).toMatchObject({ pending: true });
  });

  it('stops while the server is still unreachable', async () => {
    mark('round-robin');
    mark('fcfs');
    answers = ['unreachable'];
    expect(await replayPendingMarks(USER)).toEqual({ synced: 0, dropped: 0 });
    expect(seen).toHaveLength(1);
    expect(readLocalMark(USER, key)?.pending).toBe(true);
  });

  it('drops a mark the server refuses for good and goes on with the next', async () => {
    mark('round-robin');
    mark('fcfs');
    answers = [
      { status: 404, data: { success: false, error: 'Subtopic not found' } },
      { status: 200, data: {} },
    ];
    expect(await replayPendingMarks(USER)).toEqual({ synced: 1, dropped: 1 });
    expect(readLocalMark(USER, key)).toEqual({ completed: false, at: 'at-round-robin' });
    expect(readLocalMark(USER, { ...key, subtopicId: 'fcfs' })).toEqual({ completed: true, at: 'at-fcfs' });
  });
});
