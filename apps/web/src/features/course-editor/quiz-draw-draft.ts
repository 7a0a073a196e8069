import {
  QUIZ_ATTEMPT_LIMIT_MAX,
  QUIZ_DRAW_MAX,
  QUIZ_TIME_LIMIT_MAX_SECONDS,
  type QuizSettingsBody,
} from '@learnbuild/domain/schemas/question-bank';

/** How a quiz lesson gets its questions, as the lesson editor holds it (numbers as typed). */
export interface QuizDrawDraft {
  source: 'fixed' | 'bank';
  draw: string;
  tags: string[];
  /** Blank: no time limit. */
  timeLimitMinutes: string;
  /** Blank: as many attempts as the learner likes. */
  attemptLimit: string;
}

export const TIME_LIMIT_MAX_MINUTES = QUIZ_TIME_LIMIT_MAX_SECONDS / 60;

export function quizDrawDraftOf(
  settings:
    | { draw: number; tags: string[]; timeLimitSeconds: number | null; attemptLimit: number | null }
    | null
    | undefined,
): QuizDrawDraft {
  return {
    source: settings ? 'bank' : 'fixed',
    draw: String(settings?.draw ?? 5),
    tags: settings ? [...settings.tags] : [],
    timeLimitMinutes: settings?.timeLimitSeconds ? String(Math.round(settings.timeLimitSeconds / 60)) : '',
    attemptLimit: settings?.attemptLimit ? String(settings.attemptLimit) : '',
  };
}

const wholeIn = (text: string, min: number, max: number) =>
  /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** The settings the API is sent (null: fixed questions), or why the draft cannot be sent. */
export function readQuizDrawDraft(
  draft: QuizDrawDraft,
): { ok: true; settings: QuizSettingsBody | null } | { ok: false; message: string } {
  if (draft.source === 'fixed') return { ok: true, settings: null };
  if (!wholeIn(draft.draw, 1, QUIZ_DRAW_MAX))
    return { ok: false, message: `Questions per attempt must be a whole number from 1 to ${QUIZ_DRAW_MAX}` };
  const time = draft.timeLimitMinutes.trim();
  if (time !== '' && !wholeIn(time, 1, TIME_LIMIT_MAX_MINUTES))
    return { ok: false, message: `The time limit must be whole minutes from 1 to ${TIME_LIMIT_MAX_MINUTES}, or blank` };
  const attempts = draft.attemptLimit.trim();
  if (attempts !== '' && !wholeIn(attempts, 1, QUIZ_ATTEMPT_LIMIT_MAX))
    return { ok: false, message: `Attempts must be a whole number from 1 to ${QUIZ_ATTEMPT_LIMIT_MAX}, or blank` };
  return {
    ok: true,
    settings: {
      draw: Number(draft.draw),
      tags: draft.tags,
      timeLimitSeconds: time === '' ? null : Number(time) * 60,
      attemptLimit: attempts === '' ? null : Number(attempts),
    },
  };
}
