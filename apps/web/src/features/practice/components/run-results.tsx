import { CircleCheck, CircleMinus, CircleX, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/components/ui/class-names';
import type { RunCaseView, RunOutcome } from '@/features/practice/use-example-run';
import { CaseValues } from './case-values';

const CASE_LOOKS = {
  passed: { word: 'Passed', icon: CircleCheck, className: 'text-emerald-700 dark:text-emerald-400' },
  failed: { word: 'Failed', icon: CircleX, className: 'text-red-700 dark:text-red-400' },
  error: { word: 'Error', icon: TriangleAlert, className: 'text-red-700 dark:text-red-400' },
  answered: { word: 'Ran', icon: CircleCheck, className: 'text-brand-700 dark:text-brand-400' },
  'not-run': { word: 'Not run', icon: CircleMinus, className: 'text-muted' },
} as const;

function CaseDetail({ view }: { view: RunCaseView }) {
  const { result } = view;
  const look = CASE_LOOKS[result.status];
  return (
    <div className="flex flex-col gap-2" data-testid="run-case-detail">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {view.title}
        <span className={look.className}>{look.word}</span>
      </h3>
      <CaseValues
        rows={[
          ['Input', view.input],
          view.expected !== null && ['Expected', view.expected],
          'actual' in result && ['Your output', result.actual],
          result.status === 'error' && ['Error', result.error],
          result.printed !== '' && ['Printed', result.printed],
        ]}
      />
    </div>
  );
}

function firstNotPassed(outcome: RunOutcome): number {
  return Math.max(
    outcome.cases.findIndex((view) => view.result.status !== 'passed' && view.expected !== null),
    0,
  );
}

/**
 * Run's results: how many examples passed, one button per case with its outcome, and the chosen case's input,
 * expected answer, the learner's answer and what their code printed (the first case that did not pass to start).
 */
export function RunResults({ outcome }: { outcome: RunOutcome }) {
  // A new run starts again from its own first case that did not pass.
  const [choice, setChoice] = useState({ of: outcome, index: firstNotPassed(outcome) });
  const chosen = choice.of === outcome ? choice.index : firstNotPassed(outcome);
  const setChosen = (index: number) => setChoice({ of: outcome, index });
  const all = outcome.passed === outcome.examples && !outcome.problem;
  const shown = outcome.cases[chosen] ?? outcome.cases[0];
  return (
    <div className="flex flex-col gap-3" data-testid="run-results">
      <p
        className={cn(
          'font-semibold',
          all ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400',
        )}
      >
        {outcome.passed} of {outcome.examples} examples passed
        {outcome.timeMs !== null ? (
          <span className="ml-2 text-sm font-normal text-muted">{outcome.timeMs} ms</span>
        ) : null}
      </p>
      {outcome.problem ? (
        <pre className="overflow-x-auto rounded-lg border border-red-300 bg-red-50 p-3 text-xs whitespace-pre-wrap text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
          {outcome.problem}
        </pre>
      ) : null}
      <div role="group" aria-label="Cases" className="flex flex-wrap gap-2">
        {outcome.cases.map((view, index) => {
          const look = CASE_LOOKS[view.result.status];
          const Icon = look.icon;
          return (
            <button
              key={view.title}
              type="button"
              aria-pressed={index === chosen}
              aria-label={`${view.title}: ${look.word}`}
              onClick={() => setChosen(index)}
              className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border border-default px-2.5 text-sm font-medium hover:bg-muted aria-pressed:border-brand-500 aria-pressed:bg-brand-50 dark:aria-pressed:bg-brand-900/60"
              data-testid="run-case"
              data-status={view.result.status}
            >
              <Icon className={cn('h-4 w-4', look.className)} aria-hidden />
              {view.title}
            </button>
          );
        })}
      </div>
      {shown ? <CaseDetail view={shown} /> : null}
      {outcome.printed ? <CaseValues rows={[['Printed outside the function', outcome.printed]]} /> : null}
      {outcome.stderr && !outcome.problem ? <CaseValues rows={[['Standard error', outcome.stderr]]} /> : null}
    </div>
  );
}
