import type { JudgeSolveLanguage } from '@learnbuild/domain/judge/format';
import type { ExerciseLanguage, ExerciseSubmission } from '@learnbuild/domain/schemas/exercises';
import type { Practice, Submission, SubmissionWithCode } from '@learnbuild/domain/schemas/judge';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import type { PracticeEditorProps, PracticeRunner } from '@/features/practice/practice-host';
import { submitRefusal, verdictAnnouncement } from '@/features/practice/use-submission-flow';
import { useWorkbench } from '@/features/practice/use-workbench';
import { bringIntoView } from '@/lib/bring-into-view';
import type { ExerciseWorkbenchProps } from '@/lib/exercise-workbench-props';
import { useSession } from '@/lib/session';
import { CodePanel } from './code-panel';
import { ConsolePanel } from './console-panel';
import { Examples } from './problem-statement';
import { SubmissionRows } from './submissions-list';

/** The exercise as the problem page's pieces read it: a problem with the lesson's examples and starter code. */
function practiceOf(exercise: ExerciseWorkbenchProps['exercise'], storageKey: string): Practice {
  return {
    problemId: storageKey,
    slug: storageKey,
    title: '',
    difficulty: 'Easy',
    statement: '',
    constraints: [],
    examples: exercise.examples,
    hints: [],
    functionName: exercise.functionName,
    parameters: exercise.parameters,
    returnType: exercise.returnType,
    comparator: exercise.comparator,
    languages: exercise.languages,
    starterCode: exercise.starterCode,
    testCount: exercise.testCount,
    videoUrl: null,
    externalUrl: null,
  };
}

/** An exercise's verdict in the shape the problem page's console shows (judged at once: always done). */
function asSubmission(submission: ExerciseSubmission, storageKey: string): Submission {
  return { ...submission, id: submission.id ?? 'not-stored', problemId: storageKey, status: 'done' };
}

/**
 * A code exercise's workbench (issue 30): the visible examples, the problem page's editor and console. Run checks
 * the examples in this browser; Submit is judged on the server at once, and its verdict shown.
 */
export function ExerciseWorkbench({
  exercise,
  storageKey,
  submit,
  submissions,
  acceptedNote,
  Editor,
  createRunner,
}: ExerciseWorkbenchProps & {
  Editor: ComponentType<PracticeEditorProps>;
  createRunner: () => Promise<PracticeRunner>;
}) {
  const practice = useMemo(() => practiceOf(exercise, storageKey), [exercise, storageKey]);
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [editorReady, setEditorReady] = useState(false);
  const [verdict, setVerdict] = useState<Submission | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const consoleBox = useRef<HTMLDivElement>(null);
  // On a phone the console sits below the editor, off the screen: Run and Submit bring it into view.
  const { code, vim, runner, run, startAction, announcement, setAnnouncement, consoleProps } = useWorkbench(
    practice,
    createRunner,
    () => bringIntoView(consoleBox.current),
  );
  const earlier = useQuery({
    queryKey: submissions?.queryKey ?? ['exercise-submissions', 'none'],
    queryFn: async () =>
      ((await submissions?.load()) ?? []).map(
        (row): SubmissionWithCode => ({ ...asSubmission(row, storageKey), code: row.code }),
      ),
    enabled: submissions !== null && user !== null && consoleProps.tab === 'submissions',
  });

  useEffect(() => setEditorReady(true), []);

  const send = async () => {
    if (!user || sending) return;
    startAction('submit', 'Submitted: judging your code against every test…');
    setRefusal(null);
    setSending(true);
    try {
      const judged = asSubmission(await submit(code.doc.language as ExerciseLanguage, code.currentText()), storageKey);
      setVerdict(judged);
      setAnnouncement(verdictAnnouncement(judged));
      if (submissions) void queryClient.invalidateQueries({ queryKey: submissions.queryKey });
    } catch (error) {
      const message = submitRefusal(error);
      setVerdict(undefined);
      setRefusal(message);
      setAnnouncement(message);
    } finally {
      setSending(false);
    }
  };

  const loadCode = (language: JudgeSolveLanguage, text: string) => {
    code.load(language, text);
    setAnnouncement('The submission’s code is in the editor.');
  };

  return (
    <div className="flex flex-col gap-6" data-testid="exercise-workbench">
      <Examples examples={exercise.examples} />
      <p className="text-sm text-muted">
        Write <code className="font-mono">{exercise.functionName}</code> in JavaScript, TypeScript or Python. Submit
        judges it against {exercise.testCount} tests: the {exercise.examples.length === 1 ? 'example' : 'examples'}{' '}
        above and {exercise.testCount - exercise.examples.length} hidden ones.
      </p>
      <div className="flex flex-col md:h-[30rem]">
        <CodePanel
          practice={practice}
          code={code}
          vim={vim}
          Editor={Editor}
          editorReady={editorReady}
          runPhase={runner.phase}
          judging={sending}
          onRun={() => void run()}
          onStop={runner.stopRun}
          onSubmit={() => void send()}
        />
      </div>
      <div ref={consoleBox} className="rounded-xl border border-default p-3" data-testid="exercise-console">
        <ConsolePanel
          practice={practice}
          {...consoleProps}
          onLoadCode={loadCode}
          submission={verdict}
          submitRefusal={refusal}
          sending={sending}
          acceptedNote={acceptedNote}
          submissionsView={
            user && submissions ? (
              <SubmissionRows submissions={earlier} onLoad={loadCode} />
            ) : (
              <p className="text-sm text-muted">Your submissions are kept here once you are enrolled.</p>
            )
          }
        />
      </div>
      <p role="status" aria-live="polite" className="sr-only" data-testid="exercise-announcement">
        {announcement}
      </p>
    </div>
  );
}
