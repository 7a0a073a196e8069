import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnrollPanel } from './enroll-panel';

vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: 'u1', role: 'Student' } }) }));

afterEach(cleanup);

const course = (prerequisiteCourse: CourseDetail['prerequisiteCourse']) =>
  ({
    _id: 'c2',
    title: 'Advanced SQL',
    status: 'published',
    lessonCount: 1,
    totalMinutes: 5,
    sections: [],
    prerequisiteCourse,
    viewer: { enrolled: false, canEdit: false, completedLessonIds: [], lastLessonId: null },
  }) as unknown as CourseDetail;

function renderPanel(detail: CourseDetail) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <EnrollPanel course={detail} courseKey="advanced-sql" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a course that requires another course (issue 30)', () => {
  it('names the course to complete, with a link, before the learner tries to enrol', () => {
    renderPanel(course({ id: 'c1', slug: 'sql-basics', title: 'SQL Basics', completed: false }));
    expect(screen.getByTestId('course-prerequisite').textContent).toBe(
      'Complete SQL Basics before enrolling in this course.',
    );
    expect(screen.getByRole('link', { name: 'SQL Basics' }).getAttribute('href')).toBe('/courses/sql-basics');
  });

  it('says nothing once it is completed, or when there is none', () => {
    renderPanel(course({ id: 'c1', slug: 'sql-basics', title: 'SQL Basics', completed: true }));
    expect(screen.queryByTestId('course-prerequisite')).toBeNull();
    cleanup();
    renderPanel(course(null));
    expect(screen.queryByTestId('course-prerequisite')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enroll now' })).toBeTruthy();
  });
});
