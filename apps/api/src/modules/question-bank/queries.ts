import type { AttemptQuestion, QuestionKey, QuizAnswer } from '@learnbuild/domain/rules/quiz-grading';
import type { ParsedQuestionBody } from '@learnbuild/domain/schemas/question-bank';
import { and, arrayContains, arrayOverlaps, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseLessons, courseQuestions, courseQuizAnswers, courseQuizAttempts } from '../../db/schema';
import { isUuid } from '../../lib/uuid';

// The bank

const questionColumns = {
  id: courseQuestions.id,
  kind: courseQuestions.kind,
  prompt: courseQuestions.prompt,
  options: courseQuestions.options,
  answer: courseQuestions.answer,
  explanation: courseQuestions.explanation,
  tags: courseQuestions.tags,
  version: courseQuestions.version,
  archivedAt: courseQuestions.archivedAt,
  createdAt: courseQuestions.createdAt,
  updatedAt: courseQuestions.updatedAt,
};
export type QuestionRow = Omit<
  { [K in keyof typeof questionColumns]: (typeof questionColumns)[K]['_']['data'] },
  'answer'
> & {
  answer: QuestionKey;
};

/** The course's questions, oldest first; with `tag` only those carrying it; archived ones only when asked. */
export async function listQuestions(
  db: DbOrTx,
  courseId: string,
  filter: { tag?: string; archived: boolean },
): Promise<QuestionRow[]> {
  const rows = await db
    .select(questionColumns)
    .from(courseQuestions)
    .where(
      and(
        eq(courseQuestions.courseId, courseId),
        filter.archived ? undefined : isNull(courseQuestions.archivedAt),
        filter.tag ? arrayContains(courseQuestions.tags, [filter.tag]) : undefined,
      ),
    )
    .orderBy(asc(courseQuestions.createdAt), asc(courseQuestions.id));
  return rows as QuestionRow[];
}

/** Every tag of the course's live questions with how many carry it, by name. */
export async function bankTagCounts(db: DbOrTx, courseId: string) {
  const result = await db.execute<{ tag: string; count: number }>(sql`
    select tag, count(*)::int as count
    from ${courseQuestions}, unnest(${courseQuestions.tags}) as tag
    where ${courseQuestions.courseId} = ${courseId} and ${courseQuestions.archivedAt} is null
    group by tag order by tag`);
  return result.rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

/** How many questions the course holds: `live` not archived, `all` with the archived ones. */
export async function countQuestions(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({ all: count(), live: sql<number>`count(*) filter (where ${courseQuestions.archivedAt} is null)::int` })
    .from(courseQuestions)
    .where(eq(courseQuestions.courseId, courseId));
  return { all: Number(row?.all ?? 0), live: Number(row?.live ?? 0) };
}

export async function findQuestion(db: DbOrTx, courseId: string, questionId: string) {
  if (!isUuid(questionId)) return undefined;
  const [row] = await db
    .select(questionColumns)
    .from(courseQuestions)
    .where(and(eq(courseQuestions.courseId, courseId), eq(courseQuestions.id, questionId)))
    .limit(1);
  return row as QuestionRow | undefined;
}

export async function insertQuestion(db: DbOrTx, courseId: string, question: ParsedQuestionBody) {
  const [row] = await db
    .insert(courseQuestions)
    .values({ courseId, ...question })
    .returning(questionColumns);
  return row as QuestionRow;
}

/** Replaces the question's content and raises its version; attempts keep the content they drew. */
export async function updateQuestion(db: DbOrTx, courseId: string, questionId: string, question: ParsedQuestionBody) {
  const [row] = await db
    .update(courseQuestions)
    .set({ ...question, version: sql`${courseQuestions.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(courseQuestions.courseId, courseId),
        eq(courseQuestions.id, questionId),
        isNull(courseQuestions.archivedAt),
      ),
    )
    .returning(questionColumns);
  return row as QuestionRow | undefined;
}

/** Archives the question: draws skip it from now on; attempts and the item analysis still name it. */
export async function archiveQuestion(db: DbOrTx, courseId: string, questionId: string) {
  const [row] = await db
    .update(courseQuestions)
    .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(courseQuestions.courseId, courseId),
        eq(courseQuestions.id, questionId),
        isNull(courseQuestions.archivedAt),
      ),
    )
    .returning({ id: courseQuestions.id });
  return row;
}

const drawableWhere = (courseId: string, tags: string[]) =>
  and(
    eq(courseQuestions.courseId, courseId),
    isNull(courseQuestions.archivedAt),
    tags.length > 0 ? arrayOverlaps(courseQuestions.tags, tags) : undefined,
  );

/** How many live questions carry any of `tags` (every live question when there are none). */
export async function countDrawable(db: DbOrTx, courseId: string, tags: string[]): Promise<number> {
  const [row] = await db.select({ count: count() }).from(courseQuestions).where(drawableWhere(courseId, tags));
  return Number(row?.count ?? 0);
}

/** The questions a draw picks from, with their keys. */
export async function listDrawable(db: DbOrTx, courseId: string, tags: string[]) {
  const rows = await db
    .select({
      id: courseQuestions.id,
      kind: courseQuestions.kind,
      prompt: courseQuestions.prompt,
      options: courseQuestions.options,
      answer: courseQuestions.answer,
      explanation: courseQuestions.explanation,
      version: courseQuestions.version,
    })
    .from(courseQuestions)
    .where(drawableWhere(courseId, tags));
  return rows.map((row) => ({ ...row, answer: row.answer as QuestionKey }));
}

// Attempts

const attemptColumns = {
  id: courseQuizAttempts.id,
  lessonId: courseQuizAttempts.lessonId,
  seed: courseQuizAttempts.seed,
  questions: courseQuizAttempts.questions,
  startedAt: courseQuizAttempts.startedAt,
  deadlineAt: courseQuizAttempts.deadlineAt,
  submittedAt: courseQuizAttempts.submittedAt,
  answers: courseQuizAttempts.answers,
  correct: courseQuizAttempts.correct,
  total: courseQuizAttempts.total,
};
export type AttemptRow = Omit<
  { [K in keyof typeof attemptColumns]: (typeof attemptColumns)[K]['_']['data'] },
  'questions' | 'answers'
> & { questions: AttemptQuestion[]; answers: QuizAnswer[] | null };

const attemptsOf = (lessonId: string, userId: string) =>
  and(eq(courseQuizAttempts.lessonId, lessonId), eq(courseQuizAttempts.userId, userId));

/**
 * Holds the learner's attempts at the lesson until the transaction ends: two starts (or two submissions) at
 * once take turns, so there is never a second open attempt nor a limit passed by a race.
 */
export async function lockLearnerQuiz(tx: DbOrTx, lessonId: string, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quiz:${lessonId}:${userId}`}, 0))`);
}

/** The learner's open attempt at the lesson (not submitted), the latest if there were ever two. */
export async function findOpenAttempt(db: DbOrTx, lessonId: string, userId: string) {
  const [row] = await db
    .select(attemptColumns)
    .from(courseQuizAttempts)
    .where(and(attemptsOf(lessonId, userId), isNull(courseQuizAttempts.submittedAt)))
    .orderBy(desc(courseQuizAttempts.startedAt))
    .limit(1);
  return row as AttemptRow | undefined;
}

export async function findAttempt(db: DbOrTx, lessonId: string, userId: string, attemptId: string) {
  if (!isUuid(attemptId)) return undefined;
  const [row] = await db
    .select(attemptColumns)
    .from(courseQuizAttempts)
    .where(and(attemptsOf(lessonId, userId), eq(courseQuizAttempts.id, attemptId)))
    .limit(1);
  return row as AttemptRow | undefined;
}

/** Attempts started at the lesson, and the best graded score (as a share) among them. */
export async function attemptStanding(db: DbOrTx, lessonId: string, userId: string) {
  const [used] = await db.select({ count: count() }).from(courseQuizAttempts).where(attemptsOf(lessonId, userId));
  const [best] = await db
    .select({ correct: courseQuizAttempts.correct, total: courseQuizAttempts.total })
    .from(courseQuizAttempts)
    .where(
      and(
        attemptsOf(lessonId, userId),
        isNotNull(courseQuizAttempts.correct),
        isNotNull(courseQuizAttempts.submittedAt),
      ),
    )
    .orderBy(
      desc(sql`${courseQuizAttempts.correct}::float / nullif(${courseQuizAttempts.total}, 0)`),
      desc(courseQuizAttempts.submittedAt),
    )
    .limit(1);
  return {
    used: Number(used?.count ?? 0),
    best: best && best.correct !== null ? { correct: best.correct, total: best.total } : null,
  };
}

export async function insertAttempt(
  db: DbOrTx,
  values: {
    userId: string;
    lessonId: string;
    courseId: string;
    seed: number;
    questions: AttemptQuestion[];
    deadlineAt: Date | null;
    /** A fixed quiz's attempt is graded as it is made. */
    submitted?: { answers: QuizAnswer[]; correct: number };
  },
) {
  const [row] = await db
    .insert(courseQuizAttempts)
    .values({
      userId: values.userId,
      lessonId: values.lessonId,
      courseId: values.courseId,
      seed: values.seed,
      questions: values.questions,
      deadlineAt: values.deadlineAt,
      total: values.questions.length,
      ...(values.submitted
        ? { submittedAt: sql`now()`, answers: values.submitted.answers, correct: values.submitted.correct }
        : {}),
    })
    .returning(attemptColumns);
  return row as AttemptRow;
}

/** Grades an open attempt once: undefined when it was already closed (a second submission loses). */
export async function closeAttempt(
  db: DbOrTx,
  attemptId: string,
  result: { answers: QuizAnswer[] | null; correct: number },
) {
  const [row] = await db
    .update(courseQuizAttempts)
    .set({ submittedAt: sql`now()`, answers: result.answers, correct: result.correct })
    .where(and(eq(courseQuizAttempts.id, attemptId), isNull(courseQuizAttempts.submittedAt)))
    .returning(attemptColumns);
  return row as AttemptRow | undefined;
}

/** One row per graded question, for the instructor's item analysis. */
export async function insertGradedAnswers(
  db: DbOrTx,
  ref: { attemptId: string; courseId: string; lessonId: string },
  graded: { questionKey: string; correct: boolean; choice: number | null }[],
) {
  if (graded.length === 0) return;
  await db
    .insert(courseQuizAnswers)
    .values(graded.map((answer) => ({ ...ref, ...answer })))
    .onConflictDoNothing();
}

/** The lesson's draw settings and course, for the attempt routes. */
export async function findQuizLesson(db: DbOrTx, courseId: string, lessonId: string) {
  if (!isUuid(lessonId)) return undefined;
  const [row] = await db
    .select({ id: courseLessons.id, kind: courseLessons.kind, quizSettings: courseLessons.quizSettings })
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), eq(courseLessons.id, lessonId)))
    .limit(1);
  return row;
}
