import { describe, expect, it } from 'vitest';
import {
  isQuizPassed,
  QUIZ_PASS_RATIO,
  quizAnswersBodySchema,
  REVIEWS_PAGE_SIZE,
  reviewBodySchema,
  reviewsQuerySchema,
} from './courses';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('isQuizPassed (a quiz is passed at 70% correct)', () => {
  it('passes at exactly 70% and fails just below it', () => {
    expect(QUIZ_PASS_RATIO).toBe(0.7);
    expect(isQuizPassed(7, 10)).toBe(true);
    expect(isQuizPassed(6, 10)).toBe(false);
    expect(isQuizPassed(14, 20)).toBe(true);
    expect(isQuizPassed(13, 20)).toBe(false);
    expect(isQuizPassed(21, 30)).toBe(true);
    expect(isQuizPassed(20, 30)).toBe(false);
  });

  it('needs 3 of 4 and 3 of 3, and never passes an empty quiz', () => {
    expect(isQuizPassed(2, 4)).toBe(false);
    expect(isQuizPassed(3, 4)).toBe(true);
    expect(isQuizPassed(2, 3)).toBe(false);
    expect(isQuizPassed(3, 3)).toBe(true);
    expect(isQuizPassed(0, 0)).toBe(false);
  });

  it('agrees with whole-number arithmetic for every quiz size the editor allows', () => {
    for (let total = 1; total <= 30; total++) {
      for (let correct = 0; correct <= total; correct++) {
        expect(isQuizPassed(correct, total), `${correct}/${total}`).toBe(correct * 10 >= total * 7);
      }
    }
  });
});

describe('reviewBodySchema', () => {
  it('takes 1 to 5 whole stars and a trimmed text', () => {
    expect(reviewBodySchema.parse({ rating: 5, body: '  Great  ' })).toEqual({ rating: 5, body: 'Great' });
    expect(reviewBodySchema.parse({ rating: 1 })).toEqual({ rating: 1, body: '' });
  });

  it.each([
    [0, 'Rating must be 1 to 5 stars'],
    [6, 'Rating must be 1 to 5 stars'],
    [2.5, 'Rating must be a whole number of stars'],
    ['4', 'Rating must be a number'],
  ])('refuses a rating of %j', (rating, message) => {
    expect(firstError(reviewBodySchema.safeParse({ rating }))).toBe(message);
  });
});

describe('reviewsQuerySchema and quizAnswersBodySchema', () => {
  it('pages reviews from 1, ten a page', () => {
    expect(REVIEWS_PAGE_SIZE).toBe(10);
    expect(reviewsQuerySchema.parse({})).toEqual({ page: 1 });
    expect(reviewsQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    expect(reviewsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('takes whole, non-negative option indexes', () => {
    expect(quizAnswersBodySchema.parse({ answers: [0, 2, 1] })).toEqual({ answers: [0, 2, 1] });
    expect(quizAnswersBodySchema.safeParse({ answers: [-1] }).success).toBe(false);
    expect(quizAnswersBodySchema.safeParse({ answers: [1.5] }).success).toBe(false);
  });
});
