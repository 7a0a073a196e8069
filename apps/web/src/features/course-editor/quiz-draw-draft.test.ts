import { describe, expect, it } from 'vitest';
import { quizDrawDraftOf, readQuizDrawDraft } from './quiz-draw-draft';

describe('the quiz draw draft', () => {
  it('reads fixed questions as no settings, and a draw with its limits in seconds', () => {
    expect(readQuizDrawDraft(quizDrawDraftOf(null))).toEqual({ ok: true, settings: null });
    const draft = { source: 'bank' as const, draw: '3', tags: ['loops'], timeLimitMinutes: '10', attemptLimit: '2' };
    expect(readQuizDrawDraft(draft)).toEqual({
      ok: true,
      settings: { draw: 3, tags: ['loops'], timeLimitSeconds: 600, attemptLimit: 2 },
    });
    expect(quizDrawDraftOf({ draw: 3, tags: ['loops'], timeLimitSeconds: 600, attemptLimit: 2 })).toEqual(draft);
    expect(readQuizDrawDraft({ ...draft, timeLimitMinutes: ' ', attemptLimit: '' })).toMatchObject({
      settings: { timeLimitSeconds: null, attemptLimit: null },
    });
  });

  it('names what cannot be sent', () => {
    const draft = { source: 'bank' as const, draw: '3', tags: [], timeLimitMinutes: '', attemptLimit: '' };
    expect(readQuizDrawDraft({ ...draft, draw: '0' })).toEqual({
      ok: false,
      message: 'Questions per attempt must be a whole number from 1 to 30',
    });
    expect(readQuizDrawDraft({ ...draft, timeLimitMinutes: '2.5' })).toEqual({
      ok: false,
      message: 'The time limit must be whole minutes from 1 to 240, or blank',
    });
    expect(readQuizDrawDraft({ ...draft, attemptLimit: '101' })).toEqual({
      ok: false,
      message: 'Attempts must be a whole number from 1 to 100, or blank',
    });
  });
});
