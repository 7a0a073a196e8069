import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { completeCourse } from '@/features/courses/api/complete-course';
import { updateProgress } from '@/features/dsa/api/update-progress';
import { markSubtopic } from '@/features/subjects/api/mark-subtopic';
import { api } from './api-client';
import { BadgeToasts, resetBadgeAnnouncements } from './badge-announcements';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetBadgeAnnouncements();
});

const progress = {
  problemId: 'p1',
  solved: true,
  solvedAt: '2026-11-20T10:00:00Z',
  solvedOn: '2026-11-20',
  bookmarked: false,
  notes: '',
  revisionStage: null,
  revisionDueOn: null,
};

function renderToasts() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <BadgeToasts />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('a DSA progress reply that carries badges', () => {
  it('toasts "Badge earned: <name>" for each', async () => {
    renderToasts();
    vi.spyOn(api, 'put').mockResolvedValue({
      data: { success: true, progress, badgesAwarded: [{ id: 'verified-10', name: '10 verified solves' }] },
    });
    await updateProgress({ problemId: 'p1', solved: true });
    expect((await screen.findByRole('status')).textContent).toBe('Badge earned: 10 verified solves');
  });

  it('toasts nothing for a reply without badges', async () => {
    renderToasts();
    vi.spyOn(api, 'put').mockResolvedValue({ data: { success: true, progress } });
    await updateProgress({ problemId: 'p1', solved: true });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('other replies that carry badges', () => {
  it('a lesson completed: the subject badge', async () => {
    renderToasts();
    vi.spyOn(api, 'put').mockResolvedValue({
      data: {
        success: true,
        progress: { completed: true, subjectProgress: 100 },
        badgesAwarded: [{ id: 'core-subject-complete', name: 'Core subject mastered' }],
      },
    });
    await markSubtopic({ subjectId: 'os', topicId: 'scheduling', subtopicId: 'fcfs', completed: true });
    expect((await screen.findByRole('status')).textContent).toBe('Badge earned: Core subject mastered');
  });

  it('a course completed: the first-course badge', async () => {
    renderToasts();
    vi.spyOn(api, 'post').mockResolvedValue({
      data: {
        success: true,
        completedLessonIds: [],
        percent: 100,
        completedAt: '2026-11-20T10:00:00Z',
        certificateId: 'c1',
        badgesAwarded: [{ id: 'first-course-complete', name: 'First course completed' }],
      },
    });
    await completeCourse('course-1');
    expect((await screen.findByRole('status')).textContent).toBe('Badge earned: First course completed');
  });
});
