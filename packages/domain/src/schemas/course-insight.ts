import { z } from 'zod';
import { NUDGE_MESSAGE_MAX } from '../rules/course-insight';
import { trimmedText, uuidSchema } from './common';
import { courseIdParamsSchema } from './courses';

// Instructor insight (issue 30): a course's funnel, time per lesson, quiz item analysis, exercises and stalled
// learners, precomputed into a snapshot; and the nudge an instructor sends a stalled learner.

const share = z.number().min(0).max(1);

export const insightLessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.string(),
  /** 1-based place in course order. */
  position: z.number().int(),
  /** Enrolled learners who completed this lesson. */
  completed: z.number().int(),
  /** Enrolled learners who have not completed the course and whose furthest completed lesson is this one. */
  stoppedHere: z.number().int(),
  /** Median minutes from first opening to completion; null when no learner has both times. */
  medianMinutes: z.number().nullable(),
  /** How many completions the median is taken over. */
  timedCompletions: z.number().int(),
});
export type InsightLesson = z.infer<typeof insightLessonSchema>;

export const insightQuestionSchema = z.object({
  lessonId: z.string(),
  lessonTitle: z.string(),
  questionKey: z.string(),
  /** The question's prompt as it reads today (markdown); '' when the question is gone. */
  prompt: z.string(),
  /** Graded answers to it (one per submitted attempt that drew it). */
  answers: z.number().int(),
  correctShare: share,
  /** The wrong option chosen most, with its share of all answers; null when no wrong option was chosen. */
  topDistractor: z.object({ choice: z.number().int(), label: z.string(), share }).nullable(),
  flag: z.enum(['everyone_right', 'everyone_wrong']).nullable(),
});
export type InsightQuestion = z.infer<typeof insightQuestionSchema>;

export const insightExerciseSchema = z.object({
  lessonId: z.string(),
  title: z.string(),
  submissions: z.number().int(),
  /** Learners who submitted at least once. */
  learners: z.number().int(),
  /** Learners with at least one Accepted submission. */
  passedLearners: z.number().int(),
  /** passedLearners / learners. */
  passRate: share,
  /** The most common verdicts, most frequent first (at most 3), with their share of all submissions. */
  verdicts: z.array(z.object({ verdict: z.string(), count: z.number().int(), share })),
});
export type InsightExercise = z.infer<typeof insightExerciseSchema>;

export const stalledLearnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastActivityAt: z.string(),
  daysInactive: z.number().int(),
  completedLessons: z.number().int(),
  /** Lessons past their cohort due date and not completed; null when the learner has no schedule. */
  overdueLessons: z.number().int().nullable(),
  cohortTitle: z.string().nullable(),
});
export type StalledLearner = z.infer<typeof stalledLearnerSchema>;

export const courseInsightSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  /** When the snapshot was computed (ISO). */
  computedAt: z.string(),
  learners: z.number().int(),
  completedLearners: z.number().int(),
  /** Enrolled learners without the course completed and with no lesson completed. */
  notStarted: z.number().int(),
  lessons: z.array(insightLessonSchema),
  quizAttempts: z.number().int(),
  questions: z.array(insightQuestionSchema),
  exercises: z.array(insightExerciseSchema),
  stalledAfterDays: z.number().int(),
  stalledTotal: z.number().int(),
  stalled: z.array(stalledLearnerSchema),
});
export type CourseInsight = z.infer<typeof courseInsightSchema>;

export const courseInsightReplySchema = z.object({
  success: z.literal(true),
  /** When the owner may press Refresh again (ISO). */
  refreshableAt: z.string(),
  /** The latest nudge (ISO) of each listed stalled learner who has had one, by learner id: read live, not snapshotted. */
  lastNudges: z.record(z.string(), z.string()),
  insight: courseInsightSchema,
});
export type CourseInsightReply = z.infer<typeof courseInsightReplySchema>;

export const nudgeParamsSchema = z.object({ id: courseIdParamsSchema.shape.id, learnerId: uuidSchema });

export const nudgeBodySchema = z.object({
  message: trimmedText('Message', NUDGE_MESSAGE_MAX).min(1, 'Write a message to send'),
});
export type NudgeBody = z.infer<typeof nudgeBodySchema>;

export const nudgeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  nudge: z.object({ id: z.string(), learnerId: z.string(), sentAt: z.string() }),
  /** False when the learner has turned course updates off: the nudge is logged, no notification was made. */
  delivered: z.boolean(),
});
export type NudgeReply = z.infer<typeof nudgeReplySchema>;
