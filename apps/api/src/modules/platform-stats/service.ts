import type { AdminStats } from '@learnbuild/domain/schemas/admin';
import type { DbOrTx } from '../../db/client';
import * as q from './queries';

/** docs/decisions.md "Instructor applications and admin" defines every figure below. */
export const ACTIVE_WINDOW_DAYS = 30;
export const TOP_INSTRUCTORS = 5;
/** SPEC 9: Recent Users shows 5. */
export const RECENT_USERS = 5;

/** Calendar months in UTC: [start of last month, start of this month, start of next month). */
export function monthBoundsUtc(now: Date) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    lastMonthStart: new Date(Date.UTC(year, month - 1, 1)),
    thisMonthStart: new Date(Date.UTC(year, month, 1)),
    nextMonthStart: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** One decimal place, halves rounded up. */
export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** part / whole as a percentage with one decimal; 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : roundToTenth((part / whole) * 100);
}

/** Change from last month to this one in percent; from 0 it is 100 when anything happened, else 0. */
export function growthRate(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0;
  return roundToTenth(((thisMonth - lastMonth) / lastMonth) * 100);
}

export function averagePerCourse(enrollments: number, courses: number): number {
  return courses === 0 ? 0 : roundToTenth(enrollments / courses);
}

export async function adminDashboardStats(db: DbOrTx, now = new Date()): Promise<AdminStats> {
  const months = monthBoundsUtc(now);
  const thisMonth = { from: months.thisMonthStart, to: months.nextMonthStart };
  const lastMonth = { from: months.lastMonthStart, to: months.thisMonthStart };
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_DAYS * 24 * 60 * 60_000);
  const [people, pending, newThisMonth, newLastMonth, dsa, courses, recent] = await Promise.all([
    q.countPeople(db),
    q.countPendingApplications(db),
    q.countNewStudents(db, thisMonth),
    q.countNewStudents(db, lastMonth),
    q.countDsaUsers(db, activeSince, now),
    q.findCourseFigures(db, thisMonth, TOP_INSTRUCTORS),
    q.listRecentUsers(db, RECENT_USERS),
  ]);
  return {
    overview: {
      totalStudents: people.students,
      totalInstructors: people.instructors,
      totalCourses: courses.totalCourses,
      pendingInstructorApps: pending,
      totalEnrollments: courses.totalEnrollments,
      avgEnrollmentsPerCourse: averagePerCourse(courses.totalEnrollments, courses.totalCourses),
    },
    growth: {
      newStudentsThisMonth: newThisMonth,
      newCoursesThisMonth: courses.newCoursesThisMonth,
      studentGrowthRate: growthRate(newThisMonth, newLastMonth),
    },
    dsa: {
      totalUsers: dsa.totalUsers,
      activeUsers: dsa.activeUsers,
      engagementRate: percentOf(dsa.activeUsers, dsa.totalUsers),
    },
    topInstructors: courses.topInstructors.map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      courseCount: row.courseCount,
    })),
    recentUsers: recent.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      joinedAt: row.createdAt.toISOString(),
    })),
  };
}
