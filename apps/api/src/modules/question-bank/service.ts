import { patternProblem } from '@learnbuild/domain/rules/quiz-grading';
import {
  type BankQuestion,
  type ParsedQuestionBody,
  QUESTION_BANK_MAX,
  type QuestionsReply,
  questionBodySchema,
  type UpdateQuestionBody,
} from '@learnbuild/domain/schemas/question-bank';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, forbidden, invalidFields, notFound } from '../../lib/http-errors';
import { type CourseRow, type CourseViewer, canEditCourse, resolveCourse } from '../courses/queries';
import * as q from './queries';

const QUESTION_NOT_FOUND = 'Question not found';

/** The course whose bank `viewer` may keep: 404 when unknown, 403 unless they own it or are an admin. */
async function bankCourse(db: DbOrTx, viewer: CourseViewer, idOrSlug: string): Promise<CourseRow> {
  const course = await resolveCourse(db, idOrSlug);
  if (!course) throw notFound('Course not found');
  if (!canEditCourse(course, viewer))
    throw forbidden("Only the course instructor or an admin can use this course's question bank");
  return course;
}

export function toBankQuestion(row: q.QuestionRow): BankQuestion {
  return {
    id: row.id,
    kind: row.kind,
    prompt: row.prompt,
    options: row.options,
    answer: row.answer,
    explanation: row.explanation,
    tags: row.tags,
    version: row.version,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A short answer's pattern must compile with RE2 (400 on `answer.pattern` otherwise). */
function checkPattern(question: ParsedQuestionBody) {
  if (question.kind !== 'short' || !question.answer.pattern) return;
  const problem = patternProblem(question.answer.pattern);
  if (problem) throw invalidFields(problem, [{ path: 'answer.pattern', message: problem }]);
}

export async function listQuestions(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  query: { tag?: string; archived: 'true' | 'false' },
): Promise<QuestionsReply> {
  const course = await bankCourse(db, viewer, idOrSlug);
  const [rows, tags, counted] = await Promise.all([
    q.listQuestions(db, course.id, { tag: query.tag, archived: query.archived === 'true' }),
    q.bankTagCounts(db, course.id),
    q.countQuestions(db, course.id),
  ]);
  return { success: true, questions: rows.map(toBankQuestion), tags, activeCount: counted.live };
}

export async function createQuestion(db: Db, viewer: CourseViewer, idOrSlug: string, body: ParsedQuestionBody) {
  const course = await bankCourse(db, viewer, idOrSlug);
  checkPattern(body);
  if ((await q.countQuestions(db, course.id)).all >= QUESTION_BANK_MAX)
    throw conflict(`A question bank holds at most ${QUESTION_BANK_MAX} questions`);
  return toBankQuestion(await q.insertQuestion(db, course.id, body));
}

/** An edit replaces the fields sent; the whole question is checked again, and its version goes up by one. */
export async function updateQuestion(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  questionId: string,
  body: UpdateQuestionBody,
) {
  const course = await bankCourse(db, viewer, idOrSlug);
  const current = await q.findQuestion(db, course.id, questionId);
  if (!current) throw notFound(QUESTION_NOT_FOUND);
  if (current.archivedAt) throw conflict('This question was deleted and can no longer be edited');
  const parsed = questionBodySchema.safeParse({
    kind: body.kind ?? current.kind,
    prompt: body.prompt ?? current.prompt,
    options: body.options ?? current.options,
    answer: body.answer ?? current.answer,
    explanation: body.explanation ?? current.explanation,
    tags: body.tags ?? current.tags,
  });
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw invalidFields(details[0]!.message, details);
  }
  checkPattern(parsed.data);
  const updated = await q.updateQuestion(db, course.id, current.id, parsed.data);
  if (!updated) throw conflict('This question was deleted and can no longer be edited');
  return toBankQuestion(updated);
}

/** Deleting archives: the question leaves future draws; attempts that drew it keep it as it was. */
export async function archiveQuestion(db: Db, viewer: CourseViewer, idOrSlug: string, questionId: string) {
  const course = await bankCourse(db, viewer, idOrSlug);
  const current = await q.findQuestion(db, course.id, questionId);
  if (!current) throw notFound(QUESTION_NOT_FOUND);
  const archived = await q.archiveQuestion(db, course.id, current.id);
  return archived ? 'Question deleted: quizzes no longer draw it' : 'This question was already deleted';
}
