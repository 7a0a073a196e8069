import {
  COHORT_ENDED,
  COHORT_ENROLLMENT_CLOSED,
  COHORT_FULL,
  cohortSchedule,
  cohortStatus,
  isBehindSchedule,
  joinRefusal,
  seatsLeft,
} from '@learnbuild/domain/rules/cohort-schedule';
import {
  type Announcement,
  type announcementBodySchema,
  COHORT_CLOSE_AFTER_END,
  COHORT_END_BEFORE_START,
  COHORT_NOT_FOUND,
  type Cohort,
  type CohortsReply,
  type cohortBodySchema,
  type ScheduleReply,
  type UpdateCohortBody,
} from '@learnbuild/domain/schemas/cohorts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, forbidden, invalidFields, notFound } from '../../lib/http-errors';
import { findEnrollment } from '../course-learning/queries';
import { enroll, refuseNewEnrolment } from '../course-learning/service';
import { type CourseRow, type CourseViewer, canEditCourse, canSeeCourse, resolveCourse } from '../courses/queries';
import { notifyIn, quoted } from '../notifications/service';
import * as q from './queries';

const COURSE_NOT_FOUND = 'Course not found';
const ENROLL_FIRST = 'Enroll in this course first';
const OWNER_ONLY = 'Only the course instructor or an admin can change this course';

export function toCohort(row: q.CohortRow, now: Date): Cohort {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    capacity: row.capacity,
    enrollmentClosesAt: row.enrollmentClosesAt?.toISOString() ?? null,
    memberCount: row.memberCount,
    seatsLeft: seatsLeft(row),
    status: cohortStatus(row, now),
    joinRefusal: joinRefusal(row, now),
  };
}

interface Reached {
  course: CourseRow;
  enrolled: boolean;
  canEdit: boolean;
}

/** The course as the viewer may reach it: 404 when unknown or hidden from them. */
async function reachCourse(db: DbOrTx, idOrSlug: string, viewer: CourseViewer | null): Promise<Reached> {
  const course = await resolveCourse(db, idOrSlug);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const enrolled = viewer ? await isEnrolled(db, course.id, viewer.id) : false;
  if (!canSeeCourse(course, viewer, enrolled)) throw notFound(COURSE_NOT_FOUND);
  return { course, enrolled, canEdit: canEditCourse(course, viewer) };
}

async function isEnrolled(db: DbOrTx, courseId: string, userId: string): Promise<boolean> {
  return (await findEnrollment(db, courseId, userId)) !== undefined;
}

async function editableCourse(db: DbOrTx, idOrSlug: string, viewer: CourseViewer): Promise<CourseRow> {
  const { course, canEdit } = await reachCourse(db, idOrSlug, viewer);
  if (!canEdit) throw forbidden(OWNER_ONLY);
  return course;
}

async function cohortOf(db: DbOrTx, courseId: string, cohortId: string): Promise<q.CohortRow> {
  const cohort = await q.findCohort(db, courseId, cohortId);
  if (!cohort) throw notFound(COHORT_NOT_FOUND);
  return cohort;
}

// Cohorts

/** `GET /api/courses/:id/cohorts`: everyone who may see the course sees its cohorts and the seats left. */
export async function listCohorts(
  db: DbOrTx,
  idOrSlug: string,
  viewer: CourseViewer | null,
  now = new Date(),
): Promise<Omit<CohortsReply, 'success'>> {
  const { course } = await reachCourse(db, idOrSlug, viewer);
  const [rows, membership] = await Promise.all([
    q.listCohorts(db, course.id),
    viewer ? q.findMembership(db, course.id, viewer.id) : undefined,
  ]);
  return { cohorts: rows.map((row) => toCohort(row, now)), myCohortId: membership?.cohortId ?? null };
}

export async function createCohort(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  body: z.output<typeof cohortBodySchema>,
  now = new Date(),
) {
  const course = await editableCourse(db, idOrSlug, viewer);
  const parsed = body;
  const row = await q.insertCohort(db, {
    courseId: course.id,
    title: parsed.title,
    startsAt: new Date(parsed.startsAt),
    endsAt: new Date(parsed.endsAt),
    capacity: parsed.capacity,
    enrollmentClosesAt: parsed.enrollmentClosesAt ? new Date(parsed.enrollmentClosesAt) : null,
  });
  return toCohort(row, now);
}

/** Only the fields sent change; the dates are checked together with the stored ones, the capacity against the members. */
export async function updateCohort(
  db: Db,
  viewer: CourseViewer,
  ref: { idOrSlug: string; cohortId: string },
  body: UpdateCohortBody,
  now = new Date(),
) {
  const course = await editableCourse(db, ref.idOrSlug, viewer);
  const row = await db.transaction(async (tx) => {
    const cohort = await q.lockCohort(tx, course.id, ref.cohortId);
    if (!cohort) throw notFound(COHORT_NOT_FOUND);
    const startsAt = body.startsAt ? new Date(body.startsAt) : cohort.startsAt;
    const endsAt = body.endsAt ? new Date(body.endsAt) : cohort.endsAt;
    const enrollmentClosesAt =
      body.enrollmentClosesAt === undefined
        ? cohort.enrollmentClosesAt
        : body.enrollmentClosesAt === null
          ? null
          : new Date(body.enrollmentClosesAt);
    if (endsAt <= startsAt)
      throw invalidFields(COHORT_END_BEFORE_START, [{ path: 'endsAt', message: COHORT_END_BEFORE_START }]);
    if (enrollmentClosesAt && enrollmentClosesAt > endsAt) {
      throw invalidFields(COHORT_CLOSE_AFTER_END, [{ path: 'enrollmentClosesAt', message: COHORT_CLOSE_AFTER_END }]);
    }
    const capacity = body.capacity === undefined ? cohort.capacity : body.capacity;
    if (capacity !== null && capacity < cohort.memberCount) {
      throw conflict(`This cohort has ${cohort.memberCount} members: the capacity cannot be lower than that`);
    }
    return q.updateCohortRow(tx, cohort.id, { title: body.title, startsAt, endsAt, enrollmentClosesAt, capacity });
  });
  return toCohort(row, now);
}

export async function deleteCohort(db: Db, viewer: CourseViewer, ref: { idOrSlug: string; cohortId: string }) {
  const course = await editableCourse(db, ref.idOrSlug, viewer);
  const cohort = await cohortOf(db, course.id, ref.cohortId);
  await q.deleteCohort(db, course.id, cohort.id);
  return cohort;
}

/**
 * Joins a cohort, enrolling in the course too when needed (with the enrol endpoint's own rules: published, not
 * the teacher's own, prerequisite course completed). The seat is taken in one statement, so simultaneous joins
 * never pass the capacity, and a learner refused a seat is not enrolled; one cohort per course per learner.
 */
export async function joinCohort(
  db: Db,
  viewer: CourseViewer,
  ref: { idOrSlug: string; cohortId: string },
  now = new Date(),
) {
  const { course, enrolled } = await reachCourse(db, ref.idOrSlug, viewer);
  const cohort = await cohortOf(db, course.id, ref.cohortId);
  const membership = await q.findMembership(db, course.id, viewer.id);
  if (membership?.cohortId === cohort.id) return { course, cohort: toCohort(cohort, now), joined: false };
  if (membership) throw conflict('You are already in another cohort of this course: leave it first');
  const refusal = joinRefusal({ ...cohort, capacity: null }, now);
  if (refusal === COHORT_ENDED || refusal === COHORT_ENROLLMENT_CLOSED) throw conflict(refusal);
  // The enrol rule's refusals, in its order, asked first so a refused learner never holds a seat meanwhile
  // (enroll asks them again).
  if (!enrolled) await refuseNewEnrolment(db, course, viewer);
  const row = await db.transaction(async (tx) => {
    const seated = await q.takeSeat(tx, cohort.id);
    if (!seated) throw conflict(COHORT_FULL);
    if (!(await q.insertMember(tx, { cohortId: cohort.id, courseId: course.id, userId: viewer.id }))) {
      throw conflict('You are already in another cohort of this course: leave it first');
    }
    return seated;
  });
  if (!enrolled) {
    try {
      await enroll(db, viewer, course.id);
    } catch (error) {
      // The course refused them after all (a draft, their own course): the seat goes back.
      await db.transaction(async (tx) => {
        if (await q.deleteMember(tx, cohort.id, viewer.id)) await q.releaseSeat(tx, cohort.id);
      });
      throw error;
    }
  }
  return { course, cohort: toCohort(row, now), joined: true };
}

export async function leaveCohort(
  db: Db,
  viewer: CourseViewer,
  ref: { idOrSlug: string; cohortId: string },
  now = new Date(),
) {
  const { course } = await reachCourse(db, ref.idOrSlug, viewer);
  const cohort = await cohortOf(db, course.id, ref.cohortId);
  const row = await db.transaction(async (tx) => {
    if (!(await q.deleteMember(tx, cohort.id, viewer.id))) return undefined;
    return q.releaseSeat(tx, cohort.id);
  });
  return { cohort: toCohort(row ?? cohort, now), left: row !== undefined };
}

// The schedule

/** `GET /api/courses/:id/schedule`: the caller's cohort and each lesson's due date in `timeZone`. */
export async function schedule(
  db: DbOrTx,
  viewer: CourseViewer,
  idOrSlug: string,
  timeZone: string,
  now = new Date(),
): Promise<ScheduleReply> {
  const { course, enrolled, canEdit } = await reachCourse(db, idOrSlug, viewer);
  if (!enrolled && !canEdit) throw forbidden(ENROLL_FIRST);
  const membership = await q.findMembership(db, course.id, viewer.id);
  const cohort = membership ? await q.findCohort(db, course.id, membership.cohortId) : undefined;
  if (!cohort) return { success: true, cohort: null, timeZone, items: [], behind: false };
  const lessons = await q.dueLessons(db, course.id, viewer.id);
  const byId = new Map(lessons.map((lesson) => [lesson.lessonId, lesson]));
  const entries = cohortSchedule(
    cohort.startsAt,
    lessons.map((lesson) => ({
      lessonId: lesson.lessonId,
      dueAfterDays: Number(lesson.dueAfterDays),
      completed: lesson.completedAt !== null,
    })),
    timeZone,
    now,
  );
  return {
    success: true,
    cohort: toCohort(cohort, now),
    timeZone,
    items: entries.map((entry) => {
      const lesson = byId.get(entry.lessonId)!;
      return {
        lessonId: entry.lessonId,
        title: lesson.title,
        kind: lesson.kind,
        dueAfterDays: entry.dueAfterDays,
        dueDay: entry.dueDay,
        dueAt: entry.dueAt.toISOString(),
        state: entry.state,
      };
    }),
    behind: isBehindSchedule(entries),
  };
}

// Announcements

function toAnnouncement(row: Awaited<ReturnType<typeof q.listAnnouncements>>[number]): Announcement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    cohort: row.cohortId && row.cohortTitle ? { id: row.cohortId, title: row.cohortTitle } : null,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `GET /api/courses/:id/announcements`: the owner and admins read all; an enrolled learner those to the whole
 * course and to their own cohort; anyone else is refused.
 */
export async function listAnnouncements(db: DbOrTx, viewer: CourseViewer, idOrSlug: string): Promise<Announcement[]> {
  const { course, enrolled, canEdit } = await reachCourse(db, idOrSlug, viewer);
  if (canEdit) return (await q.listAnnouncements(db, course.id)).map(toAnnouncement);
  if (!enrolled) throw forbidden(ENROLL_FIRST);
  const membership = await q.findMembership(db, course.id, viewer.id);
  return (await q.listAnnouncements(db, course.id, membership?.cohortId ?? null)).map(toAnnouncement);
}

/**
 * Posts an announcement to the course or one cohort, and tells each learner of that audience (a course_update
 * notification, which reaches them as they chose: the tray, a mail, a digest).
 */
export async function postAnnouncement(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  body: z.output<typeof announcementBodySchema>,
) {
  const course = await editableCourse(db, idOrSlug, viewer);
  const parsed = body;
  const cohort = parsed.cohortId ? await cohortOf(db, course.id, parsed.cohortId) : null;
  const id = await db.transaction(async (tx) => {
    const announcementId = await q.insertAnnouncement(tx, {
      courseId: course.id,
      cohortId: cohort?.id ?? null,
      authorId: viewer.id,
      title: parsed.title,
      body: parsed.body,
    });
    const recipients = cohort ? await q.cohortMemberIds(tx, cohort.id) : await q.enrolledLearnerIds(tx, course.id);
    await notifyIn(tx, {
      kind: 'course_update',
      recipients,
      actorId: viewer.id,
      title: `${quoted(course.title)}: ${quoted(parsed.title)}`,
      url: `/courses/${course.slug}#announcements`,
      dedupeKey: `announcement:${announcementId}`,
    });
    return announcementId;
  });
  return toAnnouncement((await q.findAnnouncement(db, course.id, id))!);
}

export async function deleteAnnouncement(
  db: Db,
  viewer: CourseViewer,
  ref: { idOrSlug: string; announcementId: string },
) {
  const course = await editableCourse(db, ref.idOrSlug, viewer);
  if (!(await q.deleteAnnouncement(db, course.id, ref.announcementId))) throw notFound('Announcement not found');
}
