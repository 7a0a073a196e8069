import type { PracticeEditorProps, PracticeRunner, ProgramRun } from './practice-host';

// Stand-ins for the practice workbench's editor and browser runner in component tests (jsdom has neither
// CodeMirror's layout nor workers).

/** The editor stands in as a plain text box: what matters is the text it hands back. */
export function FakeEditor({ documentKey, label, initialText, onChange }: PracticeEditorProps) {
  return (
    <textarea
      key={documentKey}
      aria-label={label}
      defaultValue={initialText}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

type AsyncFunctionConstructor = new (...parameters: string[]) => (...values: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as AsyncFunctionConstructor;

/** Runs JavaScript the way the browser's worker runner does (the body of an async function), here in the test. */
export const fakeRunner: PracticeRunner = {
  async run({ source }): Promise<ProgramRun> {
    let stdout = '';
    const write = (text: unknown) => {
      stdout += String(text);
      return true;
    };
    const console = { log: (...values: unknown[]) => write(`${values.join(' ')}\n`) };
    await new AsyncFunction('process', 'console', source)({ stdout: { write } }, console);
    return { status: 'ok', stdout, stderr: '', compileOutput: '', exitCode: 0, timeMs: 1 };
  },
  preloadPython: () => undefined,
  dispose: () => undefined,
};
