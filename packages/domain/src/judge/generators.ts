// Test values written as generators: {"$gen": "ints", "count": 100000, "min": 1, "max": 1000000000, "seed": 7}.
// Every generator is deterministic (a seeded mulberry32), so a test is the same on every machine and every run.
//
//   ints          {count, min, max, seed, distinct?, sort?: "asc" | "desc"}   random integers in [min, max]
//   range         {start, count, step?}                                         start, start + step, …
//   repeat        {value, count}                                                count copies of value
//   string        {alphabet, length, seed}                                      random characters of alphabet
//   repeat-string {value, count}                                                value written count times
//   concat        {parts: [...]}                                                arrays joined, or strings joined
//   grid          {rows, cols, alphabet: [...], seed, weights?: [...]}          rows × cols of alphabet's items
//   chunk         {size, of}                                                    an array cut into arrays of size
//   reverse       {of}                                                          an array or string backwards

/** No generated value may hold more items than this: a file cannot make the judge build gigabytes. */
export const GENERATED_ITEMS_MAX = 2_000_000;

export class GeneratorError extends Error {}

function isGenerator(value: unknown): value is { $gen: string; [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$gen' in value;
}

/** A seeded random source in [0, 1): mulberry32, small and the same in every JavaScript engine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function integer(spec: Record<string, unknown>, key: string, fallback?: number): number {
  const value = spec[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new GeneratorError(`Generator "${String(spec.$gen)}" needs an integer "${key}"`);
  }
  return value;
}

function count(spec: Record<string, unknown>, key: string): number {
  const value = integer(spec, key);
  if (value < 0 || value > GENERATED_ITEMS_MAX) {
    throw new GeneratorError(`"${key}" of generator "${String(spec.$gen)}" must be 0 to ${GENERATED_ITEMS_MAX}`);
  }
  return value;
}

function generateInts(spec: Record<string, unknown>): number[] {
  const n = count(spec, 'count');
  const min = integer(spec, 'min');
  const max = integer(spec, 'max');
  if (max < min) throw new GeneratorError('"max" must not be below "min"');
  const random = seededRandom(integer(spec, 'seed', 1));
  const span = max - min + 1;
  const pick = () => min + Math.floor(random() * span);
  let values: number[];
  if (spec.distinct === true) {
    if (span < n) throw new GeneratorError('Not enough distinct integers between "min" and "max"');
    const seen = new Set<number>();
    values = [];
    while (values.length < n) {
      const value = pick();
      if (!seen.has(value)) {
        seen.add(value);
        values.push(value);
      }
    }
  } else {
    values = Array.from({ length: n }, pick);
  }
  if (spec.sort === 'asc') values.sort((a, b) => a - b);
  if (spec.sort === 'desc') values.sort((a, b) => b - a);
  return values;
}

function generateString(spec: Record<string, unknown>): string {
  const alphabet = spec.alphabet;
  if (typeof alphabet !== 'string' || alphabet.length === 0) throw new GeneratorError('"alphabet" must be a string');
  const characters = [...alphabet];
  const random = seededRandom(integer(spec, 'seed', 1));
  const length = count(spec, 'length');
  let text = '';
  for (let i = 0; i < length; i++) text += characters[Math.floor(random() * characters.length)];
  return text;
}

function generateGrid(spec: Record<string, unknown>): unknown[][] {
  const rows = count(spec, 'rows');
  const cols = count(spec, 'cols');
  if (rows * cols > GENERATED_ITEMS_MAX) throw new GeneratorError('The grid is too large');
  const alphabet = spec.alphabet;
  if (!Array.isArray(alphabet) || alphabet.length === 0) throw new GeneratorError('"alphabet" must be a list');
  const weights = Array.isArray(spec.weights) ? spec.weights.map(Number) : alphabet.map(() => 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const random = seededRandom(integer(spec, 'seed', 1));
  const pick = () => {
    let roll = random() * total;
    for (let i = 0; i < alphabet.length; i++) {
      roll -= weights[i] ?? 0;
      if (roll < 0) return alphabet[i];
    }
    return alphabet[alphabet.length - 1];
  };
  return Array.from({ length: rows }, () => Array.from({ length: cols }, pick));
}

function generate(spec: Record<string, unknown>): unknown {
  switch (spec.$gen) {
    case 'ints':
      return generateInts(spec);
    case 'range': {
      const start = integer(spec, 'start');
      const step = integer(spec, 'step', 1);
      return Array.from({ length: count(spec, 'count') }, (_, i) => start + i * step);
    }
    case 'repeat': {
      const value = expandGenerated(spec.value);
      return Array.from({ length: count(spec, 'count') }, () => structuredClone(value));
    }
    case 'string':
      return generateString(spec);
    case 'repeat-string': {
      if (typeof spec.value !== 'string') throw new GeneratorError('"value" must be a string');
      const times = count(spec, 'count');
      if (spec.value.length * times > GENERATED_ITEMS_MAX) throw new GeneratorError('The string is too long');
      return spec.value.repeat(times);
    }
    case 'concat': {
      if (!Array.isArray(spec.parts)) throw new GeneratorError('"parts" must be a list');
      const parts = spec.parts.map(expandGenerated);
      if (parts.every((part) => typeof part === 'string')) return parts.join('');
      if (parts.every(Array.isArray)) {
        const joined = parts.flat(1);
        if (joined.length > GENERATED_ITEMS_MAX) throw new GeneratorError('The list is too long');
        return joined;
      }
      throw new GeneratorError('"concat" joins lists with lists or strings with strings');
    }
    case 'grid':
      return generateGrid(spec);
    case 'chunk': {
      const size = integer(spec, 'size');
      const items = expandGenerated(spec.of);
      if (!Array.isArray(items) || size < 1) throw new GeneratorError('"chunk" cuts a list into parts of "size" ≥ 1');
      const chunks: unknown[][] = [];
      for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
      return chunks;
    }
    case 'reverse': {
      const items = expandGenerated(spec.of);
      if (typeof items === 'string') return [...items].reverse().join('');
      if (Array.isArray(items)) return [...items].reverse();
      throw new GeneratorError('"reverse" turns a list or a string around');
    }
    default:
      throw new GeneratorError(`Unknown generator "${String(spec.$gen)}"`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value with every generator in it replaced by what it generates, in lists and in a test's arguments by
 * name alike; plain values come back as they are.
 */
export function expandGenerated(value: unknown): unknown {
  if (isGenerator(value)) return generate(value);
  if (Array.isArray(value)) return value.some((item) => typeof item === 'object') ? value.map(expandGenerated) : value;
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandGenerated(item)]));
  return value;
}

/** Whether a value (as written in the file) holds a generator anywhere: such tests are shown by number only. */
export function holdsGenerator(value: unknown): boolean {
  if (isGenerator(value)) return true;
  if (Array.isArray(value)) return value.some(holdsGenerator);
  return isRecord(value) && Object.values(value).some(holdsGenerator);
}
