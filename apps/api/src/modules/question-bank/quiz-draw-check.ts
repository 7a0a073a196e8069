import type { QuizSettings } from '@learnbuild/domain/schemas/question-bank';
import type { DbOrTx } from '../../db/client';
import { invalidFields } from '../../lib/http-errors';
import { countDrawable } from './queries';

/** The draw message when the bank holds fewer questions than a quiz asks for. */
export function tooFewQuestionsMessage(available: number, tags: string[]): string {
  const which = tags.length > 0 ? 'with these tags' : 'in the question bank';
  if (available === 0) return `There are no questions ${which} yet: add some to the question bank first`;
  return `There ${available === 1 ? 'is only 1 question' : `are only ${available} questions`} ${which}: draw at most ${available}`;
}

/** A quiz may draw only as many questions as the bank holds with its tags (400 on `quizSettings.draw`). */
export async function checkQuizDraw(tx: DbOrTx, courseId: string, settings: QuizSettings) {
  const available = await countDrawable(tx, courseId, settings.tags);
  if (available >= settings.draw) return;
  const message = tooFewQuestionsMessage(available, settings.tags);
  throw invalidFields(message, [{ path: 'quizSettings.draw', message }]);
}
