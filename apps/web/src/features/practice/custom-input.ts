import type { Practice } from '@learnbuild/domain/schemas/judge';

/** The first example's arguments as the input box starts: one parameter a line, each value on one line. */
export function customInputText(args: Record<string, unknown>, parameters: Practice['parameters']): string {
  const lines = parameters.map(
    (parameter) => `  ${JSON.stringify(parameter.name)}: ${JSON.stringify(args[parameter.name])}`,
  );
  return `{\n${lines.join(',\n')}\n}`;
}

export type CustomInput = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

/** The learner's own arguments: a JSON object with a value for every parameter. */
export function readCustomInput(text: string, parameters: Practice['parameters']): CustomInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Your input is not valid JSON: ${error instanceof Error ? error.message : error}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'Write your input as a JSON object, e.g. {"nums": [1, 2], "target": 3}' };
  }
  const args = value as Record<string, unknown>;
  const missing = parameters.filter((parameter) => !(parameter.name in args)).map((parameter) => parameter.name);
  if (missing.length > 0) {
    return { ok: false, message: `Your input needs a value for ${missing.map((name) => `"${name}"`).join(' and ')}` };
  }
  return { ok: true, args };
}
