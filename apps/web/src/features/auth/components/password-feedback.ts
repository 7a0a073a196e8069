import type { TranslationKeys } from '@zxcvbn-ts/core';

/**
 * The strength meter's words. zxcvbn-ts reports what it found as keys ('extendedRepeat',
 * 'common'); a learner gets a sentence instead: what makes the password weak, then how to make
 * it stronger. A key this table does not know still reads as a sentence, never as the key.
 */

export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

// Typed by the library's own key list, so a key it adds in a new version fails the build here.
const WARNINGS: TranslationKeys['warnings'] = {
  straightRow: 'Rows of keys next to each other (like "qwerty") are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters (like "aaa") are easy to guess.',
  extendedRepeat: 'Repeated groups of characters (like "abcabcabc") are easy to guess.',
  sequences: 'Sequences (like "abc" or "6543") are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is one of the ten most used passwords.',
  topHundred: 'This is one of the hundred most used passwords.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is very close to a commonly used password.',
  wordByItself: 'A single word on its own is easy to guess.',
  namesByThemselves: 'Names on their own are easy to guess.',
  commonNames: 'Common first names and surnames are easy to guess.',
  userInputs: 'It contains your name or email address.',
  pwned: 'This password has appeared in a data breach.',
};

const SUGGESTIONS: TranslationKeys['suggestions'] = {
  l33t: 'Swapping letters for look-alike symbols (like "@" for "a") barely helps.',
  reverseWords: 'Spelling a common word backwards barely helps.',
  allUppercase: 'Capitalize some letters, not all of them.',
  capitalization: 'Capitalize more than the first letter.',
  dates: 'Leave out dates and years that are linked to you.',
  recentYears: 'Leave out recent years.',
  associatedYears: 'Leave out years that are linked to you.',
  sequences: 'Leave out common sequences of characters.',
  repeated: 'Leave out repeated words and characters.',
  longerKeyboardPattern: 'Use a longer keyboard pattern that changes direction several times.',
  anotherWord: 'Add another word or two; unusual words are best.',
  useWords: 'Use several words, but not a well-known phrase.',
  noNeed: 'You can make a strong password without symbols, digits or capital letters.',
  pwned: 'If you use it anywhere else, change it there too.',
};

const GENERIC_WARNING = 'It would be easy to guess.';
const GENERIC_SUGGESTION = 'Make it longer: a few unrelated words are easy to remember and hard to guess.';

export interface StrengthResult {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: readonly string[];
}

/** 'Weak. Repeated groups of characters (like "abcabcabc") are easy to guess. Add another word or two; …' */
export function strengthSentence({ score, warning, suggestions }: StrengthResult): string {
  const label = STRENGTH_LABELS[score];
  if (score >= 3 && !warning) return `${label}.`;
  const known = (table: Record<string, string>, key: string) => (Object.hasOwn(table, key) ? table[key] : undefined);
  const problem = warning ? (known(WARNINGS, warning) ?? GENERIC_WARNING) : score < 3 ? GENERIC_WARNING : null;
  const advice = suggestions.map((key) => known(SUGGESTIONS, key)).find((text) => text !== undefined);
  return [`${label}.`, problem, advice ?? (score < 3 ? GENERIC_SUGGESTION : null)].filter(Boolean).join(' ');
}
