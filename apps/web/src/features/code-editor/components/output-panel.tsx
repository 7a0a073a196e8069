import { CircleAlert, CircleCheck, Clock, LoaderCircle, OctagonX, Square } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '@/components/ui/class-names';
import {
  PYTHON_LOAD_STEPS,
  type PythonLoadStep,
  RUN_TIME_LIMIT_MS,
  type RunResult,
} from '@/features/code-editor/run/protocol';
import type { RunOutcome, RunPhase } from '@/features/code-editor/run/use-code-runner';

const SECONDS = RUN_TIME_LIMIT_MS / 1000;

function duration(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1) return 'under 1 ms';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** The one sentence that sums a run up: shown above the output and announced to screen readers. */
export function runSummary(result: RunResult): { tone: 'ok' | 'error' | 'warning'; text: string } {
  const time = result.timeMs !== null ? ` in ${duration(result.timeMs)}` : '';
  switch (result.status) {
    case 'ok':
      return { tone: 'ok', text: `Finished with exit code ${result.exitCode ?? 0}${time}` };
    case 'runtime_error':
      return {
        tone: 'error',
        text: result.exitCode === null ? 'The run failed' : `Exited with code ${result.exitCode}${time}`,
      };
    case 'compile_error':
      return { tone: 'error', text: 'Did not compile: nothing ran' };
    case 'timeout':
      return {
        tone: 'warning',
        text: `Stopped after ${SECONDS} s: the time limit. Look for a loop that never ends`,
      };
    case 'stopped':
      return { tone: 'warning', text: 'Stopped' };
  }
}

function announcement(phase: RunPhase, outcome: RunOutcome | null): string {
  if (phase === 'loading') return 'Loading Python';
  if (phase === 'running') return 'Running';
  if (!outcome) return '';
  if (outcome.kind === 'refused') return outcome.message;
  const { text } = runSummary(outcome.result);
  const output = outcome.result.stdout.trim();
  const errors = outcome.result.stderr.trim() || outcome.result.compileOutput.trim();
  const shown = output ? ` Output: ${output.slice(0, 200)}${output.length > 200 ? '…' : ''}` : ' No output.';
  return `${text}.${shown}${errors ? ' There are error messages.' : ''}`;
}

function Stream({ label, text, tone }: { label: string; text: string; tone?: 'error' }) {
  return (
    <section aria-label={label}>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{label}</h3>
      <pre
        className={cn(
          'whitespace-pre-wrap break-words font-mono text-[13px] leading-relaxed',
          tone === 'error' && 'text-red-700 dark:text-red-300',
        )}
      >
        {text}
      </pre>
    </section>
  );
}

const ICONS = { ok: CircleCheck, error: OctagonX, warning: Clock } as const;
const TONES = {
  ok: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200',
  error: 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200',
  warning: 'bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100',
} as const;

function StatusLine({ tone, icon, children }: { tone: keyof typeof TONES; icon?: ReactNode; children: ReactNode }) {
  const Icon = ICONS[tone];
  return (
    <p
      className={cn('flex items-start gap-2 rounded-lg px-3 py-2 text-sm font-medium', TONES[tone])}
      data-testid="run-status"
    >
      {icon ?? <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}
      <span>{children}</span>
    </p>
  );
}

/**
 * Standard output, standard error, the exit status and the time taken. The summary is also said in a
 * polite live region, so screen reader users hear how a run ended without leaving the editor.
 */
export function OutputPanel({
  ref,
  phase,
  live,
  outcome,
  notice,
  pythonStep = null,
}: {
  ref?: Ref<HTMLElement>;
  /** Python's loading step while it loads (after Run, or ahead of it once Python is chosen). */
  pythonStep?: PythonLoadStep | null;
  phase: RunPhase;
  live: { stdout: string; stderr: string } | null;
  outcome: RunOutcome | null;
  /** Shown while nothing has run yet, e.g. why C++ cannot run here. */
  notice?: ReactNode;
}) {
  const busy = phase !== 'idle';
  const result = outcome?.kind === 'result' ? outcome.result : null;
  const stdout = busy ? (live?.stdout ?? '') : (result?.stdout ?? '');
  const stderr = busy ? (live?.stderr ?? '') : (result?.stderr ?? '');
  const compileOutput = busy ? '' : (result?.compileOutput ?? '');
  const summary = !busy && result ? runSummary(result) : null;
  const empty = !stdout && !stderr && !compileOutput;

  return (
    <section
      ref={ref}
      aria-labelledby="output-heading"
      aria-busy={phase === 'loading' ? true : undefined}
      className="surface flex min-h-56 flex-col rounded-xl border lg:min-h-0 lg:flex-1"
      data-testid="output-panel"
    >
      <div className="flex items-center justify-between gap-2 border-b border-default px-4 py-2.5">
        <h2 id="output-heading" className="text-sm font-semibold">
          Output
        </h2>
      </div>
      {/* Focusable, so keyboard users can scroll long output (WCAG 2.1.1). */}
      <div
        role="region"
        aria-label="Program output"
        tabIndex={0}
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4 focus-visible:outline-2 focus-visible:outline-offset-[-2px]"
      >
        {phase === 'loading' ? (
          <StatusLine
            tone="warning"
            icon={<LoaderCircle className="mt-0.5 h-4 w-4 shrink-0 animate-spin" aria-hidden />}
          >
            <span data-testid="python-progress">
              Loading Python… {pythonStep ? PYTHON_LOAD_STEPS[pythonStep] : PYTHON_LOAD_STEPS.fetch}
            </span>
          </StatusLine>
        ) : phase === 'running' ? (
          <StatusLine
            tone="warning"
            icon={<LoaderCircle className="mt-0.5 h-4 w-4 shrink-0 animate-spin" aria-hidden />}
          >
            Running… (stops after {SECONDS} s)
          </StatusLine>
        ) : summary ? (
          <StatusLine
            tone={summary.tone}
            icon={result?.status === 'stopped' ? <Square className="mt-0.5 h-4 w-4" aria-hidden /> : undefined}
          >
            {summary.text}.
          </StatusLine>
        ) : outcome?.kind === 'refused' ? (
          <StatusLine tone="warning" icon={<CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}>
            {outcome.message}
          </StatusLine>
        ) : null}
        {compileOutput ? <Stream label="Compiler output" text={compileOutput} tone="error" /> : null}
        {stdout ? <Stream label="Standard output" text={stdout} /> : null}
        {stderr ? <Stream label="Standard error" text={stderr} tone="error" /> : null}
        {!busy && !outcome && pythonStep ? (
          // Loading ahead of the first run: the console says how far it got, so Run's wait is no surprise.
          <p className="flex items-start gap-2 text-sm text-muted">
            <LoaderCircle className="mt-0.5 h-4 w-4 shrink-0 animate-spin" aria-hidden />
            <span data-testid="python-progress">Loading Python… {PYTHON_LOAD_STEPS[pythonStep]}</span>
          </p>
        ) : !busy && !outcome ? (
          <div className="text-sm text-muted">{notice ?? 'Run your code to see its output here.'}</div>
        ) : !busy && result && empty ? (
          <p className="text-sm text-muted">No output.</p>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="sr-only" data-testid="run-announcement">
        {announcement(phase, outcome)}
      </p>
    </section>
  );
}
