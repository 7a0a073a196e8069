import { describe, expect, it } from 'vitest';
import { closesPrerequisiteCycle, DAY_MS, type GatedLesson, lessonLocks, lockMessage } from './course-gating';

const ENROLLED = new Date('2026-03-01T22:30:00.000Z');
const lesson = (id: string, gate: Partial<GatedLesson> = {}): GatedLesson => ({
  id,
  title: `Lesson ${id}`,
  releaseAfterDays: null,
  releaseAt: null,
  prerequisiteLessonId: null,
  ...gate,
});
const locksAt = (lessons: GatedLesson[], now: Date, options: { sequential?: boolean; completed?: string[] } = {}) =>
  lessonLocks({
    lessons,
    sequential: options.sequential ?? false,
    enrolledAt: ENROLLED,
    now,
    completedLessonIds: options.completed ?? [],
  });
const at = (ms: number) => new Date(ENROLLED.getTime() + ms);

describe('drip by days: “a lesson opens N days after the learner’s enrolment” (3 × 24 h, to the millisecond)', () => {
  const lessons = [lesson('a'), lesson('b', { releaseAfterDays: 3 })];

  it('is locked one millisecond before enrolledAt + 3 days, with opensAt', () => {
    const locks = locksAt(lessons, at(3 * DAY_MS - 1));
    expect(locks.get('a')).toBeNull();
    expect(locks.get('b')).toEqual({ reason: 'drip', opensAt: '2026-03-04T22:30:00.000Z', prerequisite: null });
  });

  it('opens exactly at enrolledAt + 3 days and stays open after', () => {
    expect(locksAt(lessons, at(3 * DAY_MS)).get('b')).toBeNull();
    expect(locksAt(lessons, at(30 * DAY_MS)).get('b')).toBeNull();
  });

  it('does not wait for a midnight: enrolled at 22:30 UTC, the lesson opens at 22:30 UTC whatever the learner’s zone', () => {
    // 2026-03-04T23:59 in Tokyo (UTC+9) is 14:59 UTC, still before the moment: locked.
    expect(locksAt(lessons, new Date('2026-03-04T14:59:00.000Z')).get('b')?.reason).toBe('drip');
    // 2026-03-04T17:30 in New York (UTC−5) is 22:30 UTC: open, though it is not midnight there.
    expect(locksAt(lessons, new Date('2026-03-04T22:30:00.000Z')).get('b')).toBeNull();
  });

  it('0 days is open at once', () => {
    expect(locksAt([lesson('a', { releaseAfterDays: 0 })], ENROLLED).get('a')).toBeNull();
  });
});

describe('drip by date: “on a date for everyone”', () => {
  const lessons = [lesson('a', { releaseAt: '2026-04-01T09:00:00.000Z' })];

  it('is locked until the instant, then open', () => {
    expect(locksAt(lessons, new Date('2026-04-01T08:59:59.999Z')).get('a')).toEqual({
      reason: 'date',
      opensAt: '2026-04-01T09:00:00.000Z',
      prerequisite: null,
    });
    expect(locksAt(lessons, new Date('2026-04-01T09:00:00.000Z')).get('a')).toBeNull();
  });

  it('the later of drip and date wins for opensAt', () => {
    const laterDate = [lesson('a', { releaseAfterDays: 2, releaseAt: '2026-03-10T00:00:00.000Z' })];
    expect(locksAt(laterDate, ENROLLED).get('a')).toMatchObject({
      reason: 'date',
      opensAt: '2026-03-10T00:00:00.000Z',
    });
    // After the drip moment, the date still holds it.
    expect(locksAt(laterDate, at(5 * DAY_MS)).get('a')?.reason).toBe('date');
    const laterDrip = [lesson('a', { releaseAfterDays: 20, releaseAt: '2026-03-10T00:00:00.000Z' })];
    expect(locksAt(laterDrip, ENROLLED).get('a')).toMatchObject({
      reason: 'drip',
      opensAt: '2026-03-21T22:30:00.000Z',
    });
    expect(locksAt(laterDrip, new Date('2026-03-15T00:00:00.000Z')).get('a')?.reason).toBe('drip');
    expect(locksAt(laterDrip, at(20 * DAY_MS)).get('a')).toBeNull();
  });
});

describe('prerequisites: “a lesson requires another lesson of the course to be completed”', () => {
  const lessons = [lesson('a'), lesson('b'), lesson('c', { prerequisiteLessonId: 'a' })];

  it('locks without a date and names the lesson to complete', () => {
    expect(locksAt(lessons, ENROLLED).get('c')).toEqual({
      reason: 'prerequisite',
      opensAt: null,
      prerequisite: { id: 'a', title: 'Lesson a' },
    });
    expect(locksAt(lessons, ENROLLED).get('b')).toBeNull();
    expect(locksAt(lessons, ENROLLED, { completed: ['a'] }).get('c')).toBeNull();
  });

  it('follows a chain one link at a time', () => {
    const chain = [lesson('a'), lesson('b', { prerequisiteLessonId: 'a' }), lesson('c', { prerequisiteLessonId: 'b' })];
    const first = locksAt(chain, ENROLLED);
    expect(first.get('b')?.prerequisite?.id).toBe('a');
    expect(first.get('c')?.prerequisite?.id).toBe('b');
    const second = locksAt(chain, ENROLLED, { completed: ['a'] });
    expect(second.get('b')).toBeNull();
    expect(second.get('c')?.prerequisite?.id).toBe('b');
    expect(locksAt(chain, ENROLLED, { completed: ['a', 'b'] }).get('c')).toBeNull();
  });

  it('ignores a prerequisite that is gone from the course or is the lesson itself', () => {
    const odd = [lesson('a', { prerequisiteLessonId: 'a' }), lesson('b', { prerequisiteLessonId: 'deleted' })];
    const locks = locksAt(odd, ENROLLED);
    expect(locks.get('a')).toBeNull();
    expect(locks.get('b')).toBeNull();
  });

  it('a prerequisite met but a drip still running: the drip holds it, with its date', () => {
    const both = [lesson('a'), lesson('b', { prerequisiteLessonId: 'a', releaseAfterDays: 3 })];
    expect(locksAt(both, ENROLLED).get('b')?.reason).toBe('prerequisite');
    expect(locksAt(both, ENROLLED, { completed: ['a'] }).get('b')).toMatchObject({
      reason: 'drip',
      opensAt: '2026-03-04T22:30:00.000Z',
    });
    expect(locksAt(both, at(3 * DAY_MS), { completed: ['a'] }).get('b')).toBeNull();
    // Time passed but the lesson to complete is not done: no date is promised.
    expect(locksAt(both, at(3 * DAY_MS)).get('b')).toMatchObject({ reason: 'prerequisite', opensAt: null });
  });
});

describe('sequential mode: “each lesson opens once the one before it in course order is completed”', () => {
  const lessons = [lesson('a'), lesson('b'), lesson('c')];

  it('opens the first lesson and locks the rest behind the one before', () => {
    const locks = locksAt(lessons, ENROLLED, { sequential: true });
    expect(locks.get('a')).toBeNull();
    expect(locks.get('b')).toEqual({ reason: 'sequence', opensAt: null, prerequisite: { id: 'a', title: 'Lesson a' } });
    expect(locks.get('c')?.prerequisite?.id).toBe('b');
  });

  it('walks the chain as lessons are completed', () => {
    expect(locksAt(lessons, ENROLLED, { sequential: true, completed: ['a'] }).get('b')).toBeNull();
    expect(locksAt(lessons, ENROLLED, { sequential: true, completed: ['a'] }).get('c')?.reason).toBe('sequence');
    expect(locksAt(lessons, ENROLLED, { sequential: true, completed: ['a', 'b'] }).get('c')).toBeNull();
  });

  it('is off unless the course says so', () => {
    expect(locksAt(lessons, ENROLLED).get('c')).toBeNull();
  });

  it('combined with a drip, the sequence is reported first and the date after', () => {
    const dripped = [lesson('a'), lesson('b', { releaseAfterDays: 1 })];
    expect(locksAt(dripped, ENROLLED, { sequential: true }).get('b')?.reason).toBe('sequence');
    expect(locksAt(dripped, ENROLLED, { sequential: true, completed: ['a'] }).get('b')?.reason).toBe('drip');
    expect(locksAt(dripped, at(DAY_MS), { sequential: true, completed: ['a'] }).get('b')).toBeNull();
  });

  it('an explicit prerequisite is named before the sequence', () => {
    const both = [lesson('a'), lesson('b'), lesson('c', { prerequisiteLessonId: 'a' })];
    expect(locksAt(both, ENROLLED, { sequential: true, completed: ['b'] }).get('c')?.prerequisite?.id).toBe('a');
    expect(locksAt(both, ENROLLED, { sequential: true, completed: ['a'] }).get('c')?.prerequisite?.id).toBe('b');
  });
});

describe('what stays open', () => {
  it('a completed lesson stays open whatever gating was added later', () => {
    const lessons = [lesson('a'), lesson('b', { releaseAfterDays: 10, prerequisiteLessonId: 'a' })];
    expect(locksAt(lessons, ENROLLED, { sequential: true, completed: ['b'] }).get('b')).toBeNull();
  });

  it('a free preview is open to everyone', () => {
    const lessons = [lesson('a'), lesson('b', { freePreview: true, releaseAfterDays: 10 })];
    expect(locksAt(lessons, ENROLLED, { sequential: true }).get('b')).toBeNull();
  });
});

describe('the 403’s sentence', () => {
  it('names the lesson to complete, or the opening moment', () => {
    expect(lockMessage({ reason: 'prerequisite', opensAt: null, prerequisite: { id: 'a', title: 'Setup' } })).toBe(
      'Complete “Setup” first',
    );
    expect(lockMessage({ reason: 'drip', opensAt: '2026-03-04T22:30:00.000Z', prerequisite: null })).toBe(
      'This lesson opens on 2026-03-04 at 22:30 UTC',
    );
  });
});

describe('prerequisite cycles', () => {
  const requires = new Map<string, string | null>([
    ['b', 'a'],
    ['c', 'b'],
    ['a', null],
  ]);

  it('refuses itself', () => {
    expect(closesPrerequisiteCycle('a', 'a', requires)).toBe(true);
  });

  it('refuses a loop through a chain, allows a chain', () => {
    expect(closesPrerequisiteCycle('a', 'c', requires)).toBe(true);
    expect(closesPrerequisiteCycle('a', 'b', requires)).toBe(true);
    expect(closesPrerequisiteCycle('d', 'c', requires)).toBe(false);
    expect(closesPrerequisiteCycle('c', 'a', requires)).toBe(false);
  });

  it('stops on a loop already stored', () => {
    const looped = new Map<string, string | null>([
      ['x', 'y'],
      ['y', 'x'],
    ]);
    expect(closesPrerequisiteCycle('a', 'x', looped)).toBe(false);
  });
});
