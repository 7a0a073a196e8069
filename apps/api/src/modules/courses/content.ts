import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  COURSE_OUTCOMES_MAX,
  COURSE_TAGS_MAX,
  courseCategorySchema,
  courseLevelSchema,
  quizQuestionSchema,
} from '@learnbuild/domain/schemas/courses';
import { type Exercise, exerciseSchema } from '@learnbuild/domain/schemas/exercises';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { StoredQuizQuestion } from './replies';

export const COURSES_CONTENT_DIR = path.join(import.meta.dirname, '../../../content/courses');

const courseFileSchema = z.object({
  title: z.string().min(3),
  subtitle: z.string().default(''),
  category: courseCategorySchema,
  level: courseLevelSchema,
  tags: z.array(z.string().trim().toLowerCase().min(1)).max(COURSE_TAGS_MAX).default([]),
  outcomes: z.array(z.string().trim().min(1)).max(COURSE_OUTCOMES_MAX).default([]),
  description: z.string().trim().min(1),
  sections: z
    .array(z.object({ title: z.string().trim().min(1), lessons: z.array(z.string().regex(/^[\w.-]+\.md$/)).min(1) }))
    .min(1),
});

const lessonFrontMatterSchema = z.object({
  title: z.string().trim().min(1),
  kind: z.enum(['article', 'quiz', 'exercise']),
  durationMinutes: z.number().int().min(0).max(600),
  freePreview: z.boolean().default(false),
  questions: z.array(quizQuestionSchema).optional(),
  /** A code exercise (issue 30): its reference is judged by the content test, not at seeding. */
  exercise: exerciseSchema.optional(),
});

export interface CourseContentLesson {
  file: string;
  title: string;
  kind: 'article' | 'quiz' | 'exercise';
  durationMinutes: number;
  freePreview: boolean;
  body: string;
  quiz: StoredQuizQuestion[] | null;
  exercise: Exercise | null;
}

export interface CourseContent {
  slug: string;
  title: string;
  subtitle: string;
  category: z.infer<typeof courseCategorySchema>;
  level: z.infer<typeof courseLevelSchema>;
  tags: string[];
  outcomes: string[];
  description: string;
  sections: { title: string; lessons: CourseContentLesson[] }[];
}

/** Splits a lesson file into its YAML front matter and markdown body. */
export function parseCourseLesson(source: string, file: string): CourseContentLesson {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: missing front matter`);
  const parsed = lessonFrontMatterSchema.safeParse(parseYaml(match[1]!));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  const meta = parsed.data;
  const questions = meta.questions ?? [];
  if (meta.kind === 'quiz' && questions.length === 0) throw new Error(`${file}: a quiz needs questions`);
  if (meta.kind === 'exercise' && !meta.exercise) throw new Error(`${file}: an exercise lesson needs its exercise`);
  questions.forEach((question, index) => {
    if (question.answer >= question.options.length)
      throw new Error(`${file}: question ${index + 1} has no such answer`);
  });
  return {
    file: path.basename(file),
    title: meta.title,
    kind: meta.kind,
    durationMinutes: meta.durationMinutes,
    freePreview: meta.freePreview,
    body: match[2]!.trim(),
    quiz:
      meta.kind === 'quiz'
        ? questions.map((question, index) => ({
            id: `q${index + 1}`,
            prompt: question.prompt,
            options: question.options,
            answer: question.answer,
            explanation: question.explanation ?? '',
          }))
        : null,
    exercise: meta.kind === 'exercise' ? meta.exercise! : null,
  };
}

/** One course folder: course.yaml (details and outline) plus the markdown lessons it names. */
export function loadCourseFolder(folder: string): CourseContent {
  const file = path.join(folder, 'course.yaml');
  const parsed = courseFileSchema.safeParse(parseYaml(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const course = parsed.data;
  return {
    ...course,
    slug: path.basename(folder),
    sections: course.sections.map((section) => ({
      title: section.title,
      lessons: section.lessons.map((name) =>
        parseCourseLesson(readFileSync(path.join(folder, name), 'utf8'), path.join(folder, name)),
      ),
    })),
  };
}

/** The folders of `root` that hold a course.yaml, by name. */
export function courseFolders(root = COURSES_CONTENT_DIR): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'course.yaml')))
    .map((entry) => path.join(root, entry.name))
    .sort();
}
