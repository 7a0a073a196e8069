import type { Lesson } from '@learnbuild/domain/schemas/courses';
import { describe, expect, it } from 'vitest';
import { lessonFormSchema, lessonFormValues, lessonPayload } from './lesson-form';

const quiz: Lesson = {
  id: 'l3',
  title: 'Week one quiz',
  kind: 'quiz',
  durationMinutes: 5,
  freePreview: false,
  position: 2,
  completed: false,
  locked: false,
  body: '',
  video: null,
  quiz: [],
  gating: { releaseAfterDays: null, releaseAt: null, prerequisiteLessonId: null, dueAfterDays: 7 },
};

describe('the lesson form’s due day after the cohort start (issue 30)', () => {
  it('shows the saved days and sends them back; blank sends null, which removes the due date', () => {
    const values = lessonFormValues(quiz, 's1');
    expect(values.dueAfterDays).toBe('7');
    expect(lessonPayload(values).dueAfterDays).toBe(7);
    expect(lessonPayload({ ...values, dueAfterDays: ' ' }).dueAfterDays).toBeNull();
    expect(lessonPayload(lessonFormValues(undefined, 's1')).dueAfterDays).toBeNull();
  });

  it('takes whole days from 0 to 3650 only, as the server does', () => {
    const base = { ...lessonFormValues(undefined, 's1'), title: 'A lesson' };
    for (const days of ['0', '3650', ' 14 ', ''])
      expect(lessonFormSchema.safeParse({ ...base, dueAfterDays: days }).success, days).toBe(true);
    for (const days of ['3651', '-1', '2.5', 'soon']) {
      const parsed = lessonFormSchema.safeParse({ ...base, dueAfterDays: days });
      expect(parsed.success, days).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Days must be a whole number from 0 to 3650');
    }
  });
});
