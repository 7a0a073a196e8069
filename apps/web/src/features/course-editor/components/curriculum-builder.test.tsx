import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editableCourseQuery } from '@/features/course-editor/api/get-course';
import { courseEditorKeys } from '@/features/course-editor/api/keys';
import { withLessonOrder, withSectionOrder } from '@/features/course-editor/curriculum-order';
import { course, fakeServer, lesson, type SeenRequest, section } from '@/features/course-editor/test-fixtures';
import { CurriculumBuilder } from './curriculum-builder';

const toast = vi.fn();
vi.mock('@/components/ui/toast', () => ({ useToast: () => toast }));

const KEY = 'sql-course';
const START = course({
  sections: [
    section('s1', 'Getting started', [lesson('l1', 'First'), lesson('l2', 'Second'), lesson('l3', 'Third')]),
    section('s2', 'Joins'),
    section('s3', 'Indexes'),
  ],
});

function Harness() {
  const query = useQuery({ ...editableCourseQuery(KEY), staleTime: Number.POSITIVE_INFINITY });
  return query.data ? <CurriculumBuilder course={query.data} courseKey={KEY} /> : null;
}

let server: ReturnType<typeof fakeServer> | null = null;

function setup(answer: (request: SeenRequest) => { status: number; data: unknown }, start: CourseDetail = START) {
  server = fakeServer(answer);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(courseEditorKeys.course(KEY), start);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return server.seen;
}

const lessonTitles = () => screen.getAllByTestId('lesson-title').map((element) => element.textContent);
const sectionTitles = () => screen.getAllByTestId('section-title').map((element) => element.textContent);
const announcer = () => screen.getByTestId('curriculum-announcer');

afterEach(() => {
  cleanup();
  server?.restore();
  toast.mockReset();
});

describe('curriculum builder', () => {
  it('moves a lesson down with its button: saves the whole order, shows it, announces it and keeps the focus', async () => {
    const seen = setup(({ body }) => ({
      status: 200,
      data: { success: true, course: withLessonOrder(START, 's1', (body as { ids: string[] }).ids) },
    }));
    const button = screen.getByRole('button', { name: 'Move down: First' });
    button.focus();
    fireEvent.click(button);

    await waitFor(() => expect(lessonTitles()).toEqual(['Second', 'First', 'Third']));
    expect(seen).toEqual([
      { method: 'put', url: `/api/courses/${START._id}/sections/s1/lessons/order`, body: { ids: ['l2', 'l1', 'l3'] } },
    ]);
    expect(announcer()).toHaveProperty('textContent', 'Moved "First" to position 2 of 3.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down: First' })));
  });

  it('gives the focus to the other arrow when a row reaches the end of its list', async () => {
    setup(({ body }) => ({
      status: 200,
      data: { success: true, course: withSectionOrder(START, (body as { ids: string[] }).ids) },
    }));
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Joins' }));

    await waitFor(() => expect(sectionTitles()).toEqual(['Joins', 'Getting started', 'Indexes']));
    expect(screen.getByRole('button', { name: 'Move up: Joins' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down: Joins' })));
  });

  it('puts the rows back and says so when the server refuses the new order', async () => {
    setup(() => ({ status: 409, data: { success: false, error: 'The order changed in another tab' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Third' }));

    await waitFor(() =>
      expect(announcer().textContent).toBe(
        'The new order could not be saved; the lessons are back in their old order.',
      ),
    );
    expect(lessonTitles()).toEqual(['First', 'Second', 'Third']);
    expect(toast).toHaveBeenCalledWith('The order changed in another tab', 'error');
  });

  it('reorders sections by dragging a handle onto another row, and ignores a lesson dropped on a section', async () => {
    const seen = setup(({ body }) => ({
      status: 200,
      data: { success: true, course: withSectionOrder(START, (body as { ids: string[] }).ids) },
    }));
    const cards = screen.getAllByTestId('section-card');
    const handle = within(cards[0]!).getAllByTestId('drag-handle')[0]!;
    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };

    // A lesson's drag is not the sections' business.
    const lessonHandle = within(screen.getAllByTestId('lesson-row')[0]!).getByTestId('drag-handle');
    fireEvent.dragStart(lessonHandle, { dataTransfer });
    fireEvent.dragOver(cards[2]!, { dataTransfer });
    fireEvent.drop(cards[2]!, { dataTransfer });
    fireEvent.dragEnd(lessonHandle, { dataTransfer });
    expect(seen).toEqual([]);

    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(cards[2]!, { dataTransfer });
    expect(cards[2]!.hasAttribute('data-drop-target')).toBe(true);
    fireEvent.drop(cards[2]!, { dataTransfer });

    await waitFor(() => expect(sectionTitles()).toEqual(['Joins', 'Indexes', 'Getting started']));
    expect(seen[0]).toEqual({
      method: 'put',
      url: `/api/courses/${START._id}/sections/order`,
      body: { ids: ['s2', 's3', 's1'] },
    });
    expect(announcer().textContent).toBe('Moved "Getting started" to position 3 of 3.');
  });

  it('asks before deleting a section, saying how many lessons go with it', async () => {
    const after = course({ sections: START.sections.slice(1) });
    const seen = setup(() => ({ status: 200, data: { success: true, course: after } }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete section: Getting started' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete the section "Getting started"?' });
    expect(dialog.textContent).toContain('Its 3 lessons go with it');
    expect(seen).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete section' }));

    await waitFor(() => expect(sectionTitles()).toEqual(['Joins', 'Indexes']));
    expect(seen).toEqual([{ method: 'delete', url: `/api/courses/${START._id}/sections/s1`, body: undefined }]);
  });

  it('checks a new section title before sending it', async () => {
    const seen = setup(() => ({ status: 201, data: { success: true, course: START } }));
    fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
    expect(await screen.findByText('Section title is required')).toBeTruthy();
    expect(seen).toEqual([]);
  });
});
