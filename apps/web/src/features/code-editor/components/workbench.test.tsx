import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { starterTemplate } from '@/features/code-editor/languages';
import type { EditorDocument } from '@/features/code-editor/use-scratch-document';
import type { EditorLanguage } from '@/lib/code-editor-link';
import { Workbench } from './workbench';

/** What GET /api/code/runtimes answers in each test: whether this server has a judge for C++ and Java. */
const server = vi.hoisted(() => ({ judge: false, asked: 0 }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api: {
    get: async (url: string) => {
      if (url !== '/api/code/runtimes') throw new Error(`unexpected request to ${url}`);
      server.asked += 1;
      return { data: { success: true, judge: server.judge } };
    },
  },
}));
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: null }) }));
// CodeMirror itself is not under test: a plain box stands in for it.
vi.mock('@/features/code-editor/editor/code-mirror-editor', () => ({
  CodeMirrorEditor: ({ label, initialText }: { label: string; initialText: string }) => (
    <textarea aria-label={label} defaultValue={initialText} />
  ),
}));
// No worker runs here: the runner only has to exist.
vi.mock('@/features/code-editor/run/use-code-runner', () => ({
  useCodeRunner: () => ({
    phase: 'idle',
    pythonState: 'idle',
    live: null,
    outcome: null,
    run: vi.fn(),
    stopRun: vi.fn(),
    preloadPython: vi.fn(),
    refuse: vi.fn(),
  }),
}));

function Harness({ start }: { start: EditorLanguage }) {
  const [language, setLanguage] = useState<EditorLanguage>(start);
  const doc: EditorDocument = {
    documentKey: language,
    language,
    initialText: starterTemplate(language),
    stdin: '',
    setLanguage,
    setText: () => undefined,
    setStdin: () => undefined,
    currentText: () => starterTemplate(language),
  };
  return <Workbench document={doc} header={<h1>Code editor</h1>} />;
}

function renderWorkbench(start: EditorLanguage) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Harness start={start} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const picker = () => screen.getByRole('combobox', { name: 'Language' });
const optionTexts = () =>
  within(picker())
    .getAllByRole('option')
    .map((option) => option.textContent);
const runButton = () => screen.getByRole('button', { name: /^Run/ });

describe('the language picker and Run, with and without a judge on the server', () => {
  beforeEach(() => {
    server.asked = 0;
  });
  afterEach(cleanup);

  it('without a judge, marks C++ and Java before they are chosen, while JavaScript is the language', async () => {
    server.judge = false;
    renderWorkbench('javascript');
    await vi.waitFor(() => expect(optionTexts()).toContain('C++ (cannot run here)'));
    expect(optionTexts()).toEqual([
      'JavaScript',
      'TypeScript',
      'Python',
      'C++ (cannot run here)',
      'Java (cannot run here)',
    ]);
    expect(server.asked).toBe(1);
    expect((runButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('run-unavailable')).toBeNull();
  });

  for (const [id, label] of [
    ['cpp', 'C++'],
    ['java', 'Java'],
  ] as const) {
    it(`without a judge, ${label} has Run turned off, with the reason on screen and tied to the button`, async () => {
      server.judge = false;
      renderWorkbench('javascript');
      await vi.waitFor(() => expect(optionTexts()).toContain(`${label} (cannot run here)`));
      fireEvent.change(picker(), { target: { value: id } });

      const reason = `${label} needs a judge server, which this LearnBuild does not have.`;
      expect(screen.getByTestId('run-unavailable').textContent).toBe(reason);
      const run = runButton() as HTMLButtonElement;
      expect(run.disabled).toBe(true);
      expect(run.getAttribute('title')).toBe(reason);
      expect(document.getElementById(run.getAttribute('aria-describedby') ?? '')?.textContent).toBe(reason);
      // The code stays editable: only running it is off.
      expect(screen.getByRole('textbox', { name: `Code, ${label}` })).toBeTruthy();

      // Back to a language that runs in the browser: Run is on again and the reason is gone.
      fireEvent.change(picker(), { target: { value: 'python' } });
      expect(runButton().hasAttribute('disabled')).toBe(false);
      expect(runButton().getAttribute('aria-describedby')).toBeNull();
      expect(screen.queryByTestId('run-unavailable')).toBeNull();
    });
  }

  it('with a judge, C++ and Java are offered as they are and Run stays on for them', async () => {
    server.judge = true;
    renderWorkbench('cpp');
    await vi.waitFor(() => expect(server.asked).toBe(1));
    await vi.waitFor(() => expect(screen.getByTestId('output-panel').textContent).toContain('sign in'));
    expect(optionTexts()).toEqual(['JavaScript', 'TypeScript', 'Python', 'C++', 'Java']);
    expect((runButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('run-unavailable')).toBeNull();
  });

  it('while the server has not answered yet, nothing is marked and Run is not turned off', () => {
    server.judge = false;
    renderWorkbench('cpp');
    expect(optionTexts()).toEqual(['JavaScript', 'TypeScript', 'Python', 'C++', 'Java']);
    expect((runButton() as HTMLButtonElement).disabled).toBe(false);
  });
});
