import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseLessons, exerciseSubmissions, subjectSubtopics } from '../../db/schema';

// Code exercises' submissions (issue 30): one row per judged submission of an enrolled learner.

export async function findExerciseLesson(db: DbOrTx, courseId: string, lessonId: string) {
  const [row] = await db
    .select({ id: courseLessons.id, kind: courseLessons.kind, exercise: courseLessons.exercise })
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), eq(courseLessons.id, lessonId)))
    .limit(1);
  return row;
}

/** A core-subject subtopic's exercise (null when it has none); undefined when there is no such subtopic. */
export async function findSubtopicExercise(
  db: DbOrTx,
  key: { subjectId: string; topicId: string; subtopicId: string },
) {
  const [row] = await db
    .select({ exercise: subjectSubtopics.exercise })
    .from(subjectSubtopics)
    .where(
      and(
        eq(subjectSubtopics.subjectId, key.subjectId),
        eq(subjectSubtopics.topicId, key.topicId),
        eq(subjectSubtopics.id, key.subtopicId),
      ),
    )
    .limit(1);
  return row;
}

export type NewExerciseSubmission = typeof exerciseSubmissions.$inferInsert;
export type ExerciseSubmissionRow = typeof exerciseSubmissions.$inferSelect;

export async function insertExerciseSubmission(db: DbOrTx, values: NewExerciseSubmission) {
  const [row] = await db.insert(exerciseSubmissions).values(values).returning();
  return row!;
}

/** The learner's own submissions of one lesson's exercise, newest first. */
export async function listLessonSubmissions(db: DbOrTx, userId: string, lessonId: string, limit: number) {
  return db
    .select()
    .from(exerciseSubmissions)
    .where(and(eq(exerciseSubmissions.lessonId, lessonId), eq(exerciseSubmissions.userId, userId)))
    .orderBy(desc(exerciseSubmissions.createdAt), desc(exerciseSubmissions.id))
    .limit(limit);
}

/** The learner's own submissions of one core-subject subtopic's exercise, newest first. */
export async function listSubtopicSubmissions(db: DbOrTx, userId: string, subtopicKey: string, limit: number) {
  return db
    .select()
    .from(exerciseSubmissions)
    .where(and(eq(exerciseSubmissions.subtopicKey, subtopicKey), eq(exerciseSubmissions.userId, userId)))
    .orderBy(desc(exerciseSubmissions.createdAt), desc(exerciseSubmissions.id))
    .limit(limit);
}

/** Whether the learner has an Accepted submission of the lesson's exercise (the one way to complete it). */
export async function hasAcceptedLessonSubmission(db: DbOrTx, userId: string, lessonId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exerciseSubmissions.id })
    .from(exerciseSubmissions)
    .where(
      and(
        eq(exerciseSubmissions.lessonId, lessonId),
        eq(exerciseSubmissions.userId, userId),
        eq(exerciseSubmissions.verdict, 'Accepted'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
