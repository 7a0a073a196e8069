import { dueAtOf, dueState } from '@learnbuild/domain/rules/cohort-schedule';
import {
  daysInactive,
  INSIGHT_REFRESH_MIN_SECONDS,
  isStalled,
  itemFlag,
  medianMinutes,
  NUDGE_LEARNER_WINDOW_HOURS,
  NUDGE_SENDER_WINDOW_HOURS,
  NUDGES_PER_SENDER_PER_DAY,
  STALLED_AFTER_DAYS,
  STALLED_LIST_MAX,
  shareOf,
} from '@learnbuild/domain/rules/course-insight';
import type {
  CourseInsight,
  InsightExercise,
  InsightQuestion,
  NudgeReply,
  StalledLearner,
} from '@learnbuild/domain/schemas/course-insight';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden, notFound, tooManyRequests } from '../../lib/http-errors';
import { createReplyCache } from '../../lib/reply-cache';
import { findEnrollment } from '../course-learning/queries';
import { type CourseRow, type CourseViewer, canEditCourse, resolveCourse } from '../courses/queries';
import { usableTimeZone } from '../notifications/local-time';
import { notify } from '../notifications/service';
import * as q from './queries';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Each course's insight reply as ready bytes, for a few seconds: an instructor's panel polls it and a busy course's
 * reply is 25 KiB. Every refresh and nudge drops them on every instance, so what changed shows at once.
 */
export const insightReplies = createReplyCache<Buffer>({
  freshMs: 5_000,
  staleUntilMs: 10_000,
  shareAs: 'courses.insight',
});
const EXERCISE_VERDICTS_SHOWN = 3;

/** Who owns a course, by id or slug, for a few seconds: a view of a cached insight then asks nothing of the database. */
const courseOwners = createReplyCache<{ id: string; instructorId: string }>({ freshMs: 5_000, staleUntilMs: 10_000 });

/** The course whose insight `viewer` may read: 404 when unknown, 403 unless they own it or are an admin. */
export async function insightCourse(db: DbOrTx, viewer: CourseViewer, idOrSlug: string): Promise<CourseRow> {
  const course = await resolveCourse(db, idOrSlug);
  if (!course) throw notFound('Course not found');
  if (!canEditCourse(course, viewer)) throw forbidden('Only the course instructor or an admin can see its insight');
  return course;
}

/** Computes a course's insight at `now` from its tables. */
export async function computeInsight(db: DbOrTx, course: { id: string; title: string }, now: Date) {
  const [lessons, learners, durations, quizAttempts, answers, bank, exercises] = await Promise.all([
    q.insightLessons(db, course.id),
    q.insightLearners(db, course.id),
    q.lessonDurations(db, course.id),
    q.submittedQuizAttempts(db, course.id),
    q.questionAnswers(db, course.id),
    q.bankQuestions(db, course.id),
    q.exerciseVerdicts(db, course.id),
  ]);
  const order = new Map(lessons.map((lesson, index) => [lesson.id, index]));

  // The funnel: completions per lesson, and where each learner still on the way has got to.
  const completed = new Array<number>(lessons.length).fill(0);
  const stoppedHere = new Array<number>(lessons.length).fill(0);
  let notStarted = 0;
  let completedLearners = 0;
  const dueLessons = lessons.filter((lesson) => lesson.dueAfterDays !== null);
  // Members of a cohort share its start, and most share a time zone: each due instant is worked out once.
  const dueAts = new Map<string, Date>();
  const dueAt = (startsAt: Date, days: number, timeZone: string) => {
    const key = `${startsAt.getTime()} ${days} ${timeZone}`;
    let at = dueAts.get(key);
    if (!at) {
      at = dueAtOf(startsAt, days, timeZone);
      dueAts.set(key, at);
    }
    return at;
  };
  const stalled: StalledLearner[] = [];
  for (const learner of learners) {
    let furthest = -1;
    const done = new Set<string>();
    for (const lessonId of learner.completedLessonIds) {
      const index = order.get(lessonId);
      if (index === undefined) continue;
      done.add(lessonId);
      completed[index]! += 1;
      furthest = Math.max(furthest, index);
    }
    if (learner.completedAt) {
      completedLearners += 1;
      continue;
    }
    if (furthest < 0) notStarted += 1;
    else stoppedHere[furthest]! += 1;
    // A schedule only when the learner is in a cohort and the course sets due dates (the cohorts' due rule).
    const cohort = learner.cohort;
    const zone = usableTimeZone(learner.timeZone);
    const overdueLessons =
      cohort && dueLessons.length > 0
        ? dueLessons.filter(
            (lesson) =>
              dueState(dueAt(cohort.startsAt, lesson.dueAfterDays!, zone), done.has(lesson.id), now) === 'overdue',
          ).length
        : null;
    if (isStalled({ now, lastActivityAt: learner.lastActivityAt, courseCompleted: false, overdueLessons })) {
      stalled.push({
        id: learner.userId,
        name: learner.name,
        lastActivityAt: learner.lastActivityAt.toISOString(),
        daysInactive: daysInactive(learner.lastActivityAt, now),
        completedLessons: done.size,
        overdueLessons,
        cohortTitle: learner.cohort?.title ?? null,
      });
    }
  }
  stalled.sort((a, b) => a.lastActivityAt.localeCompare(b.lastActivityAt) || a.name.localeCompare(b.name));

  const insight: CourseInsight = {
    courseId: course.id,
    courseTitle: course.title,
    computedAt: now.toISOString(),
    learners: learners.length,
    completedLearners,
    notStarted,
    lessons: lessons.map((lesson, index) => {
      const times = durations.get(lesson.id) ?? [];
      return {
        id: lesson.id,
        title: lesson.title,
        kind: lesson.kind,
        position: index + 1,
        completed: completed[index]!,
        stoppedHere: stoppedHere[index]!,
        medianMinutes: medianMinutes(times),
        timedCompletions: times.filter((ms) => ms >= 0).length,
      };
    }),
    quizAttempts,
    questions: itemAnalysis(lessons, answers, bank),
    exercises: exerciseAnalysis(lessons, exercises),
    stalledAfterDays: STALLED_AFTER_DAYS,
    stalledTotal: stalled.length,
    stalled: stalled.slice(0, STALLED_LIST_MAX),
  };
  return insight;
}

type Lessons = Awaited<ReturnType<typeof q.insightLessons>>;

/** Share correct and the most chosen wrong option of each question, in course order then as first answered. */
function itemAnalysis(
  lessons: Lessons,
  answers: Awaited<ReturnType<typeof q.questionAnswers>>,
  bank: Awaited<ReturnType<typeof q.bankQuestions>>,
): InsightQuestion[] {
  const byKey = new Map<
    string,
    { lessonId: string; key: string; answers: number; correct: number; wrong: Map<number, number> }
  >();
  for (const row of answers) {
    const id = `${row.lessonId} ${row.questionKey}`;
    let item = byKey.get(id);
    if (!item) {
      item = { lessonId: row.lessonId, key: row.questionKey, answers: 0, correct: 0, wrong: new Map() };
      byKey.set(id, item);
    }
    item.answers += row.count;
    if (row.correct) item.correct += row.count;
    else if (row.choice !== null) item.wrong.set(row.choice, (item.wrong.get(row.choice) ?? 0) + row.count);
  }
  const lessonById = new Map(lessons.map((lesson, index) => [lesson.id, { ...lesson, index }]));
  const fixedQuestion = (lessonId: string, key: string) => {
    const quiz = lessonById.get(lessonId)?.quiz;
    if (!Array.isArray(quiz)) return undefined;
    const found = quiz.find((question: { id?: string }) => question?.id === key) as
      | { prompt?: string; options?: string[] }
      | undefined;
    return found ? { prompt: found.prompt ?? '', options: found.options ?? [], index: quiz.indexOf(found) } : undefined;
  };
  const items = [...byKey.values()].map((item) => {
    const question = bank.get(item.key) ?? fixedQuestion(item.lessonId, item.key);
    // The wrong option chosen most; a tie goes to the earlier option.
    let most: { choice: number; count: number } | null = null;
    for (const [choice, count] of item.wrong) {
      if (!most || count > most.count || (count === most.count && choice < most.choice)) most = { choice, count };
    }
    const top: InsightQuestion['topDistractor'] = most
      ? {
          choice: most.choice,
          label: question?.options[most.choice] ?? `Option ${most.choice + 1}`,
          share: shareOf(most.count, item.answers),
        }
      : null;
    return {
      sortLesson: lessonById.get(item.lessonId)?.index ?? Number.MAX_SAFE_INTEGER,
      sortQuestion: question && 'index' in question ? (question.index as number) : Number.MAX_SAFE_INTEGER,
      question: {
        lessonId: item.lessonId,
        lessonTitle: lessonById.get(item.lessonId)?.title ?? '',
        questionKey: item.key,
        prompt: question?.prompt ?? '',
        answers: item.answers,
        correctShare: shareOf(item.correct, item.answers),
        topDistractor: top,
        flag: itemFlag(item.answers, item.correct),
      },
    };
  });
  items.sort(
    (a, b) =>
      a.sortLesson - b.sortLesson ||
      a.sortQuestion - b.sortQuestion ||
      a.question.questionKey.localeCompare(b.question.questionKey),
  );
  return items.map((item) => item.question);
}

function exerciseAnalysis(
  lessons: Lessons,
  exercises: Awaited<ReturnType<typeof q.exerciseVerdicts>>,
): InsightExercise[] {
  return lessons
    .filter((lesson) => lesson.kind === 'exercise')
    .map((lesson) => {
      const verdicts = exercises.verdicts
        .filter((row) => row.lessonId === lesson.id)
        .sort((a, b) => b.count - a.count || a.verdict.localeCompare(b.verdict));
      const submissions = verdicts.reduce((sum, row) => sum + row.count, 0);
      const people = exercises.learners.get(lesson.id) ?? { learners: 0, passed: 0 };
      return {
        lessonId: lesson.id,
        title: lesson.title,
        submissions,
        learners: people.learners,
        passedLearners: people.passed,
        passRate: shareOf(people.passed, people.learners),
        verdicts: verdicts.slice(0, EXERCISE_VERDICTS_SHOWN).map((row) => ({
          verdict: row.verdict,
          count: row.count,
          share: shareOf(row.count, submissions),
        })),
      };
    });
}

/** Computes and stores the course's snapshot; returns it. */
export async function refreshSnapshot(db: DbOrTx, course: { id: string; title: string }, now: Date) {
  const insight = await computeInsight(db, course, now);
  await q.saveSnapshot(db, course.id, now, insight);
  return insight;
}

/**
 * The reply as JSON bytes: the snapshot's own text goes out as stored (a 10,000-learner course's insight would
 * otherwise be parsed, checked and serialized again on every view), with the live nudges beside it.
 */
async function replyJson(
  db: DbOrTx,
  courseId: string,
  snapshot: { computedAt: Date; json: string; stalledIds: string[] },
) {
  const lastNudges = await q.lastNudges(db, courseId, snapshot.stalledIds);
  const refreshableAt = new Date(snapshot.computedAt.getTime() + INSIGHT_REFRESH_MIN_SECONDS * 1000).toISOString();
  return Buffer.from(
    `{"success":true,"refreshableAt":${JSON.stringify(refreshableAt)},"lastNudges":${JSON.stringify(lastNudges)},"insight":${snapshot.json}}`,
  );
}

const freshSnapshot = (insight: CourseInsight, computedAt: Date) => ({
  computedAt,
  json: JSON.stringify(insight),
  stalledIds: insight.stalled.map((learner) => learner.id),
});

/** `GET /api/courses/:id/insight`: the stored snapshot; the first look at a course computes it. */
export async function getInsightJson(db: Db, viewer: CourseViewer, idOrSlug: string): Promise<Buffer> {
  const owner = await courseOwners.get(db, idOrSlug.trim().toLowerCase(), async () => {
    const found = await resolveCourse(db, idOrSlug);
    if (!found) throw notFound('Course not found');
    return { id: found.id, instructorId: found.instructorId };
  });
  if (!canEditCourse(owner, viewer)) throw forbidden('Only the course instructor or an admin can see its insight');
  return insightReplies.get(db, owner.id, async () => {
    const stored = await q.findSnapshotJson(db, owner.id);
    if (stored) return replyJson(db, owner.id, stored);
    const course = await insightCourse(db, viewer, owner.id);
    const now = new Date();
    return replyJson(db, course.id, freshSnapshot(await refreshSnapshot(db, course, now), now));
  });
}

/** `POST /api/courses/:id/insight/refresh`: recomputes now, at most once a minute per course. */
export async function refreshInsightJson(db: Db, viewer: CourseViewer, idOrSlug: string): Promise<Buffer> {
  const course = await insightCourse(db, viewer, idOrSlug);
  const now = new Date();
  const computedAt = await q.findSnapshotAt(db, course.id);
  if (computedAt) {
    const wait = computedAt.getTime() + INSIGHT_REFRESH_MIN_SECONDS * 1000 - now.getTime();
    if (wait > 0)
      throw tooManyRequests(
        wait / 1000,
        `This insight was computed less than ${INSIGHT_REFRESH_MIN_SECONDS} seconds ago: refresh again in ${Math.ceil(wait / 1000)} seconds`,
      );
  }
  const insight = await refreshSnapshot(db, course, now);
  insightReplies.forget(db);
  return replyJson(db, course.id, freshSnapshot(insight, now));
}

const timeOf = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 16);

/**
 * `POST /api/courses/:id/learners/:learnerId/nudge`: a notification to an enrolled learner, logged. One per
 * learner per course in 24 hours, and at most 50 per sender in 24 hours; past either, 429 saying when.
 */
export async function nudgeLearner(
  app: FastifyInstance,
  viewer: CourseViewer,
  ref: { idOrSlug: string; learnerId: string },
  message: string,
): Promise<NudgeReply> {
  const db = app.db;
  const course = await insightCourse(db, viewer, ref.idOrSlug);
  const enrollment = await findEnrollment(db, course.id, ref.learnerId);
  if (!enrollment) throw notFound('This learner is not enrolled in this course');
  if (ref.learnerId === viewer.id) throw forbidden('You cannot nudge yourself');
  const reply = await db.transaction(async (tx) => {
    await q.lockSender(tx, viewer.id);
    const now = new Date();
    const learnerWindow = NUDGE_LEARNER_WINDOW_HOURS * HOUR_MS;
    const recent = await q.recentNudgeOf(tx, course.id, ref.learnerId, new Date(now.getTime() - learnerWindow));
    if (recent) {
      const again = new Date(recent.getTime() + learnerWindow);
      throw tooManyRequests(
        (again.getTime() - now.getTime()) / 1000,
        `This learner was nudged in this course in the last ${NUDGE_LEARNER_WINDOW_HOURS} hours: nudge them again after ${timeOf(again)} UTC`,
      );
    }
    const senderWindow = NUDGE_SENDER_WINDOW_HOURS * HOUR_MS;
    const sent = await q.senderNudgesSince(tx, viewer.id, new Date(now.getTime() - senderWindow));
    if (sent.length >= NUDGES_PER_SENDER_PER_DAY) {
      const again = new Date(sent[sent.length - NUDGES_PER_SENDER_PER_DAY]!.getTime() + senderWindow);
      throw tooManyRequests(
        Math.max(1, (again.getTime() - now.getTime()) / 1000),
        `You have sent ${NUDGES_PER_SENDER_PER_DAY} nudges in the last ${NUDGE_SENDER_WINDOW_HOURS} hours, the most allowed: send more after ${timeOf(again)} UTC`,
      );
    }
    const nudge = await q.insertNudge(tx, {
      courseId: course.id,
      learnerId: ref.learnerId,
      senderId: viewer.id,
      message,
    });
    const made = await notify(app, tx, {
      kind: 'course_update',
      recipients: [ref.learnerId],
      actorId: viewer.id,
      title: message,
      url: `/courses/${course.slug}?resume=1`,
      dedupeKey: `nudge:${nudge.id}`,
    });
    return {
      success: true as const,
      message: made > 0 ? 'Nudge sent' : 'Nudge logged: this learner has turned course updates off',
      nudge: { id: nudge.id, learnerId: ref.learnerId, sentAt: nudge.createdAt.toISOString() },
      delivered: made > 0,
    };
  });
  insightReplies.forget(db);
  return reply;
}

/** Used by the scheduled job: stale or active snapshots, oldest first. */
export async function refreshDueSnapshots(db: Db, now: Date, staleAfterHours: number, limit: number) {
  const courseIds = await q.snapshotsToRefresh(db, new Date(now.getTime() - staleAfterHours * HOUR_MS), limit);
  let refreshed = 0;
  for (const courseId of courseIds) {
    const course = await resolveCourse(db, courseId);
    if (!course) continue;
    await refreshSnapshot(db, course, now);
    refreshed += 1;
  }
  if (refreshed > 0) insightReplies.forget(db);
  return refreshed;
}
