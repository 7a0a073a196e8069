import { z } from 'zod';

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
  question: z.string().trim().min(1, 'Write the question').max(1000, 'A question must be at most 1000 characters'),
  answer: z.string().trim().min(1, 'Write the answer').max(4000, 'An answer must be at most 4000 characters'),
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

// Admin management
export const subjectInputSchema = z.object({
  id: slugId,
  name: z.string().trim().min(1, 'Name is required').max(80),
  icon: z.string().trim().min(1).max(40).default('book-open'),
  description: z.string().trim().max(500).default(''),
});
export const topicInputSchema = z.object({
  id: slugId,
  name: z.string().trim().min(1, 'Name is required').max(120),
  description: z.string().trim().max(1000).default(''),
});
export const subtopicInputSchema = z.object({
  id: slugId,
  name: z.string().trim().min(1, 'Name is required').max(120),
  body: z.string().max(100_000).default(''),
  selfCheck: z.array(selfCheckSchema).max(20).default([]),
});
export const reorderBodySchema = z.object({ ids: z.array(z.string().max(60)).min(1).max(500) });
