import { answersMatch } from './compare';
import type { JudgeComparator } from './format';
import { HARNESS_CALL, type HarnessSignature, harnessFor } from './harness';

// The problem page's Run (issue 27): the examples and the learner's own input run in the browser's code runner,
// which runs one program and hands back what it printed. The program is the harness, the learner's code and a
// driver that calls the learner's function once per case and prints one marked line with each answer (or the
// error); what else the code printed between two marks belongs to that case. Nothing here runs code.

export type BrowserRunLanguage = 'javascript' | 'typescript' | 'python';

export interface BrowserRunInput {
  language: BrowserRunLanguage;
  signature: HarnessSignature;
  /** The learner's code, as written. */
  code: string;
  /** Each case's arguments by parameter name. */
  cases: readonly Record<string, unknown>[];
  /** Makes the driver's marks unlike anything the learner prints (a new one per run). */
  nonce: string;
}

/** The text that starts every line the driver prints. */
export function driverMark(nonce: string): string {
  return `@@learnbuild-run:${nonce}@@`;
}

const lineCount = (text: string) => text.split('\n').length;

/**
 * JavaScript or TypeScript (the runner strips the types): the harness's prelude shares the code's first line, so
 * the runner's own error lines ("at line 3") are the learner's lines.
 */
function javascriptProgram({ signature, code, cases, nonce }: BrowserRunInput): string {
  const harness = harnessFor('javascript', signature);
  const prelude = harness.prelude.trim().split('\n').join(' ');
  const driver = `
;(() => {
  const mark = ${JSON.stringify(driverMark(nonce))};
  const codeLines = ${lineCount(code)};
  const cases = ${JSON.stringify(cases.map((args) => JSON.stringify(args)))};
  const write = (text) => process.stdout.write(text + '\\n');
  const describe = (error) => {
    const text = error instanceof Error ? (error.message ? error.name + ': ' + error.message : error.name) : String(error);
    const at = error instanceof Error ? /<anonymous>:(\\d+):\\d+/.exec(error.stack || '') : null;
    const line = at ? Number(at[1]) - 2 : 0;
    return line > 0 && line <= codeLines ? text + ' (line ' + line + ')' : text;
  };
  for (let i = 0; i < cases.length; i++) {
    write(mark + ' start ' + i);
    try {
      write(mark + ' answer ' + i + ' ' + globalThis.${HARNESS_CALL}(cases[i]));
    } catch (error) {
      write(mark + ' error ' + i + ' ' + JSON.stringify(describe(error)));
    }
  }
})();
`;
  return `${prelude} ${code}\n${harness.call}${driver}`;
}

/** A Python text literal holding `text` (JSON's escapes are Python's too; the harness reads values this way). */
const pythonText = (text: string) => `__learnbuild_json.loads(${JSON.stringify(JSON.stringify(text))})`;

/**
 * Python: the learner's code is compiled on its own as solution.py, so its errors name its own lines, and a
 * syntax error is reported by the driver rather than hiding the harness.
 */
function pythonProgram({ signature, code, cases, nonce }: BrowserRunInput): string {
  const harness = harnessFor('python', signature);
  const driver = `
def __learnbuild_drive():
    import traceback
    json = __learnbuild_json
    mark = ${pythonText(driverMark(nonce))}
    scope = globals()

    def describe(error):
        line = None
        for frame in traceback.extract_tb(error.__traceback__):
            if frame.filename == "solution.py":
                line = frame.lineno
        text = type(error).__name__ + (": " + str(error) if str(error) else "")
        return text + (" (line " + str(line) + ")" if line else "")

    try:
        compiled = compile(${pythonText(code)}, "solution.py", "exec")
    except SyntaxError as error:
        print(mark + " compile " + json.dumps("".join(traceback.format_exception_only(type(error), error))), flush=True)
        return
    try:
        exec(compiled, scope)
    except BaseException as error:
        print(mark + " setup " + json.dumps(describe(error)), flush=True)
        return
    call = scope[${JSON.stringify(HARNESS_CALL)}]
    for i, arguments in enumerate(json.loads(${JSON.stringify(JSON.stringify(cases.map((args) => JSON.stringify(args))))})):
        print(mark + " start " + str(i), flush=True)
        try:
            answer = call(arguments, scope)
            print(mark + " answer " + str(i) + " " + answer, flush=True)
        except BaseException as error:
            print(mark + " error " + str(i) + " " + json.dumps(describe(error)), flush=True)

__learnbuild_drive()
`;
  return `${harness.prelude}\n${harness.call}\n${driver}`;
}

/** The whole program the browser's runner runs for these cases. */
export function browserRunProgram(input: BrowserRunInput): string {
  return input.language === 'python' ? pythonProgram(input) : javascriptProgram(input);
}

export interface BrowserCaseOutput {
  /** What the learner's code printed while this case ran. */
  printed: string;
  /** The answer as JSON text, when the function returned. */
  answer?: string;
  /** Why the function did not return, when it threw. */
  error?: string;
}

export interface BrowserRunOutput {
  /** What the code printed outside the cases (at its top level). */
  printed: string;
  /** Python's syntax error, as Python words it; the cases never ran. */
  compileError: string | null;
  /** An error the code's top level raised before any case ran (Python; JavaScript's runner reports its own). */
  setupError: string | null;
  /** One per case, in order; null for a case that never started (the run stopped first). */
  cases: (BrowserCaseOutput | null)[];
}

function parseJsonText(text: string): string {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'string' ? value : text;
  } catch {
    return text;
  }
}

/** Reads the program's standard output back: each case's answer or error, and who printed what. */
export function parseBrowserRun(stdout: string, nonce: string, caseCount: number): BrowserRunOutput {
  const mark = driverMark(nonce);
  const output: BrowserRunOutput = {
    printed: '',
    compileError: null,
    setupError: null,
    cases: Array.from({ length: caseCount }, () => null),
  };
  let current: BrowserCaseOutput | null = null;
  const print = (text: string) => {
    if (current) current.printed += text;
    else output.printed += text;
  };
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    const at = line.indexOf(mark);
    if (at === -1) {
      print(`${line}\n`);
      continue;
    }
    // Text printed without a newline ends up in front of the mark: it is still the code's.
    if (at > 0) print(line.slice(0, at));
    const [command = '', second = '', ...rest] = line.slice(at + mark.length + 1).split(' ');
    const index = Number(second);
    const known = Number.isInteger(index) && index >= 0 && index < caseCount;
    if (command === 'start' && known) {
      current = { printed: '' };
      output.cases[index] = current;
    } else if ((command === 'answer' || command === 'error') && known) {
      const done: BrowserCaseOutput = output.cases[index] ?? { printed: '' };
      if (command === 'answer') done.answer = rest.join(' ');
      else done.error = parseJsonText(rest.join(' '));
      output.cases[index] = done;
      current = null;
    } else if (command === 'compile') {
      output.compileError = parseJsonText([second, ...rest].join(' '));
    } else if (command === 'setup') {
      output.setupError = parseJsonText([second, ...rest].join(' '));
    }
  }
  return output;
}

/** A case's result as Run shows it; `expected` is absent for the learner's own input (nothing to compare). */
export type BrowserCaseResult =
  | { status: 'passed' | 'failed'; actual: string; printed: string }
  | { status: 'answered'; actual: string; printed: string }
  | { status: 'error'; error: string; printed: string }
  | { status: 'not-run'; printed: string };

/** Compares one case's answer with the expected one under the problem's comparator. */
export function judgeBrowserCase(
  output: BrowserCaseOutput | null,
  expectation: { expected: unknown } | null,
  comparator: JudgeComparator,
): BrowserCaseResult {
  if (!output) return { status: 'not-run', printed: '' };
  const { printed } = output;
  if (output.error !== undefined) return { status: 'error', error: output.error, printed };
  if (output.answer === undefined) return { status: 'not-run', printed };
  if (!expectation) return { status: 'answered', actual: output.answer, printed };
  let actual: unknown;
  try {
    actual = JSON.parse(output.answer);
  } catch {
    return { status: 'failed', actual: output.answer, printed };
  }
  const passed = answersMatch(actual, expectation.expected, comparator);
  return { status: passed ? 'passed' : 'failed', actual: output.answer, printed };
}
