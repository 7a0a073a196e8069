import type { CourseDetail, Lesson } from '@learnbuild/domain/schemas/courses';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { lessonPlace } from '@/features/courses/lesson-order';
import { LessonNavigation } from './lesson-player';

afterEach(cleanup);

const lesson = (id: string, title: string, position: number): Lesson => ({
  id,
  title,
  kind: 'article',
  durationMinutes: 5,
  freePreview: false,
  position,
  completed: false,
  locked: false,
  body: '',
  video: null,
  quiz: null,
});

const COURSE: Pick<CourseDetail, 'sections'> = {
  sections: [
    { id: 's1', title: 'Basics', position: 0, lessons: [lesson('l1', 'Values', 0), lesson('l2', 'Functions', 1)] },
    { id: 's2', title: 'Checks', position: 1, lessons: [lesson('l3', 'Quiz', 0)] },
  ],
};

function renderAt(lessonId: string, canFinish = true) {
  const place = lessonPlace(COURSE, lessonId);
  render(
    <MemoryRouter>
      <LessonNavigation courseKey="modern-js" previous={place.previous} next={place.next} canFinish={canFinish} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Lesson navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent?.trim(), link.getAttribute('href')]);
}

describe('the player’s previous and next', () => {
  it('leads from the first lesson back to the course page and on to the second', () => {
    expect(renderAt('l1')).toEqual([
      ['Course overview', '/courses/modern-js'],
      ['Next: Functions', '/courses/modern-js?lesson=l2'],
    ]);
  });

  it('crosses from one section into the next', () => {
    expect(renderAt('l2')).toEqual([
      ['Previous: Values', '/courses/modern-js?lesson=l1'],
      ['Next: Quiz', '/courses/modern-js?lesson=l3'],
    ]);
  });

  it('ends a learner’s last lesson at the completion screen, a visitor’s at the course page', () => {
    expect(renderAt('l3')).toEqual([
      ['Previous: Functions', '/courses/modern-js?lesson=l2'],
      ['Finish course', '/courses/modern-js?finished=1'],
    ]);
    cleanup();
    expect(renderAt('l3', false)[1]).toEqual(['Back to the course page', '/courses/modern-js']);
  });
});
