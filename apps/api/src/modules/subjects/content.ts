import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Exercise, exerciseSchema } from '@learnbuild/domain/schemas/exercises';
import { selfCheckSchema } from '@learnbuild/domain/schemas/subjects';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

export const SUBJECTS_CONTENT_DIR = path.join(import.meta.dirname, '../../../content/subjects');

const outlineSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string().default(''),
  topics: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().default(''),
      subtopics: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});

const frontMatterSchema = z.object({
  title: z.string(),
  selfCheck: z.array(selfCheckSchema).default([]),
  /** A code exercise (issue 30); its reference is judged by the content test. */
  exercise: exerciseSchema.optional(),
});

export interface SubjectContent {
  id: string;
  name: string;
  icon: string;
  description: string;
  topics: {
    id: string;
    name: string;
    description: string;
    subtopics: {
      id: string;
      name: string;
      body: string;
      selfCheck: { question: string; answer: string }[];
      exercise: Exercise | null;
    }[];
  }[];
}

/** Splits a lesson file into its YAML front matter and markdown body. */
export function parseLesson(source: string, file: string) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: missing front matter`);
  const meta = frontMatterSchema.parse(parseYaml(match[1]!));
  return { ...meta, body: match[2]!.trim() };
}

/** Reads every subject folder: subject.json (the outline) plus one markdown lesson per subtopic. */
export function loadSubjectContent(root = SUBJECTS_CONTENT_DIR): SubjectContent[] {
  if (!existsSync(root)) return [];
  const order = ['dbms', 'os', 'cn', 'oop'];
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'subject.json')))
    .map((entry) => entry.name)
    .sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  return folders.map((folder) => {
    const outline = outlineSchema.parse(JSON.parse(readFileSync(path.join(root, folder, 'subject.json'), 'utf8')));
    return {
      ...outline,
      topics: outline.topics.map((topic) => ({
        ...topic,
        subtopics: topic.subtopics.map((subtopic) => {
          const file = path.join(root, folder, topic.id, `${subtopic.id}.md`);
          const lesson = existsSync(file)
            ? parseLesson(readFileSync(file, 'utf8'), file)
            : { body: '', selfCheck: [], exercise: undefined };
          return {
            id: subtopic.id,
            name: subtopic.name,
            body: lesson.body,
            selfCheck: lesson.selfCheck,
            exercise: lesson.exercise ?? null,
          };
        }),
      })),
    };
  });
}
