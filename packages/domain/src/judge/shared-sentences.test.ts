import { describe, expect, it } from 'vitest';
import { SHARED_SENTENCE_MIN_WORDS, sentencesOf, sharedSentences } from './shared-sentences';

const ten = 'one two three four five six seven eight nine ten';

describe('sharedSentences', () => {
  it('finds a sentence of ten words that stands in two statements, whatever its markdown and spacing', () => {
    const found = sharedSentences([
      { slug: 'a', statement: `Intro here. ${ten}. Outro.` },
      { slug: 'b', statement: `Something else!\n\`One\` two  three four five six **seven** eight nine ten.` },
    ]);
    expect(SHARED_SENTENCE_MIN_WORDS).toBe(10);
    expect(found).toEqual([{ sentence: `${ten}.`, slugs: ['a', 'b'] }]);
  });

  it('lets a sentence of nine words recur, and a sentence recur within one statement', () => {
    const nine = 'one two three four five six seven eight nine';
    expect(
      sharedSentences([
        { slug: 'a', statement: `${nine}. ${ten}. ${ten}.` },
        { slug: 'b', statement: `${nine}.` },
      ]),
    ).toEqual([]);
  });

  it('splits sentences at full stops, question marks, colons and line breaks', () => {
    expect(sentencesOf(`${ten}? ${ten} eleven: short\n${ten} twelve`)).toEqual([
      `${ten}?`,
      `${ten} eleven:`,
      `${ten} twelve`,
    ]);
  });
});
