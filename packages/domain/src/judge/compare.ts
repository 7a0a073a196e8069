import type { JudgeComparator } from './format';

/** How close two numbers must be under the `float` comparator: absolutely or relative to the larger. */
export const FLOAT_TOLERANCE = 1e-5;

function floatsMatch(actual: number, expected: number): boolean {
  if (actual === expected) return true;
  const difference = Math.abs(actual - expected);
  return (
    difference <= FLOAT_TOLERANCE || difference <= FLOAT_TOLERANCE * Math.max(Math.abs(actual), Math.abs(expected))
  );
}

function deepEqual(actual: unknown, expected: unknown, floats: boolean): boolean {
  if (typeof actual === 'number' && typeof expected === 'number') {
    return floats ? floatsMatch(actual, expected) : actual === expected;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.length === expected.length && actual.every((item, i) => deepEqual(item, expected[i], floats));
  }
  if (typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null) {
    const keys = Object.keys(expected);
    return (
      Object.keys(actual).length === keys.length &&
      keys.every((key) =>
        deepEqual((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], floats),
      )
    );
  }
  return actual === expected;
}

/** A stable key for sorting the items of an answer whose order does not count. */
function orderKey(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

function sortedItems(items: unknown[]): unknown[] {
  const keyed = items.map((item) => [orderKey(item), item] as const);
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return keyed.map(([, item]) => item);
}

/** Whether the learner's answer (parsed JSON) is the expected one under the problem's comparator. */
export function answersMatch(actual: unknown, expected: unknown, comparator: JudgeComparator): boolean {
  if (comparator === 'any-order') {
    if (!Array.isArray(actual) || !Array.isArray(expected)) return deepEqual(actual, expected, false);
    return deepEqual(sortedItems(actual), sortedItems(expected), false);
  }
  return deepEqual(actual, expected, comparator === 'float');
}
