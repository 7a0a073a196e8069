import type { Role } from '@learnbuild/domain/roles';
import { chartWindow } from '@learnbuild/domain/rules/chart-window';
import { todayIn } from '@learnbuild/domain/rules/streaks';
import {
  type ActivityEntry,
  type AdminCharts,
  CHART_WEEKS,
  type CourseSummary,
  type DashboardResume,
} from '@learnbuild/domain/schemas/dashboard';
import type { DbOrTx } from '../../db/client';
import { pageWindow } from '../../lib/page-window';
import { sheetSteps } from '../badges/queries';
import { badgeName } from '../badges/service';
import { countLearnersOfInstructor } from '../courses/queries';
import * as q from './queries';

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
    case 'badge.earned':
      return '/dashboard#badges';
    default:
      return '/dashboard';
  }
}

function titleOf(row: q.ActivityRow, steps: readonly string[]): string {
  if (row.kind === 'badge.earned') return `Earned the badge ${badgeName(row.ref, steps)}`;
  if (row.kind === 'application.approved') return 'Instructor application approved';
  if (row.kind === 'application.rejected') return 'Instructor application not approved';
  return row.title;
}

export async function activityFeed(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    q.listActivity(db, userId, pageWindow(page, pageSize)),
    q.countActivity(db, userId),
  ]);
  const steps = rows.some((row) => row.kind === 'badge.earned' && row.ref.startsWith('step-complete:'))
    ? await sheetSteps(db)
    : [];
  const activity: ActivityEntry[] = rows.map((row) => ({
    id: `${row.kind}:${row.ref}`,
    kind: row.kind,
    title: titleOf(row, steps),
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
    teaches ? countLearnersOfInstructor(db, userId) : Promise.resolve(0),
    q.listMyCourses(db, userId),
  ]);
  const completionPercent =
    myCourses.length === 0
      ? 0
      : Math.round(myCourses.reduce((sum, course) => sum + course.progress, 0) / myCourses.length);
  return { totalCourses, enrolledCourses, totalStudents, completionPercent, myCourses };
}

/**
 * The admin charts over the last CHART_WEEKS weeks of the admin's own calendar, ending today there (a
 * chart running into days that have not come yet reads as missing data): sign-ups per week, Monday first,
 * this week's so far last, and solves per day, every week and day present (zero when nothing happened),
 * oldest first.
 */
export async function adminCharts(db: DbOrTx, timeZone: string, now = new Date()): Promise<AdminCharts> {
  const { days, weekStarts } = chartWindow(todayIn(timeZone, now), CHART_WEEKS);
  const today = days.at(-1)!;
  const [weeks, solves] = await Promise.all([
    q.countSignupsPerWeek(db, weekStarts[0]!, today, timeZone),
    q.countSolvesPerDay(db, days[0]!, today, timeZone),
  ]);
  const perWeek = new Map(weeks.map((row) => [row.weekStart, row.count]));
  const perDay = new Map(solves.map((row) => [row.date, row.count]));
  return {
    signupsPerWeek: weekStarts.map((weekStart) => ({ weekStart, count: perWeek.get(weekStart) ?? 0 })),
    dsaSolvesPerDay: days.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
  };
}

/** Continue where you left off: the learner's latest lesson and problem, each null until there is one. */
export async function resumePoints(db: DbOrTx, userId: string): Promise<DashboardResume> {
  const [lesson, problem] = await Promise.all([q.findLastLesson(db, userId), q.findLastProblem(db, userId)]);
  return {
    lesson: lesson
      ? {
          kind: lesson.kind,
          title: lesson.title,
          context: lesson.context,
          href:
            lesson.kind === 'course'
              ? `/courses/${lesson.courseSlug}?lesson=${lesson.lessonId}`
              : `/subject/${lesson.subjectId}/topic/${lesson.topicId}/subtopic/${lesson.lessonId}`,
          at: lesson.at.toISOString(),
        }
      : null,
    problem: problem
      ? {
          title: problem.title,
          difficulty: problem.difficulty,
          solved: problem.solved,
          href: `/dsa-sheet?q=${encodeURIComponent(problem.title)}`,
          at: problem.at.toISOString(),
        }
      : null,
  };
}
