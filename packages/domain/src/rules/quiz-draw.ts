// Drawing a quiz from a question bank (issue 30): a seeded generator, so the seed stored with an attempt says
// exactly which questions it drew and in which order their options were shown.

/** The largest seed: seeds are unsigned 32-bit whole numbers. */
export const QUIZ_SEED_MAX = 0xffff_ffff;

/**
 * A pseudo-random generator of numbers in [0, 1) from a 32-bit seed (mulberry32): the same seed gives the same
 * sequence on every machine. Not for secrets; for a fair, repeatable draw.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number in [0, below) from the generator. */
function below(random: () => number, bound: number): number {
  return Math.min(bound - 1, Math.floor(random() * bound));
}

/** A shuffled copy of `items` (Fisher–Yates), every order equally likely; `items` itself is left alone. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = below(random, i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** `count` distinct items picked at random, in random order (a partial Fisher–Yates); all of them when fewer. */
export function drawFrom<T>(items: readonly T[], count: number, random: () => number): T[] {
  const copy = [...items];
  const take = Math.max(0, Math.min(count, copy.length));
  for (let i = 0; i < take; i += 1) {
    const j = i + below(random, copy.length - i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, take);
}

/** One drawn question: its id and the order its options are shown in (`order[k]` = the option shown k-th). */
export interface DrawnSlot {
  id: string;
  order: number[];
}

/**
 * An attempt's questions from a bank: `count` of them in random order, each with its options shuffled, all from
 * `seed`. The bank is read in a stable order (by id) so the same seed over the same bank draws the same attempt.
 */
export function drawAttempt(
  bank: readonly { id: string; optionCount: number }[],
  count: number,
  seed: number,
): DrawnSlot[] {
  const random = seededRandom(seed);
  const sorted = [...bank].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return drawFrom(sorted, count, random).map((question) => ({
    id: question.id,
    order: shuffle(
      Array.from({ length: question.optionCount }, (_, index) => index),
      random,
    ),
  }));
}
