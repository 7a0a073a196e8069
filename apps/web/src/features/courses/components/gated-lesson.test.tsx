import type { CourseDetail, Lesson, LessonLockReply } from '@learnbuild/domain/schemas/courses';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { lessonLockText } from '@/features/courses/lesson-lock';
import { CourseOutline } from './course-outline';
import { LessonSidebar } from './lesson-sidebar';
import { GATED_LESSON_NOTES, GatedLesson } from './locked-lesson';

afterEach(cleanup);

const DRIP: LessonLockReply = { reason: 'drip', opensAt: '2030-12-04T12:00:00.000Z', prerequisite: null };
const PREREQUISITE: LessonLockReply = {
  reason: 'prerequisite',
  opensAt: null,
  prerequisite: { id: 'l1', title: 'Getting started' },
};

const lesson = (id: string, title: string, position: number, lock: LessonLockReply | null): Lesson => ({
  id,
  title,
  kind: 'article',
  durationMinutes: 5,
  freePreview: false,
  position,
  completed: false,
  locked: lock !== null,
  lock,
  body: lock ? null : 'Text',
  video: null,
  quiz: null,
});

const course = {
  _id: 'c1',
  status: 'published',
  sections: [
    {
      id: 's1',
      title: 'Basics',
      position: 0,
      lessons: [
        lesson('l1', 'Getting started', 0, null),
        lesson('l2', 'Day three', 1, DRIP),
        lesson('l3', 'After the start', 2, PREREQUISITE),
      ],
    },
  ],
  viewer: { enrolled: true, canEdit: false },
} as unknown as CourseDetail;

describe('the words of a gated lesson (issue 30)', () => {
  it('“Opens on {date}” in the learner’s locale', () => {
    expect(lessonLockText(DRIP, 'en-US')).toMatch(/^Opens on Dec \d, 2030, \d{1,2}:\d\d\s?[AP]M$/);
    expect(lessonLockText(DRIP, 'de-DE')).toMatch(/^Opens on \d\d?\.12\.2030, \d\d:\d\d$/);
  });

  it('“Complete “{title}” first” when another lesson comes first', () => {
    expect(lessonLockText(PREREQUISITE)).toBe('Complete “Getting started” first');
  });
});

describe('the player’s locked lesson', () => {
  it('says when a dated lesson opens', () => {
    render(
      <MemoryRouter>
        <GatedLesson lock={DRIP} courseKey="sql" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'This lesson is not open yet' })).toBeTruthy();
    expect(screen.getByTestId('gated-lesson-reason').textContent).toBe(lessonLockText(DRIP));
    expect(screen.getByText(GATED_LESSON_NOTES.drip)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the lesson to complete and links to it', () => {
    render(
      <MemoryRouter>
        <GatedLesson lock={PREREQUISITE} courseKey="sql" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('gated-lesson-reason').textContent).toBe('Complete “Getting started” first');
    expect(screen.getByRole('link', { name: 'Go to “Getting started”' }).getAttribute('href')).toBe(
      '/courses/sql?lesson=l1',
    );
    // A lesson that requires another says so, not that the whole course goes in order.
    expect(screen.getByText('The instructor asks for that lesson to be completed before this one.')).toBeTruthy();
    expect(screen.queryByText(GATED_LESSON_NOTES.sequence)).toBeNull();
  });

  it('a lesson held by the course’s order says the lessons go in order', () => {
    render(
      <MemoryRouter>
        <GatedLesson lock={{ ...PREREQUISITE, reason: 'sequence' }} courseKey="sql" />
      </MemoryRouter>,
    );
    expect(screen.getByText('The instructor set the lessons to be taken in order.')).toBeTruthy();
  });
});

describe('the outlines say why and when, instead of doing nothing', () => {
  it('the sidebar shows the reason under each gated lesson, and its link opens the lesson’s note', () => {
    render(
      <MemoryRouter>
        <LessonSidebar course={course} courseKey="sql" currentId="l1" />
      </MemoryRouter>,
    );
    const [, drip, prerequisite] = screen.getAllByTestId('sidebar-lesson');
    expect(within(drip!).getByTestId('sidebar-lock').textContent).toBe(lessonLockText(DRIP));
    expect(drip!.getAttribute('href')).toBe('/courses/sql?lesson=l2');
    expect(within(prerequisite!).getByTestId('sidebar-lock').textContent).toBe('Complete “Getting started” first');
    expect(within(drip!).getByLabelText('Locked')).toBeTruthy();
  });

  it('the course page’s outline answers a click on a gated lesson with its reason', () => {
    render(
      <MemoryRouter>
        <CourseOutline course={course} courseKey="sql" signedIn />
      </MemoryRouter>,
    );
    const [, drip] = screen.getAllByTestId('outline-lesson');
    fireEvent.click(within(drip!).getByRole('button'));
    expect(screen.getByTestId('locked-lesson-note').textContent).toBe(lessonLockText(DRIP));
  });
});
