import { randomInt } from 'node:crypto';
import { isQuizPassed } from '@learnbuild/domain/courses';
import { drawAttempt, QUIZ_SEED_MAX } from '@learnbuild/domain/rules/quiz-draw';
import {
  type AttemptQuestion,
  answerProblem,
  gradeAnswer,
  type QuizAnswer,
  revealedKey,
  shownOptions,
} from '@learnbuild/domain/rules/quiz-grading';
import {
  type AttemptResultReply,
  QUIZ_DEADLINE_GRACE_SECONDS,
  type QuizAnswerBody,
  type QuizAttempt,
  type QuizAttemptStateReply,
  type QuizSettings,
} from '@learnbuild/domain/schemas/question-bank';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import * as learning from '../course-learning/queries';
import { refuseLockedLesson } from '../courses/gating';
import { type CourseRow, type CourseViewer, canEditCourse, canSeeCourse, resolveCourse } from '../courses/queries';
import { storedQuizSettings } from '../courses/replies';
import * as q from './queries';

// Attempts at quizzes (issue 30): a drawn quiz's attempt keeps its questions as drawn, keys included, so a reload
// shows the same attempt and an edit of the bank never changes a grade. A fixed quiz's submission is an attempt too.

interface QuizAccess {
  course: CourseRow;
  lessonId: string;
  settings: QuizSettings;
  canEdit: boolean;
  /** Enrolled: the attempt counts (progress, item analysis, the attempt limit). */
  enrolled: boolean;
}

/** The drawn quiz as this viewer may take it: 404, 403 (not enrolled, or gating holds the lesson), or access. */
async function reachDrawnQuiz(db: DbOrTx, viewer: CourseViewer, ref: { idOrSlug: string; lessonId: string }) {
  const course = await resolveCourse(db, ref.idOrSlug);
  if (!course) throw notFound('Course not found');
  const enrollment = await learning.findEnrollment(db, course.id, viewer.id);
  if (!canSeeCourse(course, viewer, enrollment !== undefined)) throw notFound('Course not found');
  const lesson = await q.findQuizLesson(db, course.id, ref.lessonId);
  if (!lesson) throw notFound('Lesson not found');
  const settings = lesson.kind === 'quiz' ? storedQuizSettings(lesson.quizSettings) : null;
  if (!settings) throw notFound('This lesson does not draw its questions from the question bank');
  const canEdit = canEditCourse(course, viewer);
  if (!enrollment && !canEdit) throw forbidden('Enroll in this course first');
  await refuseLockedLesson(db, { course, canEdit }, viewer, lesson.id);
  return { course, lessonId: lesson.id, settings, canEdit, enrolled: enrollment !== undefined } satisfies QuizAccess;
}

const graceMs = QUIZ_DEADLINE_GRACE_SECONDS * 1000;

/** Past its deadline and the grace after it: no answers are taken any more. */
const hasRunOut = (attempt: Pick<q.AttemptRow, 'deadlineAt'>, now: Date) =>
  attempt.deadlineAt !== null && now.getTime() > attempt.deadlineAt.getTime() + graceMs;

function toAttempt(row: q.AttemptRow): QuizAttempt {
  return {
    id: row.id,
    lessonId: row.lessonId,
    status: row.submittedAt === null ? 'open' : row.answers === null ? 'expired' : 'submitted',
    // Never the key: what a learner sees of a question is its prompt and its options in the order shown.
    questions: row.questions.map((question) => ({
      id: question.key,
      kind: question.kind,
      prompt: question.prompt,
      options: shownOptions(question),
    })),
    startedAt: row.startedAt.toISOString(),
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    correct: row.correct,
    total: row.total,
  };
}

/** The open attempt, or undefined; one whose time ran out is closed (graded 0) on the way. */
async function openAttemptOf(db: DbOrTx, lessonId: string, userId: string) {
  const open = await q.findOpenAttempt(db, lessonId, userId);
  if (!open || !hasRunOut(open, new Date())) return open;
  await q.closeAttempt(db, open.id, { answers: null, correct: 0 });
  return undefined;
}

async function stateOf(
  db: DbOrTx,
  access: QuizAccess,
  userId: string,
  attempt: q.AttemptRow | undefined,
): Promise<QuizAttemptStateReply> {
  const standing = await q.attemptStanding(db, access.lessonId, userId);
  const limit = access.canEdit ? null : access.settings.attemptLimit;
  return {
    success: true,
    settings: {
      draw: access.settings.draw,
      timeLimitSeconds: access.settings.timeLimitSeconds,
      attemptLimit: access.settings.attemptLimit,
    },
    attemptsUsed: standing.used,
    attemptsLeft: limit === null ? null : Math.max(0, limit - standing.used),
    best: standing.best,
    attempt: attempt ? toAttempt(attempt) : null,
  };
}

/** The learner's standing at a drawn quiz, with the attempt they have open (the same one after a reload). */
export async function quizState(db: Db, viewer: CourseViewer, ref: { idOrSlug: string; lessonId: string }) {
  const access = await reachDrawnQuiz(db, viewer, ref);
  const open = await openAttemptOf(db, access.lessonId, viewer.id);
  return stateOf(db, access, viewer.id, open);
}

export function attemptLimitMessage(limit: number): string {
  return limit === 1
    ? 'You have used your only attempt at this quiz'
    : `You have used all ${limit} attempts at this quiz`;
}

/**
 * Starts an attempt, or answers the one already open: N questions drawn at random with a stored seed, options
 * shuffled, the deadline set by the time limit. The owner and admins may try it as often as they like.
 */
export async function startAttempt(db: Db, viewer: CourseViewer, ref: { idOrSlug: string; lessonId: string }) {
  const access = await reachDrawnQuiz(db, viewer, ref);
  const { created, attempt } = await db.transaction(async (tx) => {
    await q.lockLearnerQuiz(tx, access.lessonId, viewer.id);
    const open = await openAttemptOf(tx, access.lessonId, viewer.id);
    if (open) return { created: false, attempt: open };
    const limit = access.settings.attemptLimit;
    if (!access.canEdit && limit !== null) {
      const { used } = await q.attemptStanding(tx, access.lessonId, viewer.id);
      if (used >= limit) throw forbidden(attemptLimitMessage(limit));
    }
    const bank = await q.listDrawable(tx, access.course.id, access.settings.tags);
    if (bank.length === 0) throw conflict('This quiz has no questions to draw yet');
    const seed = randomInt(0, QUIZ_SEED_MAX);
    const byId = new Map(bank.map((question) => [question.id, question]));
    const slots = drawAttempt(
      bank.map((question) => ({ id: question.id, optionCount: question.options.length })),
      access.settings.draw,
      seed,
    );
    const questions: AttemptQuestion[] = slots.map((slot) => {
      const question = byId.get(slot.id)!;
      return {
        key: question.id,
        version: question.version,
        kind: question.kind,
        prompt: question.prompt,
        options: question.options,
        order: slot.order,
        answer: question.answer,
        explanation: question.explanation,
      };
    });
    const limitSeconds = access.settings.timeLimitSeconds;
    const deadlineAt = limitSeconds === null ? null : new Date(Date.now() + limitSeconds * 1000);
    const inserted = await q.insertAttempt(tx, {
      userId: viewer.id,
      lessonId: access.lessonId,
      courseId: access.course.id,
      seed,
      questions,
      deadlineAt,
    });
    return { created: true, attempt: inserted };
  });
  return { created, course: access.course, state: await stateOf(db, access, viewer.id, attempt) };
}

/** The wire's answer as graded: one of its fields, or null when it gives none; 400 when it gives more. */
function answerOf(body: QuizAnswerBody, place: number): QuizAnswer {
  const given = [body.choice, body.choices, body.text].filter((value) => value !== undefined);
  if (given.length > 1) throw badRequest(`Answer ${place} must give only one of choice, choices or text`);
  return given[0] ?? null;
}

export const TIME_IS_UP_MESSAGE = 'Time is up for this attempt: answers sent after its deadline are not accepted';

/** Grades the attempt from its own questions: one answer row per question, and the lesson's best score. */
export async function submitAttempt(
  db: Db,
  viewer: CourseViewer,
  ref: { idOrSlug: string; lessonId: string; attemptId: string },
  sent: QuizAnswerBody[],
): Promise<{ course: CourseRow; stored: boolean; result: AttemptResultReply }> {
  const access = await reachDrawnQuiz(db, viewer, ref);
  const outcome = await db.transaction(async (tx) => {
    await q.lockLearnerQuiz(tx, access.lessonId, viewer.id);
    const attempt = await q.findAttempt(tx, access.lessonId, viewer.id, ref.attemptId);
    if (!attempt) throw notFound('Attempt not found');
    if (attempt.submittedAt !== null)
      throw conflict(attempt.answers === null ? TIME_IS_UP_MESSAGE : 'This attempt was already submitted');
    if (hasRunOut(attempt, new Date())) {
      await q.closeAttempt(tx, attempt.id, { answers: null, correct: 0 });
      return { expired: true as const };
    }
    const questions = attempt.questions;
    const answers = sent.map((body, index) => answerOf(body, index + 1));
    if (answers.length !== questions.length)
      throw badRequest(
        `This attempt has ${questions.length} ${questions.length === 1 ? 'question' : 'questions'}: send one answer for each`,
      );
    questions.forEach((question, index) => {
      const problem = answerProblem(question, answers[index] ?? null, index + 1);
      if (problem) throw badRequest(problem);
    });
    const graded = questions.map((question, index) => gradeAnswer(question, answers[index] ?? null));
    const correct = graded.filter((grade) => grade.correct).length;
    const closed = await q.closeAttempt(tx, attempt.id, { answers, correct });
    if (!closed) throw conflict('This attempt was already submitted');
    const passed = isQuizPassed(correct, questions.length);
    if (access.enrolled) {
      const ids = { userId: viewer.id, courseId: access.course.id, lessonId: access.lessonId };
      await q.insertGradedAnswers(
        tx,
        { attemptId: attempt.id, courseId: access.course.id, lessonId: access.lessonId },
        questions.map((question, index) => ({ questionKey: question.key, ...graded[index]! })),
      );
      await learning.recordQuizAttempt(tx, ids, { correct, total: questions.length, passed });
    }
    return { expired: false as const, closed, graded, correct, passed };
  });
  // The attempt that ran out is closed (committed) before the refusal.
  if (outcome.expired) throw conflict(TIME_IS_UP_MESSAGE);
  const { closed, graded, correct, passed } = outcome;
  const state = await stateOf(db, access, viewer.id, closed);
  return {
    course: access.course,
    stored: access.enrolled,
    result: {
      ...state,
      correct,
      total: closed.questions.length,
      passed,
      results: closed.questions.map((question, index) => ({
        questionId: question.key,
        correct: graded[index]!.correct,
        expected: revealedKey(question),
        explanation: question.explanation,
      })),
    },
  };
}

/**
 * A fixed quiz's graded submission as an attempt (issue 30), so the item analysis covers fixed quizzes too:
 * its questions as they were, and one answer row per question keyed by the question's own id.
 */
export async function recordFixedQuizAttempt(
  tx: DbOrTx,
  ref: { userId: string; courseId: string; lessonId: string },
  questions: { id: string; prompt: string; options: string[]; answer: number; explanation: string }[],
  answers: number[],
) {
  const snapshot: AttemptQuestion[] = questions.map((question) => ({
    key: question.id,
    version: null,
    kind: 'single',
    prompt: question.prompt,
    options: question.options,
    order: question.options.map((_, index) => index),
    answer: { option: question.answer },
    explanation: question.explanation ?? '',
  }));
  const graded = snapshot.map((question, index) => gradeAnswer(question, answers[index] ?? null));
  const attempt = await q.insertAttempt(tx, {
    ...ref,
    seed: 0,
    questions: snapshot,
    deadlineAt: null,
    submitted: { answers, correct: graded.filter((grade) => grade.correct).length },
  });
  await q.insertGradedAnswers(
    tx,
    { attemptId: attempt.id, courseId: ref.courseId, lessonId: ref.lessonId },
    snapshot.map((question, index) => ({ questionKey: question.key, ...graded[index]! })),
  );
}
