import type { JudgeSolveLanguage } from '@learnbuild/domain/judge/format';
import type { Practice, Submission } from '@learnbuild/domain/schemas/judge';
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { RunOutcome, RunPhase } from '@/features/practice/use-example-run';
import { RunResults } from './run-results';
import { SubmissionResult } from './submission-result';
import { SubmissionsList } from './submissions-list';

export type ConsoleTab = 'results' | 'input' | 'submissions';

/** What the Results tab shows: the last thing the learner did, Run or Submit. */
export type LastAction = 'run' | 'submit' | null;

const panelClasses =
  'mt-3 focus-visible:rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus:outline-none';

/** What the Results tab is drawn from: the last Run's and the last Submit's state. */
interface ResultsProps {
  last: LastAction;
  runPhase: RunPhase;
  runOutcome: RunOutcome | null;
  runRefusal: string | null;
  submission: Submission | undefined;
  submitRefusal: string | null;
  sending: boolean;
  acceptedNote?: string;
}

function ResultsView({
  last,
  runPhase,
  runOutcome,
  runRefusal,
  submission,
  submitRefusal,
  sending,
  acceptedNote,
}: ResultsProps) {
  if (last === 'run') {
    if (runPhase !== 'idle') {
      return (
        <p className="flex items-center gap-2 text-sm">
          <LoaderCircle className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
          {runPhase === 'loading'
            ? 'Starting Python in your browser (the first time takes a few seconds)…'
            : 'Running the examples…'}
        </p>
      );
    }
    if (runRefusal) return <p className="text-sm text-red-700 dark:text-red-400">{runRefusal}</p>;
    if (runOutcome) return <RunResults outcome={runOutcome} />;
  }
  if (last === 'submit') {
    if (submitRefusal) {
      return (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="submit-refusal">
          {submitRefusal}
        </p>
      );
    }
    if (sending) return <SubmissionResult submission={undefined} />;
    return <SubmissionResult submission={submission} acceptedNote={acceptedNote} />;
  }
  return (
    <p className="text-sm text-muted">
      Run checks your code against the examples, right here in your browser. Submit judges it on the server against
      every test, hidden ones included.
    </p>
  );
}

/**
 * The console under the editor: the results of the last Run or Submit, the learner's own input for Run, and their
 * earlier submissions.
 */
export function ConsolePanel({
  practice,
  tab,
  onTabChange,
  customText,
  onCustomTextChange,
  customOn,
  onCustomOnChange,
  customError,
  onLoadCode,
  submissionsView,
  ...results
}: {
  practice: Practice;
  tab: ConsoleTab;
  onTabChange: (tab: ConsoleTab) => void;
  customText: string;
  onCustomTextChange: (text: string) => void;
  customOn: boolean;
  onCustomOnChange: (on: boolean) => void;
  customError: string | null;
  onLoadCode: (language: JudgeSolveLanguage, code: string) => void;
  /** The earlier submissions of something other than a sheet problem (a course's exercise). */
  submissionsView?: ReactNode;
} & ResultsProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-h-0 flex-col" data-testid="practice-console">
      <h2 id={`${id}-heading`} className="sr-only">
        Console
      </h2>
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as ConsoleTab)} className="flex min-h-0 flex-col">
        <TabsList aria-label="Console">
          <TabsTrigger value="results">Results</TabsTrigger>
          <TabsTrigger value="input">Your input</TabsTrigger>
          <TabsTrigger value="submissions">Submissions</TabsTrigger>
        </TabsList>
        <TabsContent value="results" className={panelClasses}>
          <ResultsView {...results} />
        </TabsContent>
        <TabsContent value="input" className={`${panelClasses} flex flex-col gap-2`}>
          <label htmlFor={`${id}-custom`} className="text-sm font-medium">
            Arguments as JSON, by parameter name
          </label>
          <textarea
            id={`${id}-custom`}
            value={customText}
            onChange={(event) => onCustomTextChange(event.target.value)}
            rows={5}
            spellCheck={false}
            aria-describedby={customError ? `${id}-custom-error` : undefined}
            aria-invalid={customError ? true : undefined}
            className="w-full rounded-lg border border-default bg-[var(--surface)] p-2 font-mono text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
          />
          {customError ? (
            <p id={`${id}-custom-error`} className="text-sm text-red-700 dark:text-red-400">
              {customError}
            </p>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={customOn}
              onChange={(event) => onCustomOnChange(event.target.checked)}
              className="h-5 w-5 accent-brand-600"
            />
            Run this input too when I press Run
          </label>
          <p className="text-xs text-muted">
            Parameters: {practice.parameters.map((parameter) => `${parameter.name} (${parameter.type})`).join(', ')}.
            Your answer is shown, not checked: only the examples have known answers here.
          </p>
        </TabsContent>
        <TabsContent value="submissions" className={panelClasses}>
          {submissionsView ?? <SubmissionsList slug={practice.slug} onLoad={onLoadCode} />}
        </TabsContent>
      </Tabs>
    </section>
  );
}
