import { z } from 'zod';
import { publicExerciseSchema } from './exercises';

const slugId = z
  .string()
  .trim()
  .min(1, 'Id is required')
  .max(60, 'Id must be at most 60 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes');

export const subjectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string().optional(),
  progress: z.number(),
  completedTopics: z.number().int().optional(),
  totalTopics: z.number().int().optional(),
  completedSubtopics: z.number().int().optional(),
  totalSubtopics: z.number().int().optional(),
});
export type SubjectSummary = z.infer<typeof subjectSummarySchema>;

export const selfCheckSchema = z.object({
  question: z
    .string({ error: 'Write the question' })
    .trim()
    .min(1, 'Write the question')
    .max(1000, 'A question must be at most 1000 characters'),
  answer: z
    .string({ error: 'Write the answer' })
    .trim()
    .min(1, 'Write the answer')
    .max(4000, 'An answer must be at most 4000 characters'),
});

export const subtopicSchema = z.object({ id: z.string(), name: z.string(), completed: z.boolean() });
export const topicSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  subtopics: z.array(subtopicSchema),
});
export const subjectDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  progress: z.number(),
  topics: z.array(topicSchema),
});
export type SubjectDetail = z.infer<typeof subjectDetailSchema>;

export const lessonSchema = z.object({
  subjectId: z.string(),
  topicId: z.string(),
  subtopicId: z.string(),
  title: z.string(),
  body: z.string(),
  selfCheck: z.array(selfCheckSchema),
  completed: z.boolean(),
  /** A code exercise (issue 30) as a learner reads it: signature, starter code and visible examples only. */
  exercise: publicExerciseSchema.nullable().optional(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const subtopicProgressBodySchema = z.object({
  completed: z.boolean({ error: 'completed must be true or false' }),
});
export const subtopicParamsSchema = z.object({
  subjectId: z.string().max(60),
  topicId: z.string().max(60),
  subtopicId: z.string().max(60),
});

// Admin management. The fields are declared once without defaults: the PATCH bodies are their
// partial versions, and a default there would overwrite a field the admin did not send.
const subjectFields = {
  name: z.string().trim().min(1, 'Name is required').max(80, 'A name must be at most 80 characters'),
  icon: z.string().trim().min(1, 'Pick an icon').max(40),
  description: z.string().trim().max(500, 'A description must be at most 500 characters'),
};
const topicFields = {
  name: z.string().trim().min(1, 'Name is required').max(120, 'A name must be at most 120 characters'),
  description: z.string().trim().max(1000, 'A description must be at most 1000 characters'),
};
const subtopicFields = {
  name: z.string().trim().min(1, 'Name is required').max(120, 'A name must be at most 120 characters'),
  body: z.string().max(100_000, 'A lesson must be at most 100000 characters'),
  selfCheck: z.array(selfCheckSchema).max(20, 'A lesson has at most 20 self-check questions'),
};

export const subjectInputSchema = z.object({
  id: slugId,
  ...subjectFields,
  icon: subjectFields.icon.default('book-open'),
  description: subjectFields.description.default(''),
});
export const topicInputSchema = z.object({
  id: slugId,
  ...topicFields,
  description: topicFields.description.default(''),
});
export const subtopicInputSchema = z.object({
  id: slugId,
  ...subtopicFields,
  body: subtopicFields.body.default(''),
  selfCheck: subtopicFields.selfCheck.default([]),
});

/** A PATCH changes only the fields it sends, and must send at least one. */
function patchSchema<Shape extends z.ZodRawShape>(fields: Shape) {
  return z
    .object(fields)
    .partial()
    .refine(
      (changes) => Object.values(changes).some((value) => value !== undefined),
      'Send at least one field to change',
    );
}
export const subjectPatchSchema = patchSchema(subjectFields);
export const topicPatchSchema = patchSchema(topicFields);
export const subtopicPatchSchema = patchSchema(subtopicFields);

/** The full new order of a parent's children; an empty parent's order is the empty list. */
export const reorderBodySchema = z.object({ ids: z.array(z.string().max(60)).max(500) });
