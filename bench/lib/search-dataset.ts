/** Generated text for the search benchmarks (blog, community): words drawn from a vocabulary, and searches of them. */

/**
 * SQL for `count` words drawn from the temporary table `vocabulary` (column `w`), skewed to its front like
 * real text; `seed` is a column, so each row draws its own words.
 */
export const drawnWords = (count: string, seed: string) =>
  `(select string_agg(v.w[1 + floor(power(random(), 2.2) * array_length(v.w, 1))::int], ' ')
      from generate_series(1, ${count}) k, vocabulary v where ${seed} is not null)`;

/** Two-word searches of the rarer two thirds of the vocabulary, different for every request in a long cycle. */
export function rotatingSearches(vocabulary: readonly string[], count: number, route: string): string[] {
  const rare = vocabulary.slice(Math.floor(vocabulary.length / 3));
  const paths: string[] = [];
  for (let index = 0; paths.length < count; index += 1) {
    const first = rare[index % rare.length]!;
    const second = rare[Math.floor(index / rare.length) % rare.length]!;
    if (first === second) continue;
    paths.push(`${route}?q=${encodeURIComponent(`${first} ${second}`)}`);
  }
  return paths;
}
