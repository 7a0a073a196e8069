import { RELEASE_AFTER_DAYS_MAX } from '@learnbuild/domain/rules/course-gating';
import {
  type CourseDetail,
  isVideoEmbedUrl,
  type Lesson,
  type LessonBody,
  lessonBodySchema,
  lessonKindSchema,
  quizQuestionSchema,
} from '@learnbuild/domain/schemas/courses';
import type { FieldError } from 'react-hook-form';
import { z } from 'zod';
import type { QuestionErrors, QuizErrors, QuizQuestionDraft } from './components/quiz-editor';
import { type ExerciseDraft, exerciseDraftOf, readExerciseDraft } from './exercise-draft';
import { type QuizDrawDraft, quizDrawDraftOf, readQuizDrawDraft } from './quiz-draw-draft';

/** The exercise as the API takes it; the form has already checked that it reads. */
function exercisePayload(draft: ExerciseDraft): Record<string, unknown> | null {
  const read = readExerciseDraft(draft);
  return read.ok ? (read.exercise as Record<string, unknown>) : null;
}

/** The draw settings as the API takes them; null for fixed questions (the form has already checked them). */
function quizDrawPayload(draft: QuizDrawDraft) {
  const read = readQuizDrawDraft(draft);
  return read.ok ? read.settings : null;
}

/**
 * The lesson editor's form: the fields of lessonBodySchema, plus which video source the author chose.
 * What a kind needs (a video, questions with answers) is checked only for that kind, with the server's
 * messages, so switching kinds never trips over the fields of another.
 */
export const lessonFormSchema = z
  .object({
    title: lessonBodySchema.shape.title,
    kind: lessonKindSchema,
    durationMinutes: lessonBodySchema.shape.durationMinutes.unwrap(),
    freePreview: z.boolean(),
    body: lessonBodySchema.shape.body.unwrap(),
    sectionId: z.string().min(1, 'Choose a section'),
    videoSource: z.enum(['upload', 'link']),
    videoMediaId: z.string().nullable(),
    videoUrl: z.string(),
    quiz: z.array(z.custom<QuizQuestionDraft>()),
    /** Fixed questions, or a draw from the question bank (issue 30). */
    quizDraw: z.custom<QuizDrawDraft>(),
    /** A code exercise (issue 30), checked for its kind only. */
    exercise: z.custom<ExerciseDraft>(),
    /** Gating (issue 30): blank for none. */
    releaseAfterDays: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || (/^\d+$/.test(value) && Number(value) <= RELEASE_AFTER_DAYS_MAX),
        `Days must be a whole number from 0 to ${RELEASE_AFTER_DAYS_MAX}`,
      ),
    /** A datetime-local value in the author's zone; blank for none. */
    releaseAt: z.string().refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), 'Pick a date'),
    prerequisiteLessonId: z.string(),
    /** Cohorts (issue 30): days after a cohort starts; blank for none. */
    dueAfterDays: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || (/^\d+$/.test(value) && Number(value) <= RELEASE_AFTER_DAYS_MAX),
        `Days must be a whole number from 0 to ${RELEASE_AFTER_DAYS_MAX}`,
      ),
  })
  .superRefine((values, context) => {
    if (values.kind === 'video') {
      if (values.videoSource === 'upload' && !values.videoMediaId)
        context.addIssue({ code: 'custom', path: ['videoMediaId'], message: 'Upload a video file' });
      if (values.videoSource === 'link' && !isVideoEmbedUrl(values.videoUrl.trim()))
        context.addIssue({
          code: 'custom',
          path: ['videoUrl'],
          message: 'Video links must be https YouTube or Vimeo addresses',
        });
    }
    if (values.kind === 'exercise') {
      const read = readExerciseDraft(values.exercise);
      if (!read.ok) context.addIssue({ code: 'custom', path: ['exercise'], message: read.message });
    }
    const drawn = values.kind === 'quiz' ? readQuizDrawDraft(values.quizDraw) : null;
    if (drawn && !drawn.ok) context.addIssue({ code: 'custom', path: ['quizDraw'], message: drawn.message });
    if (values.kind === 'quiz' && values.quizDraw.source === 'fixed') {
      if (values.quiz.length === 0)
        context.addIssue({ code: 'custom', path: ['quiz'], message: 'Add at least one question' });
      values.quiz.forEach((question, index) => {
        const parsed = quizQuestionSchema.safeParse(question);
        for (const issue of parsed.success ? [] : parsed.error.issues)
          context.addIssue({ code: 'custom', path: ['quiz', index, ...issue.path], message: issue.message });
        if (question.answer >= question.options.length)
          context.addIssue({ code: 'custom', path: ['quiz', index, 'answer'], message: 'Pick the correct option' });
      });
    }
  });

export type LessonFormValues = z.infer<typeof lessonFormSchema>;

export const LESSON_FORM_FIELDS = [
  'title',
  'kind',
  'durationMinutes',
  'freePreview',
  'body',
  'sectionId',
  'videoMediaId',
  'videoUrl',
  'quiz',
  'quizDraw',
  'exercise',
  'releaseAfterDays',
  'releaseAt',
  'prerequisiteLessonId',
  'dueAfterDays',
];

/** An ISO instant as a datetime-local value in this browser's zone (what the input shows and edits). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form's values for a saved lesson, or for a new one in `sectionId`. */
export function lessonFormValues(lesson: Lesson | undefined, sectionId: string): LessonFormValues {
  const video = lesson?.video ?? null;
  return {
    title: lesson?.title ?? '',
    kind: lesson?.kind ?? 'article',
    durationMinutes: lesson?.durationMinutes ?? 5,
    freePreview: lesson?.freePreview ?? false,
    body: lesson?.body ?? '',
    sectionId,
    videoSource: video?.source === 'embed' ? 'link' : 'upload',
    videoMediaId: video?.source === 'upload' ? video.mediaId : null,
    videoUrl: video?.source === 'embed' ? video.url : '',
    quiz: (lesson?.quizAnswers ?? []).map((question, index) => ({
      id: question.id ?? `question-${index}`,
      prompt: question.prompt,
      options: [...question.options],
      answer: question.answer,
      explanation: question.explanation ?? '',
    })),
    quizDraw: quizDrawDraftOf(lesson?.quizSettings),
    exercise: exerciseDraftOf(lesson?.exerciseSpec),
    releaseAfterDays: lesson?.gating?.releaseAfterDays == null ? '' : String(lesson.gating.releaseAfterDays),
    releaseAt: toLocalInput(lesson?.gating?.releaseAt),
    prerequisiteLessonId: lesson?.gating?.prerequisiteLessonId ?? '',
    dueAfterDays: lesson?.gating?.dueAfterDays == null ? '' : String(lesson.gating.dueAfterDays),
  };
}

/** What the API is sent: only the video or the quiz of the chosen kind; the others are cleared. */
export function lessonPayload(values: LessonFormValues): LessonBody {
  const video =
    values.kind !== 'video'
      ? { videoMediaId: null, videoUrl: null }
      : values.videoSource === 'upload'
        ? { videoMediaId: values.videoMediaId, videoUrl: null }
        : { videoMediaId: null, videoUrl: values.videoUrl.trim() };
  return {
    title: values.title.trim(),
    kind: values.kind,
    body: values.body,
    durationMinutes: values.durationMinutes,
    freePreview: values.freePreview,
    ...video,
    // A quiz that draws from the bank leaves its stored fixed questions as they are (undefined: unchanged).
    quiz:
      values.kind === 'quiz' && values.quizDraw.source === 'bank'
        ? undefined
        : values.kind === 'quiz'
          ? values.quiz.map(({ id, prompt, options, answer, explanation }) => ({
              id,
              prompt: prompt.trim(),
              options: options.map((option) => option.trim()),
              answer,
              explanation: explanation.trim(),
            }))
          : null,
    quizSettings: values.kind === 'quiz' ? quizDrawPayload(values.quizDraw) : null,
    exercise: values.kind === 'exercise' ? exercisePayload(values.exercise) : null,
    releaseAfterDays: values.releaseAfterDays.trim() === '' ? null : Number(values.releaseAfterDays),
    releaseAt: values.releaseAt === '' ? null : new Date(values.releaseAt).toISOString(),
    prerequisiteLessonId: values.prerequisiteLessonId || null,
    dueAfterDays: values.dueAfterDays.trim() === '' ? null : Number(values.dueAfterDays),
  };
}

/** Where a lesson sits: its section, or undefined when the course has no such lesson. */
export function findLesson(course: CourseDetail, lessonId: string) {
  for (const section of course.sections) {
    const lesson = section.lessons.find((candidate) => candidate.id === lessonId);
    if (lesson) return { section, lesson };
  }
  return undefined;
}

type Nested = (FieldError & Record<string | number, unknown>) | undefined;

/** react-hook-form's nested errors of the quiz field, in the shape the quiz editor shows. */
export function quizErrors(errors: unknown): QuizErrors {
  const list = errors as Nested;
  if (!list) return {};
  const root = (list.root as FieldError | undefined)?.message ?? list.message;
  const questions: (QuestionErrors | undefined)[] = [];
  for (const [key, value] of Object.entries(list)) {
    const index = Number(key);
    if (!Number.isInteger(index)) continue;
    const question = value as Nested;
    if (!question) continue;
    const options = question.options as Nested;
    const optionLines: (string | undefined)[] = [];
    for (const [at, line] of Object.entries(options ?? {})) {
      if (Number.isInteger(Number(at))) optionLines[Number(at)] = (line as FieldError | undefined)?.message;
    }
    questions[index] = {
      prompt: (question.prompt as FieldError | undefined)?.message,
      options: (options?.root as FieldError | undefined)?.message ?? options?.message,
      optionLines,
      answer: (question.answer as FieldError | undefined)?.message,
      explanation: (question.explanation as FieldError | undefined)?.message,
    };
  }
  return { list: root, questions };
}
