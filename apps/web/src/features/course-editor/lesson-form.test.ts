import type { Lesson } from '@learnbuild/domain/schemas/courses';
import { describe, expect, it } from 'vitest';
import { lessonFormSchema, lessonFormValues, lessonPayload, toLocalInput } from './lesson-form';

const saved: Lesson = {
  id: 'l2',
  title: 'Day three',
  kind: 'article',
  durationMinutes: 5,
  freePreview: false,
  position: 1,
  completed: false,
  locked: false,
  body: 'Text',
  video: null,
  quiz: null,
  gating: { releaseAfterDays: 3, releaseAt: '2030-01-02T09:00:00.000Z', prerequisiteLessonId: 'l1' },
};

describe('the lesson form’s gating fields (issue 30)', () => {
  it('shows the saved settings and sends them back unchanged', () => {
    const values = lessonFormValues(saved, 's1');
    expect(values.releaseAfterDays).toBe('3');
    expect(values.releaseAt).toBe(toLocalInput('2030-01-02T09:00:00.000Z'));
    expect(values.prerequisiteLessonId).toBe('l1');
    expect(lessonPayload(values)).toMatchObject({
      releaseAfterDays: 3,
      releaseAt: '2030-01-02T09:00:00.000Z',
      prerequisiteLessonId: 'l1',
    });
  });

  it('sends null for blank fields, which removes them', () => {
    const values = lessonFormValues(undefined, 's1');
    expect(lessonPayload(values)).toMatchObject({
      releaseAfterDays: null,
      releaseAt: null,
      prerequisiteLessonId: null,
    });
  });

  it('refuses days outside 0–3650 or not whole, as the server does', () => {
    const base = { ...lessonFormValues(undefined, 's1'), title: 'A lesson' };
    for (const days of ['0', '3650', ' 7 ', ''])
      expect(lessonFormSchema.safeParse({ ...base, releaseAfterDays: days }).success, days).toBe(true);
    for (const days of ['3651', '-1', '1.5', 'three']) {
      const parsed = lessonFormSchema.safeParse({ ...base, releaseAfterDays: days });
      expect(parsed.success, days).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Days must be a whole number from 0 to 3650');
    }
  });
});
