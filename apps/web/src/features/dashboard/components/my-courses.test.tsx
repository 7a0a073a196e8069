import type { CourseSummary, DashboardCourse } from '@learnbuild/domain/schemas/dashboard';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MyCourses } from './my-courses';

const course = (title: string, extra: Partial<DashboardCourse>): DashboardCourse => ({
  id: title,
  title,
  progress: 40,
  href: `/courses/${title.toLowerCase().replaceAll(' ', '-')}`,
  completed: false,
  certificateHref: null,
  ...extra,
});

function renderCourses(myCourses: DashboardCourse[]) {
  const summary: CourseSummary = {
    totalCourses: 3,
    enrolledCourses: myCourses.length,
    totalStudents: 0,
    completionPercent: 0,
    myCourses,
  };
  render(
    <MemoryRouter>
      <MyCourses courses={summary} teaches={false} />
    </MemoryRouter>,
  );
  return screen.getAllByRole('listitem');
}

afterEach(cleanup);

describe('My Courses', () => {
  it('offers Continue on a course in progress', () => {
    const [row] = renderCourses([course('Web Basics', {})]);
    expect(within(row!).getByRole('link', { name: 'Continue Web Basics' }).getAttribute('href')).toBe(
      '/courses/web-basics',
    );
    expect(within(row!).queryByText('Completed')).toBeNull();
  });

  it('offers the certificate and Review on a completed course, never Continue', () => {
    const [row] = renderCourses([
      course('Finished One', { progress: 100, completed: true, certificateHref: '/certificates/cert-1' }),
    ]);
    expect(within(row!).getByText('Completed')).toBeTruthy();
    expect(within(row!).getByRole('link', { name: 'View certificate: Finished One' }).getAttribute('href')).toBe(
      '/certificates/cert-1',
    );
    expect(within(row!).getByRole('link', { name: 'Review Finished One' }).getAttribute('href')).toBe(
      '/courses/finished-one',
    );
    expect(within(row!).queryByRole('link', { name: /Continue/ })).toBeNull();
  });

  it('offers Review alone on a completed course without a certificate', () => {
    const [row] = renderCourses([course('Old One', { progress: 100, completed: true })]);
    expect(
      within(row!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Review']);
  });
});
