import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { strengthSentence } from './password-feedback';

const factory = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
function sentenceFor(password: string, userInputs: string[] = []) {
  const { score, feedback } = factory.check(password, userInputs);
  return strengthSentence({ score, warning: feedback.warning, suggestions: feedback.suggestions });
}
/** A zxcvbn-ts key such as 'extendedRepeat' or 'topHundred': one word, a capital inside it. */
const RAW_KEY = /\b[a-z]+[A-Z][A-Za-z]*\b|\b(common|dates|pwned|l33t|repeated)\b(?![ .,])/;

describe('the password strength sentence', () => {
  it('says what is weak and how to make it stronger instead of the pattern name (issue 17, defect 6)', () => {
    const repeated = sentenceFor('abcabcabcabc');
    expect(repeated).toMatch(/^Very weak\. Repeated groups of characters .* are easy to guess\. /);
    expect(repeated).not.toMatch(RAW_KEY);
    expect(sentenceFor('password')).toBe(
      'Very weak. This is one of the ten most used passwords. Add another word or two; unusual words are best.',
    );
  });

  it('reads as sentences for a spread of passwords, never showing a key', () => {
    for (const password of ['qwertyuiop', 'aaaaaaaa', '2019', '123456789', 'Monkey', 'john smith', 'xK9#', 'learn']) {
      const sentence = sentenceFor(password, ['ada@example.com']);
      expect(sentence, password).toMatch(/^(Very weak|Weak|Fair|Strong|Very strong)\.( |$)/);
      expect(sentence, password).not.toMatch(RAW_KEY);
      expect(sentence.endsWith('.'), password).toBe(true);
    }
  });

  it('keeps a strong password to its label and explains an unknown key in plain words', () => {
    expect(sentenceFor('correct horse battery staple plum')).toBe('Very strong.');
    expect(strengthSentence({ score: 1, warning: 'somethingNew', suggestions: ['alsoNew'] })).toBe(
      'Weak. It would be easy to guess. Make it longer: a few unrelated words are easy to remember and hard to guess.',
    );
  });
});
