import {
  JUDGE_TYPES,
  type JudgeComparator,
  type JudgeType,
  judgeParameterSchema,
} from '@learnbuild/domain/judge/format';
import {
  type Exercise,
  type ExerciseInput,
  type ExerciseLanguage,
  exerciseIssuePath,
  exerciseSchema,
} from '@learnbuild/domain/schemas/exercises';

/**
 * A code exercise as the lesson editor holds it (issue 30): the signature as fields, the parameters as one line
 * (`nums: int[], target: int`), the examples and hidden tests as JSON the author edits, starter code per language
 * and the reference solution.
 */
export interface ExerciseDraft {
  functionName: string;
  parameters: string;
  returnType: JudgeType;
  comparator: JudgeComparator;
  timeLimitMs: string;
  examples: string;
  tests: string;
  starterCode: Record<ExerciseLanguage, string>;
  referenceLanguage: ExerciseLanguage;
  referenceCode: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The editor's draft of a saved exercise, or a blank one to fill in (one example and one test row to copy). */
export function exerciseDraftOf(exercise: Exercise | null | undefined): ExerciseDraft {
  return {
    functionName: exercise?.functionName ?? '',
    parameters: exercise
      ? exercise.parameters.map((parameter) => `${parameter.name}: ${parameter.type}`).join(', ')
      : '',
    returnType: exercise?.returnType ?? 'int',
    comparator: exercise?.comparator ?? 'exact',
    timeLimitMs: String(exercise?.timeLimitMs ?? 2000),
    examples: exercise ? json(exercise.examples) : json([{ args: {}, expected: null, explanation: '' }]),
    tests: exercise ? json(exercise.tests) : json([{ args: {}, expected: null, note: '' }]),
    starterCode: {
      javascript: exercise?.starterCode.javascript ?? '',
      typescript: exercise?.starterCode.typescript ?? '',
      python: exercise?.starterCode.python ?? '',
    },
    referenceLanguage: exercise?.reference.language ?? 'javascript',
    referenceCode: exercise?.reference.code ?? '',
  };
}

export type DraftReading = { ok: true; exercise: ExerciseInput } | { ok: false; message: string };

/** `nums: int[], target: int` as parameters; null with why when a part does not read. */
function readParameters(
  line: string,
): { ok: true; value: ExerciseInput['parameters'] } | { ok: false; message: string } {
  const parts = line
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, message: 'Parameters: give at least one, as name: type' };
  const value: ExerciseInput['parameters'] = [];
  for (const part of parts) {
    const [name = '', type = ''] = part.split(':').map((piece) => piece.trim());
    if (!(JUDGE_TYPES as readonly string[]).includes(type))
      return { ok: false, message: `Parameters: "${part}" needs a type, one of ${JUDGE_TYPES.join(', ')}` };
    if (!judgeParameterSchema.shape.name.safeParse(name).success)
      return { ok: false, message: `Parameters: "${name}" must be a camelCase name` };
    value.push({ name, type: type as JudgeType });
  }
  return { ok: true, value };
}

function readJsonList(text: string, label: string): { ok: true; value: unknown[] } | { ok: false; message: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return { ok: false, message: `${label}: write a JSON list, [ … ]` };
    return { ok: true, value };
  } catch (error) {
    return {
      ok: false,
      message: `${label}: not valid JSON (${error instanceof Error ? error.message : 'unreadable'})`,
    };
  }
}

/** The draft as the API's exercise, checked by the same schema the server applies; the first problem otherwise. */
export function readExerciseDraft(draft: ExerciseDraft): DraftReading {
  const parameters = readParameters(draft.parameters);
  if (!parameters.ok) return parameters;
  const examples = readJsonList(draft.examples, 'Visible examples');
  if (!examples.ok) return examples;
  const tests = readJsonList(draft.tests, 'Hidden tests');
  if (!tests.ok) return tests;
  const starterCode = Object.fromEntries(
    Object.entries(draft.starterCode).filter(([, code]) => code.trim() !== ''),
  ) as ExerciseInput['starterCode'];
  const exercise = {
    functionName: draft.functionName.trim(),
    parameters: parameters.value,
    returnType: draft.returnType,
    comparator: draft.comparator,
    timeLimitMs: Number(draft.timeLimitMs),
    examples: examples.value,
    tests: tests.value,
    starterCode,
    reference: { language: draft.referenceLanguage, code: draft.referenceCode },
  } as ExerciseInput;
  const parsed = exerciseSchema.safeParse(exercise);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `${exerciseIssuePath(issue)}: ${issue.message}` };
  }
  return { ok: true, exercise };
}
