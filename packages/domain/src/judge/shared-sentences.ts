// Problem statements are written one by one for LearnBuild (issue 28). A sentence of ten words or more that stands
// in two statements is a sign of copy and paste between problems; the content tests and the authors' check look
// for it with this.

/** A sentence shorter than this may recur ("Return the answer modulo 10^9 + 7."); one this long should not. */
export const SHARED_SENTENCE_MIN_WORDS = 10;

export interface SharedSentence {
  sentence: string;
  slugs: [string, string];
}

/** The statement's sentences, lower-cased, with markdown marks and spacing made uniform. */
export function sentencesOf(statement: string): string[] {
  return statement
    .replace(/[`*_>#]/g, ' ')
    .split(/(?<=[.!?:;])\s+|\n+/)
    .map((sentence) => sentence.toLowerCase().replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.split(' ').length >= SHARED_SENTENCE_MIN_WORDS);
}

/** Every long sentence that stands in two problems' statements, with the first two problems that hold it. */
export function sharedSentences(problems: readonly { slug: string; statement: string }[]): SharedSentence[] {
  const firstHolder = new Map<string, string>();
  const shared: SharedSentence[] = [];
  for (const { slug, statement } of problems) {
    for (const sentence of new Set(sentencesOf(statement))) {
      const holder = firstHolder.get(sentence);
      if (holder === undefined) firstHolder.set(sentence, slug);
      else if (holder !== slug) shared.push({ sentence, slugs: [holder, slug] });
    }
  }
  return shared;
}
