import type { Role } from '@learnbuild/domain/roles';
import {
  type ActivityEntry,
  type AdminCharts,
  CHART_WEEKS,
  type CourseSummary,
} from '@learnbuild/domain/schemas/dashboard';
import type { DbOrTx } from '../../db/client';
import { pageWindow } from '../../lib/page-window';
import * as q from './queries';

const DAY_MS = 86_400_000;

function hrefOf(row: q.ActivityRow): string | null {
  switch (row.kind) {
    case 'dsa.solved':
      return '/dsa-sheet';
    case 'subtopic.completed':
      return `/subject/${row.subjectId}/topic/${row.topicId}/subtopic/${row.subtopicId}`;
    case 'course.enrolled':
      return `/courses/${row.ref}`;
    case 'course.completed':
      return `/certificates/${row.ref}`;
    default:
      return '/dashboard';
  }
}

function titleOf(row: q.ActivityRow): string {
  if (row.kind === 'application.approved') return 'Instructor application approved';
  if (row.kind === 'application.rejected') return 'Instructor application not approved';
  return row.title;
}

export async function activityFeed(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    q.listActivity(db, userId, pageWindow(page, pageSize)),
    q.countActivity(db, userId),
  ]);
  const activity: ActivityEntry[] = rows.map((row) => ({
    id: `${row.kind}:${row.ref}`,
    kind: row.kind,
    title: titleOf(row),
    detail: row.detail,
    href: hrefOf(row),
    at: row.at.toISOString(),
  }));
  return { activity, total, page, pageSize };
}

export async function courseSummary(db: DbOrTx, userId: string, role: Role): Promise<CourseSummary> {
  const teaches = role === 'Instructor' || role === 'Admin';
  const [totalCourses, enrolledCourses, totalStudents, myCourses] = await Promise.all([
    q.countCourses(db),
    q.countEnrolledCourses(db, userId),
    teaches ? q.countStudentsOfInstructor(db, userId) : Promise.resolve(0),
    q.listMyCourses(db, userId),
  ]);
  const completionPercent =
    myCourses.length === 0
      ? 0
      : Math.round(myCourses.reduce((sum, course) => sum + course.progress, 0) / myCourses.length);
  return { totalCourses, enrolledCourses, totalStudents, completionPercent, myCourses };
}

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStartUtc(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The admin charts over the last CHART_WEEKS UTC weeks, this one included: sign-ups per week and
 * solves per day, every week and day present (zero when nothing happened), oldest first.
 */
export async function adminCharts(db: DbOrTx, now = new Date()): Promise<AdminCharts> {
  const thisWeek = weekStartUtc(now);
  const from = new Date(thisWeek.getTime() - (CHART_WEEKS - 1) * 7 * DAY_MS);
  const to = new Date(thisWeek.getTime() + 7 * DAY_MS);
  const [weeks, days] = await Promise.all([q.countSignupsPerWeek(db, from, to), q.countSolvesPerDay(db, from, to)]);
  const perWeek = new Map(weeks.map((row) => [row.weekStart, row.count]));
  const perDay = new Map(days.map((row) => [row.date, row.count]));
  const signupsPerWeek = Array.from({ length: CHART_WEEKS }, (_, index) => {
    const weekStart = isoDay(new Date(from.getTime() + index * 7 * DAY_MS));
    return { weekStart, count: perWeek.get(weekStart) ?? 0 };
  });
  const dsaSolvesPerDay = Array.from({ length: CHART_WEEKS * 7 }, (_, index) => {
    const date = isoDay(new Date(from.getTime() + index * DAY_MS));
    return { date, count: perDay.get(date) ?? 0 };
  });
  return { signupsPerWeek, dsaSolvesPerDay };
}
