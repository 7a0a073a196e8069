import type { CourseDetail, Lesson } from '@learnbuild/domain/schemas/courses';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CourseOutline } from './course-outline';

const lesson = (id: string, title: string, position: number, locked: boolean): Lesson => ({
  id,
  title,
  kind: 'article',
  durationMinutes: 5,
  freePreview: !locked,
  position,
  completed: false,
  locked,
  body: '',
  video: null,
  quiz: null,
});

// Only what the outline reads of a course.
const course = (status: CourseDetail['status']) =>
  ({
    status,
    sections: [
      {
        id: 's1',
        title: 'Basics',
        position: 0,
        lessons: [lesson('l1', 'Free look', 0, false), lesson('l2', 'Indexes', 1, true)],
      },
    ],
    viewer: { enrolled: false, canEdit: false },
  }) as unknown as CourseDetail;

function renderOutline(status: CourseDetail['status'], signedIn: boolean) {
  render(
    <MemoryRouter>
      <CourseOutline course={course(status)} courseKey="sql-basics" signedIn={signedIn} />
    </MemoryRouter>,
  );
  return screen.getAllByTestId('outline-lesson');
}

afterEach(cleanup);

describe('a locked lesson in the course outline', () => {
  it('is a native button (so Enter and Space work too) that says why it is locked and when it opens, in a live region', () => {
    const [open, locked] = renderOutline('published', true);
    expect(within(open!).getByRole('link').getAttribute('href')).toBe('/courses/sql-basics?lesson=l1');
    // A button, not a link that leads to nothing new.
    expect(within(locked!).queryByRole('link')).toBeNull();
    const button = within(locked!).getByRole('button', { name: 'Indexes, Article, locked' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const note = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(note.getAttribute('aria-live')).toBe('polite');
    expect(note.textContent).toBe('');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(note.textContent).toBe(
      'Locked until you enroll. Enrolling is free, and this lesson opens as soon as you do.',
    );
    fireEvent.click(button);
    expect(note.textContent).toBe('');
  });

  it('tells a visitor to log in and enroll first', () => {
    const [, locked] = renderOutline('published', false);
    fireEvent.click(within(locked!).getByRole('button'));
    expect(screen.getByTestId('locked-lesson-note').textContent).toBe(
      'Locked until you enroll. Log in and enroll (it is free), and this lesson opens as soon as you do.',
    );
  });

  it('says an archived course takes no new learners, so the lesson does not open', () => {
    const [, locked] = renderOutline('archived', true);
    fireEvent.click(within(locked!).getByRole('button'));
    expect(screen.getByTestId('locked-lesson-note').textContent).toBe(
      'Locked: this course takes no new learners, so its locked lessons stay closed.',
    );
  });
});
