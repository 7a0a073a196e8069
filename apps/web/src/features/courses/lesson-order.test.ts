import type { CourseDetail, Lesson } from '@learnbuild/domain/schemas/courses';
import { describe, expect, it } from 'vitest';
import { courseLessons, everyLessonDone, lessonHref, lessonPlace, resumeLessonId } from './lesson-order';

function lesson(id: string, position: number, completed = false): Lesson {
  return {
    id,
    title: `Lesson ${id}`,
    kind: 'article',
    durationMinutes: 5,
    freePreview: false,
    position,
    completed,
    locked: false,
    body: '',
    video: null,
    quiz: null,
  };
}

type Outline = Pick<CourseDetail, 'sections' | 'viewer'>;
function course(done: string[] = [], lastLessonId: string | null = null): Outline {
  // Stored out of order on purpose: positions decide the reading order.
  return {
    sections: [
      { id: 's2', title: 'Second', position: 1, lessons: [lesson('c', 0, done.includes('c'))] },
      {
        id: 's1',
        title: 'First',
        position: 0,
        lessons: [lesson('b', 1, done.includes('b')), lesson('a', 0, done.includes('a'))],
      },
      { id: 's3', title: 'Empty', position: 2, lessons: [] },
    ],
    viewer: {
      enrolled: true,
      canEdit: false,
      completedLessonIds: done,
      completedAt: null,
      certificateId: null,
      lastLessonId,
      lastPositionSeconds: 0,
      myReview: null,
    },
  };
}

describe('lesson order', () => {
  it('reads sections and then lessons by position, across sections', () => {
    expect(courseLessons(course()).map((item) => [item.id, item.sectionTitle, item.index])).toEqual([
      ['a', 'First', 0],
      ['b', 'First', 1],
      ['c', 'Second', 2],
    ]);
  });

  it('gives the neighbours of a lesson, null at either end, and nothing for an unknown lesson', () => {
    const first = lessonPlace(course(), 'a');
    expect([first.previous, first.current?.id, first.next?.id]).toEqual([null, 'a', 'b']);
    const middle = lessonPlace(course(), 'b');
    expect([middle.previous?.id, middle.next?.id]).toEqual(['a', 'c']);
    const last = lessonPlace(course(), 'c');
    expect([last.previous?.id, last.next]).toEqual(['b', null]);
    expect(lessonPlace(course(), 'gone')).toEqual({ current: null, previous: null, next: null, total: 3 });
  });

  it('continues at the last lesson opened, else the first not done, else the first', () => {
    expect(resumeLessonId(course(['a'], 'c'))).toBe('c');
    expect(resumeLessonId(course(['a'], 'deleted-lesson'))).toBe('b');
    expect(resumeLessonId(course(['a', 'b', 'c']))).toBe('a');
  });

  it('knows when every lesson is done', () => {
    expect(everyLessonDone(course(['a', 'b']))).toBe(false);
    expect(everyLessonDone(course(['a', 'b', 'c']))).toBe(true);
    expect(everyLessonDone({ sections: [] })).toBe(false);
  });

  it('links a lesson as the course page with ?lesson=', () => {
    expect(lessonHref('sql-and-relational-design', 'b')).toBe('/courses/sql-and-relational-design?lesson=b');
  });
});
