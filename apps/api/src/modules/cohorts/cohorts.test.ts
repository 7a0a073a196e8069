import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseCohorts,
  courseEnrollments,
  courseLessonProgress,
  courseLessons,
  courses,
  notifications,
  userPreferences,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createUser } from '../../test/factories';
import { COHORT_DUE_REMINDER_HOUR } from './reminders';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let otherInstructor: User;
let admin: User;
let student: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, t.database.db, 'Instructor', { name: 'Cohort Owner' });
  otherInstructor = await createUser(t.app, t.database.db, 'Instructor');
  admin = await createUser(t.app, t.database.db, 'Admin');
  student = await createUser(t.app, t.database.db, 'Student');
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3600 * 1000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
type Headers = Record<string, string>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });

async function course(title = 'Cohort course') {
  const made = await createCourseRows(t.database.db, owner.user.id, {
    title,
    sections: [['article', 'article', 'quiz']],
  });
  return made;
}

async function openCohort(courseId: string, body: Record<string, unknown> = {}) {
  const reply = await call('POST', `/api/courses/${courseId}/cohorts`, owner.auth, {
    title: 'Spring cohort',
    startsAt: iso(-1),
    endsAt: iso(60),
    ...body,
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().cohort as { id: string; memberCount: number; seatsLeft: number | null };
}

async function learner(role: 'Student' = 'Student') {
  return createUser(t.app, t.database.db, role);
}

describe('opening and editing cohorts', () => {
  it('lets the owner and an admin open a cohort; refuses anonymous (401), a student and another instructor (403)', async () => {
    const { course: c } = await course();
    const body = { title: 'Autumn', startsAt: iso(1), endsAt: iso(30), capacity: 10, enrollmentClosesAt: iso(5) };
    expect((await call('POST', `/api/courses/${c.id}/cohorts`, undefined, body)).statusCode).toBe(401);
    const asStudent = await call('POST', `/api/courses/${c.id}/cohorts`, student.auth, body);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual({
      success: false,
      error: 'Only the course instructor or an admin can change this course',
    });
    expect((await call('POST', `/api/courses/${c.id}/cohorts`, otherInstructor.auth, body)).statusCode).toBe(403);
    const made = await call('POST', `/api/courses/${c.id}/cohorts`, owner.auth, body);
    expect(made.statusCode).toBe(201);
    expect(made.json().cohort).toMatchObject({
      title: 'Autumn',
      capacity: 10,
      memberCount: 0,
      seatsLeft: 10,
      status: 'upcoming',
      joinRefusal: null,
    });
    expect((await call('POST', `/api/courses/${c.id}/cohorts`, admin.auth, body)).statusCode).toBe(201);
    // Anyone who may see the course sees its cohorts.
    const listed = await call('GET', `/api/courses/${c.id}/cohorts`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().cohorts).toHaveLength(2);
    expect(listed.json().myCohortId).toBeNull();
  });

  it('refuses bad input with 400 and exact messages', async () => {
    const { course: c } = await course();
    const post = (body: Record<string, unknown>) => call('POST', `/api/courses/${c.id}/cohorts`, owner.auth, body);
    const base = { title: 'T', startsAt: iso(1), endsAt: iso(10) };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, title: '  ' }, 'Cohort title is required'],
      [{ ...base, endsAt: iso(0) }, 'The end must be after the start'],
      [{ ...base, startsAt: 'tomorrow' }, 'The start must be a date and time'],
      [{ ...base, capacity: 0 }, 'Capacity must be at least 1'],
      [{ ...base, capacity: 2.5 }, 'Capacity must be a whole number'],
      [{ ...base, enrollmentClosesAt: iso(11) }, 'Enrolment must close before the cohort ends'],
    ];
    for (const [body, error] of cases) {
      const reply = await post(body);
      expect(reply.statusCode, error).toBe(400);
      expect(reply.json().error).toBe(error);
    }
    const cohort = await openCohort(c.id);
    const patch = await call('PATCH', `/api/courses/${c.id}/cohorts/${cohort.id}`, owner.auth, { endsAt: iso(-5) });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error).toBe('The end must be after the start');
    const badId = await call('PATCH', `/api/courses/${c.id}/cohorts/not-an-id`, owner.auth, { title: 'X' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe('Must be a valid id');
    const unknown = await call('PATCH', `/api/courses/${c.id}/cohorts/${crypto.randomUUID()}`, owner.auth, {
      title: 'X',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Cohort not found');
  });

  it('edits and deletes for the owner and admins only; never lowers the capacity under the members', async () => {
    const { course: c } = await course();
    const cohort = await openCohort(c.id, { capacity: 3 });
    const url = `/api/courses/${c.id}/cohorts/${cohort.id}`;
    expect((await call('PATCH', url, undefined, { title: 'X' })).statusCode).toBe(401);
    expect((await call('PATCH', url, student.auth, { title: 'X' })).statusCode).toBe(403);
    expect((await call('PATCH', url, otherInstructor.auth, { title: 'X' })).statusCode).toBe(403);
    const renamed = await call('PATCH', url, admin.auth, { title: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().cohort.title).toBe('Renamed');
    for (const _ of [1, 2]) {
      const member = await learner();
      expect((await call('POST', `${url}/join`, member.auth)).statusCode).toBe(200);
    }
    const lower = await call('PATCH', url, owner.auth, { capacity: 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error).toBe('This cohort has 2 members: the capacity cannot be lower than that');
    const unlimited = await call('PATCH', url, owner.auth, { capacity: null });
    expect(unlimited.json().cohort).toMatchObject({ capacity: null, seatsLeft: null, memberCount: 2 });
    expect((await call('DELETE', url, undefined)).statusCode).toBe(401);
    expect((await call('DELETE', url, student.auth)).statusCode).toBe(403);
    const deleted = await call('DELETE', url, owner.auth);
    expect(deleted.json()).toEqual({ success: true, message: 'The cohort Renamed was deleted' });
    expect((await call('DELETE', url, owner.auth)).statusCode).toBe(404);
  });
});

describe('joining a cohort', () => {
  it('enrols a learner who joins, takes one seat, and lets them leave', async () => {
    const { course: c } = await course();
    const cohort = await openCohort(c.id, { capacity: 2 });
    const member = await learner();
    const url = `/api/courses/${c.id}/cohorts/${cohort.id}/join`;
    expect((await call('POST', url)).statusCode).toBe(401);
    const joined = await call('POST', url, member.auth);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      message: 'You joined Spring cohort',
      cohort: { memberCount: 1, seatsLeft: 1 },
    });
    const enrolment = await t.database.db
      .select()
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.courseId, c.id), eq(courseEnrollments.userId, member.user.id)));
    expect(enrolment).toHaveLength(1);
    const again = await call('POST', url, member.auth);
    expect(again.json()).toMatchObject({ message: 'You are already in Spring cohort', cohort: { memberCount: 1 } });
    expect((await call('GET', `/api/courses/${c.id}/cohorts`, member.auth)).json().myCohortId).toBe(cohort.id);
    const left = await call('DELETE', url, member.auth);
    expect(left.json()).toMatchObject({ message: 'You left Spring cohort', cohort: { memberCount: 0 } });
    expect((await call('DELETE', url, member.auth)).json().message).toBe('You are not in Spring cohort');
  });

  it('never passes the capacity: 20 simultaneous joins into 5 seats make exactly 5 members', async () => {
    const { course: c } = await course();
    const cohort = await openCohort(c.id, { capacity: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, () => learner()));
    const replies = await Promise.all(
      people.map((person) => call('POST', `/api/courses/${c.id}/cohorts/${cohort.id}/join`, person.auth)),
    );
    const codes = replies.map((reply) => reply.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(15);
    expect(replies.find((reply) => reply.statusCode === 409)!.json().error).toBe('This cohort is full');
    const [row] = await t.database.db.select().from(courseCohorts).where(eq(courseCohorts.id, cohort.id));
    expect(row!.memberCount).toBe(5);
    // Those refused a seat were not enrolled either; the five who joined were.
    const enrolments = await t.database.db.select().from(courseEnrollments).where(eq(courseEnrollments.courseId, c.id));
    expect(enrolments).toHaveLength(5);
    const listed = (await call('GET', `/api/courses/${c.id}/cohorts`)).json().cohorts[0];
    expect(listed).toMatchObject({ memberCount: 5, seatsLeft: 0, joinRefusal: 'This cohort is full' });
  });

  it('refuses a closed enrolment, an ended cohort and a second cohort of the same course with clear errors', async () => {
    const { course: c } = await course();
    const closed = await openCohort(c.id, { enrollmentClosesAt: iso(-0.5) });
    const ended = await openCohort(c.id, { startsAt: iso(-30), endsAt: iso(-1) });
    const open = await openCohort(c.id);
    const other = await openCohort(c.id);
    const member = await learner();
    const join = (id: string) => call('POST', `/api/courses/${c.id}/cohorts/${id}/join`, member.auth);
    const closedReply = await join(closed.id);
    expect(closedReply.statusCode).toBe(409);
    expect(closedReply.json().error).toBe('Enrolment in this cohort has closed');
    const endedReply = await join(ended.id);
    expect(endedReply.statusCode).toBe(409);
    expect(endedReply.json().error).toBe('This cohort has ended');
    expect((await join(open.id)).statusCode).toBe(200);
    const second = await join(other.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('You are already in another cohort of this course: leave it first');
  });

  it('applies the enrol rule: the prerequisite course comes first, and the teacher cannot join their own course', async () => {
    const { course: first } = await course('First course');
    const { course: c } = await course('Second course');
    await t.database.db.update(courses).set({ prerequisiteCourseId: first.id }).where(eq(courses.id, c.id));
    const cohort = await openCohort(c.id);
    const member = await learner();
    const refused = await call('POST', `/api/courses/${c.id}/cohorts/${cohort.id}/join`, member.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain('First course');
    const [row] = await t.database.db.select().from(courseCohorts).where(eq(courseCohorts.id, cohort.id));
    expect(row!.memberCount).toBe(0);
    const own = await call('POST', `/api/courses/${c.id}/cohorts/${cohort.id}/join`, owner.auth);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('You teach this course: open any lesson to preview it');
  });
});

describe('the schedule', () => {
  it('gives each lesson with a due date its day in the asked zone, with done, overdue and upcoming', async () => {
    const made = await course();
    const [a, b, quiz] = made.lessons;
    // Lesson due dates are set in the lesson editor; a bad value is refused.
    const bad = await call('PUT', `/api/courses/${made.course.id}/lessons/${a!.id}`, owner.auth, { dueAfterDays: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Days cannot be negative');
    for (const [lesson, days] of [
      [a!, 0],
      [b!, 1],
      [quiz!, 30],
    ] as const) {
      const reply = await call('PUT', `/api/courses/${made.course.id}/lessons/${lesson.id}`, owner.auth, {
        dueAfterDays: days,
      });
      expect(reply.statusCode).toBe(200);
    }
    const edited = (await call('GET', `/api/courses/${made.course.id}`, owner.auth)).json().course;
    expect(edited.sections[0].lessons.map((l: { gating: { dueAfterDays: number } }) => l.gating.dueAfterDays)).toEqual([
      0, 1, 30,
    ]);
    const startsAt = new Date(Date.now() - 3 * DAY);
    const cohort = await openCohort(made.course.id, { startsAt: startsAt.toISOString() });
    const member = await learner();
    await call('POST', `/api/courses/${made.course.id}/cohorts/${cohort.id}/join`, member.auth);
    await t.database.db
      .insert(courseLessonProgress)
      .values({ userId: member.user.id, lessonId: a!.id, courseId: made.course.id, completedAt: new Date() });
    const reply = await call('GET', `/api/courses/${made.course.id}/schedule?timeZone=Asia/Tokyo`, member.auth);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.timeZone).toBe('Asia/Tokyo');
    expect(body.cohort.id).toBe(cohort.id);
    const tokyoStart = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(startsAt);
    const plus = (days: number) =>
      new Date(Date.parse(`${tokyoStart}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
    expect(
      body.items.map((item: { title: string; dueDay: string; state: string }) => [item.title, item.dueDay, item.state]),
    ).toEqual([
      ['Lesson 1.1', plus(0), 'done'],
      ['Lesson 1.2', plus(1), 'overdue'],
      ['Lesson 1.3', plus(30), 'upcoming'],
    ]);
    expect(body.behind).toBe(true);
  });

  it('is for enrolled learners, the owner and admins: 401 anonymous, 403 not enrolled, 400 for an unknown zone', async () => {
    const { course: c } = await course();
    const url = `/api/courses/${c.id}/schedule`;
    expect((await call('GET', url)).statusCode).toBe(401);
    const refused = await call('GET', url, student.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Enroll in this course first');
    expect((await call('GET', url, owner.auth)).json()).toMatchObject({ cohort: null, items: [], behind: false });
    expect((await call('GET', url, admin.auth)).statusCode).toBe(200);
    const badZone = await call('GET', `${url}?timeZone=Mars/Olympus`, owner.auth);
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error).toBe('Time zone must be a valid IANA name such as Europe/Berlin');
  });
});

describe('the calendar feed', () => {
  it('answers text/calendar with one all-day event per due date, parsed back with ical.js; replaced and revoked addresses stop working', async () => {
    const made = await course('Feed course');
    const [a, b] = made.lessons;
    await t.database.db.update(courseLessons).set({ dueAfterDays: 2 }).where(eq(courseLessons.id, a!.id));
    await t.database.db.update(courseLessons).set({ dueAfterDays: 9 }).where(eq(courseLessons.id, b!.id));
    const cohort = await openCohort(made.course.id, {
      startsAt: '2026-03-02T10:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
    });
    const member = await learner();
    await call('POST', `/api/courses/${made.course.id}/cohorts/${cohort.id}/join`, member.auth);
    await t.database.db.insert(userPreferences).values({ userId: member.user.id, timeZone: 'Pacific/Auckland' });

    expect((await call('POST', '/api/calendar/feed')).statusCode).toBe(401);
    expect((await call('GET', '/api/calendar/feed', member.auth)).json().feed).toBeNull();
    const created = await call('POST', '/api/calendar/feed', member.auth);
    expect(created.statusCode).toBe(201);
    const url = created.json().url as string;
    expect(url).toMatch(/^http:\/\/learnbuild\.test\/api\/calendar\/[\w-]{43}\.ics$/);
    expect((await call('GET', '/api/calendar/feed', member.auth)).json().feed.createdAt).toBe(created.json().createdAt);
    const path = url.replace('http://learnbuild.test', '');

    const feed = await call('GET', path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    // 10:00 UTC on 2 March is 23:00 in Auckland: the start day there is the 2nd.
    expect(
      events.map((event) => [
        event.uid,
        event.summary,
        event.startDate.toString(),
        event.startDate.isDate,
        event.endDate.toString(),
      ]),
    ).toEqual([
      [`${cohort.id}.${a!.id}@learnbuild`, 'Due: Lesson 1.1', '2026-03-04', true, '2026-03-05'],
      [`${cohort.id}.${b!.id}@learnbuild`, 'Due: Lesson 1.2', '2026-03-11', true, '2026-03-12'],
    ]);
    // The same address twice gives the same UIDs.
    const again = new ICAL.Component(ICAL.parse((await call('GET', path)).body));
    expect(again.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).uid)).toEqual(
      events.map((event) => event.uid),
    );

    const replaced = await call('POST', '/api/calendar/feed', member.auth);
    const newPath = (replaced.json().url as string).replace('http://learnbuild.test', '');
    expect(newPath).not.toBe(path);
    const old = await call('GET', path);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ success: false, error: 'Calendar feed not found' });
    expect((await call('GET', newPath)).statusCode).toBe(200);

    expect((await call('DELETE', '/api/calendar/feed')).statusCode).toBe(401);
    const revoked = await call('DELETE', '/api/calendar/feed', member.auth);
    expect(revoked.json()).toEqual({ success: true, message: 'Your calendar address was revoked' });
    expect((await call('GET', newPath)).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar/feed', member.auth)).json().feed).toBeNull();
  });

  it('answers 404 for an unknown or malformed token', async () => {
    const unknown = await call('GET', `/api/calendar/${'a'.repeat(43)}.ics`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Calendar feed not found');
    expect((await call('GET', '/api/calendar/short.ics')).statusCode).toBe(404);
  });
});

describe('the day-before reminder', () => {
  it('tells each member with a lesson due tomorrow in their own zone once, across two runs', async () => {
    const made = await course('Reminder course');
    const [a, b, quiz] = made.lessons;
    await t.database.db.update(courseLessons).set({ dueAfterDays: 1 }).where(eq(courseLessons.id, a!.id));
    await t.database.db.update(courseLessons).set({ dueAfterDays: 1 }).where(eq(courseLessons.id, b!.id));
    await t.database.db.update(courseLessons).set({ dueAfterDays: 5 }).where(eq(courseLessons.id, quiz!.id));
    // Runs at 18:00 in UTC on 10 March; the cohort started on the 10th, so lessons 1.1 and 1.2 are due on the 11th.
    const run = new Date(`2026-03-10T${String(COHORT_DUE_REMINDER_HOUR).padStart(2, '0')}:05:00Z`);
    const cohort = await openCohort(made.course.id, {
      startsAt: '2026-03-10T08:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
    });
    const [inUtc, doneOne, doneAll, inTokyo] = await Promise.all([learner(), learner(), learner(), learner()]);
    for (const person of [inUtc, doneOne, doneAll, inTokyo]) {
      await call('POST', `/api/courses/${made.course.id}/cohorts/${cohort.id}/join`, person!.auth);
    }
    await t.database.db.insert(userPreferences).values({ userId: inTokyo!.user.id, timeZone: 'Asia/Tokyo' });
    await t.database.db.insert(courseLessonProgress).values([
      { userId: doneOne!.user.id, lessonId: a!.id, courseId: made.course.id, completedAt: new Date() },
      { userId: doneAll!.user.id, lessonId: a!.id, courseId: made.course.id, completedAt: new Date() },
      { userId: doneAll!.user.id, lessonId: b!.id, courseId: made.course.id, completedAt: new Date() },
    ]);
    const remindersOf = (userId: string) =>
      t.database.db
        .select({ title: notifications.title, url: notifications.url, dedupeKey: notifications.dedupeKey })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'cohort_due')));

    await t.app.jobs.runNow('cohorts.due-reminders', run);
    await t.app.jobs.runNow('cohorts.due-reminders', new Date(run.getTime() + 60_000));
    expect(await remindersOf(inUtc!.user.id)).toEqual([
      {
        title: '“Reminder course”: 2 lessons are due tomorrow',
        url: `/courses/${made.course.slug}?view=schedule`,
        dedupeKey: `cohort_due:${cohort.id}:2026-03-11`,
      },
    ]);
    expect((await remindersOf(doneOne!.user.id)).map((row) => row.title)).toEqual([
      '“Reminder course”: “Lesson 1.2” is due tomorrow',
    ]);
    expect(await remindersOf(doneAll!.user.id)).toEqual([]);
    // 18:05 UTC is 03:05 in Tokyo: not their hour.
    expect(await remindersOf(inTokyo!.user.id)).toEqual([]);
    // Tokyo's 18:00 on the 10th (09:00 UTC): the start day there is the 10th too, so the 11th is tomorrow.
    await t.app.jobs.runNow('cohorts.due-reminders', new Date('2026-03-10T09:05:00Z'));
    expect((await remindersOf(inTokyo!.user.id)).map((row) => row.dedupeKey)).toEqual([
      `cohort_due:${cohort.id}:2026-03-11`,
    ]);
  });
});

describe('announcements', () => {
  it('reach only their audience: the whole course, or one cohort’s members', async () => {
    const made = await course('Announced course');
    const c = made.course;
    const spring = await openCohort(c.id);
    const autumn = await openCohort(c.id, { title: 'Autumn cohort' });
    const [springMember, autumnMember, soloLearner] = await Promise.all([learner(), learner(), learner()]);
    await call('POST', `/api/courses/${c.id}/cohorts/${spring.id}/join`, springMember!.auth);
    await call('POST', `/api/courses/${c.id}/cohorts/${autumn.id}/join`, autumnMember!.auth);
    await call('POST', `/api/courses/${c.id}/enroll`, soloLearner!.auth);

    const url = `/api/courses/${c.id}/announcements`;
    const body = { title: 'Welcome', body: 'Read **lesson one** first.' };
    expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    expect((await call('POST', url, student.auth, body)).statusCode).toBe(403);
    expect((await call('POST', url, otherInstructor.auth, body)).statusCode).toBe(403);
    const toAll = await call('POST', url, owner.auth, body);
    expect(toAll.statusCode).toBe(201);
    expect(toAll.json().announcement).toMatchObject({ title: 'Welcome', cohort: null, authorName: 'Cohort Owner' });
    const toSpring = await call('POST', url, admin.auth, {
      title: 'Spring call',
      body: 'Friday at 5',
      cohortId: spring.id,
    });
    expect(toSpring.statusCode).toBe(201);
    expect(toSpring.json().announcement.cohort).toEqual({ id: spring.id, title: 'Spring cohort' });

    const titlesFor = async (who: User) =>
      (await call('GET', url, who.auth)).json().announcements.map((a: { title: string }) => a.title);
    expect(await titlesFor(springMember!)).toEqual(['Spring call', 'Welcome']);
    expect(await titlesFor(autumnMember!)).toEqual(['Welcome']);
    expect(await titlesFor(soloLearner!)).toEqual(['Welcome']);
    expect(await titlesFor(owner)).toEqual(['Spring call', 'Welcome']);
    expect((await call('GET', url)).statusCode).toBe(401);
    const notEnrolled = await call('GET', url, student.auth);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().error).toBe('Enroll in this course first');

    const told = async (who: User) =>
      (
        await t.database.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(and(eq(notifications.userId, who.user.id), eq(notifications.kind, 'course_update')))
      )
        .map((row) => row.title)
        .sort();
    expect(await told(springMember!)).toEqual(['“Announced course”: “Spring call”', '“Announced course”: “Welcome”']);
    expect(await told(autumnMember!)).toEqual(['“Announced course”: “Welcome”']);
    expect(await told(soloLearner!)).toEqual(['“Announced course”: “Welcome”']);
    expect(await told(owner)).toEqual([]);
  });

  it('refuses bad input and lets only the owner and admins delete', async () => {
    const { course: c } = await course();
    const url = `/api/courses/${c.id}/announcements`;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: '', body: 'x' }, 400, 'Announcement title is required'],
      [{ title: 'x', body: '   ' }, 400, 'Announcement text is required'],
      [{ title: 'x'.repeat(161), body: 'x' }, 400, 'Announcement title must be at most 160 characters'],
      [{ title: 'x', body: 'x', cohortId: 'nope' }, 400, 'Must be a valid id'],
      [{ title: 'x', body: 'x', cohortId: crypto.randomUUID() }, 404, 'Cohort not found'],
    ];
    for (const [body, status, error] of cases) {
      const reply = await call('POST', url, owner.auth, body);
      expect(reply.statusCode, error).toBe(status);
      expect(reply.json().error).toBe(error);
    }
    const made = (await call('POST', url, owner.auth, { title: 'Gone soon', body: 'x' })).json().announcement;
    expect((await call('DELETE', `${url}/${made.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `${url}/${made.id}`, student.auth)).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${made.id}`, admin.auth)).json()).toEqual({
      success: true,
      message: 'The announcement was deleted',
    });
    expect((await call('DELETE', `${url}/${made.id}`, owner.auth)).statusCode).toBe(404);
  });
});
