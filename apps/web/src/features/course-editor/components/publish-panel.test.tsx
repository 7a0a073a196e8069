import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editableCourseQuery } from '@/features/course-editor/api/get-course';
import { courseEditorKeys } from '@/features/course-editor/api/keys';
import { course, fakeServer, lesson, type SeenRequest, section } from '@/features/course-editor/test-fixtures';
import { PublishPanel, publishChecklist } from './publish-panel';

const toast = vi.fn();
vi.mock('@/components/ui/toast', () => ({ useToast: () => toast }));

const KEY = 'course-key';
const onGoTo = vi.fn();
const onErased = vi.fn();
let server: ReturnType<typeof fakeServer> | null = null;

function Harness() {
  const query = useQuery({ ...editableCourseQuery(KEY), staleTime: Number.POSITIVE_INFINITY });
  return query.data ? (
    <PublishPanel course={query.data} courseKey={KEY} detailsDirty={false} onGoTo={onGoTo} onErased={onErased} />
  ) : null;
}

function setup(start: CourseDetail, answer: (request: SeenRequest) => { status: number; data: unknown }) {
  server = fakeServer(answer);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(courseEditorKeys.course(KEY), start);
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return server.seen;
}

const READY = course({ sections: [section('s1', 'Basics', [lesson('l1', 'Tables')])] });
const UNREADY = course({ description: '  ', sections: [section('s1', 'Basics')] });
const checklistRows = () =>
  within(screen.getByTestId('publish-checklist'))
    .getAllByRole('listitem')
    .map((row) => `${row.getAttribute('data-done') === 'true' ? 'done' : 'missing'}: ${row.textContent}`);

afterEach(() => {
  cleanup();
  server?.restore();
  vi.clearAllMocks();
});

describe('publish panel', () => {
  it('lists every requirement from missingForPublish and marks what is missing, with where to fix it', () => {
    expect(publishChecklist(UNREADY).map((item) => [item.key, item.done])).toEqual([
      ['title', true],
      ['description', false],
      ['lesson', false],
    ]);
    setup(UNREADY, () => ({ status: 500, data: {} }));
    expect(checklistRows()).toEqual([
      'done: Done: The course has a title',
      'missing: Missing: Add a descriptionEdit details',
      'missing: Missing: Add at least one lessonOpen curriculum',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Open curriculum' }));
    expect(onGoTo).toHaveBeenCalledWith('curriculum');
    fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(onGoTo).toHaveBeenCalledWith('details');
  });

  it("shows the server's refusal with each missing item when publishing too early", async () => {
    const seen = setup(UNREADY, () => ({
      status: 400,
      data: {
        success: false,
        error: 'This course is not ready to publish',
        details: [
          { path: 'description', message: 'Add a description' },
          { path: 'lesson', message: 'Add at least one lesson' },
        ],
      },
    }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish course' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This course is not ready to publishAdd a descriptionAdd at least one lesson');
    expect(seen).toEqual([{ method: 'put', url: `/api/courses/${READY._id}`, body: { status: 'published' } }]);
  });

  it('publishes a ready course and then offers to unpublish it', async () => {
    const seen = setup(READY, ({ body }) => ({
      status: 200,
      data: { success: true, course: { ...READY, ...(body as object) } },
    }));
    expect(checklistRows().every((row) => row.startsWith('done'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Publish course' }));

    await screen.findByRole('button', { name: 'Unpublish' });
    expect(screen.getByTestId('course-status').textContent).toBe('Published');
    expect(seen[0]!.body).toEqual({ status: 'published' });
    expect(toast).toHaveBeenCalledWith('The course is published.', 'success');
  });

  it('says the course was archived when it had learners, instead of deleted', async () => {
    const taught = { ...READY, status: 'published' as const, enrolledCount: 2 };
    const seen = setup(taught, ({ method }) =>
      method === 'delete'
        ? { status: 200, data: { success: true, message: 'Course archived', archived: true } }
        : { status: 200, data: { success: true, course: { ...taught, status: 'archived' } } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Archive course' }));
    const dialog = await screen.findByRole('dialog', { name: `Archive "${taught.title}"?` });
    expect(dialog.textContent).toContain('It has 2 learners');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive course' }));

    expect(
      await screen.findByText(
        'The course has learners, so it was archived instead of deleted: it is hidden from the catalogue and its learners keep their progress.',
      ),
    ).toBeTruthy();
    expect(seen[0]).toEqual({ method: 'delete', url: `/api/courses/${READY._id}`, body: undefined });
    expect(onErased).not.toHaveBeenCalled();
  });

  it('says the course was deleted for good when it had no learners, and lets the page leave', async () => {
    setup(READY, () => ({ status: 200, data: { success: true, message: 'Course deleted', archived: false } }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete course' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete "${READY.title}"?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete course' }));
    await waitFor(() => expect(onErased).toHaveBeenCalledWith('The course was deleted for good.'));
  });
});
