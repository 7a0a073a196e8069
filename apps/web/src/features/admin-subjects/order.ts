export type Direction = 'up' | 'down';

/** The ids with `id` swapped with its neighbour; unchanged when it is already at that end. */
export function moveId(ids: readonly string[], id: string, direction: Direction): string[] {
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  const next = [...ids];
  if (from < 0 || to < 0 || to >= ids.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The items arranged in the order of `ids`; items missing from `ids` keep their place at the end. */
export function sortByIds<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length));
}
