import { judgeSpecIssuePath, judgeSpecSchema } from '@learnbuild/domain/schemas/judge';

// The judge editor's form state: the problem file with its JSON values (a test's arguments, an expected answer)
// kept as the text the author types, so a half-typed array is never lost. The form and the "Start from JSON" box
// both edit it; `checkDraft` turns it back into the file and names each wrong field as the API does
// ("spec.tests.3.args"), so the server's refusals land next to the same fields.

export interface DraftCase {
  /** Stable across moves between examples and hidden tests (React keys, focus after a move). */
  id: string;
  args: string;
  expected: string;
  /** Shown to learners with an example. */
  explanation: string;
  /** What a hidden test is for, for authors only. */
  note: string;
}

export interface JudgeDraft {
  statement: string;
  /** One constraint a line. */
  constraints: string;
  functionName: string;
  parameters: { id: string; name: string; type: string }[];
  returnType: string;
  comparator: string;
  timeLimitMs: string;
  examples: DraftCase[];
  tests: DraftCase[];
  hints: string[];
  approach: string;
  timeComplexity: string;
  spaceComplexity: string;
  javascript: string;
  python: string;
  /** The file's fields the form does not show (references, starter code, memory limit, video), kept as they are. */
  rest: Record<string, unknown>;
}

/** Field errors by the API's path: `spec.examples.0.args` → "Not valid JSON: …". */
export type DraftErrors = Record<string, string>;

export const HINTS_MAX = 3;
export const EXAMPLES_MAX = 5;

let lastId = 0;
export function newId(): string {
  lastId += 1;
  return `judge-row-${lastId}`;
}

const FORM_FIELDS = new Set([
  'slug',
  'title',
  'statement',
  'constraints',
  'functionName',
  'parameters',
  'returnType',
  'comparator',
  'timeLimitMs',
  'examples',
  'tests',
  'hints',
  'editorial',
]);

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** A JSON value as the author reads it; objects of a few keys stay on one line. */
function jsonText(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value);
}

export function emptyCase(): DraftCase {
  return { id: newId(), args: '', expected: '', explanation: '', note: '' };
}

function caseFrom(value: unknown): DraftCase {
  const item = record(value);
  return {
    id: newId(),
    args: jsonText(item.args),
    expected: jsonText(item.expected),
    explanation: text(item.explanation),
    note: text(item.note),
  };
}

/** "Two Sum" → "twoSum": a first guess at the function's name. */
export function functionNameFor(title: string): string {
  const words = title.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const name = words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
  return /^[a-z]/.test(name) ? name : '';
}

/** The form for a problem that has no judge yet. */
export function blankDraft(title: string): JudgeDraft {
  return {
    statement: '',
    constraints: '',
    functionName: functionNameFor(title),
    parameters: [{ id: newId(), name: '', type: 'int[]' }],
    returnType: 'int',
    comparator: 'exact',
    timeLimitMs: '2000',
    examples: [emptyCase()],
    tests: [emptyCase()],
    hints: [],
    approach: '',
    timeComplexity: '',
    spaceComplexity: '',
    javascript: '',
    python: '',
    rest: {},
  };
}

/** The form holding a problem file; lenient, since the file may be pasted by hand. */
export function draftFromSpec(spec: Record<string, unknown>): JudgeDraft {
  const editorial = record(spec.editorial);
  const complexity = record(editorial.complexity);
  const solutions = record(editorial.solutions);
  return {
    statement: text(spec.statement),
    constraints: list(spec.constraints).map(text).join('\n'),
    functionName: text(spec.functionName),
    parameters: list(spec.parameters).map((parameter) => ({
      id: newId(),
      name: text(record(parameter).name),
      type: text(record(parameter).type),
    })),
    returnType: text(spec.returnType),
    comparator: text(spec.comparator ?? 'exact'),
    timeLimitMs: text(spec.timeLimitMs ?? 2000),
    examples: list(spec.examples).map(caseFrom),
    tests: list(spec.tests).map(caseFrom),
    hints: list(spec.hints).map(text),
    approach: text(editorial.approach),
    timeComplexity: text(complexity.time),
    spaceComplexity: text(complexity.space),
    javascript: text(solutions.javascript),
    python: text(solutions.python),
    rest: Object.fromEntries(Object.entries(spec).filter(([key]) => !FORM_FIELDS.has(key))),
  };
}

/** What a draft holds, ids aside: two drafts of the same file read the same. */
export function draftContent(draft: JudgeDraft): string {
  const cases = (items: DraftCase[]) => items.map(({ id: _, ...item }) => item);
  return JSON.stringify({
    ...draft,
    parameters: draft.parameters.map(({ id: _, ...parameter }) => parameter),
    examples: cases(draft.examples),
    tests: cases(draft.tests),
  });
}

function parseJson(source: string, path: string, errors: DraftErrors, what: string): unknown {
  if (source.trim() === '') {
    errors[path] = `Write the ${what} as JSON`;
    return undefined;
  }
  try {
    return JSON.parse(source);
  } catch (error) {
    errors[path] = `Not valid JSON: ${error instanceof Error ? error.message : 'it could not be read'}`;
    return undefined;
  }
}

/** The problem file the draft stands for, and the fields whose JSON could not be read. */
export function specFromDraft(draft: JudgeDraft): { spec: Record<string, unknown>; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const cases = (items: DraftCase[], kind: 'examples' | 'tests') =>
    items.map((item, index) => {
      const args = parseJson(item.args, `spec.${kind}.${index}.args`, errors, 'arguments');
      const expected = parseJson(item.expected, `spec.${kind}.${index}.expected`, errors, 'expected answer');
      if (kind === 'examples') return { args, expected, explanation: item.explanation };
      return item.note.trim() ? { args, expected, note: item.note.trim() } : { args, expected };
    });
  const timeLimit = Number(draft.timeLimitMs);
  const spec = {
    ...draft.rest,
    statement: draft.statement,
    constraints: draft.constraints
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    functionName: draft.functionName.trim(),
    parameters: draft.parameters.map(({ name, type }) => ({ name: name.trim(), type })),
    returnType: draft.returnType,
    comparator: draft.comparator,
    timeLimitMs: draft.timeLimitMs.trim() === '' || Number.isNaN(timeLimit) ? draft.timeLimitMs : timeLimit,
    examples: cases(draft.examples, 'examples'),
    tests: cases(draft.tests, 'tests'),
    hints: draft.hints,
    editorial: {
      approach: draft.approach,
      complexity: { time: draft.timeComplexity.trim(), space: draft.spaceComplexity.trim() },
      solutions: { javascript: draft.javascript, python: draft.python },
    },
  };
  return { spec, errors };
}

/**
 * The file ready to save, or every wrong field: the JSON that could not be read, then what the judge's schema
 * says (checked with the problem's own slug and title, as the server sets them).
 */
export function checkDraft(
  draft: JudgeDraft,
  problem: { slug: string; title: string },
): { spec: Record<string, unknown> | null; errors: DraftErrors } {
  const { spec, errors } = specFromDraft(draft);
  if (Object.keys(errors).length > 0) return { spec: null, errors };
  const parsed = judgeSpecSchema.safeParse({ ...spec, slug: problem.slug, title: problem.title });
  if (parsed.success) return { spec, errors };
  for (const issue of parsed.error.issues) errors[judgeSpecIssuePath(issue)] ??= issue.message;
  return { spec: null, errors };
}

/** The errors from an API refusal: its `details` by path, or its message alone. */
export function errorsFromDetails(details: unknown): DraftErrors {
  const errors: DraftErrors = {};
  for (const detail of list(details)) {
    const { path, message } = record(detail);
    if (typeof path === 'string' && typeof message === 'string') errors[path] ??= message;
  }
  return errors;
}

/** The error of a field, or of any part of it (`spec.constraints` covers `spec.constraints.2`). */
export function errorAt(errors: DraftErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const key = Object.keys(errors).find((name) => name.startsWith(`${path}.`));
  return key ? errors[key] : undefined;
}

/** Moves a case between the examples and the hidden tests (to the end of the other list). */
export function moveCase(draft: JudgeDraft, id: string, hidden: boolean): JudgeDraft {
  const from = hidden ? draft.examples : draft.tests;
  const item = from.find((candidate) => candidate.id === id);
  if (!item) return draft;
  const rest = from.filter((candidate) => candidate.id !== id);
  return hidden
    ? { ...draft, examples: rest, tests: [...draft.tests, item] }
    : { ...draft, tests: rest, examples: [...draft.examples, item] };
}
