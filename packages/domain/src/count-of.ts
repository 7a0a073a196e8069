/** "1 problem", "3 problems": a count with its noun, singular for exactly one. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
